/**
 * Wire compatibility with an unchanged cool-admin-vue 7.x console (docs/decisions.md, "Wire compatibility"):
 * the menus it reads name its own view files, routes and icons; uploads are reachable behind its `/api/`-only
 * proxy; older databases are corrected without undoing an admin's edits; plugin logos are bare base64.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { seed } from '../../db/seed.js';
import { bareLogos } from '../plugin/logoFormat.js';
import { FAMILY_ICONS, FAMILY_VIEWS, OURS_ONLY } from '../../testing/familyClient.js';
import { testDatabases } from '../../testing/forEachDb.js';
import { startTestApp } from '../../testing/testApp.js';
import type { TestApp } from '../../testing/testApp.js';

/** Routes the client provides itself: a menu there must name the very file the client would load. */
const CLIENT_ROUTES: Record<string, string> = {
  '/my/info': 'modules/base/views/info.vue',
  '/space/list': 'modules/space/views/list.vue',
  '/helper/ai-code': 'modules/helper/views/ai-code.vue',
};
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.from('tiny image for the proxy test')]);

interface MenuRow {
  id: number;
  name: string;
  type: number;
  router: string | null;
  viewPath: string | null;
  icon: string | null;
}

for (const db of testDatabases()) {
  describe(`wire compatibility with the reference family's console (${db.name})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(await db.config());
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });
    const permmenu = async (): Promise<MenuRow[]> => {
      const res = await app.get('/admin/base/comm/permmenu');
      assert.equal(res.body.code, 1000);
      return res.body.data.menus as MenuRow[];
    };

    it('permmenu names only view files, routes and icons the family client has', async () => {
      const menus = await permmenu();
      const pages = menus.filter((m) => m.type === 1 && !/^https?:\/\//.test(m.viewPath ?? ''));
      assert.ok(pages.length >= 15);
      for (const m of pages) assert.ok(FAMILY_VIEWS.has(m.viewPath!) || OURS_ONLY.has(m.viewPath!), `${m.name}: ${m.viewPath}`);
      for (const m of menus.filter((x) => x.type !== 2 && x.icon)) assert.ok(FAMILY_ICONS.has(m.icon!), `${m.name}: ${m.icon}`);
      for (const [router, view] of Object.entries(CLIENT_ROUTES)) {
        for (const m of menus.filter((x) => x.router === router)) assert.equal(m.viewPath, view, `${router} must load the client's own view`);
      }
      const plugins = menus.find((m) => m.viewPath === 'modules/helper/views/plugins/serve.vue');
      assert.equal(plugins?.router, '/helper/plugins/serve', 'its view cache is keyed on this route');
    });

    it('corrects menus an earlier version seeded, but keeps what an admin changed', async () => {
      const knex = app.instance.services.knex;
      const row = (name: string) => knex('base_sys_menu').where({ name, type: 1 }).first('viewPath', 'icon', 'router') as Promise<MenuRow>;
      // A database seeded by the earlier version, one row since edited by an admin.
      await knex('base_sys_menu').where({ name: '角色列表', type: 1 }).update({ viewPath: 'modules/base/views/role/index.vue', icon: 'icon-role' });
      await knex('base_sys_menu').where({ name: '插件列表', type: 1 }).update({ router: '/helper/plugins' });
      await knex('base_sys_menu').where({ name: '参数列表', type: 1 }).update({ viewPath: 'custom/views/param.vue', icon: 'icon-param' });
      await seed(knex, app.instance.services.schema.registry, app.instance.services.auth.ports.identity);
      assert.deepEqual({ ...(await row('角色列表')) }, { viewPath: 'modules/base/views/role.vue', icon: 'icon-auth', router: '/sys/role' });
      assert.equal((await row('插件列表')).router, '/helper/plugins/serve');
      const param = await row('参数列表');
      assert.equal(param.viewPath, 'custom/views/param.vue', "the admin's view path stands");
      assert.equal(param.icon, 'icon-params', 'the untouched seeded icon is corrected');
      const menus = await permmenu();
      assert.equal(menus.find((m) => m.name === '角色列表')?.viewPath, 'modules/base/views/role.vue', 'permmenu answers the corrected row at once');
      await seed(knex, app.instance.services.schema.registry, app.instance.services.auth.ports.identity);
      assert.equal((await row('参数列表')).viewPath, 'custom/views/param.vue', 'a second start changes nothing');
    });

    it('answers upload URLs a client behind an /api/-only proxy can fetch', async () => {
      // The family's nginx: only /api/ reaches the server, with the prefix stripped; anything else is the SPA's.
      const server = http.createServer(app.instance.callback());
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const upstream = (server.address() as AddressInfo).port;
      const proxy = http.createServer((req, res) => {
        if (!req.url?.startsWith('/api/')) {
          res.writeHead(404).end('not the api');
          return;
        }
        const fwd = http.request({ host: '127.0.0.1', port: upstream, path: req.url.slice(4), method: req.method, headers: req.headers }, (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        });
        req.pipe(fwd);
      });
      await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
      const base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      try {
        const form = new FormData();
        form.append('file', new Blob([PNG], { type: 'image/png' }), 'avatar.png');
        const up = await fetch(`${base}/api/admin/base/comm/upload`, { method: 'POST', body: form, headers: { Authorization: app.admin.token } });
        const body = (await up.json()) as { code: number; data: string };
        assert.equal(body.code, 1000, JSON.stringify(body));
        assert.match(body.data, /^\/api\/upload\/\d{8}\/[0-9a-f-]{36}_avatar\.png$/);
        const got = await fetch(`${base}${body.data}`);
        assert.equal(got.status, 200, 'the answered URL is reachable through the proxy');
        assert.deepEqual(Buffer.from(await got.arrayBuffer()), PNG);
        assert.equal((await fetch(`${base}${body.data.slice('/api'.length)}`)).status, 404, 'the bare /upload/ path would not be');
      } finally {
        await new Promise((r) => proxy.close(r));
        await new Promise((r) => server.close(r));
      }
    });

    it('turns plugin logos stored as data URLs into the bare base64 the family client expects', async () => {
      const knex = app.instance.services.knex;
      const ts = '2026-01-01 00:00:00';
      const b64 = PNG.toString('base64');
      await knex('plugin_info').insert([
        { name: 'old', keyName: 'oldLogo', version: '1.0.0', status: 0, logo: `data:image/png;base64,${b64}`, createTime: ts, updateTime: ts },
        { name: 'new', keyName: 'newLogo', version: '1.0.0', status: 0, logo: b64, createTime: ts, updateTime: ts },
      ]);
      assert.equal(await bareLogos(knex), 1);
      const logos = await knex('plugin_info').whereIn('keyName', ['oldLogo', 'newLogo']).orderBy('keyName').pluck('logo');
      assert.deepEqual(logos, [b64, b64]);
      assert.equal(await bareLogos(knex), 0, 'idempotent');
      await knex('plugin_info').whereIn('keyName', ['oldLogo', 'newLogo']).delete();
    });
  });
}
