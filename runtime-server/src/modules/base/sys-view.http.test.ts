import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDatabases } from '../../testing/forEachDb.js';
import { seedUser } from '../../testing/seedUser.js';
import { startTestApp } from '../../testing/testApp.js';
import type { Client, TestApp } from '../../testing/testApp.js';
import { now } from '../../db/values.js';

const V = '/admin/base/sys/view';
const G = '/admin/demo/goods';
const PERMS = ['demo:goods:page'];

interface View {
  id: number;
  name: string;
  mine: boolean;
  isDefault: boolean;
  state: Record<string, unknown>;
  dropped: string[];
}

const list = async (c: Client): Promise<View[]> => {
  const res = await c.get(`${V}/views`, { prefix: G });
  assert.equal(res.body.code, 1000, JSON.stringify(res.body));
  return res.body.data as View[];
};

for (const db of testDatabases()) {
  describe(`saved views (${db.name})`, () => {
    let app: TestApp;
    let member: Client;
    let outsider: Client;
    let child: Client;
    let sibling: Client;
    let memberRole: number;
    let parentDept: number;
    before(async () => {
      app = await startTestApp(await db.config());
      const knex = app.instance.services.knex;
      parentDept = (await app.post('/admin/base/sys/department/add', { name: 'Sales', orderNum: 1 })).body.data.id;
      const childDept = (await app.post('/admin/base/sys/department/add', { name: 'Sales north', parentId: parentDept, orderNum: 1 })).body.data.id;
      const siblingDept = (await app.post('/admin/base/sys/department/add', { name: 'Support', orderNum: 2 })).body.data.id;
      await seedUser(app, 'view-member', PERMS);
      await seedUser(app, 'view-outsider', PERMS);
      await seedUser(app, 'view-child', PERMS, { departmentId: childDept });
      await seedUser(app, 'view-sibling', PERMS, { departmentId: siblingDept });
      memberRole = Number((await knex('base_sys_role').where({ name: 'r-view-member' }).first('id')).id);
      member = app.as((await app.login('view-member', 'user-pass1')).token);
      outsider = app.as((await app.login('view-outsider', 'user-pass1')).token);
      child = app.as((await app.login('view-child', 'user-pass1')).token);
      sibling = app.as((await app.login('view-sibling', 'user-pass1')).token);
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('a view is private until shared with a role: then a member sees it and others do not', async () => {
      const state = { where: { and: [{ field: 'price', op: 'gte', value: 10 }, { or: [{ field: 'title', op: 'contains', value: 'tea' }] }] }, order: 'price', sort: 'asc', size: 50, columns: [{ key: 'title' }, { key: 'price', width: 120 }, { key: 'status', hidden: true }] };
      const saved = await app.post(`${V}/viewSave`, { prefix: G, name: 'Dear tea', state });
      assert.equal(saved.body.code, 1000, JSON.stringify(saved.body));
      const id = saved.body.data.id as number;
      const mine = await list(app);
      assert.deepEqual(mine.map((v) => [v.name, v.mine, v.dropped]), [['Dear tea', true, []]]);
      assert.deepEqual(mine[0]!.state, state);
      assert.deepEqual(await list(member), [], 'private by default');

      assert.equal((await app.post(`${V}/viewShare`, { id, roleId: memberRole })).body.code, 1000);
      const seen = await list(member);
      assert.deepEqual(seen.map((v) => [v.name, v.mine]), [['Dear tea', false]]);
      assert.deepEqual(seen[0]!.state.where, state.where);
      assert.deepEqual(await list(outsider), [], 'not for a user without the role');

      // A shared view is still its owner's: others cannot rename, delete or share it.
      assert.equal((await member.post(`${V}/viewSave`, { prefix: G, id, name: 'Mine now' })).body.code, 1001);
      assert.equal((await member.post(`${V}/viewDelete`, { id })).body.code, 1001);
      assert.equal((await member.post(`${V}/viewShare`, { id, roleId: null })).body.code, 1001);
      // A member may make it his default.
      assert.equal((await member.post(`${V}/viewDefault`, { prefix: G, id })).body.code, 1000);
      assert.equal((await list(member))[0]!.isDefault, true);
      assert.equal((await list(app))[0]!.isDefault, false, 'defaults are per user');
      assert.equal((await outsider.post(`${V}/viewDefault`, { prefix: G, id })).body.code, 1001, 'not a view he can see');
    });

    it('shared with a department reaches that department and those below it only', async () => {
      const id = (await app.post(`${V}/viewSave`, { prefix: G, name: 'Sales view', state: { filters: { status: 1 } } })).body.data.id as number;
      assert.equal((await app.post(`${V}/viewShare`, { id, departmentId: parentDept })).body.code, 1000);
      assert.deepEqual((await list(child)).map((v) => v.name), ['Sales view']);
      assert.deepEqual((await list(sibling)).map((v) => v.name), []);
    });

    it('an ordinary admin shares only with roles he holds; rename and delete his own', async () => {
      const id = (await member.post(`${V}/viewSave`, { prefix: G, name: 'm1', state: {} })).body.data.id as number;
      const other = Number((await app.instance.services.knex('base_sys_role').where({ name: 'r-view-outsider' }).first('id')).id);
      const refused = await member.post(`${V}/viewShare`, { id, roleId: other }).set('language', 'en');
      assert.equal(refused.body.code, 1002);
      assert.match(refused.body.message, /you do not hold it/);
      assert.equal((await member.post(`${V}/viewShare`, { id, roleId: memberRole })).body.code, 1000);
      assert.equal((await member.post(`${V}/viewSave`, { prefix: G, id, name: 'renamed' })).body.code, 1000);
      assert.ok((await list(member)).some((v) => v.name === 'renamed' && v.mine));
      assert.equal((await member.post(`${V}/viewDelete`, { id })).body.code, 1000);
      assert.ok(!(await list(member)).some((v) => v.id === id));
    });

    it('checks a view against the current schema on load: removed fields are dropped and named', async () => {
      const ts = now();
      const state = { filters: { status: 1, gone: 2 }, where: { or: [{ field: 'gone', op: 'eq', value: 1 }, { field: 'title', op: 'eq', value: 'x' }] }, order: 'gone', columns: [{ key: 'title' }, { key: 'gone' }] };
      await app.instance.services.knex('base_sys_view').insert({ userId: 1, screen: 'demo/goods', name: 'Old view', state: JSON.stringify(state), createTime: ts, updateTime: ts });
      const old = (await list(app)).find((v) => v.name === 'Old view')!;
      assert.deepEqual(old.dropped, ['gone']);
      assert.deepEqual(old.state, { filters: { status: 1 }, where: { or: [{ field: 'title', op: 'eq', value: 'x' }] }, columns: [{ key: 'title' }] });
      const bad = await app.post(`${V}/viewSave`, { prefix: G, name: 'x', state: { size: 5000 } });
      assert.equal(bad.body.code, 1002);
      const noPerm = await seedUser(app, 'view-noperm', ['demo:goods:add']);
      assert.ok(noPerm);
      const np = app.as((await app.login('view-noperm', 'user-pass1')).token);
      assert.equal((await np.get(`${V}/views`, { prefix: G })).status, 403, 'no page permission, no views of the screen');
    });
  });
}
