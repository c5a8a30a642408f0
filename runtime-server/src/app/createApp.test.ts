import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import { SCHEMAS_DIR } from '../db/seed.js';
import { countNodes } from '../modules/base/menuTree.js';
import { testDatabases } from '../testing/forEachDb.js';
import { startTestApp } from '../testing/testApp.js';

const MODULES = ['base', 'demo', 'dict', 'lock', 'plugin', 'recycle', 'space', 'task', 'user'];

interface EpsEntry {
  module: string;
  prefix: string;
  name?: string;
  info: { type: { name: string; description: string } };
  api: { method: string; path: string; summary: string; dts: object; tag: string; prefix: string; ignoreToken: boolean }[];
  columns: { propertyName: string; type: string; length: string; comment: string; nullable: boolean; dict?: unknown }[];
  search?: { keyWordLikeFields: { propertyName: string }[]; fieldEq: { propertyName: string }[]; fieldLike: { propertyName: string }[] };
  screen?: object;
}

for (const db of testDatabases()) {
  describe(`app start-up, EPS and seeds (${db.name})`, () => {
    after(() => db.cleanup());

    it('serves EPS with every module in the cool-admin shape, without secret columns', async () => {
      const app = await startTestApp(await db.config());
      try {
        const res = await app.get('/admin/base/open/eps');
        assert.equal(res.body.code, 1000);
        const eps = res.body.data as Record<string, EpsEntry[]>;
        for (const m of MODULES) assert.ok(eps[m]?.length, `module ${m} in EPS`);
        const entries = Object.values(eps).flat();
        for (const e of entries) {
          assert.equal(e.info.type.name, e.prefix.split('/').pop());
          for (const a of e.api) {
            assert.ok(a.method === 'get' || a.method === 'post');
            assert.match(a.path, /^\/[a-zA-Z]+$/);
            assert.deepEqual(a.dts, {});
            assert.equal(a.tag, '');
            assert.equal(a.prefix, e.prefix);
          }
          assert.equal(e.columns.some((c) => c.propertyName === 'password'), false, `${e.prefix} leaks no password column`);
        }
        const goods = eps.demo!.find((e) => e.prefix === '/admin/demo/goods')!;
        assert.equal(goods.name, 'DemoGoodsEntity');
        assert.deepEqual(goods.api.map((a) => `${a.method} ${a.path}`), ['post /add', 'post /delete', 'post /update', 'get /info', 'post /list', 'post /page', 'get /history']);
        const title = goods.columns.find((c) => c.propertyName === 'title')!;
        assert.deepEqual([title.type, title.length, title.comment, title.nullable], ['string', '50', '标题', false]);
        assert.equal(goods.columns.find((c) => c.propertyName === 'price')!.type, 'decimal');
        assert.deepEqual(goods.columns.slice(-2).map((c) => c.propertyName), ['createTime', 'updateTime']);
        assert.equal(goods.columns.find((c) => c.propertyName === 'type')!.dict, 'goodsType');
        assert.ok(Array.isArray(goods.columns.find((c) => c.propertyName === 'status')!.dict));
        assert.deepEqual(goods.search!.fieldLike.map((f) => f.propertyName), ['title']);
        assert.ok(goods.screen, 'screen block served');

        const open = eps.base!.find((e) => e.prefix === '/admin/base/open')!;
        assert.equal(open.info.type.description, '开放接口');
        assert.equal(open.name, undefined, 'controller without entity has no name');
        assert.equal(open.api.find((a) => a.path === '/eps')!.ignoreToken, true);
        const dept = eps.base!.find((e) => e.prefix === '/admin/base/sys/department')!;
        assert.deepEqual(dept.api.map((a) => a.path).sort(), ['/add', '/delete', '/history', '/list', '/order', '/update'], 'department has no page/info');
        const task = eps.task!.find((e) => e.prefix === '/admin/task/info')!;
        assert.equal(task.api.some((a) => a.path === '/list'), false, 'task has no list');
        const log = eps.base!.find((e) => e.prefix === '/admin/base/sys/log')!;
        assert.deepEqual(log.api.map((a) => a.path).sort(), ['/clear', '/getKeep', '/page', '/setKeep']);
        const recycle = eps.recycle!.find((e) => e.prefix === '/admin/recycle/data')!;
        assert.deepEqual(recycle.api.map((a) => a.path).sort(), ['/info', '/page', '/restore']);
        const audit = eps.base!.find((e) => e.prefix === '/admin/base/sys/audit')!;
        assert.deepEqual(audit.api.map((a) => a.path), ['/page'], 'the audit log itself has no history');
      } finally {
        await app.close();
      }
    });

    it('serves EPS compressed and answers 304 to a client that holds the same version', async () => {
      const app = await startTestApp(await db.config());
      try {
        const first = await app.get('/admin/base/open/eps').set('Accept-Encoding', 'gzip');
        assert.equal(first.status, 200);
        assert.equal(first.headers['content-encoding'], 'gzip');
        const etag = first.headers.etag as string;
        assert.match(etag, /^"[\w-]+"$/);
        const again = await app.get('/admin/base/open/eps').set('If-None-Match', etag);
        assert.equal(again.status, 304);
        const changed = await app.get('/admin/base/open/eps').set('If-None-Match', '"other"');
        assert.equal(changed.status, 200);
        assert.equal(changed.body.code, 1000);
        assert.ok(changed.body.data.demo);
      } finally {
        await app.close();
      }
    });

    it('migrates and seeds once: a restart and a second instance on the same database duplicate nothing', async () => {
      const config = await db.config({}, { empty: true });
      const [a, b] = await Promise.all([startTestApp(config), startTestApp(config)]);
      await a.close();
      await b.close();
      const c = await startTestApp(config);
      try {
        const knex = c.instance.services.knex;
        const types = await knex('dict_type').select('key');
        assert.deepEqual(types.map((t) => t.key).sort(), ['brand', 'goodsType', 'occupation']);
        const infos = Number((await knex('dict_info').count({ n: '*' }))[0]?.n);
        assert.equal(infos, 11);
        const tasks = await knex('task_info').orderBy('id').select('name', 'status', 'taskType', 'type');
        const demo = tasks.filter((t) => Number(t.type) === 1);
        assert.deepEqual(demo.map((t) => [Number(t.status), Number(t.taskType)]), [[0, 1], [0, 0]], 'two stopped demo tasks, once');
        const system = tasks.filter((t) => Number(t.type) === 0);
        assert.deepEqual(system.map((t) => [Number(t.status), Number(t.taskType)]), [[1, 0], [1, 0], [1, 0], [1, 0]], 'four running system tasks (log, recycle bin, data-job and change-audit retention), once');
        const admins = await knex('base_sys_user').where({ username: 'admin' }).select('isSuper');
        assert.equal(admins.length, 1);
        assert.equal(Number(admins[0].isSuper), 1);
        const menus = Number((await knex('base_sys_menu').count({ n: '*' }))[0]?.n);
        const tree = JSON.parse(fs.readFileSync(path.join(SCHEMAS_DIR, 'base', 'seed', 'menus.json'), 'utf8')).menus;
        assert.equal(menus, countNodes(tree), 'the whole menu tree, once');
        const migrations = Number((await knex('knex_migrations').count({ n: '*' }))[0]?.n);
        assert.ok(migrations >= 1);
        assert.equal(new Set((await knex('knex_migrations').select('name')).map((r) => r.name)).size, migrations, 'each migration ran once');
      } finally {
        await c.close();
      }
    });

    it('serves dictionaries keyed by type, ordered, with numeric values coerced', async () => {
      const app = await startTestApp(await db.config());
      try {
        const res = await app.post('/admin/dict/info/data', { types: ['occupation', 'brand', 'nope'] });
        assert.equal(res.body.code, 1000);
        assert.deepEqual(Object.keys(res.body.data).sort(), ['brand', 'occupation']);
        const occ = res.body.data.occupation as { id: number; name: string; value: unknown; orderNum: number; parentId: number | null }[];
        assert.deepEqual(occ.map((o) => o.orderNum), [...occ.map((o) => o.orderNum)].sort((x, y) => x - y));
        assert.equal(occ.find((o) => o.name === '法师')!.value, 4);
        const child = occ.find((o) => o.name === '幻影刺客')!;
        assert.equal(child.parentId, occ.find((o) => o.name === '刺客')!.id);
        assert.equal(res.body.data.brand.find((b: { name: string }) => b.name === 'COOL').value, 'cool');
        const all = await app.post('/admin/dict/info/data', {});
        assert.deepEqual(Object.keys(all.body.data).sort(), ['brand', 'goodsType', 'occupation'], 'no types = every type');
        const none = await app.post('/admin/dict/info/data', { types: ['nope'] });
        assert.deepEqual(none.body.data, {});
        const types = await app.get('/admin/dict/info/types');
        assert.deepEqual(types.body.data.map((t: { key: string }) => t.key).sort(), ['brand', 'goodsType', 'occupation']);
      } finally {
        await app.close();
      }
    });

    it('serves the OpenAPI document and the program name', async () => {
      const app = await startTestApp(await db.config());
      try {
        const doc = (await app.get('/admin/base/comm/openapi')).body.data;
        assert.equal(doc.openapi, '3.1.0');
        assert.ok(doc.paths['/admin/demo/goods/page'].post);
        assert.equal((await app.get('/admin/base/comm/program')).body.data, 'Node');
      } finally {
        await app.close();
      }
    });
  });
}
