import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDatabases } from '../../testing/forEachDb.js';
import { createScopedAdmin, insertUser } from '../../testing/scopedAdmin.js';
import { startTestApp } from '../../testing/testApp.js';
import type { TestApp } from '../../testing/testApp.js';

const U = '/admin/base/sys/user';

for (const db of testDatabases()) {
  describe(`user moves and deletes across tenants (${db.name})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(await db.config());
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it("a tenant's admin can neither move nor delete another tenant's user, even inside his department scope", async () => {
      const knex = app.instance.services.knex;
      const d1 = (await app.post('/admin/base/sys/department/add', { name: 'Shared A', orderNum: 1 })).body.data.id as number;
      const d2 = (await app.post('/admin/base/sys/department/add', { name: 'Shared B', orderNum: 2 })).body.data.id as number;
      const admin = await createScopedAdmin(app, { username: 'tenantadmin', perms: ['base:sys:user:move', 'base:sys:user:delete', 'base:sys:user:page'], departmentIds: [d1, d2] });
      await knex('base_sys_user').where({ id: admin.userId }).update({ tenantId: 1 });
      const token = (await app.login('tenantadmin', 'Scoped-pass1')).token;
      const victim = await insertUser(app, 'othertenant', d1);
      await knex('base_sys_user').where({ id: victim }).update({ tenantId: 2 });
      const mine = await insertUser(app, 'sametenant', d1);
      await knex('base_sys_user').where({ id: mine }).update({ tenantId: 1 });

      const moved = await app.as(token).post(`${U}/move`, { departmentId: d2, userIds: [victim] });
      assert.equal(moved.body.code, 1001, JSON.stringify(moved.body));
      const deleted = await app.as(token).post(`${U}/delete`, { ids: [victim] });
      assert.equal(deleted.body.code, 1001, JSON.stringify(deleted.body));
      const row = await knex('base_sys_user').where({ id: victim }).first('departmentId');
      assert.equal(Number(row.departmentId), d1, 'neither moved nor deleted');

      assert.equal((await app.as(token).post(`${U}/move`, { departmentId: d2, userIds: [mine] })).body.code, 1000, 'his own tenant user moves');
    });
  });
}
