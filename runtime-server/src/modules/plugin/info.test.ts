import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import type { Response, Test } from 'supertest';
import type { Config } from '../../config.js';
import { bumpPluginEpoch, jsonColumn } from './manager.js';
import { packShipped, samplePackage } from './testPackages.js';
import { eventually } from '../../testing/eventually.js';
import { testDatabases } from '../../testing/forEachDb.js';
import { createScopedAdmin } from '../../testing/scopedAdmin.js';
import { startTestApp } from '../../testing/testApp.js';
import type { Client, TestApp } from '../../testing/testApp.js';

const P = '/admin/plugin/info';
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.from('plugin stored pixels')]);

const install = (c: Client, pkg: Buffer, force?: boolean) => {
  const r = c.post(`${P}/install`);
  if (force !== undefined) r.field('force', String(force));
  return r.attach('files', pkg, 'plugin.cool');
};

/** Reads any response body as bytes. */
const bytes = (t: Test): Promise<Response> =>
  t.buffer(true).parse((res, cb) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  });

/** Every file below `dir` except the database files (which change with every request log). */
function files(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && !e.name.startsWith('schema-admin.sqlite'))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}


let taskDemo: Buffer;
let taskDemo101: Buffer;
let uploadRoot: Buffer;
let uploadRoot2: Buffer;

before(async () => {
  taskDemo = await packShipped('task-demo');
  taskDemo101 = await packShipped('task-demo', { version: '1.0.1' });
  uploadRoot = await packShipped('upload-local-root');
  uploadRoot2 = await packShipped('upload-local-root', { keyName: 'uploadLocalRootTwo', name: 'Second root' });
});

