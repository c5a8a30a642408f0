import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDatabases } from '../../testing/forEachDb.js';
import { startTestApp } from '../../testing/testApp.js';
import type { TestApp } from '../../testing/testApp.js';

/**
 * A role deleted through the generic delete (x-relation links + the user-link cascade) and restored: its stored
 * copies (menuIdList, departmentIdList columns), its three kinds of link rows and its users come back as they were.
 */

const R = '/admin/base/sys/role';
const BIN = '/admin/recycle/data';

for (const db of testDatabases()) {
  describe(`role delete and restore keep every link (${db.name})`, () => {
    let app: TestApp;
    const knex = () => app.instance.services.knex;
    const ids = async (table: string, column: string, roleId: number) =>
      ((await knex()(table).where({ roleId }).orderBy(column).select(column)) as Record<string, unknown>[]).map((r) => Number(r[column]));
    before(async () => {
      app = await startTestApp(await db.config());
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('restores the row with its copies, menus, departments and users', async () => {
      const menus = ((await knex()('base_sys_menu').orderBy('id').limit(3).select('id')) as { id: number }[]).map((r) => Number(r.id));
      const depts = ((await knex()('base_sys_department').orderBy('id').limit(2).select('id')) as { id: number }[]).map((r) => Number(r.id));
      const add = await app.post(`${R}/add`, { name: 'Keeper', label: 'keeper', menuIdList: [menus[2], menus[0]], departmentIdList: depts });
      assert.equal(add.body.code, 1000, JSON.stringify(add.body));
      const roleId = add.body.data.id as number;
      const user = await app.post('/admin/base/sys/user/add', { username: 'keeper', password: 'keep-pass1', roleIdList: [roleId] });
      assert.equal(user.body.code, 1000, JSON.stringify(user.body));
      const pageRow = async () => ((await app.post(`${R}/page`, { page: 1, size: 50 })).body.data.list as Record<string, unknown>[]).find((r) => r.id === roleId);
      const before = { page: await pageRow(), info: (await app.get(`${R}/info`, { id: roleId })).body.data };
      assert.deepEqual(before.page?.menuIdList, [menus[2], menus[0]], 'page answers the stored copy as written');
      assert.deepEqual(before.info.menuIdList, [menus[0], menus[2]], 'info answers the link rows, ascending');

      assert.equal((await app.post(`${R}/delete`, { ids: [roleId] })).body.code, 1000);
      assert.deepEqual(await ids('base_sys_role_menu', 'menuId', roleId), []);
      assert.deepEqual(await ids('base_sys_user_role', 'userId', roleId), []);
      const rec = (await app.post(`${BIN}/page`, { order: 'id', sort: 'desc', size: 1 })).body.data.list[0];
      assert.deepEqual(
        rec.entityInfo.cascades.map((c: { entity: string }) => c.entity),
        ['base/sys/roleMenu', 'base/sys/roleDepartment', 'base/sys/userRole'],
      );
      assert.deepEqual(rec.data[0].menuIdList, [menus[2], menus[0]], 'the snapshot keeps the stored copy');

      assert.equal((await app.post(`${BIN}/restore`, { ids: [rec.id] })).body.code, 1000);
      assert.deepEqual(await pageRow(), before.page);
      assert.deepEqual((await app.get(`${R}/info`, { id: roleId })).body.data, before.info);
      assert.deepEqual(await ids('base_sys_role_department', 'departmentId', roleId), depts);
      assert.deepEqual(await ids('base_sys_user_role', 'userId', roleId), [user.body.data]);
    });
  });
}
