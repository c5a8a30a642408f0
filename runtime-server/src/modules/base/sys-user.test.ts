import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually } from '../../testing/eventually.js';
import { testDatabases } from '../../testing/forEachDb.js';
import { loginRequest, startTestApp } from '../../testing/testApp.js';
import type { Client, TestApp } from '../../testing/testApp.js';

const U = '/admin/base/sys/user';
const R = '/admin/base/sys/role';
const USER_PERMS = ['page', 'list', 'info', 'add', 'update', 'delete', 'move'].map((a) => `base:sys:user:${a}`);
const PASS = 'user-pass1';

type Row = Record<string, unknown>;
const names = (rows: Row[]) => rows.map((r) => r.username as string).sort();

for (const db of testDatabases()) {
  describe(`admin users: /admin/base/sys/user (${db.name})`, () => {
    let app: TestApp;
    const dept: Record<string, number> = {};
    const role = {} as Record<'lead' | 'wide' | 'other', number>;
    const user = {} as Record<'lead' | 'wide' | 'dev1' | 'guest1' | 'top1' | 'admin', number>;
    let lead: Client; // holds role Lead: user perms, data scope 测试 with its sub-departments
    let wide: Client; // holds role Wide: user perms, data scope COOL (everything), not a super-admin

    const knex = () => app.instance.services.knex;
    const row = (id: number) => knex()('base_sys_user').where({ id }).first();
    const rolesOf = async (id: number) =>
      ((await knex()('base_sys_user_role').where({ userId: id }).orderBy('roleId').select('roleId')) as { roleId: number }[]).map((r) => Number(r.roleId));

    /** Adds a user through the API as the super-admin; returns the bare id the contract promises. */
    async function addUser(username: string, departmentId: number, roleIdList: number[]): Promise<number> {
      const res = await app.post(`${U}/add`, { username, password: PASS, name: username, departmentId, roleIdList });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      assert.equal(typeof res.body.data, 'number');
      return res.body.data as number;
    }

    before(async () => {
      app = await startTestApp(await db.config());
      for (const d of (await knex()('base_sys_department').select('id', 'name')) as { id: number; name: string }[]) dept[d.name] = Number(d.id);
      const menuIds = ((await knex()('base_sys_menu').whereIn('perms', USER_PERMS).select('id')) as { id: number }[]).map((m) => Number(m.id));
      assert.equal(menuIds.length, USER_PERMS.length);
      const addRole = async (name: string, departmentIdList: number[], menuIdList: number[]) => {
        const res = await app.post(`${R}/add`, { name, label: name.toLowerCase(), relevance: true, menuIdList, departmentIdList });
        assert.equal(res.body.code, 1000, JSON.stringify(res.body));
        return res.body.data.id as number;
      };
      role.lead = await addRole('Lead', [dept['测试']!], menuIds);
      role.wide = await addRole('Wide', [dept.COOL!], menuIds);
      role.other = await addRole('Other', [dept['游客']!], []);
      user.lead = await addUser('lead', dept['测试']!, [role.lead]);
      user.wide = await addUser('wide', dept['开发']!, [role.wide]);
      user.dev1 = await addUser('dev1', dept['开发']!, [role.lead]);
      user.guest1 = await addUser('guest1', dept['游客']!, [role.other]);
      user.top1 = await addUser('top1', dept.COOL!, []);
      user.admin = Number((await knex()('base_sys_user').where({ username: 'admin' }).first('id')).id);
      lead = app.as((await app.login('lead', PASS)).token);
      wide = app.as((await app.login('wide', PASS)).token);
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('add: password required (6-16), roles stored, creator from the token, duplicate username labelled', async () => {
      const noPassword = await app.post(`${U}/add`, { username: 'nopass', departmentId: dept.COOL });
      assert.equal(noPassword.body.code, 1002);
      assert.match(noPassword.body.message, /密码/);
      assert.equal((await app.post(`${U}/add`, { username: 'short', password: '12345' })).body.code, 1002);
      assert.equal((await app.post(`${U}/add`, { username: 'badroles', password: PASS, roleIdList: [0] })).body.code, 1002);
      assert.equal(await knex()('base_sys_user').whereIn('username', ['nopass', 'short', 'badroles']).first('id'), undefined);

      const res = await app.post(`${U}/add`, { username: 'carol', password: PASS, departmentId: dept.COOL, roleIdList: [role.lead, role.other], userId: 999, isSuper: true });
      const id = res.body.data as number;
      assert.ok(Number.isInteger(id));
      const saved = await row(id);
      assert.match(saved.password, /^scrypt\$/, 'stored hashed');
      assert.deepEqual([Number(saved.userId), Number(saved.isSuper)], [user.admin, 0], 'creator is the caller; isSuper is read-only');
      assert.deepEqual(await rolesOf(id), [role.lead, role.other].sort((a, b) => a - b));

      const dup = await app.post(`${U}/add`, { username: 'carol', password: PASS });
      assert.equal(dup.body.code, 1001);
      assert.match(dup.body.message, /用户名/);
      const ghost = await app.post(`${U}/add`, { username: 'ghost', password: PASS, roleIdList: [987654] });
      assert.equal(ghost.body.code, 1001);
      assert.equal(await knex()('base_sys_user').where({ username: 'ghost' }).first('id'), undefined, 'nothing written');
    });

    it('usernames are canonical on both databases: case, spaces, accents and full-width forms name one user; control and format characters are refused', async () => {
      for (const twin of ['CAROL', ' carol ', 'cárol', 'ｃａｒｏｌ', 'Carol']) {
        const res = await app.post(`${U}/add`, { username: twin, password: PASS });
        assert.equal(res.body.code, 1001, `${JSON.stringify(twin)}: ${JSON.stringify(res.body)}`);
        assert.match(res.body.message, /用户名/);
      }
      for (const bad of ['car\u202Eol', 'ca\u200Brol', 'car\u0007ol', 'car ol', 'car\tol']) {
        const res = await app.post(`${U}/add`, { username: bad, password: PASS });
        assert.equal(res.body.code, 1002, JSON.stringify(bad));
        assert.match(res.body.message, /用户名不能包含/);
      }
      const id = (await app.post(`${U}/add`, { username: '  Dave.Émile ', password: PASS, roleIdList: [role.lead] })).body.data as number;
      assert.equal((await row(id)).username, 'dave.emile', 'stored in the canonical form');
      // Signing in with any spelling of the same name reaches the same account.
      for (const spelling of ['DAVE.EMILE', 'dave.émile', ' Dave.Emile']) assert.equal((await app.login(spelling, PASS)).token.length > 0, true, spelling);
      assert.equal((await app.post(`${U}/update`, { id, username: 'CAROL' })).body.code, 1001, 'an update cannot take a twin name either');
      assert.equal((await row(id)).username, 'dave.emile');
    });

    it('page: departmentIds filter, departmentName and roleName added, never a password', async () => {
      const guests = await app.post(`${U}/page`, { departmentIds: [dept['游客']] });
      assert.equal(guests.body.code, 1000);
      assert.deepEqual(names(guests.body.data.list), ['guest1']);
      const g = guests.body.data.list[0] as Row;
      assert.deepEqual([g.departmentName, g.roleName, 'password' in g], ['游客', 'Other', false]);
      assert.equal(g.isSuper, false, 'a super-admin sees the flag');

      const branch = await app.post(`${U}/page`, { departmentIds: [dept['测试'], dept['开发']], order: 'username', sort: 'asc' });
      assert.deepEqual(names(branch.body.data.list), ['dev1', 'lead', 'wide']);
      const carol = (await app.post(`${U}/page`, { keyWord: 'carol' })).body.data.list[0] as Row;
      assert.deepEqual(carol.roleName, 'Lead,Other');
      const all = await app.post(`${U}/list`, {});
      assert.ok((all.body.data as Row[]).every((r) => !('password' in r) && 'roleName' in r));
    });

    it('info: roleList names every role held ({id, name} by id) beside roleIdList, also for an admin who may not list roles', async () => {
      const carol = (await app.post(`${U}/page`, { keyWord: 'carol' })).body.data.list[0] as Row;
      const full = (await app.get(`${U}/info`, { id: carol.id })).body.data as Row;
      const both = [role.lead, role.other].sort((a, b) => a - b);
      assert.deepEqual(full.roleIdList, both);
      const byId: Record<number, string> = { [role.lead]: 'Lead', [role.other]: 'Other' };
      assert.deepEqual(full.roleList, both.map((id) => ({ id, name: byId[id] })));
      assert.equal((await app.get(`${U}/info`, { id: user.top1 })).body.data.roleList.length, 0, 'no role: an empty list');
      // The scoped admin may not list roles (nor see one it neither holds nor created), yet the dialog can name
      // every role of a user it sees.
      assert.notEqual((await lead.post('/admin/base/sys/role/list', {})).body.code, 1000);
      const ts = '2026-01-01 00:00:00';
      await knex()('base_sys_user_role').insert({ userId: user.dev1, roleId: role.other, createTime: ts, updateTime: ts });
      try {
        const scoped = (await lead.get(`${U}/info`, { id: user.dev1 })).body.data as Row;
        const expected = [{ id: role.lead, name: 'Lead' }, { id: role.other, name: 'Other' }].sort((a, b) => a.id - b.id);
        assert.deepEqual(scoped.roleList, expected);
        assert.deepEqual(scoped.roleIdList, expected.map((r) => r.id));
      } finally {
        await knex()('base_sys_user_role').where({ userId: user.dev1, roleId: role.other }).delete();
      }
      assert.equal((await lead.get(`${U}/info`, { id: user.guest1 })).body.code, 1001, 'outside the scope: no names either');
    });

    it('data scope: a department-scoped admin sees and changes only users of its departments', async () => {
      const seen = await lead.post(`${U}/page`, {});
      assert.equal(seen.body.code, 1000);
      assert.deepEqual(names(seen.body.data.list), ['dev1', 'lead', 'wide'], '测试 and its child 开发 only');
      assert.ok((seen.body.data.list as Row[]).every((r) => !('isSuper' in r) && !('password' in r)));
      assert.equal((await lead.post(`${U}/page`, { departmentIds: [dept['游客']] })).body.data.pagination.total, 0, 'a filter cannot widen the scope');
      assert.deepEqual(names((await lead.post(`${U}/list`, {})).body.data), ['dev1', 'lead', 'wide']);

      const info = await lead.get(`${U}/info`, { id: user.dev1 });
      assert.deepEqual([info.body.data.departmentName, info.body.data.roleIdList, 'isSuper' in info.body.data], ['开发', [role.lead], false]);
      assert.equal((await lead.get(`${U}/info`, { id: user.guest1 })).body.code, 1001);

      const before = await row(user.guest1);
      assert.equal((await lead.post(`${U}/update`, { id: user.guest1, nickName: 'hacked' })).body.code, 1001);
      assert.equal((await lead.post(`${U}/delete`, { ids: [user.guest1] })).body.code, 1001);
      assert.equal((await lead.post(`${U}/move`, { departmentId: dept['测试'], userIds: [user.guest1] })).body.code, 1001);
      assert.equal((await lead.post(`${U}/move`, { departmentId: dept['测试'], userIds: [user.dev1, user.guest1] })).body.code, 1001);
      assert.equal((await lead.post(`${U}/move`, { departmentId: dept['测试'], userIds: [user.top1] })).body.code, 1001, 'no role to outrank: the scope alone refuses');
      assert.equal(Number((await row(user.top1)).departmentId), dept.COOL);
      assert.deepEqual(await row(user.guest1), before, 'nothing changed');
      assert.equal(Number((await row(user.dev1)).departmentId), dept['开发'], 'a mixed batch moves nobody');

      assert.equal((await lead.post(`${U}/move`, { departmentId: dept['游客'], userIds: [user.dev1] })).body.code, 1001, 'target outside the scope');
      assert.equal((await lead.post(`${U}/update`, { id: user.dev1, departmentId: dept['游客'] })).body.code, 1001);
      assert.equal(Number((await row(user.dev1)).departmentId), dept['开发']);
      assert.equal((await lead.post(`${U}/move`, { userIds: [user.dev1] })).body.code, 1002, 'department required');
      assert.equal((await lead.post(`${U}/move`, { departmentId: dept['测试'], userIds: [] })).body.code, 1002);
      assert.equal((await lead.post(`${U}/move`, { departmentId: 987654, userIds: [user.dev1] })).body.code, 1001);
      assert.equal((await lead.post(`${U}/move`, { departmentId: dept['测试'], userIds: [user.dev1] })).body.code, 1000);
      assert.equal(Number((await row(user.dev1)).departmentId), dept['测试']);
    });

    it('no privilege escalation: a non-super admin assigns only roles they hold and manages no stronger user', async () => {
      const up = await lead.post(`${U}/add`, { username: 'climber', password: PASS, departmentId: dept['开发'], roleIdList: [role.wide] });
      assert.equal(up.body.code, 1001);
      assert.match(up.body.message, /Wide/);
      assert.equal(await knex()('base_sys_user').where({ username: 'climber' }).first('id'), undefined);

      assert.equal((await lead.post(`${U}/update`, { id: user.dev1, roleIdList: [role.lead, role.wide] })).body.code, 1001);
      assert.deepEqual(await rolesOf(user.dev1), [role.lead]);

      assert.equal((await lead.post(`${U}/add`, { username: 'nowhere', password: PASS, roleIdList: [role.lead] })).body.code, 1001, 'a scoped admin must place the user in their scope');
      assert.equal((await lead.post(`${U}/add`, { username: 'nowhere', password: PASS, departmentId: dept['游客'] })).body.code, 1001);
      assert.equal(await knex()('base_sys_user').where({ username: 'nowhere' }).first('id'), undefined);
      const ok = await lead.post(`${U}/add`, { username: 'junior', password: PASS, departmentId: dept['开发'], roleIdList: [role.lead], userId: user.admin });
      assert.equal(ok.body.code, 1000);
      assert.equal(Number((await row(ok.body.data)).userId), user.lead, 'creator is the caller');
      assert.deepEqual(await rolesOf(ok.body.data), [role.lead]);

      // A user in scope holding a role the actor lacks: taking over their password would be escalation.
      const strong = await addUser('strong', dept['开发']!, [role.other]);
      const res = await lead.post(`${U}/update`, { id: strong, password: 'taken-over1' });
      assert.equal(res.body.code, 1001);
      assert.match(res.body.message, /角色/, 'says why');
      assert.doesNotMatch(res.body.message, /strong/, 'without naming who holds the stronger role');
      assert.equal(Number((await row(strong)).passwordV), 1);
      assert.equal((await lead.post(`${U}/delete`, { ids: [strong] })).body.code, 1001);
      assert.ok(await row(strong));

      assert.equal((await lead.post(`${U}/update`, { id: user.dev1, isSuper: true, passwordV: 9 })).body.code, 1000);
      const dev1 = await row(user.dev1);
      assert.deepEqual([Number(dev1.isSuper), Number(dev1.passwordV)], [0, 1], 'read-only fields ignored');
    });

    it('the super-admin cannot be changed by a non-super admin; nobody deletes or disables themselves', async () => {
      const seen = (await wide.post(`${U}/page`, { keyWord: 'admin' })).body.data.list as Row[];
      assert.deepEqual(names(seen), ['admin'], 'visible to a COOL-wide scope');
      assert.equal('isSuper' in seen[0]!, false);
      const before = await row(user.admin);
      for (const [url, body] of [
        ['update', { id: user.admin, nickName: 'pwned' }],
        ['update', { id: user.admin, password: 'hacked-123' }],
        ['update', { id: user.admin, status: 0 }],
        ['delete', { ids: [user.admin] }],
        ['move', { departmentId: dept['游客'], userIds: [user.admin] }],
      ] as const) {
        const res = await wide.post(`${U}/${url}`, body);
        assert.equal(res.body.code, 1001, `${url} ${JSON.stringify(body)}`);
        assert.match(res.body.message, /超级管理员/);
      }
      assert.deepEqual(await row(user.admin), before, 'the super-admin row is untouched');
      assert.equal((await app.get('/admin/base/comm/person')).body.code, 1000, 'the admin token still works');

      assert.equal((await wide.post(`${U}/delete`, { ids: [user.wide] })).body.code, 1001);
      assert.equal((await app.post(`${U}/delete`, { ids: [user.admin, user.top1] })).body.code, 1001);
      assert.ok(await row(user.top1), 'a batch naming yourself deletes nobody');
      assert.equal((await app.post(`${U}/update`, { id: user.admin, status: 0 })).body.code, 1001);
      assert.equal((await app.post(`${U}/update`, { id: user.admin, nickName: 'Boss' })).body.code, 1000, 'own profile fields are fine');
      assert.equal((await row(user.admin)).nickName, 'Boss');
    });

    it('an admin password change kills that user’s tokens, not the admin’s', async () => {
      const id = await addUser('pwd', dept['测试']!, [role.lead]);
      const t = await app.login('pwd', PASS);
      assert.equal((await app.as(t.token).get('/admin/base/comm/person')).body.code, 1000);
      assert.equal((await app.post(`${U}/update`, { id, password: 'new-pass1' })).body.code, 1000);
      assert.equal((await app.as(t.token).get('/admin/base/comm/person')).status, 401);
      assert.equal((await app.anon.get('/admin/base/open/refreshToken', { refreshToken: t.refreshToken })).status, 401);
      assert.equal((await app.get('/admin/base/comm/person')).body.code, 1000);
      assert.equal(Number((await row(id)).passwordV), 2);
      assert.equal((await loginRequest(app.anon, 'pwd', PASS)).body.code, 1001);

      const t2 = await app.login('pwd', 'new-pass1');
      assert.equal((await app.post(`${U}/update`, { id, password: '', nickName: 'P' })).body.code, 1000, 'empty password = unchanged');
      assert.equal(Number((await row(id)).passwordV), 2);
      assert.equal((await app.as(t2.token).get('/admin/base/comm/person')).body.code, 1000, 'an edit without a password keeps the tokens');
    });

    it('disabling kills a user’s tokens; deleting kills them and removes the role rows', async () => {
      const off = await addUser('off', dept['测试']!, [role.lead]);
      const gone = await addUser('gone', dept['测试']!, [role.lead, role.other]);
      const tOff = await app.login('off', PASS);
      const tGone = await app.login('gone', PASS);
      assert.equal((await app.post(`${U}/update`, { id: off, status: 0 })).body.code, 1000);
      assert.equal((await app.as(tOff.token).get('/admin/base/comm/person')).status, 401);
      assert.equal((await app.post(`${U}/delete`, { ids: [gone] })).body.code, 1000);
      assert.equal((await app.as(tGone.token).get('/admin/base/comm/person')).status, 401);
      assert.equal(await row(gone), undefined);
      assert.deepEqual(await rolesOf(gone), []);
      assert.equal(await knex()('base_sys_session').where({ userId: gone }).whereNull('revokedTime').first('id'), undefined, 'sessions revoked');
    });

    it('replacing a user’s roles changes what their token may do (403 → 200), an empty list removes them all', async () => {
      const id = await addUser('switch', dept['测试']!, [role.other]);
      const t = app.as((await app.login('switch', PASS)).token);
      assert.equal((await t.post(`${U}/page`, {})).status, 403);
      assert.equal((await app.post(`${U}/update`, { id, roleIdList: [role.lead] })).body.code, 1000);
      await eventually(async () => (await t.post(`${U}/page`, {})).status === 200, 'granted role takes effect');
      assert.equal((await app.post(`${U}/update`, { id, roleIdList: [] })).body.code, 1000);
      assert.deepEqual(await rolesOf(id), []);
      await eventually(async () => (await t.post(`${U}/page`, {})).status === 403, 'removed role takes effect');
    });
  });
}

