import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDatabases } from '../../testing/forEachDb.js';
import { startTestApp } from '../../testing/testApp.js';
import type { TestApp } from '../../testing/testApp.js';
import { createScopedAdmin, insertUser } from '../../testing/scopedAdmin.js';
import { now } from '../../db/values.js';
import { insertId } from '../../db/insertId.js';

const D = '/admin/base/sys/department';

interface Dept {
  id: number;
  name: string;
  parentId: number | null;
  orderNum: number;
  parentName: string | null;
}

for (const db of testDatabases()) {
  describe(`departments (${db.name})`, () => {
    let app: TestApp;
    const ids: Record<string, number> = {};
    const knex = () => app.instance.services.knex;
    const dept = async (id: number) => (await knex()('base_sys_department').where({ id }).first()) as Record<string, unknown> | undefined;
    const addDept = async (name: string, parentId: number | null, orderNum = 0) => {
      const res = await app.post(`${D}/add`, { name, parentId, orderNum });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      return res.body.data.id as number;
    };

    before(async () => {
      app = await startTestApp(await db.config());
      for (const r of (await knex()('base_sys_department').select('id', 'name')) as { id: number; name: string }[]) ids[r.name] = Number(r.id);
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('lists the tree flat, ordered by orderNum then id, each row with parentName', async () => {
      const res = await app.post(`${D}/list`, {});
      assert.equal(res.body.code, 1000);
      const rows = res.body.data as Dept[];
      assert.deepEqual(rows.map((r) => r.name), ['COOL', '测试', '开发', '游客']);
      const by = new Map(rows.map((r) => [r.name, r]));
      assert.equal(by.get('COOL')!.parentName, null);
      assert.equal(by.get('测试')!.parentName, 'COOL');
      assert.equal(by.get('开发')!.parentName, '测试');
      assert.equal(by.get('开发')!.parentId, ids['测试']);
    });

    it('shows a data-scoped admin only their departments, without the names of parents outside the scope', async () => {
      const u = await createScopedAdmin(app, { username: 'dept-scoped', perms: ['base:sys:department:list'], departmentIds: [ids['测试']!] });
      const res = await app.as(u.tokens.token).post(`${D}/list`, {});
      assert.equal(res.body.code, 1000);
      assert.deepEqual(
        (res.body.data as Dept[]).map((r) => [r.name, r.parentName]),
        [['测试', null]],
      );
    });

    it('order writes only parentId and orderNum (whitelist), whatever else an element carries', async () => {
      const res = await app.post(`${D}/order`, [
        { id: ids['开发'], parentId: ids['COOL'], orderNum: 7, name: 'hacked', userId: 999, createTime: '2000-01-01 00:00:00' },
      ]);
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      const row = await dept(ids['开发']!);
      assert.equal(row!.name, '开发', 'name not written');
      assert.notEqual(Number(row!.userId), 999, 'userId not written');
      assert.notEqual(String(row!.createTime), '2000-01-01 00:00:00');
      assert.equal(Number(row!.parentId), ids['COOL']);
      assert.equal(Number(row!.orderNum), 7);
      // back where it was
      await app.post(`${D}/order`, [{ id: ids['开发'], parentId: ids['测试'], orderNum: 2 }]);
      assert.equal(Number((await dept(ids['开发']!))!.parentId), ids['测试']);
    });

    it('order refuses cycles (self, descendant, and a swap inside one batch) and changes nothing', async () => {
      for (const body of [
        [{ id: ids['COOL'], parentId: ids['COOL'], orderNum: 0 }],
        [{ id: ids['COOL'], parentId: ids['开发'], orderNum: 0 }],
        [
          { id: ids['游客'], parentId: ids['开发'], orderNum: 0 },
          { id: ids['开发'], parentId: ids['游客'], orderNum: 0 },
        ],
      ]) {
        const res = await app.post(`${D}/order`, body);
        assert.equal(res.body.code, 1001, JSON.stringify(body));
      }
      assert.equal((await dept(ids['COOL']!))!.parentId, null);
      assert.equal(Number((await dept(ids['游客']!))!.parentId), ids['COOL']);
      assert.equal(Number((await dept(ids['开发']!))!.parentId), ids['测试']);
      const en = await app.post(`${D}/order`, [{ id: ids['COOL'], parentId: ids['开发'] }]).set('language', 'en');
      assert.match(en.body.message, /cannot move under itself/);
    });

    it('update refuses a cycle and an unknown parent too', async () => {
      const cyc = await app.post(`${D}/update`, { id: ids['测试'], name: '测试', parentId: ids['开发'] });
      assert.equal(cyc.body.code, 1001);
      const unknown = await app.post(`${D}/update`, { id: ids['测试'], name: '测试', parentId: 987654 });
      assert.equal(unknown.body.code, 1001);
      assert.equal(Number((await dept(ids['测试']!))!.parentId), ids['COOL']);
    });

    it('order refuses departments, and new parents, outside the caller\'s data scope', async () => {
      const u = await createScopedAdmin(app, {
        username: 'dept-orderer',
        perms: ['base:sys:department:order', 'base:sys:department:list'],
        departmentIds: [ids['测试']!, ids['开发']!],
      });
      const client = app.as(u.tokens.token);
      const outside = await client.post(`${D}/order`, [{ id: ids['游客'], parentId: ids['COOL'], orderNum: 0 }]);
      assert.equal(outside.body.code, 1001);
      const graft = await client.post(`${D}/order`, [{ id: ids['开发'], parentId: ids['游客'], orderNum: 0 }]);
      assert.equal(graft.body.code, 1001, 'cannot move a department under one outside the scope');
      const inside = await client.post(`${D}/order`, [
        { id: ids['测试'], parentId: ids['COOL'], orderNum: 1 },
        { id: ids['开发'], parentId: ids['测试'], orderNum: 5 },
      ]);
      assert.equal(inside.body.code, 1000, 'unchanged parents outside the scope are fine');
      assert.equal(Number((await dept(ids['开发']!))!.orderNum), 5);
    });

    it('delete with transfer removes the descendants and moves their users to the parent of the top-most deleted department', async () => {
      const x = await addDept('X', ids['COOL']!);
      const y = await addDept('Y', x);
      const z = await addDept('Z', y);
      const inY = await insertUser(app, 'in-y', y);
      const inZ = await insertUser(app, 'in-z', z);
      const inX = await insertUser(app, 'in-x', x);
      const ts = now();
      const roleId = await insertId(knex(), 'base_sys_role', { name: 'dept-z-role', relevance: 0, createTime: ts, updateTime: ts });
      await knex()('base_sys_role_department').insert({ roleId: Number(roleId), departmentId: z, createTime: ts, updateTime: ts });

      const res = await app.post(`${D}/delete`, { ids: [y], deleteUser: false });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      assert.equal(await dept(y), undefined);
      assert.equal(await dept(z), undefined, 'descendant deleted too (no orphans)');
      assert.ok(await dept(x));
      const users = (await knex()('base_sys_user').whereIn('id', [inY, inZ, inX]).select('id', 'departmentId')) as { id: number; departmentId: number }[];
      assert.deepEqual(
        users.map((u) => [Number(u.id), Number(u.departmentId)]).sort((a, b) => a[0]! - b[0]!),
        [[inY, x], [inZ, x], [inX, x]],
      );
      assert.equal((await knex()('base_sys_role_department').where({ departmentId: z })).length, 0, 'role links removed');
    });

    it('refuses a transfer out of a top-level department ("parent required") and changes nothing', async () => {
      const root = await addDept('Second root', null);
      const child = await addDept('Second child', root);
      const u = await insertUser(app, 'in-second-root', root);
      const res = await app.post(`${D}/delete`, { ids: [root] }).set('language', 'en');
      assert.equal(res.body.code, 1001);
      assert.match(res.body.message, /Department parent required for transfer/);
      assert.ok(await dept(root));
      assert.ok(await dept(child));
      assert.equal(Number((await knex()('base_sys_user').where({ id: u }).first('departmentId')).departmentId), root);
    });

    it('delete with deleteUser removes the users, their role links and sessions, with the whole subtree', async () => {
      const root = (await knex()('base_sys_department').where({ name: 'Second root' }).first('id')).id as number;
      const child = (await knex()('base_sys_department').where({ name: 'Second child' }).first('id')).id as number;
      const signedIn = await createScopedAdmin(app, { username: 'doomed-admin', perms: ['base:comm:person'], departmentIds: [], departmentId: Number(child) });
      assert.equal((await app.as(signedIn.tokens.token).get('/admin/base/comm/person')).status, 200);

      const res = await app.post(`${D}/delete`, { ids: [root], deleteUser: true });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      assert.equal(await dept(Number(root)), undefined);
      assert.equal(await dept(Number(child)), undefined);
      assert.equal((await knex()('base_sys_user').whereIn('username', ['in-second-root', 'doomed-admin'])).length, 0);
      assert.equal((await knex()('base_sys_user_role').where({ userId: signedIn.userId })).length, 0, 'user_role rows removed');
      const revoked = await knex()('base_sys_session').where({ userId: signedIn.userId }).whereNull('revokedTime');
      assert.equal(revoked.length, 0, 'sessions revoked');
      assert.equal((await app.as(signedIn.tokens.token).get('/admin/base/comm/person')).status, 401);
    });

    it('never deletes the last root department, nor the super-admin with a department', async () => {
      const last = await app.post(`${D}/delete`, { ids: [ids['COOL']], deleteUser: true });
      assert.equal(last.body.code, 1001);
      assert.ok(await dept(ids['COOL']!));
      assert.ok(await dept(ids['开发']!), 'nothing of the subtree went');

      const root = await addDept('Third root', null);
      await knex()('base_sys_user').where({ username: 'admin' }).update({ departmentId: root });
      const protectedUser = await app.post(`${D}/delete`, { ids: [root], deleteUser: true });
      assert.equal(protectedUser.body.code, 1001);
      assert.ok(await knex()('base_sys_user').where({ username: 'admin' }).first());
      await knex()('base_sys_user').where({ username: 'admin' }).update({ departmentId: ids['COOL'] });
    });

    it('a data-scoped admin cannot delete a subtree reaching outside the scope', async () => {
      const u = await createScopedAdmin(app, { username: 'dept-deleter', perms: ['base:sys:department:delete'], departmentIds: [ids['测试']!] });
      const res = await app.as(u.tokens.token).post(`${D}/delete`, { ids: [ids['测试']], deleteUser: false });
      assert.equal(res.body.code, 1001, '开发 (a descendant) is outside the scope');
      assert.ok(await dept(ids['测试']!));
      assert.ok(await dept(ids['开发']!));
    });

    it('deleting or moving users with a department follows the user rule: never a user holding a role the actor lacks', async () => {
      // Under a parent, so that without deleteUser the users would be moved up (not refused as a root's).
      const team = await addDept('Strong team', ids['COOL']!, 50);
      const u = await createScopedAdmin(app, { username: 'dept-weak', perms: ['base:sys:department:delete'], departmentIds: [team] });
      const strong = await insertUser(app, 'strong-one', team);
      const ts = now();
      // A role the deleting admin does not hold.
      const role = await insertId(knex(), 'base_sys_role', { name: 'stronger', relevance: 0, createTime: ts, updateTime: ts });
      await knex()('base_sys_user_role').insert({ userId: strong, roleId: role, createTime: ts, updateTime: ts });
      for (const deleteUser of [true, false]) {
        const res = await app.as(u.tokens.token).post(`${D}/delete`, { ids: [team], deleteUser });
        assert.equal(res.body.code, 1001, `deleteUser ${deleteUser}: ${JSON.stringify(res.body)}`);
        assert.doesNotMatch(res.body.message, /parent|上级/i, 'refused for the stronger user, not for the transfer');
        assert.ok(await dept(team), 'nothing changed');
        assert.ok(await knex()('base_sys_user').where({ id: strong }).first(), 'the stronger user stays');
      }
      // user/delete refuses the same user for the same reason.
      const direct = await createScopedAdmin(app, { username: 'user-weak', perms: ['base:sys:user:delete'], departmentIds: [team] });
      assert.equal((await app.as(direct.tokens.token).post('/admin/base/sys/user/delete', { ids: [strong] })).body.code, 1001);
    });

    it('the creator (userId) is set by the server and never taken from a request', async () => {
      const id = (await app.post(`${D}/add`, { name: 'Creator test', parentId: ids['COOL'], orderNum: 60, userId: 4242 })).body.data.id as number;
      const creator = Number((await dept(id))!.userId);
      assert.notEqual(creator, 4242);
      assert.equal((await app.post(`${D}/update`, { id, name: 'Creator test 2', userId: 4242 })).body.code, 1000);
      const row = (await dept(id))!;
      assert.equal(row.name, 'Creator test 2');
      assert.equal(Number(row.userId), creator, 'update ignores it too');
      const role = (await app.post('/admin/base/sys/role/add', { name: 'Creator role', label: 'creator', relevance: false, menuIdList: [], departmentIdList: [], userId: 4242 })).body.data.id as number;
      assert.notEqual(Number((await knex()('base_sys_role').where({ id: role }).first('userId')).userId), 4242);
    });
  });
}