for (const db of testDatabases()) {
  describe(`plugins (${db.name})`, () => {
    let a: TestApp;
    let b: TestApp;
    let config: Config;
    let sharedRoot: string;
    const row = async (keyName: string) => a.instance.services.knex('plugin_info').where({ keyName }).first();
    const count = async () => Number((await a.instance.services.knex('plugin_info').count({ n: '*' }))[0]?.n);

    before(async () => {
      config = await db.config();
      a = await startTestApp(config);
      // Instance B shares the database; on MariaDB it also has its own DATA_DIR, so the code it runs
      // can only come from the database (SQLite keeps its database file in DATA_DIR).
      const bConfig = config.databaseUrl ? { ...config, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'sa-test-b-')) } : config;
      b = await startTestApp(bConfig);
      sharedRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-plugin-root-'));
    });
    after(async () => {
      await b?.close();
      await a?.close();
      fs.rmSync(sharedRoot, { recursive: true, force: true });
      if (b && b.instance.services.config.dataDir !== config.dataDir) fs.rmSync(b.instance.services.config.dataDir, { recursive: true, force: true });
      await db.cleanup();
    });

    it('install, update and delete are for super-admins only (403 for an admin holding the permission keys)', async () => {
      const scoped = await createScopedAdmin(a, {
        username: 'plugin-operator',
        perms: ['plugin:info:install', 'plugin:info:update', 'plugin:info:delete', 'plugin:info:page'],
        departmentIds: [],
      });
      const as = a.as(scoped.tokens.token);
      const res = await install(as, taskDemo);
      assert.equal(res.status, 403);
      assert.equal(res.body.code, 1001);
      assert.equal((await as.post(`${P}/update`, { id: 1, status: 1 })).status, 403);
      assert.equal((await as.post(`${P}/delete`, { ids: [1] })).status, 403);
      assert.equal((await as.post(`${P}/page`, {})).body.code, 1000, 'the list is an ordinary permission');
      assert.equal((await install(a.anon, taskDemo)).status, 401);
      assert.equal(await count(), 0);
    });

    it('answers type 0 for invalid packages, fails a forced retry, and writes nothing', async () => {
      const before = files(config.dataDir);
      // A valid package with plugin.json renamed away.
      const noManifest = await samplePackage();
      for (let at = noManifest.indexOf('plugin.json'); at !== -1; at = noManifest.indexOf('plugin.json', at + 1)) Buffer.from('plugin.jsox').copy(noManifest, at);
      const cases: [Buffer, RegExp][] = [
        [await samplePackage({}, [{ name: '../../evil.mjs', data: 'export {}' }]), /\.\.\/\.\.\/evil\.mjs/],
        [await samplePackage({}, [{ name: '/etc/evil.mjs', data: 'export {}' }]), /\/etc\/evil\.mjs/],
        [await samplePackage({}, [{ name: 'up', data: '../../', mode: 0o120777 }]), /symbolic link/],
        [noManifest, /no plugin\.json/],
      ];
      for (const [pkg, message] of cases) {
        const res = await install(a, pkg).set('language', 'en');
        assert.equal(res.body.code, 1000, JSON.stringify(res.body));
        assert.equal(res.body.data.type, 0);
        assert.match(res.body.data.message, message);
        const forced = await install(a, pkg, true).set('language', 'en');
        assert.equal(forced.body.code, 1001, 'force never skips validation');
        assert.equal(forced.body.message, res.body.data.message);
      }
      // Oversized: refused while it streams in, before any unpacking.
      a.instance.services.modules.plugins.limits.maxPackageBytes = 64 * 1024;
      try {
        const big = await samplePackage({}, [{ name: 'assets/big.bin', data: Buffer.alloc(200 * 1024, 7) }]);
        const res = await install(a, big, true).set('language', 'en');
        assert.equal(res.body.code, 1001);
        assert.match(res.body.message, /too large \(at most 0\.06MB\)/);
      } finally {
        a.instance.services.modules.plugins.limits.maxPackageBytes = 10 * 1024 * 1024;
      }
      assert.equal(await count(), 0, 'no row');
      assert.deepEqual(files(config.dataDir), before, 'DATA_DIR unchanged');
      assert.ok(!fs.existsSync(path.join(config.dataDir, 'plugins')));
    });

    it('installs a fresh plugin disabled, with empty success data; the page shows flags, version, author and config', async () => {
      const res = await install(a, taskDemo, false);
      assert.deepEqual(res.body, { code: 1000, message: 'success' }, 'success without data');
      const r = await row('taskDemo');
      assert.equal(Number(r.status), 0);
      const page = await a.post(`${P}/page`, {});
      assert.equal(page.body.code, 1000);
      const item = page.body.data.list.find((p: { keyName: string }) => p.keyName === 'taskDemo');
      assert.ok(item, JSON.stringify(page.body.data));
      assert.equal(item.version, '1.0.0');
      assert.equal(item.author, 'Schema Admin');
      assert.equal(item.installed, true);
      assert.equal(item.enabled, false);
      assert.equal(item.status, 0);
      assert.deepEqual(item.config, { greeting: 'pong', failEvery: 0 });
      assert.match(item.updateTime, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      // The family's clients prefix `data:image/jpg;base64,` themselves: a bare base64 raster, never a data URL.
      assert.match(item.logo, /^iVBORw0KGgo[A-Za-z0-9+/=]+$/);
      assert.ok(!('content' in item) && !('tsContent' in item), 'the page leaves the code out');
      const info = await a.get(`${P}/info`, { id: item.id });
      assert.equal(info.body.data.content.type, 'esm');
      assert.match(info.body.data.content.data, /pluginDemoService\.ping/);
      assert.equal(a.instance.services.modules.taskHandlers.resolve('pluginDemoService.ping'), undefined, 'disabled: no handler');
    });

    it('validates config against the plugin’s own schema (1002 naming the field) and changes nothing', async () => {
      const { id } = await row('taskDemo');
      for (const [config, field] of [[{ greeting: '' }, /Greeting \(greeting\)/], [{ greeting: 5 }, /Greeting \(greeting\)/], [{ greeting: 'x', failEvery: -1 }, /failEvery/], [{ greeting: 'x', color: 'red' }, /color|additional/i], [{}, /greeting/]] as const) {
        const res = await a.post(`${P}/update`, { id, config }).set('language', 'en');
        assert.equal(res.body.code, 1002, JSON.stringify(res.body));
        assert.match(res.body.message, field);
      }
      const bad = await a.post(`${P}/update`, { id, status: 2 });
      assert.equal(bad.body.code, 1002);
      const missing = await a.post(`${P}/update`, { id: 999999, status: 1 });
      assert.equal(missing.body.code, 1001);
      const r = await row('taskDemo');
      assert.equal(Number(r.status), 0);
      assert.deepEqual(jsonColumn(r.config), { greeting: 'pong', failEvery: 0 });
    });

    it('enabling registers the task handler on both instances; its detail follows the config', async () => {
      const { id } = await row('taskDemo');
      const res = await a.post(`${P}/update`, { id, status: 1, config: { greeting: 'hello', failEvery: 0 } });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      const onA = a.instance.services.modules.taskHandlers.resolve('pluginDemoService.ping');
      assert.ok(onA, 'this instance at once');
      await eventually(() => !!b.instance.services.modules.taskHandlers.resolve('pluginDemoService.ping'), 'B registers pluginDemoService.ping', 4000);
      const task = { id: 7, name: 't', service: 'pluginDemoService.ping()', data: { x: 1 } };
      const detail = await b.instance.services.modules.taskHandlers.resolve(task.service)!({ services: b.instance.services, task });
      assert.match(String(detail), /^hello from taskDemo 1\.0\.0 \(run 1 on this instance\) data=\{"x":1\}$/);
      assert.deepEqual(b.instance.services.modules.plugins.loadedKeys(), ['taskDemo']);
    });

    it('answers type 1 naming the installed version; force overwrites, keeping config and status', async () => {
      const res = await install(a, taskDemo101).set('language', 'en');
      assert.equal(res.body.data.type, 1);
      assert.match(res.body.data.message, /installed version 1\.0\.0/);
      assert.equal((await row('taskDemo')).version, '1.0.0', 'nothing changed yet');
      const forced = await install(a, taskDemo101, true);
      assert.deepEqual(forced.body, { code: 1000, message: 'success' });
      const r = await row('taskDemo');
      assert.equal(r.version, '1.0.1');
      assert.equal(Number(r.status), 1, 'status kept');
      assert.deepEqual(jsonColumn(r.config), { greeting: 'hello', failEvery: 0 }, 'config values kept');
      assert.equal(await count(), 1, 'overwritten, not duplicated');
      const task = { id: 7, name: 't', service: 'pluginDemoService.ping', data: null };
      await eventually(async () => /1\.0\.1/.test(String(await b.instance.services.modules.taskHandlers.resolve(task.service)?.({ services: b.instance.services, task }))), 'B runs version 1.0.1', 4000);
    });

    it('disabling removes the handler on both instances', async () => {
      const { id } = await row('taskDemo');
      assert.equal((await a.post(`${P}/update`, { id, status: 0 })).body.code, 1000);
      assert.equal(a.instance.services.modules.taskHandlers.resolve('pluginDemoService.ping'), undefined);
      await eventually(() => !b.instance.services.modules.taskHandlers.resolve('pluginDemoService.ping'), 'B drops pluginDemoService.ping', 4000);
    });

    it('the upload plugin, enabled on A, serves uploads on B without restart', async () => {
      assert.deepEqual((await install(a, uploadRoot)).body, { code: 1000, message: 'success' });
      const { id } = await row('uploadLocalRoot');
      const badRoot = await a.post(`${P}/update`, { id, status: 1, config: { root: 'relative/dir', urlPrefix: '/files' } }).set('language', 'en');
      assert.equal(badRoot.body.code, 1002);
      assert.match(badRoot.body.message, /Root folder \(root\)/);
      const enable = await a.post(`${P}/update`, { id, status: 1, config: { root: sharedRoot, urlPrefix: '/files' } });
      assert.equal(enable.body.code, 1000, JSON.stringify(enable.body));
      await eventually(async () => (await b.get('/admin/base/comm/uploadMode')).body.data?.type === 'uploadLocalRoot', 'B reports the plugin as upload mode', 4000);
      const up = await b.post('/admin/base/comm/upload').attach('file', PNG, 'photo.png');
      assert.equal(up.body.code, 1000, JSON.stringify(up.body));
      const url = up.body.data as string;
      assert.match(url, /^\/files\/\d{8}\/[0-9a-f-]{36}_photo\.png$/);
      const onDisk = path.join(sharedRoot, decodeURIComponent(url.slice('/files/'.length)));
      assert.deepEqual(fs.readFileSync(onDisk), PNG, 'stored in the configured root');
      assert.deepEqual(files(path.join(b.instance.services.config.dataDir, 'uploads')), [], 'not in local storage');
      for (const app of [b, a]) {
        // As a browser opening the link asks: the console's history fallback must not answer it.
        const got = await bytes(app.anon.get(url).set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8'));
        assert.equal(got.status, 200);
        assert.equal(got.headers['content-type'], 'image/png');
        assert.equal(got.headers['x-content-type-options'], 'nosniff');
        assert.deepEqual(got.body, PNG);
      }
      assert.deepEqual((await bytes(a.anon.get(`/api${url}`))).body, PNG, 'also under /api, as built-in uploads');
      assert.equal((await a.anon.get('/files/20240101/..%2F..%2Fetc%2Fpasswd')).status, 404);
      assert.equal((await a.anon.get('/files/20240101/missing.png')).status, 404);
      const refused = await b.post('/admin/base/comm/upload').attach('file', Buffer.from('<html>'), 'x.html');
      assert.equal(refused.body.code, 1001, 'the allow-list still applies');
    });

    it('answers type 2 for a second plugin of the same hook; force installs it disabled; enabling it disables the first', async () => {
      const res = await install(a, uploadRoot2).set('language', 'en');
      assert.equal(res.body.data.type, 2);
      assert.match(res.body.data.message, /Local root storage/);
      assert.equal(await row('uploadLocalRootTwo'), undefined);
      assert.deepEqual((await install(a, uploadRoot2, true)).body, { code: 1000, message: 'success' });
      const second = await row('uploadLocalRootTwo');
      assert.equal(Number(second.status), 0, 'installed disabled');
      assert.equal(Number((await row('uploadLocalRoot')).status), 1);
      assert.equal((await a.post(`${P}/update`, { id: second.id, status: 1 })).body.code, 1000);
      assert.equal(Number((await row('uploadLocalRoot')).status), 0, 'one enabled plugin per hook');
      await eventually(async () => (await b.get('/admin/base/comm/uploadMode')).body.data?.type === 'uploadLocalRootTwo', 'B switches to the second plugin', 4000);
    });

    it('masks secret config values in page, list, info and the audit trail; a masked value sent back is kept', async () => {
      const configSchema = { type: 'object', properties: { n: { type: 'integer', minimum: 1 }, token: { type: 'string', writeOnly: true } } };
      const pkg = await samplePackage({ keyName: 'secretPlugin', configSchema, config: { n: 1, token: '' } });
      assert.deepEqual((await install(a, pkg)).body, { code: 1000, message: 'success' });
      const { id } = await row('secretPlugin');
      assert.equal((await a.post(`${P}/update`, { id, config: { n: 2, token: 's3cr3t-value' } })).body.code, 1000);
      const fromPage = (await a.post(`${P}/page`, {})).body.data.list.find((p: { id: number }) => p.id === id);
      const fromList = (await a.post(`${P}/list`, {})).body.data.find((p: { id: number }) => p.id === id);
      const fromInfo = (await a.get(`${P}/info`, { id })).body.data;
      for (const shown of [fromPage, fromList, fromInfo]) assert.deepEqual(shown.config, { n: 2, token: '******' });
      assert.equal((await a.post(`${P}/update`, { id, config: { n: 3, token: '******' } })).body.code, 1000);
      assert.deepEqual(jsonColumn((await row('secretPlugin')).config), { n: 3, token: 's3cr3t-value' }, 'kept');
      const history = await a.get(`${P}/history`, { id });
      assert.equal(history.body.code, 1000);
      assert.ok(history.body.data.length >= 2, JSON.stringify(history.body));
      assert.doesNotMatch(JSON.stringify(history.body.data), /s3cr3t/);
      assert.equal((await a.post(`${P}/delete`, { ids: [id] })).body.code, 1000);
    });

    it('a plugin whose code fails to start is refused on enable and nothing changes', async () => {
      assert.deepEqual((await install(a, await samplePackage({ keyName: 'brokenPlugin' }))).body, { code: 1000, message: 'success' });
      const r = await row('brokenPlugin');
      await a.instance.services.knex('plugin_info').where({ id: r.id }).update({ content: JSON.stringify({ type: 'esm', data: 'export function activate() { throw new Error("no database driver"); }' }) });
      const res = await a.post(`${P}/update`, { id: r.id, status: 1 }).set('language', 'en');
      assert.equal(res.body.code, 1001);
      assert.match(res.body.message, /failed to start; nothing was changed: no database driver/);
      assert.equal(Number((await row('brokenPlugin')).status), 0);
    });

    it('a plugin that failed to load in a background sync is retried later on every instance', async () => {
      assert.deepEqual((await install(a, await samplePackage({ keyName: 'flakyPlugin' }))).body, { code: 1000, message: 'success' });
      const r = await row('flakyPlugin');
      // Its code starts only once a marker exists: a cause that passes (a mount, a network store).
      const marker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sa-flaky-')), 'ready');
      const code = `import fs from 'node:fs';\nexport function activate() { if (!fs.existsSync(${JSON.stringify(marker)})) throw new Error('store not mounted'); return {}; }\n`;
      for (const app of [a, b]) app.instance.services.modules.plugins.retryMs = 300;
      // Enabled behind the API's back (as another version's instance might): both instances fail to load it.
      await a.instance.services.knex('plugin_info').where({ id: r.id }).update({ status: 1, content: JSON.stringify({ type: 'esm', data: code }) });
      await bumpPluginEpoch(a.instance.services.knex);
      await sleep(1500);
      for (const app of [a, b]) assert.ok(!app.instance.services.modules.plugins.loadedKeys().includes('flakyPlugin'));
      fs.writeFileSync(marker, '');
      for (const [name, app] of [['A', a], ['B', b]] as const) {
        await eventually(() => app.instance.services.modules.plugins.loadedKeys().includes('flakyPlugin'), `${name} loads it on a retry`, 4000);
      }
      assert.equal((await a.post(`${P}/update`, { id: r.id, status: 0 })).body.code, 1000);
    });

    it('uninstalling unloads everywhere; upload falls back to local storage', async () => {
      const ids = (await a.instance.services.knex('plugin_info').select('id')).map((r: { id: number }) => r.id);
      assert.equal((await a.post(`${P}/delete`, { ids: [...ids, 999999] })).body.code, 1001, 'an unknown id deletes nothing');
      assert.equal(await count(), ids.length);
      assert.equal((await a.post(`${P}/delete`, { ids })).body.code, 1000);
      assert.equal(await count(), 0);
      await eventually(async () => (await b.get('/admin/base/comm/uploadMode')).body.data?.type === 'local', 'B back to local storage', 4000);
      assert.deepEqual(b.instance.services.modules.plugins.loadedKeys(), []);
      const up = await b.post('/admin/base/comm/upload').attach('file', PNG, 'again.png');
      assert.match(up.body.data, /^\/api\/upload\/\d{8}\//);
    });
  });
}
