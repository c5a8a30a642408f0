import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { ProjectPaths } from '@schema-admin/generator';
import type { Config } from '../../../config.js';
import { testDatabases } from '../../../testing/forEachDb.js';
import { widgetProject } from '../../../testing/widgetProject.js';
import { startTestApp } from '../../../testing/testApp.js';

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
        const dir = menus.find((m) => m.id === page.parentId);
        assert.equal(dir?.router, '/shop');
        assert.equal(dir?.name, '商店', 'named by schemas/shop/module.json');
        const buttons = menus.filter((m) => m.parentId === page.id).map((m) => m.perms).sort();
        assert.deepEqual(buttons, ['shop:widget:add', 'shop:widget:delete', 'shop:widget:history', 'shop:widget:info', 'shop:widget:list', 'shop:widget:page', 'shop:widget:update']);
        assert.ok((res.body.data.perms as string[]).includes('shop:widget:page'));
        const eps = (await app.anon.get('/admin/base/open/eps')).body.data;
        assert.equal(eps.shop[0].screen.route, '/shop/widget', 'a bare schema still has a screen');
        assert.deepEqual(eps.shop[0].screen.moduleLabel, { 'zh-cn': '商店', 'zh-tw': '商店', en: 'Shop' });
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
      const started = await Promise.allSettled([startTestApp(shared, { project: paths }), startTestApp(shared, { project: paths })]);
      const apps = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      try {
        for (const s of started) if (s.status === 'rejected') throw s.reason;
        const knex = apps[0]!.instance.services.knex;
        const pages = await knex('base_sys_menu').where({ router: '/shop/widget' });
        assert.equal(pages.length, 1);
        assert.equal((await knex('base_sys_menu').where({ router: '/shop' })).length, 1);
      } finally {
        for (const a of apps) await a.close();
      }
    });
  });
}
