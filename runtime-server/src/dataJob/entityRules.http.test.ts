import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import request from 'supertest';
import { testDatabases } from '../testing/forEachDb.js';
import { createScopedAdmin } from '../testing/scopedAdmin.js';
import type { ScopedAdmin } from '../testing/scopedAdmin.js';
import { startTestApp } from '../testing/testApp.js';
import type { Client, TestApp } from '../testing/testApp.js';
import { TABLES } from '../generated/tables.js';

/**
 * Regressions of issue 34's findings 1, 2, 4 and 8: an entity's own rules (hooks) hold on bulk edit, import and
 * export exactly as on its routes. Each `it` failed on the main before the rules moved into hooks.
 */
const J = '/admin/base/sys/dataJob';
const MENU = '/admin/base/sys/menu';
const DEPT = '/admin/base/sys/department';
const GOODS = '/admin/demo/goods';

const PERMS = [
  'base:sys:menu:add', 'base:sys:menu:update', 'base:sys:menu:page',
  'base:sys:department:add', 'base:sys:department:update', 'base:sys:department:page',
  'base:sys:audit:page', 'base:sys:user:page', 'demo:goods:add', 'demo:goods:page',
];

interface Refusal {
  code: number;
  message: string;
}

for (const db of testDatabases()) {
  describe(`entity rules on bulk edit, import and export (${db.name})`, () => {
    let app: TestApp;
    let scoped: ScopedAdmin;
    let as: Client;
    const depts: Record<string, number> = {};
    const knex = () => app.instance.services.knex;

    /** Import as `token`: preview then start; answers the refusal (start or job) or null when it succeeded. */
    const importAs = async (token: string, prefix: string, csv: string, keyColumn?: string): Promise<Refusal | null> => {
      const p = await request(app.instance.callback())
        .post(`${J}/importPreview`).set('Authorization', token).set('language', 'en')
        .field('prefix', prefix).attach('file', Buffer.from(csv), 'rows.csv');
      if (p.body.code !== 1000) return { code: p.body.code, message: p.body.message };
      assert.equal(p.body.data.invalid, 0, JSON.stringify(p.body.data));
      const s = await request(app.instance.callback()).post(`${J}/importStart`).set('Authorization', token).set('language', 'en')
        .send({ id: p.body.data.id, mode: 'all', ...(keyColumn ? { keyColumn } : {}) });
      if (s.body.code !== 1000) return { code: s.body.code, message: s.body.message };
      for (let i = 0; i < 200; i++) {
        const info = (await app.as(token).get(`${J}/jobInfo`, { id: p.body.data.id }).set('language', 'en')).body.data;
        if (info.status === 2) return null;
        if (info.status > 2) return { code: 1001, message: info.error };
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('import did not end');
    };
    const exportAs = async (token: string, body: Record<string, unknown>): Promise<string> => {
      const res = await app.as(token).post(`${J}/exportStart`, { format: 'csv', ...body });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      for (let i = 0; i < 200; i++) {
        const info = (await app.as(token).get(`${J}/jobInfo`, { id: res.body.data.id })).body.data;
        if (info.status === 2) {
          const file = await app.as(token).get(`${J}/jobDownload`, { id: res.body.data.id }).buffer(true).parse((r, cb) => {
            const chunks: Buffer[] = [];
            r.on('data', (c: Buffer) => chunks.push(c));
            r.on('end', () => cb(null, Buffer.concat(chunks)));
          });
          return (file.body as Buffer).toString('utf8').replace(/^\uFEFF/, '');
        }
        assert.ok(info.status < 2, JSON.stringify(info));
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('export did not end');
    };
    const refusal = (res: { body: { code: number; message: string } }): Refusal => ({ code: res.body.code, message: res.body.message });

    before(async () => {
      app = await startTestApp(await db.config());
      for (const r of (await knex()(TABLES.baseSysDepartment).select('id', 'name')) as { id: number; name: string }[]) depts[r.name] = Number(r.id);
      // Data scope: 测试 and its child 开发 (their parent COOL and 游客 are outside).
      scoped = await createScopedAdmin(app, { username: 'rules-scoped', perms: PERMS, departmentIds: [depts['测试']!, depts['开发']!] });
      as = app.as(scoped.tokens.token);
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('finding 1: a permission key the admin lacks is refused by menu update, bulk edit and import alike', async () => {
      const route = refusal(await as.post(`${MENU}/update`, { id: scoped.menuId, perms: 'base:sys:log:page' }).set('language', 'en'));
      assert.equal(route.code, 1001, JSON.stringify(route));
      assert.match(route.message, /base:sys:log:page/);
      const bulk = refusal(await as.post(`${J}/bulkUpdate`, { prefix: MENU, ids: [scoped.menuId], set: { perms: 'base:sys:log:page' } }).set('language', 'en'));
      assert.deepEqual(bulk, route);
      const imported = await importAs(scoped.tokens.token, MENU, `name,perms\nperms-rules-scoped,base:sys:log:page\n`, 'name');
      assert.deepEqual(imported, route);
      const added = await importAs(scoped.tokens.token, MENU, `name,perms\nnew-menu,base:coding:createCode\n`);
      assert.equal(added?.code, 1001);
      assert.match(added!.message, /base:coding:createCode/);
      const menus = (await knex()(TABLES.baseSysMenu).where({ id: scoped.menuId }).first('perms')) as { perms: string };
      assert.doesNotMatch(menus.perms, /base:sys:log:page/, 'nothing written');
      assert.equal(((await knex()(TABLES.baseSysMenu).where({ name: 'new-menu' }).count({ n: '*' }).first()) as { n: unknown }).n == 0, true);
    });

    it('finding 1: a department moved outside the data scope is refused by update, bulk edit and import alike', async () => {
      const body = { id: depts['测试'], parentId: depts['游客'] };
      const route = refusal(await as.post(`${DEPT}/update`, body).set('language', 'en'));
      assert.notEqual(route.code, 1000, JSON.stringify(route));
      const bulk = refusal(await as.post(`${J}/bulkUpdate`, { prefix: DEPT, ids: [depts['测试']], set: { parentId: depts['游客'] } }).set('language', 'en'));
      assert.deepEqual(bulk, route);
      const imported = await importAs(scoped.tokens.token, DEPT, `name,parentId\n测试,${depts['游客']}\n`, 'name');
      assert.deepEqual(imported, route);
      const row = (await knex()(TABLES.baseSysDepartment).where({ id: depts['测试'] }).first('parentId')) as { parentId: number };
      assert.equal(Number(row.parentId), depts['COOL'], 'nothing written');
    });

    it('finding 1: a department cycle inside the data scope is refused by update, bulk edit and import alike', async () => {
      const route = refusal(await as.post(`${DEPT}/update`, { id: depts['测试'], parentId: depts['开发'] }).set('language', 'en'));
      assert.equal(route.code, 1001, JSON.stringify(route));
      const bulk = refusal(await as.post(`${J}/bulkUpdate`, { prefix: DEPT, ids: [depts['测试']], set: { parentId: depts['开发'] } }).set('language', 'en'));
      assert.deepEqual(bulk, route);
      const imported = await importAs(scoped.tokens.token, DEPT, `name,parentId
测试,${depts['开发']}
`, 'name');
      assert.deepEqual(imported, route);
      const row = (await knex()(TABLES.baseSysDepartment).where({ id: depts['测试'] }).first('parentId')) as { parentId: number };
      assert.equal(Number(row.parentId), depts['COOL'], 'nothing written');
    });

    it('finding 2: export applies the read rules of the page (audit visibility, hidden isSuper)', async () => {
      // The super-admin changes a goods row: its audit row is outside what the scoped admin may read.
      const g = await app.post(`${GOODS}/add`, { title: 'audit me', price: 1, status: 1 });
      assert.equal(g.body.code, 1000, JSON.stringify(g.body));
      const page = await as.post('/admin/base/sys/audit/page', { page: 1, size: 100 });
      assert.equal(page.body.code, 1000, JSON.stringify(page.body));
      const csv = await exportAs(scoped.tokens.token, { prefix: '/admin/base/sys/audit', columns: ['entity', 'recordId'] });
      const lines = csv.trim().split(/\r?\n/).slice(1);
      assert.equal(lines.length, page.body.data.pagination.total, csv);
      assert.ok(!lines.some((l) => l.includes('demo/goods')), csv);
      // A super-admin in the scoped admin's department: the user page hides his isSuper flag, so does export.
      await knex()(TABLES.baseSysUser).where({ username: 'admin' }).update({ departmentId: depts['测试'] });
      const users = await as.post('/admin/base/sys/user/page', { page: 1, size: 100 });
      assert.ok(users.body.data.list.every((u: Record<string, unknown>) => !('isSuper' in u)), JSON.stringify(users.body.data.list));
      const userCsv = await exportAs(scoped.tokens.token, { prefix: '/admin/base/sys/user', columns: ['username', 'isSuper'], raw: true });
      const adminLine = userCsv.split(/\r?\n/).find((l) => l.startsWith('admin,'));
      assert.equal(adminLine, 'admin,', userCsv);
    });

    it('finding 4: import by key column needs update as well as add', async () => {
      const g = await app.post(`${GOODS}/add`, { title: 'keyed', price: 5, status: 1 });
      assert.equal(g.body.code, 1000);
      const refused = await importAs(scoped.tokens.token, GOODS, `title,price,status\nkeyed,99,1\n`, 'title');
      assert.equal(refused?.code, 1001, JSON.stringify(refused));
      const row = (await knex()('demo_goods').where({ title: 'keyed' }).first('price')) as { price: unknown };
      assert.equal(Number(row.price), 5, 'nothing written');
      // Without a key column the add permission is enough.
      assert.equal(await importAs(scoped.tokens.token, GOODS, `title,price,status\nadded by import,7,1\n`), null);
    });

    it('finding 8: an import that moves a department bumps the auth epoch, as the route does', async () => {
      const epoch = async () => ((await knex()(TABLES.baseSysConf).where({ cKey: 'authEpoch' }).first('cValue')) as { cValue: string } | undefined)?.cValue;
      const was = await epoch();
      assert.equal(await importAs(app.admin.token, DEPT, `name,parentId\n开发,${depts['游客']}\n`, 'name'), null);
      const row = (await knex()(TABLES.baseSysDepartment).where({ id: depts['开发'] }).first('parentId')) as { parentId: number };
      assert.equal(Number(row.parentId), depts['游客']);
      assert.notEqual(await epoch(), was, 'auth epoch bumped');
    });
  });
}
