import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pruneLogs } from '../base/logRetention.js';
import { testDatabases } from '../../testing/forEachDb.js';
import { reclaimFiles, spaceKeysOf } from './fileReclaim.js';
import { startTestApp } from '../../testing/testApp.js';
import type { TestApp } from '../../testing/testApp.js';
import { whereLike } from '../../db/like.js';

const I = '/admin/space/info';
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('tiny png')]);
const DOCX = Buffer.from('PK\u0003\u0004 tiny docx');

for (const db of testDatabases()) {
  describe(`space/info (${db.name})`, () => {
    let app: TestApp;
    let uploads: string;
    const fileOf = (url: string) => path.join(uploads, decodeURIComponent(url.replace(/^(\/api)?\/upload\//, '')));
    const upload = async (bytes: Buffer, name: string): Promise<string> => {
      const res = await app.post('/admin/base/comm/upload').attach('file', bytes, name);
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      // Answered behind /api (UPLOAD_BASE_URL's default); the tests name files by their canonical key.
      return (res.body.data as string).replace(/^\/api(?=\/upload\/)/, '');
    };
    const addType = async (name: string, parentId: number | null = null): Promise<number> => {
      const res = await app.post('/admin/space/type/add', { name, parentId });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      return res.body.data.id as number;
    };
    /** Ages the given recycle snapshots (all when none given) past recycleKeep and runs the daily prune. */
    const purge = async (recordIds?: number[]) => {
      const { knex, config, logger } = app.instance.services;
      const { registry } = app.instance.services.schema;
      const q = knex('recycle_data');
      if (recordIds) q.whereIn('id', recordIds);
      await q.update({ createTime: '2000-01-01 00:00:00' });
      await pruneLogs(knex, new Date(), (records) => reclaimFiles(knex, config, logger, spaceKeysOf(records), undefined, registry).then(() => undefined));
    };
    const lastRecord = async () => Number((await app.instance.services.knex('recycle_data').max({ id: 'id' }).first())?.id);
    const count = async () => Number(((await app.instance.services.knex('space_info').count({ n: '*' }).first()) as { n: number | string }).n);
    const pageOf = async (filter: Record<string, unknown>) => {
      const res = await app.post(`${I}/page`, { page: 1, size: 20, ...filter });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      return res.body.data.list as Record<string, unknown>[];
    };

    before(async () => {
      app = await startTestApp(await db.config());
      uploads = path.join(app.instance.services.config.dataDir, 'uploads');
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('adds uploaded files; key, type and size come from the stored file, not the client', async () => {
      const cat = await addType('Pictures');
      const pngUrl = await upload(PNG, 'logo.png');
      const docUrl = await upload(DOCX, 'cv.docx');
      const png = await app.post(`${I}/add`, { classifyId: cat, url: pngUrl, name: 'report.pdf', size: 999999, type: 'pdf', key: '../../etc/passwd', fileId: 'f-1' });
      assert.equal(png.body.code, 1000, JSON.stringify(png.body));
      assert.ok(Number.isInteger(png.body.data.id));
      const row = (await app.get(`${I}/info`, { id: png.body.data.id })).body.data;
      assert.equal(row.type, 'image', 'the stored file is a png: client type and the name\'s extension are ignored');
      assert.equal(row.size, PNG.length, 'bytes on disk, not the client\'s size');
      assert.equal(row.key, pngUrl, 'key = the relative URL');
      assert.equal(row.url, pngUrl);
      assert.equal(row.name, 'report.pdf');
      assert.equal(row.fileId, 'f-1');
      assert.equal(row.classifyId, cat);
      assert.equal(row.version, 1);

      // The console's own shape, behind the /api prefix: url keeps it, key does not.
      const doc = await app.post(`${I}/add`, { url: `/api${docUrl}`, name: 'cv.docx', size: 1, type: 'application' });
      assert.equal(doc.body.code, 1000, JSON.stringify(doc.body));
      const drow = (await app.get(`${I}/info`, { id: doc.body.data.id })).body.data;
      assert.deepEqual([drow.type, drow.size, drow.url, drow.key, drow.classifyId], ['word', DOCX.length, `/api${docUrl}`, docUrl, null]);
    });

    it('pages by group, category and keyword, newest first by default', async () => {
      const cat = await addType('Filtered');
      const png = await app.post(`${I}/add`, { classifyId: cat, url: await upload(PNG, 'p.png'), name: 'zebra.png' });
      const doc = await app.post(`${I}/add`, { classifyId: cat, url: await upload(DOCX, 'd.docx'), name: 'zebra.docx' });
      const [pngId, docId] = [png.body.data.id, doc.body.data.id];
      // Make the docx clearly older: the default order is createTime desc, not id.
      await app.instance.services.knex('space_info').where({ id: docId }).update({ createTime: '2000-01-01 00:00:00' });

      assert.deepEqual((await pageOf({ classifyId: cat, type: 'image' })).map((r) => r.id), [pngId]);
      assert.deepEqual((await pageOf({ classifyId: cat, type: 'word' })).map((r) => r.id), [docId]);
      assert.deepEqual((await pageOf({ classifyId: cat, type: 'pdf' })).map((r) => r.id), []);
      assert.deepEqual((await pageOf({ classifyId: cat })).map((r) => r.id), [pngId, docId], 'newest first');
      assert.deepEqual((await pageOf({ keyWord: 'zebra' })).map((r) => r.id), [pngId, docId]);
      assert.deepEqual((await pageOf({ keyWord: 'zebra.d' })).map((r) => r.id), [docId]);
      const all = await pageOf({ type: 'image' });
      assert.ok(all.length >= 2 && all.every((r) => r.type === 'image'), 'other categories\' images too, nothing else');
      const other = await addType('Empty');
      assert.deepEqual(await pageOf({ classifyId: other }), []);
    });

    it('refuses URLs that are not files of our upload folder, and writes nothing', async () => {
      const good = await upload(PNG, 'good.png');
      // A real file next to (outside) the uploads folder that traversal would reach.
      const dataDir = app.instance.services.config.dataDir;
      fs.writeFileSync(path.join(dataDir, 'secret.png'), 'not an upload');
      const day = good.split('/')[2];
      const before = await count();
      for (const url of [
        'http://evil.example/x.png',
        '//evil.example/upload/20240101/x.png',
        `http://127.0.0.1${good}`,
        '/upload/../../etc/passwd',
        '/upload/20240101/..%2f..%2fx',
        `/upload/${day}/..%2f..%2fsecret.png`,
        `/upload/${day}/..%5c..%5csecret.png`,
        `/upload/${day}/%252e%252e%252fsecret.png`,
        `${good}?x=1`,
        `/upload/${day}/does-not-exist.png`,
        `/upload/${day}`,
        '/etc/passwd',
      ]) {
        const res = await app.post(`${I}/add`, { url, name: 'x.png' });
        assert.equal(res.body.code, 1001, `${url}: ${JSON.stringify(res.body)}`);
        assert.match(res.body.message, /upload|文件|file/i, url);
      }
      // One bad element refuses the whole array.
      const mixed = await app.post(`${I}/add`, [{ url: good, name: 'ok.png' }, { url: 'http://evil.example/x.png', name: 'x.png' }]);
      assert.equal(mixed.body.code, 1001);
      assert.equal(await count(), before, 'nothing written');
    });

    it('checks the category, bounds arrays at 9, and validates the body', async () => {
      const url = await upload(PNG, 'c.png');
      const before = await count();
      const missing = await app.post(`${I}/add`, { url, name: 'c.png', classifyId: 987654 });
      assert.equal(missing.body.code, 1001);
      assert.match(missing.body.message, /987654/);
      assert.equal((await app.post(`${I}/add`, Array.from({ length: 10 }, () => ({ url, name: 'c.png' })))).body.code, 1002);
      assert.equal((await app.post(`${I}/add`, { url })).body.code, 1002, 'name is required');
      assert.equal((await app.post(`${I}/add`, { url: 5, name: 'c.png' })).body.code, 1002);
      assert.equal(await count(), before);
      const nine = await app.post(`${I}/add`, Array.from({ length: 9 }, (_v, i) => ({ url, name: `c${i}.png` })));
      assert.equal(nine.body.code, 1000, JSON.stringify(nine.body));
      assert.equal(nine.body.data.id.length, 9);
      assert.equal(await count(), before + 9);
    });

    it('update changes only the category and the name, never what points at the file', async () => {
      const mine = await upload(PNG, 'mine.png');
      const other = await upload(DOCX, 'other.docx');
      const cat = await addType('Moved');
      const id = (await app.post(`${I}/add`, { url: mine, name: 'mine.png' })).body.data.id;
      const res = await app.post(`${I}/update`, { id, classifyId: cat, name: 'renamed.png', url: other, key: other, type: 'word', size: 1 });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      const row = (await app.get(`${I}/info`, { id })).body.data;
      assert.deepEqual([row.classifyId, row.name, row.url, row.key, row.type, row.size], [cat, 'renamed.png', mine, mine, 'image', PNG.length]);
      assert.equal((await app.post(`${I}/update`, { id, classifyId: 987654 })).body.code, 1001, 'unknown category');
      // Deleting it keeps both files until its snapshot is purged; then only its own file goes.
      assert.equal((await app.post(`${I}/delete`, { ids: [id] })).body.code, 1000);
      assert.ok(fs.existsSync(fileOf(mine)), 'restorable: the file stays while the snapshot exists');
      await purge([await lastRecord()]);
      assert.ok(!fs.existsSync(fileOf(mine)));
      assert.ok(fs.existsSync(fileOf(other)));
    });

    it('a deleted entry stays restorable with its file; a purge removes the file only when nothing references it', async () => {
      const url = await upload(PNG, 'shared.png');
      const a = (await app.post(`${I}/add`, { url, name: 'a.png' })).body.data.id;
      const b = (await app.post(`${I}/add`, { url: `/api${url}`, name: 'b.png' })).body.data.id;
      assert.equal((await app.post(`${I}/delete`, { ids: [a] })).body.code, 1000);
      assert.equal((await app.get(`${I}/info`, { id: a })).body.code, 1001, 'row gone');
      const recA = await lastRecord();
      await purge([recA]);
      assert.ok(fs.existsSync(fileOf(url)), 'a purged, but b still uses the file');

      assert.equal((await app.post(`${I}/delete`, { ids: [b] })).body.code, 1000);
      assert.ok(fs.existsSync(fileOf(url)), 'b sits in the recycle bin');
      const recB = await lastRecord();
      assert.equal((await app.post('/admin/recycle/data/restore', { ids: [recB] })).body.code, 1000);
      const restored = (await app.get(`${I}/info`, { id: b })).body.data;
      const served = await app.anon.get(restored.url);
      assert.equal(served.status, 200, 'the restored entry serves its file');

      assert.equal((await app.post(`${I}/delete`, { ids: [b] })).body.code, 1000);
      await purge();
      assert.ok(!fs.existsSync(fileOf(url)), 'last reference purged → file gone');
      // A file already missing on disk is not an error.
      const gone = await upload(PNG, 'gone.png');
      const c = (await app.post(`${I}/add`, { url: gone, name: 'gone.png' })).body.data.id;
      fs.rmSync(fileOf(gone));
      assert.equal((await app.post(`${I}/delete`, { ids: [c] })).body.code, 1000);
      await purge();
      assert.equal((await app.get(`${I}/info`, { id: c })).body.code, 1001);
    });

    it('a purge keeps a file still used outside the file space (an avatar, goods images)', async () => {
      const url = await upload(PNG, 'avatar.png');
      const goodsUrl = await upload(PNG, 'goods.png');
      const person = await app.post('/admin/base/comm/personUpdate', { nickName: 'Admin', headImg: `/api${url}` });
      assert.equal(person.body.code, 1000, JSON.stringify(person.body));
      const goods = (await app.post('/admin/demo/goods/add', { title: 'With image', exampleImages: [goodsUrl] })).body.data.id as number;
      for (const u of [url, goodsUrl]) {
        const id = (await app.post(`${I}/add`, { url: u, name: 'x.png' })).body.data.id;
        assert.equal((await app.post(`${I}/delete`, { ids: [id] })).body.code, 1000);
      }
      await purge();
      assert.ok(fs.existsSync(fileOf(url)), 'the avatar still shows it');
      assert.ok(fs.existsSync(fileOf(goodsUrl)), 'the goods still show it');
      // Once nothing uses them, a later purge of another snapshot holding them removes them.
      assert.equal((await app.post('/admin/base/comm/personUpdate', { nickName: 'Admin', headImg: '' })).body.code, 1000);
      await app.post('/admin/demo/goods/delete', { ids: [goods] });
      await app.instance.services.knex('recycle_data').where((q) => whereLike(q, 'entityInfo', '%demo/goods%')).delete();
      for (const u of [url, goodsUrl]) {
        const id = (await app.post(`${I}/add`, { url: u, name: 'again.png' })).body.data.id;
        await app.post(`${I}/delete`, { ids: [id] });
      }
      await purge();
      assert.ok(!fs.existsSync(fileOf(url)) && !fs.existsSync(fileOf(goodsUrl)), 'no longer used: removed');
    });

    it('purging two entries of one file removes it; an unrelated upload stays', async () => {
      const url = await upload(PNG, 'pair.png');
      const bystander = await upload(PNG, 'bystander.png');
      const ids = (await app.post(`${I}/add`, [{ url, name: '1.png' }, { url, name: '2.png' }])).body.data.id as number[];
      assert.equal((await app.post(`${I}/delete`, { ids })).body.code, 1000);
      assert.ok(fs.existsSync(fileOf(url)));
      await purge();
      assert.ok(!fs.existsSync(fileOf(url)));
      assert.ok(fs.existsSync(fileOf(bystander)), 'an upload not in the space is never touched');
    });

    it('requires a token', async () => {
      assert.equal((await app.anon.post(`${I}/add`, { url: '/upload/20240101/x.png', name: 'x' })).status, 401);
      assert.equal((await app.anon.post(`${I}/delete`, { ids: [1] })).status, 401);
    });
  });
}
