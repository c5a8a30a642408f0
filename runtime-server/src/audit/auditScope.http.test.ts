/**
 * The change audit and `history` follow each entity's own visibility (hardening items 8 and 12): a scoped admin
 * sees audit rows only of records they may see — tenant, data scope, the role rule — and of entities whose
 * history they may call; deleted records stay the super-admin's.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDatabases } from '../testing/forEachDb.js';
import { createScopedAdmin, insertUser } from '../testing/scopedAdmin.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';

interface AuditRow {
  entity: string;
  recordId: number;
  action: string;
}

for (const db of testDatabases()) {
  describe(`change audit and history by visibility (${db.name})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(await db.config());
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('a scoped admin reads audit rows of visible records only; the super-admin reads all', async () => {
      const inside = (await app.post('/admin/base/sys/department/add', { name: 'AuditIn', orderNum: 1 })).body.data.id as number;
      const outside = (await app.post('/admin/base/sys/department/add', { name: 'AuditOut', orderNum: 2 })).body.data.id as number;
      // Audited writes through the API: one user in each department, one role the scoped admin will not see.
      const mine = await insertUser(app, 'audit-mine', inside);
      const theirs = await insertUser(app, 'audit-theirs', outside);
      for (const id of [mine, theirs]) assert.equal((await app.post('/admin/base/sys/user/update', { id, remark: 'touched' })).body.code, 1000);
      const secretRole = (await app.post('/admin/base/sys/role/add', { name: 'Secret role', label: 'secret', relevance: false, menuIdList: [], departmentIdList: [] })).body.data.id as number;
      const gone = (await app.post('/admin/demo/goods/add', { title: 'gone' })).body.data.id as number;
      await app.post('/admin/demo/goods/delete', { ids: [gone] });

      const admin = await createScopedAdmin(app, {
        username: 'auditor',
        perms: ['base:sys:audit:page', 'base:sys:user:history', 'base:sys:role:history', 'demo:goods:history'],
        departmentIds: [inside],
      });
      const as = app.as(admin.tokens.token);
      const rows = async (client: typeof as, body: Record<string, unknown>) => {
        const res = await client.post('/admin/base/sys/audit/page', { size: 1000, ...body });
        assert.equal(res.body.code, 1000, JSON.stringify(res.body));
        return res.body.data.list as AuditRow[];
      };
      const users = await rows(as, { entity: 'base/sys/user' });
      assert.ok(users.some((r) => r.recordId === mine), 'the user inside the scope');
      assert.ok(!users.some((r) => r.recordId === theirs), 'never the user outside it');
      assert.deepEqual(await rows(as, { entity: 'base/sys/role', recordId: secretRole }), [], 'a role the admin neither created nor holds');
      assert.deepEqual(await rows(as, { entity: 'demo/goods', recordId: gone }), [], 'a deleted record: super-admin only');
      assert.deepEqual(await rows(as, { entity: 'base/sys/department' }), [], 'no history permission for departments: none of their rows');

      const all = await rows(app, {});
      for (const id of [theirs, secretRole, gone]) assert.ok(all.some((r) => r.recordId === id), `the super-admin sees #${id}`);
      const total = async (client: typeof as) => (await client.post('/admin/base/sys/audit/page', { size: 1 })).body.data.pagination.total as number;
      assert.ok((await total(as)) < (await total(app)), 'the total counts only what the admin may read');
    });

    it("role history follows the role visibility rule, and answers like a missing record", async () => {
      const hidden = (await app.post('/admin/base/sys/role/add', { name: 'Hidden role', label: 'hidden', relevance: false, menuIdList: [], departmentIdList: [] })).body.data.id as number;
      const admin = await createScopedAdmin(app, { username: 'rolereader', perms: ['base:sys:role:history', 'base:sys:role:info'], departmentIds: [] });
      const as = app.as(admin.tokens.token);
      const seen = await as.get('/admin/base/sys/role/history', { id: admin.roleId });
      assert.equal(seen.body.code, 1000, 'a role the admin holds');
      const refused = await as.get('/admin/base/sys/role/history', { id: hidden });
      const missing = await as.get('/admin/base/sys/role/history', { id: 987654 });
      assert.equal(refused.body.code, 1001);
      assert.equal(refused.body.message.replace(String(hidden), '#'), missing.body.message.replace('987654', '#'));
      assert.equal((await as.get('/admin/base/sys/role/info', { id: hidden })).body.code, 1001, 'info agrees');
      assert.equal((await app.get('/admin/base/sys/role/history', { id: hidden })).body.code, 1000, 'the super-admin reads it');
    });
  });
}
