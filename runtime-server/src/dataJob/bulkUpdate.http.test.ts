import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDatabases } from '../testing/forEachDb.js';
import { seedUser } from '../testing/seedUser.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';

const B = '/admin/base/sys/dataJob/bulkUpdate';
const G = '/admin/demo/goods';

for (const db of testDatabases()) {
  describe(`bulk edit (${db.name})`, () => {
    let app: TestApp;
    let ids: number[];
    const statusOf = async () =>
      Object.fromEntries(((await app.instance.services.knex('demo_goods').orderBy('id').select('title', 'status', 'price')) as { title: string; status: number; price: unknown }[]).map((r) => [r.title, Number(r.status)]));
    before(async () => {
      app = await startTestApp(await db.config());
      const res = await app.post(`${G}/add`, [
        { title: 'A tea', status: 1, price: 1 },
        { title: 'B tea', status: 1, price: 2 },
        { title: 'C cup', status: 1, price: 3 },
        { title: 'D cup', status: 1, price: 4 },
      ]);
      ids = res.body.data.id;
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('sets fields on the chosen rows in one audited write: each row\'s history shows it', async () => {
      const res = await app.post(B, { prefix: G, ids: [ids[0], ids[1]], set: { status: 0, description: 'bulk' } });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      assert.equal(res.body.data.updated, 2);
      assert.deepEqual(await statusOf(), { 'A tea': 0, 'B tea': 0, 'C cup': 1, 'D cup': 1 });
      for (const id of [ids[0], ids[1]]) {
        const h = await app.get(`${G}/history`, { id });
        const last = h.body.data[0];
        assert.equal(last.action, 'update', JSON.stringify(h.body.data));
        assert.match(JSON.stringify(last), /bulk/);
        assert.match(JSON.stringify(last), /bulkUpdate/);
      }
      const untouched = await app.get(`${G}/history`, { id: ids[2] });
      assert.ok(untouched.body.data.every((r: { action: string }) => r.action !== 'update'));
    });

    it('every row matching the filter, only with the confirmed count', async () => {
      const stale = await app.post(B, { prefix: G, filters: { title: 'cup' }, expect: 3, set: { status: 0 } }).set('language', 'en');
      assert.equal(stale.body.code, 1002);
      assert.match(stale.body.message, /2 rows match now/);
      assert.deepEqual(await statusOf(), { 'A tea': 0, 'B tea': 0, 'C cup': 1, 'D cup': 1 }, 'nothing written');
      const ok = await app.post(B, { prefix: G, filters: { where: { field: 'title', op: 'contains', value: 'cup' } }, expect: 2, set: { status: 0 } });
      assert.equal(ok.body.code, 1000, JSON.stringify(ok.body));
      assert.deepEqual(await statusOf(), { 'A tea': 0, 'B tea': 0, 'C cup': 0, 'D cup': 0 });
    });

    it('validated like update, all or nothing; unknown, read-only and secret fields refused', async () => {
      const bad = await app.post(B, { prefix: G, ids, set: { price: -5 } });
      assert.equal(bad.body.code, 1002);
      const prices = (await app.instance.services.knex('demo_goods').orderBy('id').select('price')).map((r: { price: unknown }) => Number(r.price));
      assert.deepEqual(prices, [1, 2, 3, 4]);
      for (const set of [{ nope: 1 }, { createTime: '2020-01-01 00:00:00' }, { tenantId: 2 }]) {
        assert.equal((await app.post(B, { prefix: G, ids, set })).body.code, 1002, JSON.stringify(set));
      }
      assert.equal((await app.post(B, { prefix: '/admin/base/sys/user', ids: [1], set: { password: 'Secret-pass1' } })).body.code, 1002);
      assert.equal((await app.post(B, { prefix: G, set: { status: 1 } })).body.code, 1002, 'rows or a filter');
    });

    it('stays inside the tenant and needs the update permission', async () => {
      await seedUser(app, 'bulk-t1', ['demo:goods:add', 'demo:goods:update', 'demo:goods:page'], { tenantId: 1 });
      await seedUser(app, 'bulk-ro', ['demo:goods:page']);
      const t1 = app.as((await app.login('bulk-t1', 'user-pass1')).token);
      const own = (await t1.post(`${G}/add`, { title: 'T1 item', status: 1 })).body.data.id as number;
      const foreign = await t1.post(B, { prefix: G, ids: [own, ids[0]], set: { status: 0 } });
      assert.equal(foreign.body.code, 1001, 'another tenant\'s row answers like a missing one');
      const row = await app.instance.services.knex('demo_goods').where({ id: own }).first('status');
      assert.equal(Number(row.status), 1, 'nothing written');
      const all = await t1.post(B, { prefix: G, filters: {}, expect: 1, set: { status: 0 } });
      assert.equal(all.body.code, 1000, 'the filter counts his rows only');
      const ro = app.as((await app.login('bulk-ro', 'user-pass1')).token);
      assert.equal((await ro.post(B, { prefix: G, ids: [ids[0]], set: { status: 1 } })).status, 403);
    });
  });
}
