import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import request from 'supertest';
import { createApp } from '../../app/createApp.js';
import { parts } from '../../parts.js';
import { createSession } from '../../auth/sessions.js';
import { signPair } from '../../auth/tokens.js';
import type { ProjectPaths } from '@schema-admin/generator';
import { testDatabases } from '../../testing/forEachDb.js';
import { seedUser } from '../../testing/seedUser.js';
import { startTestApp } from '../../testing/testApp.js';
import type { TestApp } from '../../testing/testApp.js';
import { migrationFiles, scratchProject, treeOf } from '../../testing/scratchProject.js';

const FIELDS = 'title!:string:50 price:decimal stock:int onSale:bool status:dict:status';

for (const db of testDatabases()) {
  describe(`coding endpoints on ${db.name}`, () => {
    let app: TestApp;
    let paths: ProjectPaths;
    let oldMigrations: string[];
    before(async () => {
      paths = scratchProject();
      oldMigrations = migrationFiles(paths);
      app = await startTestApp(await db.config({ schemasDir: paths.schemas }));
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
      fs.rmSync(paths.root, { recursive: true, force: true });
    });

    it('createCode of a new module writes the schema and one migration, and serves CRUD, EPS and menu without a restart', async () => {
      // EPS is kept encoded and compressed (http/sendStatic.ts): the answer before the change must not outlive it.
      const before = await app.anon.get('/admin/base/open/eps').set('Accept-Encoding', 'gzip');
      assert.equal(before.headers['content-encoding'], 'gzip');
      assert.equal(before.body.data.shop, undefined);
      const res = await app.post('/admin/base/coding/createCode', { module: 'shop', entity: 'book-shelf', fields: FIELDS });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      const data = res.body.data;
      assert.equal(data.id, 'shop/bookShelf');
      assert.equal(data.table, 'shop_book_shelf');
      assert.equal(data.file, 'schemas/shop/book-shelf.json');
      assert.ok(fs.existsSync(path.join(paths.schemas, 'shop', 'book-shelf.json')));
      const now = migrationFiles(paths);
      assert.equal(now.length, oldMigrations.length + 1, 'exactly one new migration');
      assert.equal(data.migration, now.at(-1));
      assert.deepEqual(data.applied, [data.migration.replace(/\.ts$/, '')]);
      assert.ok(data.routes.includes('/admin/shop/bookShelf/page'));

      const added = await app.post('/admin/shop/bookShelf/add', { title: 'Dune', price: 12.5, stock: 3, onSale: true, status: 1 });
      assert.equal(added.body.code, 1000, JSON.stringify(added.body));
      const id = added.body.data.id;
      const page = await app.post('/admin/shop/bookShelf/page', { page: 1, size: 10, keyWord: 'Dun' });
      assert.equal(page.body.code, 1000, JSON.stringify(page.body));
      assert.equal(page.body.data.pagination.total, 1);
      assert.equal(page.body.data.list[0].price, '12.50');
      const info = await app.get('/admin/shop/bookShelf/info', { id });
      assert.equal(info.body.data.title, 'Dune');
      assert.equal(info.body.data.onSale, true);
      const missingTitle = await app.post('/admin/shop/bookShelf/add', { price: 1 });
      assert.equal(missingTitle.body.code, 1002, 'required field enforced');

      const eps = await app.anon.get('/admin/base/open/eps').set('Accept-Encoding', 'gzip').set('If-None-Match', before.headers.etag as string);
      assert.equal(eps.status, 200, 'a new version, not 304');
      assert.equal(eps.headers['content-encoding'], 'gzip');
      assert.notEqual(eps.headers.etag, before.headers.etag);
      const entry = (eps.body.data.shop as { prefix: string; name: string }[]).find((e) => e.prefix === '/admin/shop/bookShelf');
      assert.equal(entry?.name, 'ShopBookShelfEntity');

      const perm = await app.get('/admin/base/comm/permmenu');
      const menus = perm.body.data.menus as { router: string | null; perms: string | null }[];
      assert.ok(menus.some((m) => m.router === '/shop/book-shelf'), 'page menu');
      assert.ok(menus.some((m) => m.perms === 'shop:bookShelf:add'), 'permission button');

      const tree = await app.get('/admin/base/coding/getModuleTree');
      const shop = (tree.body.data as { module: string; entities: { id: string; fields: string[] }[] }[]).find((m) => m.module === 'shop');
      assert.deepEqual(shop?.entities.map((e) => e.id), ['shop/bookShelf']);
      assert.deepEqual(shop?.entities[0]?.fields, ['title', 'price', 'stock', 'onSale', 'status']);
    });

    it('refuses to overwrite an existing entity unless asked, and an overwrite adds a column without a restart', async () => {
      const before = treeOf(paths);
      const again = await app.post('/admin/base/coding/createCode', { module: 'shop', entity: 'bookShelf', fields: 'title!:string:50' });
      assert.equal(again.body.code, 1001);
      assert.match(again.body.message, /已存在/);
      const clash = await app.post('/admin/base/coding/createCode', { module: 'demo', entity: 'goods', fields: 'title!:string' });
      assert.equal(clash.body.code, 1001, 'an entity of the committed tree is protected too');
      assert.deepEqual(treeOf(paths), before, 'nothing written');

      const res = await app.post('/admin/base/coding/createCode', { module: 'shop', entity: 'book-shelf', fields: `${FIELDS} isbn:string:20`, overwrite: true });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      assert.equal(migrationFiles(paths).length, oldMigrations.length + 2);
      const added = await app.post('/admin/shop/bookShelf/add', { title: 'Emma', isbn: '978-0' });
      assert.equal(added.body.code, 1000, JSON.stringify(added.body));
      const info = await app.get('/admin/shop/bookShelf/info', { id: added.body.data.id });
      assert.equal(info.body.data.isbn, '978-0');
    });

    it('an overwrite that would drop a column is refused and changes nothing', async () => {
      const before = treeOf(paths);
      const res = await app.post('/admin/base/coding/createCode', { module: 'shop', entity: 'book-shelf', fields: 'title!:string:50', overwrite: true });
      assert.equal(res.body.code, 1001);
      assert.match(res.body.message, /destructive|生成器/);
      assert.deepEqual(treeOf(paths), before);
    });

    it('never overwrites a shipped or internal entity (a page route on base/sys/conf would serve the JWT secret)', async () => {
      const before = treeOf(paths);
      const conf = {
        $schema: 'https://json-schema.org/draft/2020-12/schema', $id: 'base/sys/conf', title: 'Conf', type: 'object',
        'x-label': { 'zh-cn': '配置', 'zh-tw': '配置', en: 'Conf' }, 'x-table': 'base_sys_conf', 'x-api': ['page'],
        properties: { cKey: { type: 'string', maxLength: 255, 'x-label': { 'zh-cn': '键', 'zh-tw': '鍵', en: 'Key' } }, cValue: { type: ['string', 'null'], 'x-column': { type: 'text' }, 'x-label': { 'zh-cn': '值', 'zh-tw': '值', en: 'Value' } } },
        required: ['cKey'],
      };
      for (const body of [{ schema: conf, overwrite: true }, { module: 'demo', entity: 'goods', fields: 'title!:string:50', overwrite: true }]) {
        const res = await app.post('/admin/base/coding/createCode', body).set('language', 'en');
        assert.equal(res.body.code, 1001, JSON.stringify(res.body));
        assert.match(res.body.message, /cannot be overwritten/);
      }
      assert.deepEqual(treeOf(paths), before, 'nothing written');
      assert.equal((await app.post('/admin/base/sys/conf/page', { page: 1 })).status, 404, 'no route appeared');
    });

    it('bad names, bad field notation and invalid schemas are rejected with nothing written', async () => {
      const before = treeOf(paths);
      const cases: [unknown, RegExp][] = [
        [{ module: '../etc', entity: 'x', fields: 'a:string' }, /模块名无效/],
        [{ module: 'shop', entity: '../../x', fields: 'a:string' }, /实体名无效/],
        [{ module: 'meta', entity: 'x', fields: 'a:string' }, /模块名无效/],
        [{ module: 'shop', entity: 'pen', fields: 'a:blob' }, /类型未知/],
        [{ module: 'shop', entity: 'pen', fields: 'id:int' }, /保留字段/],
        [{ module: 'shop', entity: 'pen', fields: [{ name: 'a', kind: 'blob' }] }, /类型未知/],
        [{ module: 'shop', entity: 'pen', fields: 'a:string', extra: 1 }, /extra|不允许|additional/i],
        [{ module: 'shop', entity: 'pen', fields: 'a:ref:nope/missing' }, /nope\/missing/],
        [{ module: 'shop', entity: 'pen' }, /module \+ entity \+ fields/],
        [{ schema: { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: 'shop/pen', type: 'object', 'x-api': [], 'x-table': 'shop_pen' } }, /\/: must have required property 'x-label'/],
        [{ schema: { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: '../pen', type: 'object', 'x-label': { 'zh-cn': 'a', 'zh-tw': 'a', en: 'a' }, 'x-api': [] } }, /\/\$id/],
        [
          { schema: { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: 'shop/pen', type: 'object', 'x-label': { 'zh-cn': 'a', 'zh-tw': 'a', en: 'a' }, 'x-table': 'shop_pen', 'x-api': [{ name: 'run', handler: 'run', summary: { 'zh-cn': 'a', 'zh-tw': 'a', en: 'a' } }] } },
          /handler/,
        ],
      ];
      for (const [body, message] of cases) {
        const res = await app.post('/admin/base/coding/createCode', body);
        assert.equal(res.body.code, 1002, `${JSON.stringify(body)} → ${JSON.stringify(res.body)}`);
        assert.match(res.body.message, message);
      }
      assert.deepEqual(treeOf(paths), before, 'nothing written');
      assert.equal(fs.existsSync(path.join(paths.root, 'etc')), false);
    });

    it('parentId puts the page under a directory the admin may change; anything else is refused before a file is written', async () => {
      const knex = app.instance.services.knex;
      const menuId = async (where: Record<string, unknown>) => Number(((await knex('base_sys_menu').where(where).first('id')) as { id: number }).id);
      const demoDir = await menuId({ name: '示例管理', type: 0 });
      const userPage = await menuId({ router: '/sys/user', type: 1 });
      await seedUser(app, 'coder', ['base:coding:createCode'], { password: 'coder-pass1' });
      const coder = app.as((await app.login('coder', 'coder-pass1')).token);
      const before = treeOf(paths);
      const body = { module: 'shop', entity: 'pen', fields: 'title!:string:50' };
      const refused: [() => ReturnType<TestApp['post']>, number, RegExp][] = [
        [() => app.post('/admin/base/coding/createCode', { ...body, parentId: 987654 }).set('language', 'en'), 1001, /^Parent menu not found \(id=987654\)/],
        [() => app.post('/admin/base/coding/createCode', { ...body, parentId: userPage }), 1001, /不是目录/],
        [() => app.post('/admin/base/coding/createCode', { ...body, parentId: userPage }).set('language', 'zh-tw'), 1001, /不是目錄/],
        [() => app.post('/admin/base/coding/createCode', { ...body, parentId: 'x' }), 1002, /parentId/],
        [() => app.post('/admin/base/coding/createCode', { ...body, parentId: 0 }), 1002, /parentId/],
        [() => coder.post('/admin/base/coding/createCode', { ...body, parentId: demoDir }), 1001, /上级菜单不存在或无权修改/],
      ];
      for (const [send, code, message] of refused) {
        const res = await send();
        assert.equal(res.body.code, code, JSON.stringify(res.body));
        assert.match(res.body.message, message);
      }
      assert.deepEqual(treeOf(paths), before, 'nothing written');
      assert.equal(await knex('base_sys_menu').where({ router: '/shop/pen' }).first(), undefined);

      const res = await app.post('/admin/base/coding/createCode', { ...body, parentId: demoDir });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      const page = (await knex('base_sys_menu').where({ router: '/shop/pen', type: 1 }).select('id', 'parentId')) as { id: number; parentId: number }[];
      assert.deepEqual(page.map((p) => Number(p.parentId)), [demoDir], 'one page, under the chosen directory');
      assert.ok((await knex('base_sys_menu').where({ parentId: page[0]!.id, type: 2 })).length >= 5, 'its buttons under it');
      const again = await app.post('/admin/base/coding/createCode', { module: 'shop', entity: 'pen', fields: 'title!:string:50 ink:string', overwrite: true, parentId: (await menuId({ router: '/sys', type: 0 })) });
      assert.equal(again.body.code, 1000, JSON.stringify(again.body));
      assert.equal((await knex('base_sys_menu').where({ router: '/shop/pen', type: 1 })).length, 1, 're-creating keeps the page where it is, not a twin');
    });
  });
}

