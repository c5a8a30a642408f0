import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually } from '../../testing/eventually.js';
import { testDatabases } from '../../testing/forEachDb.js';
import { startTestApp } from '../../testing/testApp.js';
import type { Client, TestApp } from '../../testing/testApp.js';

const U = '/admin/base/sys/user';
const R = '/admin/base/sys/role';
const PASS = 'user-pass1';
const ROLE_PERMS = ['page', 'list', 'info', 'add', 'update', 'delete'].map((a) => `base:sys:role:${a}`);

type Row = Record<string, unknown>;
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/** Ids of the menus whose perms are exactly one of `perms` (every one must exist), ascending. */
async function menusFor(app: TestApp, perms: string[]): Promise<number[]> {
  const rows = (await app.instance.services.knex('base_sys_menu').whereIn('perms', perms).select('id', 'perms')) as { id: number; perms: string }[];
  assert.deepEqual([...new Set(rows.map((r) => r.perms))].sort(), [...perms].sort(), 'seeded menus');
  return sorted(rows.map((r) => Number(r.id)));
}

async function departments(app: TestApp): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const d of (await app.instance.services.knex('base_sys_department').select('id', 'name')) as { id: number; name: string }[]) out[d.name] = Number(d.id);
  return out;
}

/** As the super-admin: a role, then a user holding it; returns both ids. */
async function roleAndUser(app: TestApp, name: string, departmentId: number, role: Row): Promise<{ roleId: number; userId: number }> {
  const r = await app.post(`${R}/add`, { name, label: name, relevance: false, ...role });
  assert.equal(r.body.code, 1000, JSON.stringify(r.body));
  const u = await app.post(`${U}/add`, { username: name.toLowerCase(), password: PASS, departmentId, roleIdList: [r.body.data.id] });
  assert.equal(u.body.code, 1000, JSON.stringify(u.body));
  return { roleId: r.body.data.id, userId: u.body.data };
}


