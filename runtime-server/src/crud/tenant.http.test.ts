import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDatabases } from '../testing/forEachDb.js';
import { seedUser } from '../testing/seedUser.js';
import { startTestApp } from '../testing/testApp.js';
import type { Client, TestApp } from '../testing/testApp.js';

const G = '/admin/demo/goods';
const GOODS_PERMS = ['add', 'delete', 'update', 'info', 'list', 'page'].map((a) => `demo:goods:${a}`);
const DEMO_PERMS = ['demo:tenant:use', 'demo:tenant:noUse', 'demo:tenant:noTenant'];

for (const db of testDatabases()) {
  describe(`multi-tenancy on an x-tenant entity (${db.name})`, () => {
    let app: TestApp;
    let t1: Client;
    let t2: Client;
    let mine: number; // a goods row of tenant 1
    const knex = () => app.instance.services.knex;

    before(async () => {
      app = await startTestApp(await db.config());
      await seedUser(app, 'tenant1', [...GOODS_PERMS, ...DEMO_PERMS], { tenantId: 1 });
      await seedUser(app, 'tenant2', [...GOODS_PERMS, ...DEMO_PERMS], { tenantId: 2 });
      t1 = app.as((await app.login('tenant1', 'user-pass1')).token);
      t2 = app.as((await app.login('tenant2', 'user-pass1')).token);
      const res = await t1.post(`${G}/add`, [{ title: 'T1 phone', tenantId: 2 }, { title: 'T1 shoe' }]);
      assert.equal(res.body.code, 1000);
      mine = res.body.data.id[0];
      assert.equal((await t2.post(`${G}/add`, { title: 'T2 hat' })).body.code, 1000);
      assert.equal((await app.post(`${G}/add`, { title: 'Platform item' })).body.code, 1000, 'a user without a tenant');
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('stamps writes with the caller\'s tenant, never one from the body', async () => {
      const rows = await knex()('demo_goods').orderBy('id').select('title', 'tenantId');
      assert.deepEqual(
        rows.map((r) => [r.title, r.tenantId === null ? null : Number(r.tenantId)]),
        [['T1 phone', 1], ['T1 shoe', 1], ['T2 hat', 2], ['Platform item', null]],
      );
    });

    it('filters page, list and info in SQL: a tenant sees only its rows', async () => {
      const p1 = await t1.post(`${G}/page`, {});
      assert.deepEqual(p1.body.data.list.map((r: { title: string }) => r.title).sort(), ['T1 phone', 'T1 shoe']);
      assert.equal(p1.body.data.pagination.total, 2);
      const l2 = await t2.post(`${G}/list`, { keyWord: '' });
      assert.deepEqual(l2.body.data.map((r: { title: string }) => r.title), ['T2 hat']);
      const peek = await t2.get(`${G}/info`, { id: mine });
      assert.equal(peek.body.code, 1001, 'another tenant\'s row answers like a missing one');
      assert.doesNotMatch(JSON.stringify(peek.body), /T1 phone/);
      const search = await t2.post(`${G}/page`, { title: 'T1' });
      assert.equal(search.body.data.pagination.total, 0, 'filters cannot reach across tenants');
    });

    it('refuses update and delete of another tenant\'s rows and changes nothing', async () => {
      const upd = await t2.post(`${G}/update`, { id: mine, title: 'hijacked' });
      assert.equal(upd.body.code, 1001);
      assert.equal((await t2.post(`${G}/delete`, { ids: [mine] })).body.code, 1000, 'deleting nothing is not an error');
      const row = await knex()('demo_goods').where({ id: mine }).first('title');
      assert.equal(row.title, 'T1 phone', 'untouched');
      assert.equal(Number((await knex()('recycle_data').count({ n: '*' }))[0]?.n), 0, 'no snapshot of a foreign row');
      assert.equal((await t1.post(`${G}/update`, { id: mine, title: 'T1 phone v2' })).body.code, 1000, 'the owner can');
    });

    it('a user without a tenant (platform level) sees every tenant', async () => {
      const all = await app.post(`${G}/page`, {});
      assert.equal(all.body.data.pagination.total, 4);
    });

    it('demo endpoints: filtered, locally unfiltered (a count only), bypassed (super-admins only)', async () => {
      const use = await t1.post('/admin/demo/tenant/use', {});
      assert.equal(use.body.code, 1000);
      assert.equal(use.body.data.tenantId, 1);
      assert.equal(use.body.data.pagination.total, 2);

      const noUse = await t1.post('/admin/demo/tenant/noUse', {});
      assert.equal(noUse.body.data.pagination.total, 2, 'rows still filtered');
      assert.equal(noUse.body.data.allTenantsTotal, 4, 'the one unfiltered query');
      assert.doesNotMatch(JSON.stringify(noUse.body), /T2 hat/);

      const refused = await t1.post('/admin/demo/tenant/noTenant', {});
      assert.equal(refused.status, 403, 'bypassing tenancy is for super-admins');
      const bypass = await app.post('/admin/demo/tenant/noTenant', {});
      assert.equal(bypass.body.data.pagination.total, 4);
    });

    it('EPS and OpenAPI show tenantId as a read-only column; it is not a writable field', async () => {
      const eps = (await app.get('/admin/base/open/eps')).body.data;
      const goods = eps.demo.find((e: { prefix: string }) => e.prefix === G);
      assert.ok(goods.columns.some((c: { propertyName: string }) => c.propertyName === 'tenantId'));
      const openapi = (await app.get('/admin/base/comm/openapi')).body.data;
      assert.equal('tenantId' in (openapi.components.schemas.DemoGoodsInput.properties ?? {}), false);
    });
  });
}