describe('coding endpoints in production', () => {
  const [db] = testDatabases();
  it('both actions and the AI draft are refused with a translated message and nothing is written', async () => {
    const paths = scratchProject();
    const prod = await createApp(await db!.config({ nodeEnv: 'production', captchaFixedCode: undefined, schemasDir: paths.schemas }), parts, {
      logger: { info: () => {}, warn: () => {}, error: console.error },
    });
    try {
      // Production captchas are random: sign the admin in directly, as login would.
      const admin = (await prod.services.knex('base_sys_user').where({ username: 'admin' }).first('id', 'passwordV')) as { id: number; passwordV: number };
      const sid = await createSession(prod.services.knex, Number(admin.id), 'jti-1', null);
      const pair = await signPair(prod.services.auth.secret, { userId: Number(admin.id), username: 'admin', passwordVersion: Number(admin.passwordV), sid, roleIds: [] }, 'jti-1');
      const server = prod.callback();
      const before = treeOf(paths);
      const created = await request(server)
        .post('/admin/base/coding/createCode')
        .set('Authorization', pair.token)
        .set('language', 'en')
        .send({ module: 'shop', entity: 'pen', fields: 'title:string' });
      assert.equal(created.body.code, 1001);
      assert.match(created.body.message, /development only/);
      const tree = await request(server).get('/admin/base/coding/getModuleTree').set('Authorization', pair.token);
      assert.equal(tree.body.code, 1001);
      assert.match(tree.body.message, /开发环境/);
      const draft = await request(server).post('/admin/helper/ai/draft').set('Authorization', pair.token).set('language', 'en').send({ description: 'a product with title' });
      assert.equal(draft.body.code, 1001, 'the AI draft helper is development only too');
      assert.match(draft.body.message, /development only/);
      const menus = await request(server).post('/admin/base/sys/menu/list').set('Authorization', pair.token).send({});
      assert.equal(menus.body.code, 1000, 'the token itself works');
      assert.deepEqual(treeOf(paths), before);
    } finally {
      await prod.close();
      await db!.cleanup();
      fs.rmSync(paths.root, { recursive: true, force: true });
    }
  });
});
