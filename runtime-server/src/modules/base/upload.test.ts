import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Response, Test } from 'supertest';
import { testDatabases } from '../../testing/forEachDb.js';
import { startTestApp } from '../../testing/testApp.js';
import type { TestApp } from '../../testing/testApp.js';
import { UPLOAD_CSP } from '../../upload/serveUploads.js';

const U = '/admin/base/comm/upload';
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.from('pixels of a tiny test image')]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
const STORED = /^\d{8}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}_[^/]+$/;

/** Reads any response body as bytes, whatever its Content-Type. */
const bytes = (t: Test): Promise<Response> =>
  t.buffer(true).parse((res, cb) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  });

/** Every file below `dir`, as paths relative to it with `/` separators. */
function walk(dir: string, base = dir): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p, base) : [path.relative(base, p).split(path.sep).join('/')];
  });
}

const tempDirs = () => new Set(fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('sa-upload-')));

for (const db of testDatabases()) {
  describe(`upload and uploaded files (${db.name})`, () => {
    let app: TestApp;
    let dataDir: string;
    let uploads: string;
    before(async () => {
      // 1 MB per file, so the oversize case needs only 1.5 MB of test data.
      app = await startTestApp(await db.config({ uploadMaxMb: 1 }));
      dataDir = app.instance.services.config.dataDir;
      uploads = path.join(dataDir, 'uploads');
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('uploadMode is the built-in local storage', async () => {
      const res = await app.get('/admin/base/comm/uploadMode');
      assert.deepEqual(res.body, { code: 1000, message: 'success', data: { mode: 'local', type: 'local' } });
    });

    it('stores a png and serves the same bytes inline as image/png, also under /api', async () => {
      const res = await app.post(U).field('key', '7c1e2f4a-1b2c-4d3e-8f90-0123456789ab_logo.png').attach('file', PNG, 'logo.png');
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      const answered = res.body.data as string;
      assert.match(answered, /^\/api\/upload\/\d{8}\/[0-9a-f-]{36}_logo\.png$/, 'relative URL under /api (reachable through the family\'s proxy); our uuid replaces the console one');
      assert.ok(!answered.includes('7c1e2f4a'));
      const url = answered.slice('/api'.length);
      for (const u of [url, `/api${url}`]) {
        const got = await bytes(app.anon.get(u));
        assert.equal(got.status, 200, u);
        assert.equal(got.headers['content-type'], 'image/png');
        assert.deepEqual(got.body, PNG);
        assert.equal(got.headers['x-content-type-options'], 'nosniff');
        assert.equal(got.headers['content-security-policy'], UPLOAD_CSP);
        assert.match(got.headers['content-disposition'] ?? '', /^inline;/);
      }
      assert.deepEqual(fs.readFileSync(path.join(uploads, url.slice('/upload/'.length))), PNG);
    });

    it('answers one URL per file, as an array, for several files; temp files are gone afterwards', async () => {
      const temps = tempDirs();
      const res = await app.post(U).attach('file', PNG, 'a.png').attach('file', Buffer.from('a,b\n1,2\n'), 'b.csv');
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      assert.equal(res.body.data.length, 2);
      assert.match(res.body.data[0], /_a\.png$/);
      assert.match(res.body.data[1], /_b\.csv$/);
      const csv = await bytes(app.anon.get(res.body.data[1]));
      assert.equal(csv.body.toString(), 'a,b\n1,2\n');
      assert.match(csv.headers['content-disposition'] ?? '', /^attachment;/);
      assert.deepEqual([...tempDirs()].filter((d) => !temps.has(d)), []);
    });

    it('a traversal in the key or the file name lands inside uploads/<day>/ and nowhere else', async () => {
      const before = new Set(walk(dataDir));
      const attacks: Array<[key: string | undefined, filename: string]> = [
        ['../../etc/passwd', 'x.png'],
        ['a/../../x.png', 'x.png'],
        ['..\\..\\..\\evil.png', 'x.png'],
        [undefined, '../../../escape.png'],
        ['/tmp/abs.png', 'x.png'],
      ];
      for (const [key, filename] of attacks) {
        let req = app.post(U);
        if (key !== undefined) req = req.field('key', key);
        const res = await req.attach('file', PNG, filename);
        assert.equal(res.body.code, 1000, `${key} ${filename}: ${JSON.stringify(res.body)}`);
        const rel = (res.body.data as string).slice('/api/upload/'.length);
        assert.match(rel, STORED, rel);
        const onDisk = path.resolve(uploads, decodeURIComponent(rel));
        assert.ok(onDisk.startsWith(uploads + path.sep) && fs.existsSync(onDisk), onDisk);
      }
      const added = walk(dataDir).filter((f) => !before.has(f));
      assert.equal(added.length, attacks.length);
      for (const f of added) assert.match(f, /^uploads\/\d{8}\/[0-9a-f-]{36}_(passwd\.png|x\.png|evil\.png|escape\.png|abs\.png)$/, f);
      for (const outside of [path.join(dataDir, 'etc', 'passwd'), path.join(uploads, 'x.png'), path.join(dataDir, 'evil.png'), '/tmp/abs.png']) {
        assert.ok(!fs.existsSync(outside), outside);
      }
    });

    it('refuses executables, scripts and HTML by extension, naming it, and stores nothing', async () => {
      const before = walk(uploads).length;
      for (const [key, filename, ext] of [
        [undefined, 'setup.exe', 'exe'],
        [undefined, 'shell.php', 'php'],
        [undefined, 'page.html', 'html'],
        [undefined, 'page.HTM', 'htm'],
        ['x_evil.php', 'photo.png', 'php'],
      ] as const) {
        let req = app.post(U).set('language', 'en');
        if (key) req = req.field('key', key);
        const res = await req.attach('file', Buffer.from('<?php system($_GET["c"]);'), filename);
        assert.equal(res.body.code, 1001, filename);
        assert.equal(res.body.message, `Files of type .${ext} cannot be uploaded`);
      }
      const none = await app.post(U).set('language', 'en').attach('file', PNG, 'Makefile');
      assert.equal(none.body.message, 'Files without an extension cannot be uploaded');
      assert.equal(walk(uploads).length, before);
    });

    it('serves an svg as a download with the sandboxing CSP, so its script never runs on our origin', async () => {
      const res = await app.post(U).attach('file', SVG, 'icon.svg');
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      const got = await bytes(app.anon.get(res.body.data));
      assert.equal(got.status, 200);
      assert.equal(got.headers['content-type'], 'image/svg+xml');
      assert.match(got.headers['content-disposition'] ?? '', /^attachment; filename="icon\.svg"/);
      assert.equal(got.headers['content-security-policy'], UPLOAD_CSP);
      assert.match(UPLOAD_CSP, /default-src 'none'/);
      assert.match(UPLOAD_CSP, /\bsandbox\b/);
      assert.equal(got.headers['x-content-type-options'], 'nosniff');
      assert.deepEqual(got.body, SVG);
    });

    it('refuses a file over uploadMaxMb while streaming, naming the limit, and leaves no temp file', async () => {
      const temps = tempDirs();
      const before = walk(uploads).length;
      const big = Buffer.alloc(1.5 * 1024 * 1024, 7);
      const res = await app.post(U).attach('file', big, 'big.png');
      assert.equal(res.body.code, 1001);
      assert.equal(res.body.message, '大小不能超过1MB');
      const en = await app.post(U).set('language', 'en').attach('file', big, 'big.png');
      assert.equal(en.body.message, 'Size cannot exceed 1MB');
      assert.deepEqual([...tempDirs()].filter((d) => !temps.has(d)), [], 'temp folders removed');
      assert.equal(walk(uploads).length, before);
      // The server is still healthy for the next request on the same app.
      assert.equal((await app.post(U).attach('file', PNG, 'after.png')).body.code, 1000);
    });

    it('refuses more than 9 files per request and stores none of them', async () => {
      const temps = tempDirs();
      const before = walk(uploads).length;
      let req = app.post(U).set('language', 'en');
      for (let i = 0; i < 10; i++) req = req.attach('file', PNG, `f${i}.png`);
      const res = await req;
      assert.equal(res.body.code, 1001);
      assert.equal(res.body.message, 'At most 9 files can be uploaded');
      assert.equal(walk(uploads).length, before);
      assert.deepEqual([...tempDirs()].filter((d) => !temps.has(d)), []);
      let nine = app.post(U);
      for (let i = 0; i < 9; i++) nine = nine.attach('file', PNG, `f${i}.png`);
      assert.equal((await nine).body.data.length, 9, 'nine is the limit, not ten');
    });

    it('an upload without a file, or with an empty file, is refused as empty', async () => {
      const onlyKey = await app.post(U).field('key', 'x.png');
      assert.deepEqual(onlyKey.body, { code: 1001, message: '上传文件为空' });
      const json = await app.post(U, { file: 'x' });
      assert.deepEqual(json.body, { code: 1001, message: '上传文件为空' });
      const zero = await app.post(U).attach('file', Buffer.alloc(0), 'zero.png');
      assert.deepEqual(zero.body, { code: 1001, message: '上传文件为空' });
    });

    it('needs a signed-in admin: no token → 401 and nothing stored', async () => {
      const before = walk(uploads).length;
      const res = await app.anon.post(U).attach('file', PNG, 'anon.png');
      assert.equal(res.status, 401);
      assert.equal((await app.anon.get('/admin/base/comm/uploadMode')).status, 401);
      assert.equal(walk(uploads).length, before);
    });

    it('serving never leaves the uploads folder: encoded traversal, NUL and missing files are 404', async () => {
      fs.writeFileSync(path.join(dataDir, 'secret.txt'), 'TOP SECRET');
      const day = fs.readdirSync(uploads)[0]!;
      for (const u of [
        '/upload/..%2f..%2fetc/passwd',
        '/upload/..%2fsecret.txt',
        `/upload/${day}/..%2f..%2fsecret.txt`,
        `/upload/${day}/..%5c..%5csecret.txt`,
        `/upload/${day}/%2e%2e%2f%2e%2e%2fsecret.txt`,
        `/api/upload/${day}/..%2f..%2fsecret.txt`,
        `/upload/${day}/..%2f..%2f..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd`,
        `/upload/${day}/x.png%00.txt`,
        `/upload/${day}/%E0%A4%A`,
        `/upload/${day}/does-not-exist.png`,
        `/upload/${day}`,
      ]) {
        const res = await bytes(app.anon.get(u));
        assert.equal(res.status, 404, u);
        assert.ok(!res.body.toString().includes('TOP SECRET') && !res.body.toString().includes('root:'), u);
      }
    });

    it('supports byte ranges (video seeking) and conditional requests', async () => {
      const res = await app.post(U).attach('file', PNG, 'r.png');
      const url = res.body.data as string;
      const part = await bytes(app.anon.get(url).set('Range', 'bytes=0-7'));
      assert.equal(part.status, 206);
      assert.equal(part.headers['content-range'], `bytes 0-7/${PNG.length}`);
      assert.deepEqual(part.body, PNG.subarray(0, 8));
      const full = await app.anon.get(url);
      const again = await app.anon.get(url).set('If-None-Match', full.headers.etag ?? '');
      assert.equal(again.status, 304);
    });
  });
}
