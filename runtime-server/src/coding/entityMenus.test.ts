import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { generate } from '@schema-admin/generator';
import type { ProjectPaths } from '@schema-admin/generator';
import type { Config } from '../config.js';
import { testDatabases } from '../testing/forEachDb.js';
import { scratchProject } from '../testing/scratchProject.js';
import { startTestApp } from '../testing/testApp.js';

/** A new module written as one schema file, no x-screen: the proof that a bare schema gets a menu and a screen. */
export const WIDGET_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'shop/widget',
  title: 'Widget',
  type: 'object',
  'x-label': { 'zh-cn': '小部件', 'zh-tw': '小部件', en: 'Widgets' },
  'x-table': 'shop_widget',
  'x-api': ['add', 'delete', 'update', 'info', 'list', 'page'],
  'x-query': { keyWordLikeFields: ['name'], fieldEq: ['color'], fieldLike: [] },
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 60, 'x-label': { 'zh-cn': '名称', 'zh-tw': '名稱', en: 'Name' } },
    price: { type: 'number', minimum: 0, default: 0, 'x-column': { type: 'decimal', precision: 8, scale: 2 }, 'x-label': { 'zh-cn': '价格', 'zh-tw': '價格', en: 'Price' } },
    color: {
      type: 'integer', enum: [1, 2], default: 1,
      'x-options': [{ value: 1, label: { 'zh-cn': '红', 'zh-tw': '紅', en: 'Red' } }, { value: 2, label: { 'zh-cn': '蓝', 'zh-tw': '藍', en: 'Blue' } }],
      'x-label': { 'zh-cn': '颜色', 'zh-tw': '顏色', en: 'Colour' },
    },
  },
  required: ['name'],
};

/** A scratch project holding the shipped schemas plus shop/widget.json, generated as `npm run generate` would. */
export async function widgetProject(): Promise<ProjectPaths> {
  const paths = scratchProject();
  fs.mkdirSync(path.join(paths.schemas, 'shop'), { recursive: true });
  fs.writeFileSync(path.join(paths.schemas, 'shop', 'widget.json'), `${JSON.stringify(WIDGET_SCHEMA, null, 2)}\n`);
  await generate(paths);
  return paths;
}

interface PermMenu {
  id: number;
  parentId: number | null;
  name: string;
  router: string | null;
  perms: string | null;
  type: number;
}

for (const db of testDatabases()) {
  describe(`menus for new entities, made at start (${db.name})`, () => {
    let paths: ProjectPaths;
    let config: Config;
    before(async () => {
      paths = await widgetProject();
      config = await db.config();
    });
    after(async () => {
      await db.cleanup();
      fs.rmSync(paths.root, { recursive: true, force: true });
    });

    it('shipped entities keep their seeded menus and get no extra one', async () => {
      const fresh = await startTestApp(await db.config());
      try {
        const knex = fresh.instance.services.knex;
        const marks = (await knex('base_sys_conf').where('cKey', 'like', 'menuAuto:%').select('cKey', 'cValue')) as { cKey: string; cValue: string }[];
        assert.ok(marks.length >= 10, 'every listable entity is recorded');
        assert.deepEqual(marks.filter((m) => m.cValue !== 'existing').map((m) => m.cKey), []);
      } finally {
        await fresh.close();
      }
    });

    it('a new schema gets a directory, a page at its screen route and a button per action, seen by the super-admin at once', async () => {
      const app = await startTestApp(config, { project: paths });
      try {
        const res = await app.get('/admin/base/comm/permmenu');
        const menus = res.body.data.menus as PermMenu[];
        const page = menus.find((m) => m.router === '/shop/widget');
        assert.ok(page, 'page menu');
        assert.equal(page.name, '小部件');
        assert.equal(menus.find((m) => m.id === page.parentId)?.router, '/shop');
        const buttons = menus.filter((m) => m.parentId === page.id).map((m) => m.perms).sort();
        assert.deepEqual(buttons, ['shop:widget:add', 'shop:widget:delete', 'shop:widget:history', 'shop:widget:info', 'shop:widget:list', 'shop:widget:page', 'shop:widget:update']);
        assert.ok((res.body.data.perms as string[]).includes('shop:widget:page'));
        const eps = (await app.anon.get('/admin/base/open/eps')).body.data;
        assert.equal(eps.shop[0].screen.route, '/shop/widget', 'a bare schema still has a screen');
        // Delete the page; the next start leaves the admin's decision alone.
        const ids = menus.filter((m) => m.id === page.id || m.parentId === page.id).map((m) => m.id);
        assert.equal((await app.post('/admin/base/sys/menu/delete', { ids })).body.code, 1000);
      } finally {
        await app.close();
      }
      const again = await startTestApp(config, { project: paths });
      try {
        const menus = (await again.get('/admin/base/comm/permmenu')).body.data.menus as PermMenu[];
        assert.equal(menus.find((m) => m.router === '/shop/widget'), undefined, 'not recreated');
      } finally {
        await again.close();
      }
    });

    it('instances starting together create the menu once', async () => {
      const shared = await db.config();
      const apps = await Promise.all([startTestApp(shared, { project: paths }), startTestApp(shared, { project: paths })]);
      try {
        const knex = apps[0].instance.services.knex;
        const pages = await knex('base_sys_menu').where({ router: '/shop/widget' });
        assert.equal(pages.length, 1);
        assert.equal((await knex('base_sys_menu').where({ router: '/shop' })).length, 1);
      } finally {
        for (const a of apps) await a.close();
      }
    });
  });
}
