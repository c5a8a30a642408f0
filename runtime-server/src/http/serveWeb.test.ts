import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import request from 'supertest';
import { sqliteTestDb } from '../testing/forEachDb.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';

// Serving static files does not touch the database; one SQLite app is enough.
const db = sqliteTestDb();

describe('serving the built console', () => {
  let dist: string;
  let app: TestApp;
  let server: ReturnType<TestApp['instance']['callback']>;
  const INDEX = '<!doctype html><html><body><div id="app"></div><script src="/assets/index-abc123.js"></script></body></html>';
  before(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app");'.repeat(200));
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(dist, '.secret'), 'hidden');
    app = await startTestApp(await db.config(), { webDir: dist });
    server = app.instance.callback();
  });
  after(async () => {
    await app?.close();
    await db.cleanup();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers / with index.html, revalidated on every load', async () => {
    const res = await request(server).get('/');
    assert.equal(res.status, 200);
    assert.match(res.headers['content-type']!, /text\/html/);
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.equal(res.text, INDEX);
    assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    const csp = res.headers['content-security-policy'] ?? '';
    assert.match(csp, /script-src 'self' 'unsafe-eval'(;|$)/, 'no inline or remote script (ajv compiles form schemas)');
    assert.match(csp, /object-src 'none'/);
    assert.match(csp, /frame-ancestors 'self'/);
    const again = await request(server).get('/').set('If-None-Match', res.headers.etag!);
    assert.equal(again.status, 304);
  });

  it('falls back to index.html for history-mode routes that ask for HTML', async () => {
    for (const p of ['/sys/user', '/demo/test/route/7/abc', '/my/info', '/404', '/login?redirect=%2Fsys%2Fuser']) {
      const res = await request(server).get(p).set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8');
      assert.equal(res.status, 200, p);
      assert.equal(res.text, INDEX, p);
    }
  });

  it('caches hashed assets for a year and serves other files with their type', async () => {
    const js = await request(server).get('/assets/index-abc123.js');
    assert.equal(js.status, 200);
    assert.match(js.headers['content-type']!, /javascript/);
    assert.equal(js.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(js.text, 'console.log("app");'.repeat(200));
    const svg = await request(server).get('/favicon.svg');
    assert.equal(svg.status, 200);
    assert.match(svg.headers['content-type']!, /image\/svg\+xml/);
    assert.equal(svg.headers['cache-control'], 'no-cache');
  });

  it('a missing hashed asset is a 404, never index.html (so a stale lazy chunk fails and the page reloads)', async () => {
    const res = await request(server).get('/assets/gone-123.js').set('Accept', 'text/html,*/*');
    assert.equal(res.status, 404);
    assert.equal(res.body.code, 404);
  });

  it('leaves API, /api and upload paths to the API, 404 envelope included', async () => {
    for (const p of ['/admin/nope', '/api/admin/nope', '/api/nope', '/upload/20240101/x.png', '/app/anything']) {
      const res = await request(server).get(p).set('Accept', 'text/html');
      assert.equal(res.status, 404, p);
      assert.equal(res.body.code, 404, p);
      assert.notEqual(res.text, INDEX, p);
    }
    const eps = await request(server).get('/api/admin/base/open/eps').set('Accept', 'text/html');
    assert.equal(eps.body.code, 1000);
    assert.equal(eps.headers['x-content-type-options'], 'nosniff', 'JSON answers are not sniffed');
  });

  it('serves nothing outside the dist folder, no dot files, and no HTML to non-HTML clients', async () => {
    for (const p of ['/../package.json', '/%2e%2e/package.json', '/.secret', '/assets/%2e%2e%2f%2e%2e%2fpackage.json']) {
      const res = await request(server).get(p);
      assert.notEqual(res.text, 'hidden', p);
      assert.ok(res.status === 404 || res.status === 400, `${p}: ${res.status}`);
    }
    const json = await request(server).get('/sys/user').set('Accept', 'application/json');
    assert.equal(json.status, 404);
    assert.equal(json.body.code, 404);
    const post = await request(server).post('/sys/user').set('Accept', 'text/html');
    assert.notEqual(post.text, INDEX);
  });
});

describe('before the console is built', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp(await db.config(), { webDir: path.join(os.tmpdir(), 'sa-web-missing-' + process.pid) });
  });
  after(async () => {
    await app?.close();
  });

  it('/ shows the welcome page and other paths keep the 404 envelope', async () => {
    const server = app.instance.callback();
    const home = await request(server).get('/');
    assert.equal(home.status, 200);
    assert.match(home.text, /Schema Admin/);
    const other = await request(server).get('/sys/user').set('Accept', 'text/html');
    assert.equal(other.status, 404);
  });
});
