import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { after, before, describe, it } from 'node:test';
import { createApp } from '../../app/createApp.js';
import { parts } from '../../parts.js';
import { createSession } from '../../auth/sessions.js';
import { signPair } from '../../auth/tokens.js';
import { AppError } from '../../core/errors.js';
import type { ActionContext } from '../../core/handler.js';
import { testDatabases } from '../../testing/forEachDb.js';
import { createScopedAdmin } from '../../testing/scopedAdmin.js';
import { startTestApp } from '../../testing/testApp.js';
import type { TestApp } from '../../testing/testApp.js';
import { assertDevelopment, parseEntitySchema } from './entitySchemaFile.js';
import type { MenuNode } from './menuTree.js';
import { create, parse } from './sys-menu.js';

const M = '/admin/base/sys/menu';
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

const bookSchema = (id = 'demo/book') => ({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: id,
  title: 'Book',
  type: 'object',
  'x-label': { 'zh-cn': '图书', 'zh-tw': '圖書', en: 'Book' },
  'x-table': id.replace(/\//g, '_').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
  'x-api': ['add', 'delete', 'update', 'info', 'list', 'page'],
  properties: {
    title: { type: 'string', maxLength: 80, 'x-label': { 'zh-cn': '书名', 'zh-tw': '書名', en: 'Title' } },
    price: { type: 'number', default: 0, 'x-label': { 'zh-cn': '价格', 'zh-tw': '價格', en: 'Price' } },
  },
  required: ['title'],
});

interface MenuRow {
  id: number;
  name: string;
  parentId: number | null;
  parentName: string | null;
  orderNum: number;
  router: string | null;
}

describe('entity schema authoring guard (unit)', () => {
  it('assertDevelopment refuses production only', () => {
    assert.throws(() => assertDevelopment({ config: { nodeEnv: 'production' } as never }), (e: unknown) => e instanceof AppError && e.key === 'menu.devOnly');
    assert.doesNotThrow(() => assertDevelopment({ config: { nodeEnv: 'development' } as never }));
  });

  it('parse and create handlers refuse production before reading or writing anything', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-schemas-'));
    try {
      const ctx = { services: { config: { nodeEnv: 'production', schemasDir: dir } }, body: { entity: bookSchema() } } as unknown as ActionContext;
      await assert.rejects(async () => create(ctx), (e: unknown) => e instanceof AppError && e.key === 'menu.devOnly');
      await assert.rejects(async () => parse(ctx), (e: unknown) => e instanceof AppError && e.key === 'menu.devOnly');
      assert.deepEqual(fs.readdirSync(dir), []);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('parseEntitySchema refuses traversal in file and module names even past the body schema', () => {
    const services = { generated: { model: { entities: [] } } } as never;
    for (const fileName of ['../x', 'a/b', '..', 'X', 'a.json']) {
      assert.throws(() => parseEntitySchema(services, { entity: bookSchema(), fileName }), (e: unknown) => e instanceof AppError && e.key === 'menu.badName', fileName);
    }
    assert.throws(() => parseEntitySchema(services, { entity: bookSchema('../../etc') }), (e: unknown) => e instanceof AppError);
    assert.throws(() => parseEntitySchema(services, { entity: bookSchema('seed/book') }), (e: unknown) => e instanceof AppError && e.key === 'menu.badName');
  });
});

for (const db of testDatabases()) {
  describe(`menus (${db.name})`, () => {
    let app: TestApp;
    let schemasDir: string;
    const knex = () => app.instance.services.knex;
    const menu = async (id: number) => (await knex()('base_sys_menu').where({ id }).first()) as Record<string, unknown> | undefined;
    const addMenu = async (body: Record<string, unknown>) => {
      const res = await app.post(`${M}/add`, { orderNum: 0, ...body });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      return res.body.data.id as number;
    };

    before(async () => {
      schemasDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-schemas-'));
      app = await startTestApp(await db.config({ schemasDir }));
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
      fs.rmSync(schemasDir, { recursive: true, force: true });
    });

    it('lists every menu for a super-admin, ordered by orderNum, each with parentName', async () => {
      const res = await app.post(`${M}/list`, {});
      assert.equal(res.body.code, 1000);
      const rows = res.body.data as MenuRow[];
      const [{ n }] = (await knex()('base_sys_menu').count({ n: '*' })) as [{ n: number | string }];
      assert.equal(rows.length, Number(n));
      const nums = rows.map((r) => r.orderNum);
      assert.deepEqual(nums, [...nums].sort((a, b) => a - b));
      const user = rows.find((r) => r.name === '用户列表')!;
      assert.equal(user.parentName, '权限管理');
      assert.equal(rows.find((r) => r.name === '系统管理')!.parentName, null);
    });

    it('lists only the menus of their roles for an ordinary admin', async () => {
      const u = await createScopedAdmin(app, { username: 'menu-reader', perms: ['base:sys:menu:list'], departmentIds: [] });
      const res = await app.as(u.tokens.token).post(`${M}/list`, {});
      assert.equal(res.body.code, 1000);
      assert.deepEqual((res.body.data as MenuRow[]).map((r) => r.name), ['perms-menu-reader']);
    });

    it('add enforces the form rules: router starts with "/", name and order required (buttons default their order)', async () => {
      const badRouter = await app.post(`${M}/add`, { name: 'x', type: 1, router: 'sys/x', orderNum: 1 });
      assert.equal(badRouter.body.code, 1002);
      const noName = await app.post(`${M}/add`, { type: 1, router: '/x', orderNum: 1 });
      assert.equal(noName.body.code, 1002);
      const noOrder = await app.post(`${M}/add`, { name: 'No order', type: 1, router: '/no-order' }).set('language', 'en');
      assert.equal(noOrder.body.code, 1002);
      assert.match(noOrder.body.message, /menu order is required/);
      assert.equal((await knex()('base_sys_menu').where({ name: 'No order' })).length, 0);

      const page = await addMenu({ name: 'Books', type: 1, router: '/demo/book', orderNum: 3 });
      const buttons = await app.post(`${M}/add`, [
        { type: 2, parentId: page, name: 'Add', perms: 'demo:book:add' },
        { type: 2, parentId: page, name: 'Delete', perms: 'demo:book:delete' },
      ]);
      assert.equal(buttons.body.code, 1000, JSON.stringify(buttons.body));
      assert.equal(buttons.body.data.id.length, 2, 'array body adds every row');
      const dir = await addMenu({ name: 'Empty router dir', type: 0, router: '', orderNum: 1 });
      assert.equal((await menu(dir))!.router, null, 'an empty router is stored as none');
    });

    it('update refuses a cycle and keeps partial updates (a visibility switch) working', async () => {
      const a = await addMenu({ name: 'Cyc A', type: 0 });
      const b = await addMenu({ name: 'Cyc B', type: 0, parentId: a });
      const cyc = await app.post(`${M}/update`, { id: a, name: 'Cyc A', parentId: b });
      assert.equal(cyc.body.code, 1001);
      assert.equal((await menu(a))!.parentId, null);
      const toggle = await app.post(`${M}/update`, { id: b, isShow: false });
      assert.equal(toggle.body.code, 1000, JSON.stringify(toggle.body));
      assert.equal(Number((await menu(b))!.isShow), 0);
    });

    it('delete removes the descendants and their role links in one go', async () => {
      const top = await addMenu({ name: 'Del top', type: 0 });
      const mid = await addMenu({ name: 'Del mid', type: 1, parentId: top, router: '/del' });
      const leaf = await addMenu({ name: 'Del leaf', type: 2, parentId: mid, perms: 'x:y:z' });
      const keep = await addMenu({ name: 'Del keep', type: 0 });
      const role = (await knex()('base_sys_role').where({ label: 'admin' }).first('id')) as { id: number };
      await knex()('base_sys_role_menu').insert({ roleId: role.id, menuId: leaf, createTime: '2024-01-01 00:00:00', updateTime: '2024-01-01 00:00:00' });

      const res = await app.post(`${M}/delete`, { ids: [top] });
      assert.equal(res.body.code, 1000);
      for (const id of [top, mid, leaf]) assert.equal(await menu(id), undefined, `menu ${id} deleted`);
      assert.ok(await menu(keep));
      assert.equal((await knex()('base_sys_role_menu').whereIn('menuId', [top, mid, leaf])).length, 0);
    });

    it('export → import round-trips a tree, and importing twice adds nothing', async () => {
      const top = await addMenu({ name: 'Round trip', type: 0, orderNum: 50, icon: 'icon-x' });
      const page = await addMenu({ name: 'RT page', type: 1, parentId: top, router: '/rt', viewPath: 'modules/rt/index.vue', orderNum: 1 });
      const btn = await addMenu({ name: 'RT button', type: 2, parentId: page, perms: 'rt:a,rt:b', keepAlive: false });
      const exported = await app.post(`${M}/export`, { ids: [top, page, btn] });
      assert.equal(exported.body.code, 1000);
      const tree = exported.body.data as MenuNode[];
      assert.equal(tree.length, 1);
      assert.equal(tree[0]!.name, 'Round trip');
      assert.equal(tree[0]!.childMenus![0]!.name, 'RT page');
      assert.equal(tree[0]!.childMenus![0]!.childMenus![0]!.perms, 'rt:a,rt:b');
      assert.equal('id' in tree[0]!, false);

      await app.post(`${M}/delete`, { ids: [top] });
      const imported = await app.post(`${M}/import`, { menus: tree });
      assert.equal(imported.body.code, 1000, JSON.stringify(imported.body));
      const newTop = (await knex()('base_sys_menu').where({ name: 'Round trip' }).whereNull('parentId').first('id')) as { id: number };
      const newPage = (await knex()('base_sys_menu').where({ name: 'RT page', parentId: newTop.id }).first('id')) as { id: number };
      const newBtn = (await knex()('base_sys_menu').where({ name: 'RT button', parentId: newPage.id }).first('id')) as { id: number };
      const again = await app.post(`${M}/export`, { ids: [newTop.id, newPage.id, newBtn.id] });
      assert.deepEqual(again.body.data, tree, 'the same tree comes back');

      const [{ n: before }] = (await knex()('base_sys_menu').count({ n: '*' })) as [{ n: number | string }];
      const twice = await app.post(`${M}/import`, { menus: tree });
      assert.equal(twice.body.code, 1000);
      const [{ n: afterCount }] = (await knex()('base_sys_menu').count({ n: '*' })) as [{ n: number | string }];
      assert.equal(Number(afterCount), Number(before), 'no duplicates');
    });

    it('export needs a chosen menu; import refuses malformed nodes', async () => {
      const empty = await app.post(`${M}/export`, { ids: [] }).set('language', 'en');
      assert.equal(empty.body.code, 1002);
      assert.match(empty.body.message, /at least one menu/);
      const bad = await app.post(`${M}/import`, { menus: [{ name: 'Bad', type: 7 }] });
      assert.equal(bad.body.code, 1002);
      const badChild = await app.post(`${M}/import`, { menus: [{ name: 'Parent ok', type: 0, childMenus: [{ type: 1 }] }] });
      assert.equal(badChild.body.code, 1002);
      assert.equal((await knex()('base_sys_menu').where({ name: 'Parent ok' })).length, 0);
      const deepChild = await app.post(`${M}/import`, { menus: [{ name: 'Deep ok', type: 0, childMenus: [{ name: 'c', type: 0, childMenus: [{ name: 'bad', type: 9 }] }] }] });
      assert.equal(deepChild.body.code, 1002, 'grandchildren are checked too');
      assert.equal((await knex()('base_sys_menu').where({ name: 'Deep ok' })).length, 0);
      for (const depth of [17, 30000]) {
        // sent as text: the client's own serializer would overflow on 30 000 levels
        const raw = '{"menus":[' + '{"name":"n","type":0,"childMenus":['.repeat(depth) + '{"name":"leaf","type":2}' + ']}'.repeat(depth) + ']}';
        const deep = await app.post(`${M}/import`).set('Content-Type', 'application/json').send(raw);
        assert.equal(deep.status, 200, `depth ${depth}: no stack overflow`);
        assert.equal(deep.body.code, 1002);
      }
    });

    it('parse answers the EPS columns and path of a schema, writing nothing', async () => {
      const res = await app.post(`${M}/parse`, { entity: bookSchema() });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      const data = res.body.data as { path: string; tableName: string; className: string; fileName: string; columns: { propertyName: string }[] };
      assert.equal(data.path, '/admin/demo/book');
      assert.equal(data.tableName, 'demo_book');
      assert.equal(data.className, 'DemoBookEntity');
      assert.equal(data.fileName, 'book');
      assert.deepEqual(data.columns.map((c) => c.propertyName), ['id', 'title', 'price', 'createTime', 'updateTime']);
      assert.deepEqual(fs.readdirSync(schemasDir), []);

      const invalid = await app.post(`${M}/parse`, { entity: { ...bookSchema(), properties: { title: { type: 'string' } } } });
      assert.equal(invalid.body.code, 1002, 'x-label missing');
      const code = await app.post(`${M}/parse`, { entity: 'export class Book {}' });
      assert.equal(code.body.code, 1002, 'source code is not a schema');
    });

    it('create writes only schemas/<module>/<file>.json, never over a file, never outside', async () => {
      const res = await app.post(`${M}/create`, { entity: bookSchema('demo/bookShelf') });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      assert.equal(res.body.data.file, 'schemas/demo/book-shelf.json');
      const written = JSON.parse(fs.readFileSync(path.join(schemasDir, 'demo', 'book-shelf.json'), 'utf8'));
      assert.equal(written.$id, 'demo/bookShelf');

      const again = await app.post(`${M}/create`, { entity: { ...bookSchema('demo/bookShelf'), title: 'changed' } });
      assert.equal(again.body.code, 1001, 'no overwrite');
      assert.equal(JSON.parse(fs.readFileSync(path.join(schemasDir, 'demo', 'book-shelf.json'), 'utf8')).title, 'Book');

      const traversal = await app.post(`${M}/create`, { entity: bookSchema('demo/other'), fileName: '../x' });
      assert.equal(traversal.body.code, 1002);
      const existing = await app.post(`${M}/create`, { entity: { ...bookSchema('base/sys/user'), 'x-table': 'base_sys_user2' } });
      assert.equal(existing.body.code, 1002, 'an $id the model already has');
      assert.deepEqual(fs.readdirSync(schemasDir), ['demo']);
      assert.deepEqual(fs.readdirSync(path.join(schemasDir, 'demo')), ['book-shelf.json']);
      assert.equal(fs.existsSync(path.join(path.dirname(schemasDir), 'x.json')), false);
    });

    it('parse and create answer 1001 on a production server', async () => {
      const config = await db.config({ nodeEnv: 'production', captchaFixedCode: undefined, schemasDir });
      const prod = await createApp(config, parts, { logger: quiet });
      try {
        // Production captchas are random: sign the admin in directly, as login would.
        const admin = (await prod.services.knex('base_sys_user').where({ username: 'admin' }).first('id', 'passwordV')) as { id: number; passwordV: number };
        const jti = 'test-jti';
        const sid = await createSession(prod.services.knex, Number(admin.id), jti, null);
        const pair = await signPair(prod.services.auth.secret, { userId: Number(admin.id), username: 'admin', passwordVersion: Number(admin.passwordV), sid, roleIds: [] }, jti);
        const server = prod.callback();
        const ok = await request(server).post(`${M}/list`).set('Authorization', pair.token).send({});
        assert.equal(ok.body.code, 1000, 'the token works');
        for (const action of ['parse', 'create']) {
          const res = await request(server).post(`${M}/${action}`).set('Authorization', pair.token).set('language', 'en').send({ entity: bookSchema('demo/prodBook') });
          assert.equal(res.body.code, 1001, action);
          assert.match(res.body.message, /development only/);
        }
        assert.equal(fs.existsSync(path.join(schemasDir, 'demo', 'prod-book.json')), false);
      } finally {
        await prod.close();
      }
    });
  });
}
