import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pruneLogs } from '../base/logRetention.js';
import { packShipped } from '../plugin/testPackages.js';
import { testDatabases } from '../../testing/forEachDb.js';
import { startTestApp } from '../../testing/testApp.js';
import type { TestApp } from '../../testing/testApp.js';
import { reclaimFiles, spaceKeysOf } from './fileReclaim.js';

const I = '/admin/space/info';
const P = '/admin/plugin/info';
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.from('space plugin pixels')]);
const DOCX = Buffer.from('PK\u0003\u0004 plugin stored docx');

let uploadRoot: Buffer;

before(async () => {
  uploadRoot = await packShipped('upload-local-root');
});

for (const db of testDatabases()) {
  describe(`space/info with an upload plugin (${db.name})`, () => {
    let app: TestApp;
    let root: string;
    let outside: string;
    let pluginId: number;
    const warnings: string[] = [];
    const fileOf = (url: string) => path.join(root, decodeURIComponent(url.replace(/^(\/api)?\/files\//, '')));
    const count = async () => Number(((await app.instance.services.knex('space_info').count({ n: '*' }).first()) as { n: number | string }).n);
    const upload = async (bytes: Buffer, name: string): Promise<string> => {
      const res = await app.post('/admin/base/comm/upload').attach('file', bytes, name);
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      // Answered behind /api (UPLOAD_BASE_URL's default); the tests name files by their canonical key.
      return (res.body.data as string).replace(/^\/api(?=\/upload\/)/, '');
    };
    const setPlugin = async (status: 0 | 1) => {
      const res = await app.post(`${P}/update`, { id: pluginId, status, config: { root, urlPrefix: '/files' } });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
    };
    /** Ages every recycle snapshot past recycleKeep and runs the purge the daily task runs. */
    const purge = async () => {
      const { knex, config } = app.instance.services;
      const { plugins } = app.instance.services.modules;
      const logger = { warn: (...a: unknown[]) => void warnings.push(a.map(String).join(' ')) };
      await knex('recycle_data').update({ createTime: '2000-01-01 00:00:00' });
      await pruneLogs(knex, new Date(), (records) => reclaimFiles(knex, config, logger, spaceKeysOf(records), plugins).then(() => undefined));
    };

    before(async () => {
      app = await startTestApp(await db.config());
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-space-plugin-'));
      outside = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-space-outside-'));
      const install = await app.post(`${P}/install`).attach('files', uploadRoot, 'plugin.cool');
      assert.deepEqual(install.body, { code: 1000, message: 'success' });
      pluginId = Number((await app.instance.services.knex('plugin_info').where({ keyName: 'uploadLocalRoot' }).first('id')).id);
      await setPlugin(1);
      assert.equal((await app.get('/admin/base/comm/uploadMode')).body.data?.type, 'uploadLocalRoot');
    });
    after(async () => {
      await app?.close();
      fs.rmSync(root, { recursive: true, force: true });
      fs.rmSync(outside, { recursive: true, force: true });
      await db.cleanup();
    });

    it('adds a file stored by the plugin; key, type and size come from the stored file', async () => {
      const url = await upload(PNG, 'photo.png');
      assert.match(url, /^\/files\/\d{8}\/[0-9a-f-]{36}_photo\.png$/);
      assert.deepEqual(fs.readFileSync(fileOf(url)), PNG, 'stored in the plugin root');
      const res = await app.post(`${I}/add`, { url, name: 'claimed.pdf', size: 999999, type: 'pdf', key: '/files/x', fileId: 'f-9' });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      const row = (await app.get(`${I}/info`, { id: res.body.data.id })).body.data;
      assert.deepEqual([row.url, row.key, row.type, row.size, row.name, row.fileId], [url, url, 'image', PNG.length, 'claimed.pdf', 'f-9']);

      // The console's shape behind /api, and a needlessly encoded spelling: one canonical key.
      const doc = await upload(DOCX, 'cv.docx');
      const respelled = doc.replace(/_cv\.docx$/, '_cv%2Edocx');
      const both = await app.post(`${I}/add`, [{ url: `/api${doc}`, name: 'a.docx' }, { url: respelled, name: 'b.docx' }]);
      assert.equal(both.body.code, 1000, JSON.stringify(both.body));
      const rows = await app.instance.services.knex('space_info').whereIn('id', both.body.data.id).orderBy('id').select('url', 'key', 'type', 'size');
      assert.deepEqual(
        rows.map((r) => [r.url, r.key, r.type, Number(r.size)]),
        [[`/api${doc}`, doc, 'word', DOCX.length], [doc, doc, 'word', DOCX.length]],
      );
    });

    it('refuses forged, foreign and escaping URLs under the plugin prefix; a bad element writes nothing', async () => {
      const good = await upload(PNG, 'good.png');
      const day = good.split('/')[2]!;
      fs.writeFileSync(path.join(root, 'secret.png'), 'beside the day folders');
      fs.writeFileSync(path.join(outside, 'secret.png'), 'outside the root');
      fs.mkdirSync(path.join(root, day, 'folder.png'));
      fs.symlinkSync(path.join(outside, 'secret.png'), path.join(root, day, 'link.png'));
      fs.symlinkSync(outside, path.join(root, '20000101'));
      const before = await count();
      for (const url of [
        `/files/${day}/00000000-0000-0000-0000-000000000000_missing.png`,
        `/files/${day}/..%2Fsecret.png`,
        `/files/${day}/%2e%2e%2fsecret.png`,
        `/files/${day}/%252e%252e%252fsecret.png`,
        `/files/${day}/folder.png`,
        `/files/${day}/link.png`,
        '/files/20000101/secret.png',
        `/files/${day}/%E0%A4%A.png`,
        `/other/${day}/${good.split('/')[3]}`,
        `http://evil.example${good}`,
        `${good}?x=1`,
      ]) {
        const res = await app.post(`${I}/add`, { url, name: 'x.png' }).set('language', 'en');
        assert.equal(res.body.code, 1001, `${url}: ${JSON.stringify(res.body)}`);
        assert.match(res.body.message, /file storage "uploadLocalRoot" holds no such file/, url);
      }
      const mixed = await app.post(`${I}/add`, [{ url: good, name: 'ok.png' }, { url: `/files/${day}/nope.png`, name: 'x.png' }]);
      assert.equal(mixed.body.code, 1001);
      assert.equal(await count(), before, 'nothing written');
      assert.ok(fs.existsSync(path.join(outside, 'secret.png')));
    });

    it('delete keeps the plugin file until the last reference is purged; then the plugin removes it', async () => {
      const url = await upload(PNG, 'shared.png');
      const bystander = await upload(PNG, 'bystander.png');
      const ids = (await app.post(`${I}/add`, [{ url, name: '1.png' }, { url: `/api${url}`, name: '2.png' }])).body.data.id as number[];
      assert.equal((await app.post(`${I}/delete`, { ids: [ids[0]] })).body.code, 1000);
      assert.ok(fs.existsSync(fileOf(url)), 'restorable while the snapshot exists');
      await purge();
      assert.ok(fs.existsSync(fileOf(url)), 'the second entry still uses it');
      assert.equal((await app.post(`${I}/delete`, { ids: [ids[1]] })).body.code, 1000);
      assert.ok(fs.existsSync(fileOf(url)), 'in the recycle bin');
      await purge();
      assert.ok(!fs.existsSync(fileOf(url)), 'last reference purged → the plugin removed the file');
      assert.ok(fs.existsSync(fileOf(bystander)), 'an upload not in the space is never touched');
      assert.deepEqual(warnings, []);
      // Its URL is no longer accepted.
      assert.equal((await app.post(`${I}/add`, { url, name: 'again.png' })).body.code, 1001);
    });

    it('with the plugin disabled its URLs are refused and a purge leaves its files alone', async () => {
      const url = await upload(PNG, 'kept.png');
      const id = (await app.post(`${I}/add`, { url, name: 'kept.png' })).body.data.id as number;
      await setPlugin(0);
      assert.equal((await app.get('/admin/base/comm/uploadMode')).body.data?.type, 'local');
      const before = await count();
      const res = await app.post(`${I}/add`, { url, name: 'kept.png' }).set('language', 'en');
      assert.equal(res.body.code, 1001, JSON.stringify(res.body));
      assert.match(res.body.message, /Only files uploaded to this server/);
      assert.equal(await count(), before, 'nothing written');
      assert.equal((await app.post(`${I}/delete`, { ids: [id] })).body.code, 1000);
      await purge();
      assert.ok(fs.existsSync(fileOf(url)), 'no storage to ask: the file stays');
      // Local uploads still work as before.
      const local = await upload(PNG, 'local.png');
      assert.match(local, /^\/upload\//);
      assert.equal((await app.post(`${I}/add`, { url: local, name: 'local.png' })).body.code, 1000);
    });
  });
}