for (const db of testDatabases()) {
  describe(`roles: /admin/base/sys/role (${db.name})`, () => {
    let app: TestApp;
    let dept: Record<string, number>;
    const knex = () => app.instance.services.knex;
    const links = async (table: string, column: string, roleId: number) =>
      sorted(((await knex()(table).where({ roleId }).select(column)) as Row[]).map((r) => Number(r[column])));

    before(async () => {
      app = await startTestApp(await db.config());
      dept = await departments(app);
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('add/update/info keep menus and departments in the relation tables and the JSON copy', async () => {
      const [m1, m2] = await menusFor(app, ['demo:goods:page', 'demo:goods:info']);
      const adminId = Number((await knex()('base_sys_user').where({ username: 'admin' }).first('id')).id);
      const res = await app.post(`${R}/add`, { name: 'Editors', label: 'editors', menuIdList: [m2, m1], departmentIdList: [dept['游客']], userId: 999 });
      assert.equal(res.body.code, 1000);
      const id = res.body.data.id as number;
      assert.deepEqual(await links('base_sys_role_menu', 'menuId', id), [m1, m2]);
      assert.deepEqual(await links('base_sys_role_department', 'departmentId', id), [dept['游客']]);
      assert.equal(Number((await knex()('base_sys_role').where({ id }).first('userId')).userId), adminId, 'creator = caller');

      // The relation tables are the truth: info rebuilds from them even when the JSON copy drifted.
      await knex()('base_sys_role').where({ id }).update({ menuIdList: '[]' });
      const info = await app.get(`${R}/info`, { id });
      assert.deepEqual([info.body.data.menuIdList, info.body.data.departmentIdList], [[m1, m2], [dept['游客']]]);

      assert.equal((await app.post(`${R}/update`, { id, menuIdList: [m1] })).body.code, 1000);
      assert.deepEqual(await links('base_sys_role_menu', 'menuId', id), [m1]);
      assert.deepEqual(await links('base_sys_role_department', 'departmentId', id), [dept['游客']], 'an absent list is kept');
      assert.deepEqual((await app.get(`${R}/info`, { id })).body.data.menuIdList, [m1]);
      const copy = (await knex()('base_sys_role').where({ id }).first('menuIdList')).menuIdList;
      assert.deepEqual(typeof copy === 'string' ? JSON.parse(copy) : copy, [m1], 'JSON copy in sync');
      assert.equal((await app.post(`${R}/update`, { id, departmentIdList: [] })).body.code, 1000);
      assert.deepEqual(await links('base_sys_role_department', 'departmentId', id), []);

      const bad = await app.post(`${R}/add`, { name: 'Ghost', menuIdList: [987654] });
      assert.equal(bad.body.code, 1001);
      assert.equal(await knex()('base_sys_role').where({ name: 'Ghost' }).first('id'), undefined, 'nothing written');
      assert.equal((await app.post(`${R}/add`, { name: 'Editors' })).body.code, 1001, 'duplicate name');
    });

    it('a permission change reaches the role’s users: 403 → 200 → 403', async () => {
      const [goods] = await menusFor(app, ['demo:goods:page']);
      const [other] = await menusFor(app, ['demo:goods:info']);
      const { roleId } = await roleAndUser(app, 'Shopper', dept['测试']!, { menuIdList: [other] });
      const t = app.as((await app.login('shopper', PASS)).token);
      assert.equal((await t.post('/admin/demo/goods/page', {})).status, 403);
      assert.equal((await app.post(`${R}/update`, { id: roleId, menuIdList: [other, goods] })).body.code, 1000);
      await eventually(async () => (await t.post('/admin/demo/goods/page', {})).status === 200, 'granted');
      assert.equal((await app.post(`${R}/update`, { id: roleId, menuIdList: [other] })).body.code, 1000);
      await eventually(async () => (await t.post('/admin/demo/goods/page', {})).status === 403, 'revoked');
    });

    it('delete removes the role’s menu, department and user rows in the same call', async () => {
      const [m] = await menusFor(app, ['demo:goods:page']);
      const { roleId, userId } = await roleAndUser(app, 'Doomed', dept['测试']!, { menuIdList: [m], departmentIdList: [dept['测试']] });
      const t = app.as((await app.login('doomed', PASS)).token);
      await eventually(async () => (await t.post('/admin/demo/goods/page', {})).status === 200, 'role works');
      assert.equal((await app.post(`${R}/delete`, { ids: [roleId] })).body.code, 1000);
      assert.equal(await knex()('base_sys_role').where({ id: roleId }).first('id'), undefined);
      assert.deepEqual(await links('base_sys_role_menu', 'menuId', roleId), []);
      assert.deepEqual(await links('base_sys_role_department', 'departmentId', roleId), []);
      assert.equal(await knex()('base_sys_user_role').where({ roleId }).first('id'), undefined);
      assert.deepEqual((await app.get(`${U}/info`, { id: userId })).body.data.roleIdList, []);
      await eventually(async () => (await t.post('/admin/demo/goods/page', {})).status === 403, 'permission gone');
    });

    it('a non-super admin sees roles they created or hold, and grants nothing they lack', async () => {
      const mine = await menusFor(app, [...ROLE_PERMS, 'demo:goods:page']);
      const [foreign] = await menusFor(app, ['base:sys:menu:delete']);
      const [goods] = await menusFor(app, ['demo:goods:page']);
      const { roleId: manager } = await roleAndUser(app, 'Manager', dept['测试']!, { menuIdList: mine, departmentIdList: [dept['测试']], relevance: false });
      const mgr = app.as((await app.login('manager', PASS)).token);
      const names = async (url: string) => ((url.endsWith('page') ? (await mgr.post(url, {})).body.data.list : (await mgr.post(url, {})).body.data) as Row[]).map((r) => r.name).sort();

      assert.deepEqual(await names(`${R}/page`), ['Manager'], 'only the held role');
      const adminRole = Number((await knex()('base_sys_role').where({ label: 'admin' }).first('id')).id);
      assert.equal((await mgr.get(`${R}/info`, { id: adminRole })).body.code, 1001);

      const count = async () => Number((await knex()('base_sys_role').count({ n: '*' }))[0]?.n);
      const before = await count();
      const menuEscalation = await mgr.post(`${R}/add`, { name: 'Sneaky', menuIdList: [goods, foreign] });
      assert.equal(menuEscalation.body.code, 1001);
      assert.match(menuEscalation.body.message, /删除/);
      assert.equal((await mgr.post(`${R}/add`, { name: 'Sneaky', departmentIdList: [dept['游客']] })).body.code, 1001, 'department outside the scope');
      // relevance would extend 测试 to its child 开发, which the manager (relevance off) cannot see.
      assert.equal((await mgr.post(`${R}/add`, { name: 'Sneaky', departmentIdList: [dept['测试']], relevance: true })).body.code, 1001);
      assert.equal(await count(), before, 'nothing written');

      const sub = await mgr.post(`${R}/add`, { name: 'Sub', menuIdList: [goods], departmentIdList: [dept['测试']] });
      assert.equal(sub.body.code, 1000);
      const subId = sub.body.data.id as number;
      assert.deepEqual(await names(`${R}/page`), ['Manager', 'Sub'], 'held + created');
      assert.deepEqual(await names(`${R}/list`), ['Manager', 'Sub']);

      assert.equal((await mgr.post(`${R}/update`, { id: subId, menuIdList: [goods, foreign] })).body.code, 1001);
      assert.equal((await mgr.post(`${R}/update`, { id: subId, relevance: true })).body.code, 1001);
      assert.deepEqual(await links('base_sys_role_menu', 'menuId', subId), [goods]);
      assert.equal((await mgr.post(`${R}/update`, { id: subId, remark: 'ok' })).body.code, 1000);

      const self = await mgr.post(`${R}/update`, { id: manager, menuIdList: [...mine, foreign] });
      assert.equal(self.body.code, 1001, 'no self-escalation through a held role');
      assert.match(self.body.message, /Manager/);
      assert.deepEqual(await links('base_sys_role_menu', 'menuId', manager), mine);
      assert.equal((await mgr.post(`${R}/delete`, { ids: [manager] })).body.code, 1001);
      assert.equal((await mgr.post(`${R}/update`, { id: adminRole, remark: 'mine now' })).body.code, 1001);
      assert.equal((await mgr.post(`${R}/delete`, { ids: [adminRole] })).body.code, 1001);
      assert.ok(await knex()('base_sys_role').where({ id: adminRole }).first('id'));
      assert.equal((await mgr.post(`${R}/delete`, { ids: [subId] })).body.code, 1000);
    });

    it('relevance on: the scope includes sub-departments, even ones created later; off: only the chosen one', async () => {
      const userPage = await menusFor(app, ['base:sys:user:page']);
      await roleAndUser(app, 'Deep', dept['测试']!, { menuIdList: userPage, departmentIdList: [dept['测试']], relevance: true });
      await roleAndUser(app, 'Flat', dept['测试']!, { menuIdList: userPage, departmentIdList: [dept['测试']], relevance: false });
      const kid = await app.post(`${U}/add`, { username: 'kid', password: PASS, departmentId: dept['开发'] });
      assert.equal(kid.body.code, 1000);
      const deep = app.as((await app.login('deep', PASS)).token);
      const flat = app.as((await app.login('flat', PASS)).token);
      const seen = async (c: Client) => ((await c.post(`${U}/page`, { size: 100 })).body.data.list as Row[]).map((r) => r.username);

      assert.ok((await seen(deep)).includes('kid'), 'child department 开发 is in scope');
      assert.equal((await seen(flat)).includes('kid'), false, 'relevance off: 测试 only');
      assert.ok((await seen(flat)).includes('flat'));

      const sub = await app.post('/admin/base/sys/department/add', { name: '开发二组', parentId: dept['开发'] });
      assert.equal(sub.body.code, 1000);
      assert.equal((await app.post(`${U}/add`, { username: 'grandkid', password: PASS, departmentId: sub.body.data.id })).body.code, 1000);
      await eventually(async () => (await seen(deep)).includes('grandkid'), 'a department created after the role was saved');
      assert.equal((await seen(flat)).includes('grandkid'), false);
    });

    it('two instances on one database: a role change made on A is enforced on B within 5 s', async () => {
      const config = await db.config();
      const a = await startTestApp(config);
      const b = await startTestApp(config);
      try {
        const [goods] = await menusFor(a, ['demo:goods:page']);
        const [other] = await menusFor(a, ['demo:goods:info']);
        const { roleId } = await roleAndUser(a, 'Remote', (await departments(a))['测试']!, { menuIdList: [other] });
        const t = b.as((await b.login('remote', PASS)).token);
        const status = async () => (await t.post('/admin/demo/goods/page', {})).status;
        assert.equal(await status(), 403);
        assert.equal((await a.post(`${R}/update`, { id: roleId, menuIdList: [other, goods] })).body.code, 1000);
        await eventually(async () => (await status()) === 200, 'grant seen by B', 5000, 200);
        assert.equal((await a.post(`${R}/update`, { id: roleId, menuIdList: [other] })).body.code, 1000);
        await eventually(async () => (await status()) === 403, 'revoke seen by B', 5000, 200);
      } finally {
        await a.close();
        await b.close();
      }
    });
  });
}
