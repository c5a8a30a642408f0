import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import request from 'supertest';
import { pruneLogs } from '../modules/base/logRetention.js';
import { reclaimFiles, spaceKeysOf } from '../modules/space/fileReclaim.js';
import { testDatabases } from '../testing/forEachDb.js';
import { startTestS3 } from '../testing/s3Server.js';
import type { TestS3 } from '../testing/s3Server.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';
import { S3Storage } from './s3Driver.js';

const J = '/admin/base/sys/dataJob';
const G = '/admin/demo/goods';
const I = '/admin/space/info';
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.from('fleet pixels')]);

async function waitJob(app: TestApp, id: number): Promise<{ status: number; error: string | null }> {
  for (let i = 0; i < 200; i++) {
    const info = (await app.get(`${J}/jobInfo`, { id })).body.data;
    if (info.status >= 2) return info;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('job did not end');
}

/** Every file under a folder (relative paths), to prove an instance kept nothing of a fleet's on its disk. */
const filesUnder = (dir: string, sub: string): string[] =>
  fs.existsSync(path.join(dir, sub)) ? (fs.readdirSync(path.join(dir, sub), { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, sub, f)).isFile()) : [];

// SQLite keeps its database file in DATA_DIR: two separate data folders would be two databases, so the fleet
// (one database, separate disks) runs on MariaDB and PostgreSQL; storage.test.ts covers the drivers alone.
for (const db of testDatabases().filter((d) => d.name !== 'sqlite')) {
  describe(`a fleet on STORAGE=s3: two instances, separate DATA_DIRs, one bucket (${db.name})`, () => {
    let s3: TestS3;
    let a: TestApp;
    let b: TestApp;
    let bucket: S3Storage;
    before(async () => {
      s3 = await startTestS3();
      bucket = new S3Storage(s3.settings);
      const config = await db.config({ storage: { driver: 's3', ...s3.settings } });
      a = await startTestApp(config);
      b = await startTestApp({ ...config, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'sa-fleet-b-')) });
      assert.notEqual(a.instance.services.config.dataDir, b.instance.services.config.dataDir);
    });
    after(async () => {
      await a?.close();
      await b?.close();
      await s3?.close();
      await db.cleanup();
    });

    it('a file uploaded through A is served by B (whole, HEAD, a range) and lives in the bucket, not on A\'s disk', async () => {
      const res = await a.post('/admin/base/comm/upload').attach('file', PNG, 'fleet.png');
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      const url = res.body.data as string;
      assert.match(url, /^\/api\/upload\/\d{8}\/[0-9a-f-]{36}_fleet\.png$/);
      const got = await request(b.instance.callback()).get(url).buffer(true);
      assert.equal(got.status, 200);
      assert.ok(Buffer.from(got.body).equals(PNG));
      assert.equal(got.headers['content-type'], 'image/png');
      assert.equal(got.headers['x-content-type-options'], 'nosniff');
      assert.equal((await request(b.instance.callback()).head(url)).status, 200);
      const part = await request(b.instance.callback()).get(url).set('Range', 'bytes=0-7').buffer(true);
      assert.equal(part.status, 206);
      assert.ok(Buffer.from(part.body).equals(PNG.subarray(0, 8)));
      assert.ok(await bucket.stat(url.replace(/^\/api\//, '')));
      assert.deepEqual(filesUnder(a.instance.services.config.dataDir, 'uploads'), []);
      assert.deepEqual(filesUnder(b.instance.services.config.dataDir, 'uploads'), []);
    });

    it('active content uploaded through A is served by B as an attachment', async () => {
      const res = await a.post('/admin/base/comm/upload').attach('file', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg');
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      const got = await request(b.instance.callback()).get(res.body.data as string);
      assert.equal(got.status, 200);
      assert.match(String(got.headers['content-disposition']), /^attachment;/);
    });

    it('the file space: added through B, listed through A, purged through B (object gone, A answers 404)', async () => {
      const url = (await a.post('/admin/base/comm/upload').attach('file', PNG, 'space.png')).body.data as string;
      const add = await b.post(`${I}/add`, { url, name: 'space.png' });
      assert.equal(add.body.code, 1000, JSON.stringify(add.body));
      const page = await a.post(`${I}/page`, { page: 1, size: 50 });
      const row = (page.body.data.list as { url: string; size: number }[]).find((r) => r.url.endsWith(url.replace(/^\/api/, '')));
      assert.ok(row, JSON.stringify(page.body));
      assert.equal(Number(row.size), PNG.length, 'the size B read from the bucket');
      assert.equal((await b.post(`${I}/delete`, { ids: [add.body.data.id] })).body.code, 1000);
      const { knex, config } = b.instance.services;
      const { plugins } = b.instance.services.modules;
      await knex('recycle_data').update({ createTime: '2000-01-01 00:00:00' });
      const warnings: string[] = [];
      await pruneLogs(knex, new Date(), (records) => reclaimFiles(knex, config, { warn: (...m: unknown[]) => void warnings.push(m.map(String).join(' ')) }, spaceKeysOf(records), plugins).then(() => undefined));
      assert.deepEqual(warnings, []);
      assert.equal(await bucket.stat(url.replace(/^\/api\//, '')), undefined);
      assert.equal((await request(a.instance.callback()).get(url)).status, 404);
    });

    it('a bucket that refuses the write: a translated error naming the cause, no object, no file on disk', async () => {
      const broken = await startTestApp({ ...a.instance.services.config, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'sa-fleet-c-')), storage: { driver: 's3', ...s3.settings, bucket: 'no-such-bucket-here' } });
      try {
        const res = await broken.post('/admin/base/comm/upload').set('language', 'en').attach('file', PNG, 'lost.png');
        assert.equal(res.status, 200);
        assert.notEqual(res.body.code, 1000);
        assert.match(res.body.message, /object storage: NoSuchBucket/, JSON.stringify(res.body));
        assert.deepEqual(filesUnder(broken.instance.services.config.dataDir, 'uploads'), []);
      } finally {
        await broken.close();
      }
    });

    it('an export started on A downloads from B; an import previewed on A runs on B', async () => {
      assert.equal((await a.post(`${G}/add`, { title: 'Fleet phone', price: 10, status: 1, type: 1 })).body.code, 1000);
      const start = await a.post(`${J}/exportStart`, { prefix: G, format: 'csv', columns: ['title'] });
      assert.equal(start.body.code, 1000, JSON.stringify(start.body));
      const job = await waitJob(b, start.body.data.id);
      assert.equal(job.status, 2, JSON.stringify(job));
      const file = await request(b.instance.callback()).get(`${J}/jobDownload`).query({ id: start.body.data.id }).set('Authorization', b.admin.token).buffer(true);
      assert.equal(file.status, 200);
      assert.match(file.text, /Fleet phone/);
      assert.deepEqual(filesUnder(a.instance.services.config.dataDir, 'data-jobs'), [], 'published to the bucket');

      const preview = await request(a.instance.callback())
        .post(`${J}/importPreview`)
        .set('Authorization', a.admin.token)
        .field('prefix', G)
        .attach('file', Buffer.from('title,price,status,type\nFleet import,3,1,1\n'), 'goods.csv');
      assert.equal(preview.body.code, 1000, JSON.stringify(preview.body));
      const run = await b.post(`${J}/importStart`, { id: preview.body.data.id, mode: 'all' });
      assert.equal(run.body.code, 1000, JSON.stringify(run.body));
      const done = await waitJob(b, preview.body.data.id);
      assert.equal(done.status, 2, JSON.stringify(done));
      assert.ok(await b.instance.services.knex('demo_goods').where({ title: 'Fleet import' }).first('id'));
      assert.deepEqual(filesUnder(a.instance.services.config.dataDir, 'data-jobs'), []);
      assert.deepEqual(filesUnder(b.instance.services.config.dataDir, 'data-jobs'), [], 'the import source is removed after its run');
    });
  });
}
