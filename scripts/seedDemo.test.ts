import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDatabases } from '../runtime-server/src/testing/forEachDb.js';
import { startTestApp } from '../runtime-server/src/testing/testApp.js';
import type { TestApp } from '../runtime-server/src/testing/testApp.js';
import { seedDemo } from './seedDemo.js';

describe('npm run seed:demo: a fresh install gets a dashboard that is not all zeros', () => {
  const db = testDatabases().find((d) => d.name === 'sqlite')!;
  let app: TestApp;
  before(async () => {
    app = await startTestApp(await db.config());
  });
  after(async () => {
    await app?.close();
    await db.cleanup();
  });

  it('fills goods, users and paid orders the dashboard counts, then refuses a second run', async () => {
    const empty = (await app.get('/admin/demo/dashboard/summary')).body.data as Record<string, Record<string, unknown>>;
    const n = await seedDemo(app.instance.services.knex);
    assert.deepEqual(n, { goods: 12, users: 120, orders: 900, visits: 300 });
    const res = await app.get('/admin/demo/dashboard/summary');
    assert.equal(res.body.code, 1000, JSON.stringify(res.body));
    const data = res.body.data as { users: { total: number }; payments: { total: number; today: number }; sales: { total: string; week: string }; ranking: unknown[]; category: unknown[] };
    assert.notDeepEqual(data, empty);
    assert.equal(data.users.total, 120);
    assert.equal(data.payments.total, 720, 'four in five orders paid');
    assert.ok(Number(data.sales.total) > 0 && Number(data.sales.week) > 0);
    assert.ok(data.ranking.length > 0 && data.category.length === 3);
    const goodsPage = await app.post('/admin/demo/goods/page', { page: 1, size: 20 });
    assert.ok(goodsPage.body.data.pagination.total >= 12);
    const orderPage = await app.post('/admin/demo/order/page', { page: 1, size: 20 });
    assert.equal(orderPage.body.data.pagination.total, 900);
    await assert.rejects(seedDemo(app.instance.services.knex), /fresh install only/);
  });
});
