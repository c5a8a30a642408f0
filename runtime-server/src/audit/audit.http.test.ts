import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDatabases } from '../testing/forEachDb.js';
import { createScopedAdmin } from '../testing/scopedAdmin.js';
import { seedUser } from '../testing/seedUser.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';

const G = '/admin/demo/goods';
const GOODS_PERMS = ['add', 'delete', 'update', 'info', 'page'].map((a) => `demo:goods:${a}`);

interface AuditRecord {
  id: number;
  entity: string;
  recordId: number | null;
  action: string;
  userId: number | null;
  url: string | null;
  changes: Record<string, unknown>;
}

for (const db of testDatabases()) {
  describe(`change audit (${db.name})`, () => {
    let app: TestApp;
    let adminId: number;
    const knex = () => app.instance.services.knex;
    /** The audit rows of one record, oldest first, `changes` parsed. */
    const audits = async (entity: string, recordId?: number): Promise<AuditRecord[]> => {
      const q = knex()('base_sys_audit').where({ entity }).orderBy('id');
      if (recordId !== undefined) q.where({ recordId });
      return ((await q.select('*')) as Record<string, unknown>[]).map((r) => ({
        id: Number(r.id),
        entity: String(r.entity),
        recordId: r.recordId === null ? null : Number(r.recordId),
        action: String(r.action),
        userId: r.userId === null ? null : Number(r.userId),
        url: (r.url as string | null) ?? null,
        changes: (typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes) as Record<string, unknown>,
      }));
    };
    const count = async (table: string) => Number(((await knex()(table).count({ n: '*' })) as { n: unknown }[])[0]!.n);

    before(async () => {
      app = await startTestApp(await db.config());
      adminId = Number((await knex()('base_sys_user').where({ username: 'admin' }).first('id')).id);
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('records add, update (changed fields only, old → new) and delete of goods with the actor and URL', async () => {
      const add = await app.post(`${G}/add`, { title: 'Lamp', price: 12.5, stock: 3 });
      assert.equal(add.body.code, 1000);
      const id = add.body.data.id as number;
      const [created] = await audits('demo/goods', id);
      assert.equal(created!.action, 'add');
      assert.equal(created!.userId, adminId);
      assert.equal(created!.url, `${G}/add`);
      assert.equal(created!.changes.id, id);
      assert.equal(created!.changes.title, 'Lamp');
      assert.equal(created!.changes.price, '12.50', 'wire format, as info answers');
      assert.equal(created!.changes.stock, 3);
      assert.ok(!('createTime' in created!.changes), 'timestamps are noise, not changes');

      assert.equal((await app.post(`${G}/update`, { id, title: 'Desk lamp', price: 12.5, stock: 4 })).body.code, 1000);
      const [, updated] = await audits('demo/goods', id);
      assert.equal(updated!.action, 'update');
      assert.equal(updated!.url, `${G}/update`);
      assert.deepEqual(updated!.changes, { title: ['Lamp', 'Desk lamp'], stock: [3, 4] }, 'the unchanged price is not recorded');

      assert.equal((await app.post(`${G}/delete`, { ids: [id] })).body.code, 1000);
      const [, , deleted] = await audits('demo/goods', id);
      assert.equal(deleted!.action, 'delete');
      assert.equal(deleted!.userId, adminId);
      assert.equal(deleted!.changes.title, 'Desk lamp', 'the deleted row as it was');
    });

    it("masks a user's password on both sides of an update: the hash is never stored", async () => {
      const userId = await seedUser(app, 'audit-pw', []);
      assert.equal((await app.post('/admin/base/sys/user/update', { id: userId, password: 'Fresh-pass12', remark: 'rotated' })).body.code, 1000);
      const rows = await audits('base/sys/user', userId);
      const upd = rows.find((r) => r.action === 'update');
      assert.ok(upd, 'the update is audited');
      assert.deepEqual(upd.changes.password, ['******', '******']);
      assert.deepEqual(upd.changes.remark, [null, 'rotated']);
      const bump = rows.find((r) => r.action === 'update' && r.changes.passwordV);
      assert.deepEqual(bump?.changes.passwordV, [1, 2], 'the password-version bump is audited too');
      const hash = String((await knex()('base_sys_user').where({ id: userId }).first('password')).password);
      const all = JSON.stringify(await knex()('base_sys_audit').select('changes'));
      assert.ok(!all.includes(hash), 'no audit row holds the hash');
      assert.ok(!all.includes('Fresh-pass12'), 'nor the plain password');
    });

    it('a failing write leaves neither the change nor any audit row', async () => {
      const auditsBefore = await count('base_sys_audit');
      const typesBefore = await count('dict_type');
      // The 2nd row violates the unique key at the database level, after the 1st was inserted.
      const batch = await app.post('/admin/dict/type/add', [
        { name: 'Audit A', key: 'auditDup' },
        { name: 'Audit B', key: 'auditDup' },
      ]);
      assert.notEqual(batch.body.code, 1000);
      assert.equal(await count('dict_type'), typesBefore, 'the first row was rolled back');
      assert.equal(await count('base_sys_audit'), auditsBefore, 'and no audit row survived');

      const a = (await app.post('/admin/dict/type/add', { name: 'Audit C', key: 'auditC' })).body.data.id as number;
      const b = (await app.post('/admin/dict/type/add', { name: 'Audit D', key: 'auditD' })).body.data.id as number;
      const mid = await count('base_sys_audit');
      const clash = await app.post('/admin/dict/type/update', { id: b, key: 'auditC', name: 'renamed' });
      assert.notEqual(clash.body.code, 1000);
      assert.equal((await knex()('dict_type').where({ id: b }).first('name')).name, 'Audit D');
      assert.equal(await count('base_sys_audit'), mid);
      assert.equal((await audits('dict/type', a)).length, 1, 'only its add');
    });

    it('history returns a record’s changes newest first, with the actor’s name', async () => {
      const id = (await app.post(`${G}/add`, { title: 'Clock' })).body.data.id as number;
      await app.post(`${G}/update`, { id, title: 'Wall clock' });
      await app.post(`${G}/update`, { id, stock: 9 });
      const res = await app.get(`${G}/history`, { id });
      assert.equal(res.body.code, 1000);
      const list = res.body.data as { action: string; userName: string; changes: Record<string, unknown> }[];
      assert.deepEqual(list.map((r) => r.action), ['update', 'update', 'add']);
      assert.deepEqual(list[0]!.changes, { stock: [0, 9] });
      assert.deepEqual(list[1]!.changes, { title: ['Clock', 'Wall clock'] });
      assert.ok(list[0]!.userName, 'joined user name');
      const bad = await app.get(`${G}/history`, { id: 'x' });
      assert.notEqual(bad.body.code, 1000);
    });

    it('history is permission-gated and refuses another tenant’s record and a deleted one to non-super-admins', async () => {
      await seedUser(app, 'audit-t1', [...GOODS_PERMS, 'demo:goods:history'], { tenantId: 1 });
      await seedUser(app, 'audit-t2', [...GOODS_PERMS, 'demo:goods:history'], { tenantId: 2 });
      await seedUser(app, 'audit-noperm', GOODS_PERMS, { tenantId: 1 });
      const t1 = app.as((await app.login('audit-t1', 'user-pass1')).token);
      const t2 = app.as((await app.login('audit-t2', 'user-pass1')).token);
      const noPerm = app.as((await app.login('audit-noperm', 'user-pass1')).token);
      const id = (await t1.post(`${G}/add`, { title: 'T1 secret plan' })).body.data.id as number;

      const own = await t1.get(`${G}/history`, { id });
      assert.equal(own.body.code, 1000);
      assert.equal(own.body.data.length, 1);
      assert.equal((await noPerm.get(`${G}/history`, { id })).status, 403);
      const cross = await t2.get(`${G}/history`, { id });
      assert.equal(cross.body.code, 1001, 'another tenant’s record answers like a missing one');
      assert.doesNotMatch(JSON.stringify(cross.body), /secret plan/);

      assert.equal((await t1.post(`${G}/delete`, { ids: [id] })).body.code, 1000);
      const gone = await t1.get(`${G}/history`, { id });
      assert.equal(gone.body.code, 1001, 'a deleted record has no scope left: super-admins only');
      const asSuper = await app.get(`${G}/history`, { id });
      assert.deepEqual(asSuper.body.data.map((r: { action: string }) => r.action), ['delete', 'add']);
    });

    it('history refuses a record outside the caller’s data scope', async () => {
      const ids: Record<string, number> = {};
      for (const r of (await knex()('base_sys_department').select('id', 'name')) as { id: number; name: string }[]) ids[r.name] = Number(r.id);
      const scoped = await createScopedAdmin(app, {
        username: 'audit-scoped',
        perms: ['base:sys:user:history', 'base:sys:user:info'],
        departmentIds: [ids['测试']!],
        departmentId: ids['测试']!,
      });
      const t = app.as(scoped.tokens.token);
      const outside = await t.get('/admin/base/sys/user/history', { id: adminId });
      assert.equal(outside.body.code, 1001, 'the admin lives in COOL, outside the scope');
      const inside = await t.get('/admin/base/sys/user/history', { id: scoped.userId });
      assert.equal(inside.body.code, 1000);
    });

    it('restore writes add audit rows for the re-inserted records', async () => {
      const id = (await app.post(`${G}/add`, { title: 'Vase' })).body.data.id as number;
      await app.post(`${G}/delete`, { ids: [id] });
      const snap = (await knex()('recycle_data').orderBy('id', 'desc').first('id')) as { id: number };
      assert.equal((await app.post('/admin/recycle/data/restore', { ids: [Number(snap.id)] })).body.code, 1000);
      const rows = await audits('demo/goods', id);
      assert.deepEqual(rows.map((r) => r.action), ['add', 'delete', 'add']);
      assert.equal(rows[2]!.url, '/admin/recycle/data/restore');
      assert.equal(rows[2]!.userId, adminId);
      assert.equal(rows[2]!.changes.title, 'Vase');
    });

    it('audits a user move and a department order (custom handlers writing with raw knex)', async () => {
      const ids: Record<string, number> = {};
      for (const r of (await knex()('base_sys_department').select('id', 'name')) as { id: number; name: string }[]) ids[r.name] = Number(r.id);
      const userId = await seedUser(app, 'audit-mover', [], { departmentId: ids['测试']! });
      const moved = await app.post('/admin/base/sys/user/move', { departmentId: ids['开发']!, userIds: [userId] });
      assert.equal(moved.body.code, 1000);
      const mv = (await audits('base/sys/user', userId)).filter((r) => r.action === 'update').at(-1)!;
      assert.deepEqual(mv.changes, { departmentId: [ids['测试'], ids['开发']] });
      assert.equal(mv.url, '/admin/base/sys/user/move');

      const dev = ids['开发']!;
      const before = Number((await knex()('base_sys_department').where({ id: dev }).first('orderNum')).orderNum);
      const ordered = await app.post('/admin/base/sys/department/order', [{ id: dev, parentId: ids['测试']!, orderNum: before + 7 }]);
      assert.equal(ordered.body.code, 1000);
      const ord = (await audits('base/sys/department', dev)).at(-1)!;
      assert.equal(ord.action, 'update');
      assert.deepEqual(ord.changes, { orderNum: [before, before + 7] }, 'the unchanged parent is not recorded');
    });

    it('audits user↔role links as add/delete of relation rows', async () => {
      const role = (await knex()('base_sys_role').where({ label: 'admin' }).first('id')) as { id: number };
      const userId = await seedUser(app, 'audit-linked', []);
      const before = (await audits('base/sys/userRole')).length;
      assert.equal((await app.post('/admin/base/sys/user/update', { id: userId, roleIdList: [Number(role.id)] })).body.code, 1000);
      const added = (await audits('base/sys/userRole')).slice(before);
      assert.ok(added.some((r) => r.action === 'add' && r.changes.userId === userId && r.changes.roleId === Number(role.id)));
      assert.ok(added.some((r) => r.action === 'delete' && r.changes.userId === userId), 'the seeded role link was removed');
    });
  });
}
