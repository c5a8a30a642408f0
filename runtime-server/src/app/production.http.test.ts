import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import type { Knex } from 'knex';
import { createDb } from '../db/createDb.js';
import { testDatabases } from '../testing/forEachDb.js';
import { loginOver } from '../testing/solveCaptcha.js';
import { spawnServer } from '../testing/spawnServer.js';
import type { SpawnedServer } from '../testing/spawnServer.js';

const PASSWORD = 'Prod-pass-1';

/** Environment of a spawned server on the test database `config` points at. */
const envOf = (c: { dataDir: string; databaseUrl?: string }) => ({ DATA_DIR: c.dataDir, ADMIN_PASSWORD: PASSWORD, ...(c.databaseUrl ? { DATABASE_URL: c.databaseUrl } : {}) });

/** A request through node's http client (no decoding, no fetch): status, headers and the raw body. */
function rawGet(port: number, urlPath: string, headers: Record<string, string>, method = 'GET'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .request({ host: '127.0.0.1', port, path: urlPath, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });
}

for (const db of testDatabases()) {
  describe(`production mode: the compiled server in its own process (${db.name})`, () => {
    let server: SpawnedServer;
    let knex: Knex;
    let env: Record<string, string>;
    const lazyLoads = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sa-lazy-')), 'uses.txt');

    before(async () => {
      const config = await db.config({}, { empty: true });
      env = envOf(config);
      const spy = path.join(import.meta.dirname, '..', 'testing', 'lazyLoadSpy.cjs');
      // An empty database: the first start runs every migration (on MariaDB each index change is its own ALTER;
      // two loaded CI runs passed 20 s here, two others started in ~5 s), as instances.http.test.ts allows 40 s.
      server = await spawnServer({ ...env, NODE_OPTIONS: `--require "${spy}"`, LAZY_LOAD_SPY_FILE: lazyLoads }, 60_000);
      knex = createDb(config).knex;
    });
    after(async () => {
      await server?.stop('SIGKILL');
      await knex?.destroy();
      await db.cleanup();
      fs.rmSync(path.dirname(lazyLoads), { recursive: true, force: true });
    });

    it('answers /healthz and /readyz, logs JSON lines, refuses the test captcha switch', async () => {
      const health = await fetch(`${server.url}/healthz`);
      assert.equal(health.status, 200);
      assert.deepEqual(await health.json(), { status: 'ok' });
      const ready = await fetch(`${server.url}/readyz`);
      assert.equal(ready.status, 200);
      assert.deepEqual(await ready.json(), { status: 'ready' });
      assert.ok(server.lines.length > 0);
      for (const line of server.lines) {
        const entry = JSON.parse(line) as { time: string; level: string; msg: string };
        assert.ok(entry.time && entry.level && typeof entry.msg === 'string', line);
      }
      assert.ok(await server.waitForLine((l) => /listening on http:\/\/127\.0\.0\.1:\d+/.test(l) && l.includes('production')));
      // Second start on the same database: migrations already applied, so this is the cold start that counts.
      const again = await spawnServer({ ...env, CAPTCHA_FIXED_CODE: '1234' }).then(
        () => assert.fail('started with CAPTCHA_FIXED_CODE in production'),
        (err: Error) => err.message,
      );
      assert.match(again, /configuration error: CAPTCHA_FIXED_CODE is a test-only switch/);
    });

    it('loads neither ICU locale data nor node fetch machinery: start-up, probes, sign-in, checks, pages, errors, compressed answers, files, a cron task', async () => {
      const { token } = await loginOver(server.url, knex, 'admin', PASSWORD);
      const call = async (url: string, body: unknown) => {
        const res = await fetch(`${server.url}${url}`, { method: 'POST', headers: { Authorization: token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
        const answer = (await res.json()) as { code: number; message: string; data: { id: number } };
        assert.equal(answer.code, 1000, `${url}: ${answer.message}`);
        return answer.data;
      };
      await call('/admin/demo/goods/add', { title: 'Intl-free', price: 1234.5, stock: 2 });
      const refused = await fetch(`${server.url}/admin/demo/goods/add`, { method: 'POST', headers: { Authorization: token, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'too precise', price: 1.234 }) });
      assert.match(((await refused.json()) as { message: string }).message, /price/, 'the decimal check ran');
      await call('/admin/demo/goods/page', { page: 1, size: 5, keyWord: 'Intl', sort: 'desc', order: 'price' });
      // Error answers: an unknown route, a malformed body, an expired token.
      assert.equal((await fetch(`${server.url}/admin/no/such/route`)).status, 404);
      const badJson = await fetch(`${server.url}/admin/demo/goods/page`, { method: 'POST', headers: { Authorization: token, 'content-type': 'application/json' }, body: '{"page":' });
      assert.equal(((await badJson.json()) as { code: number }).code, 1002);
      assert.equal((await fetch(`${server.url}/admin/base/comm/person`, { headers: { Authorization: 'not-a-token' } })).status, 401);
      // Compressed answers (EPS: brotli and gzip), read raw so the client's own decoding does not hide them.
      for (const encoding of ['br', 'gzip']) {
        const res = await rawGet(server.port, '/admin/base/open/eps', { 'accept-encoding': encoding });
        assert.equal(res.headers['content-encoding'], encoding);
        const text = (encoding === 'br' ? zlib.brotliDecompressSync(res.body) : zlib.gunzipSync(res.body)).toString('utf8');
        assert.equal((JSON.parse(text) as { code: number }).code, 1000);
        assert.equal(Number(res.headers['content-length']), res.body.length, 'a compressed answer says its length');
      }
      // The console's files: its page and a script, streamed from disk (the script compressed).
      const page = await rawGet(server.port, '/', {});
      assert.equal(page.status, 200);
      assert.match(page.body.toString('utf8'), /<div id="root">|<html/i);
      const script = /src="([^"]+\.js)"/.exec(page.body.toString('utf8'))?.[1];
      assert.ok(script, 'the page names its script');
      const js = await rawGet(server.port, script, { 'accept-encoding': 'gzip' });
      assert.equal(js.status, 200);
      assert.equal(js.headers['content-encoding'], 'gzip');
      assert.ok(zlib.gunzipSync(js.body).length > 1000);
      // A HEAD of the same file: headers only.
      const head = await rawGet(server.port, script, {}, 'HEAD');
      assert.equal(head.status, 200);
      assert.equal(head.body.length, 0);
      // A cron task started: its next run is worked out at once, and again at each poll.
      const task = await call('/admin/task/info/add', { name: 'intl-free', taskType: 0, cron: '0 0 3 L * ?', status: 1, service: 'taskDemoService.test()' });
      await new Promise((r) => setTimeout(r, 1_500));
      await call('/admin/task/info/delete', { ids: [task.id] });
      const uses = fs.existsSync(lazyLoads) ? fs.readFileSync(lazyLoads, 'utf8') : '';
      assert.equal(uses, '', 'the server used something that loads for good:\n' + uses);
    });

    it('on SIGTERM: readiness goes, no new connections, the in-flight request finishes and its log row is written', async () => {
      const { token } = await loginOver(server.url, knex, 'admin', PASSWORD);
      // A request whose body is still arriving when the signal comes.
      const body = JSON.stringify({ page: 1, size: 5, keyWord: 'in-flight-marker' });
      const sock = net.connect(server.port, '127.0.0.1');
      await new Promise((r) => sock.once('connect', r));
      let answer = '';
      sock.on('data', (c: Buffer) => (answer += c.toString('utf8')));
      const closed = new Promise((r) => sock.once('close', r));
      sock.write(
        `POST /admin/base/sys/param/page HTTP/1.1\r\nHost: x\r\nAuthorization: ${token}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
      );
      await new Promise((r) => setTimeout(r, 100));
      server.proc.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      const refused = await fetch(`${server.url}/healthz`).then(() => 'answered', (err: Error) => String((err.cause as { code?: string })?.code ?? err.message));
      assert.equal(refused, 'ECONNREFUSED', 'no new connections once shutting down');
      sock.write(body.slice(10));
      await closed;
      assert.match(answer, /^HTTP\/1\.1 200/);
      assert.match(answer, /"code":1000/);
      assert.equal(await server.exited, 0, 'clean exit');
      const logged = await knex('base_sys_log').where({ action: '/admin/base/sys/param/page' }).select('params');
      assert.equal(logged.length, 1, 'the queued request log row was written at shutdown');
      const params = logged[0]!.params as unknown;
      assert.match(typeof params === 'string' ? params : JSON.stringify(params), /in-flight-marker/);
      const leases = await knex('task_info').whereNotNull('lockExpireTime').count({ n: '*' });
      assert.equal(Number((leases[0] as { n: unknown }).n), 0, 'no task lease left behind');
      const lines = server.lines.map((l) => JSON.parse(l) as { msg: string });
      assert.ok(lines.some((l) => /SIGTERM: shutting down/.test(l.msg)));
      assert.equal(lines.at(-1)!.msg, 'stopped');
    });
  });
}
