import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Knex } from 'knex';
import { createDb } from '../db/createDb.js';
import { now } from '../db/values.js';
import { testDatabases } from '../testing/forEachDb.js';
import { loginOver } from '../testing/solveCaptcha.js';
import { packShipped } from '../modules/plugin/testPackages.js';
import { freePort, spawnServer } from '../testing/spawnServer.js';
import type { SpawnedServer } from '../testing/spawnServer.js';
import { insertId } from '../db/insertId.js';
import { whereLike } from '../db/like.js';

const PASSWORD = 'Fault-pass-1';

/** A TCP proxy to the database that the test can take down and bring back on the same port. */
function tcpProxy(port: number, target: { host: string; port: number }) {
  let server: net.Server | undefined;
  const sockets = new Set<net.Socket>();
  return {
    start: () =>
      new Promise<void>((resolve) => {
        server = net.createServer((client) => {
          const up = net.connect(target.port, target.host);
          for (const s of [client, up]) {
            sockets.add(s);
            s.on('close', () => sockets.delete(s));
            s.on('error', () => s.destroy());
          }
          client.pipe(up).pipe(client);
        });
        server.listen(port, '127.0.0.1', resolve);
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        if (server) server.close(() => resolve());
        else resolve();
      }),
  };
}

const post = async (url: string, token: string, p: string, body: unknown) => {
  const t0 = Date.now();
  const res = await fetch(`${url}${p}`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json', language: 'en' }, body: JSON.stringify(body) });
  const text = await res.text();
  let parsed: { code: number; message: string };
  try {
    parsed = JSON.parse(text) as { code: number; message: string };
  } catch {
    throw new Error(`${p}: HTTP ${res.status} ${text.slice(0, 200)}`);
  }
  return { status: res.status, ms: Date.now() - t0, requestId: res.headers.get('x-request-id'), body: parsed };
};

// The database outage needs a server reached over TCP: MariaDB and PostgreSQL.
for (const db of testDatabases().filter((d) => d.name !== 'sqlite')) {
  describe(`faults survived (${db.name}, production process)`, () => {
    let server: SpawnedServer;
    let knex: Knex;
    let proxy: ReturnType<typeof tcpProxy>;
    let dataDir: string;
    let token: string;

    before(async () => {
      const config = await db.config();
      dataDir = config.dataDir;
      const real = new URL(config.databaseUrl!);
      const proxyPort = await freePort();
      proxy = tcpProxy(proxyPort, { host: real.hostname, port: Number(real.port || (db.name === 'postgres' ? 5432 : 3306)) });
      await proxy.start();
      const viaProxy = new URL(real.href);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxyPort);
      server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: viaProxy.href, ADMIN_PASSWORD: PASSWORD, TASK_POLL_MS: '200' }, 90_000);
      knex = createDb(config).knex;
      token = (await loginOver(server.url, knex, 'admin', PASSWORD)).token;
    });
    after(async () => {
      await server?.stop('SIGKILL');
      await proxy?.stop();
      await knex?.destroy();
      await db.cleanup();
    });

    it('database gone: requests fail fast with a clear 503, readiness says so, nothing half-written; back: served again without a restart', async () => {
      const duringOutage = async () => {
        const failed = await post(server.url, token, '/admin/demo/goods/add', { title: 'during-outage', price: 1 });
        assert.equal(failed.status, 503);
        assert.equal(failed.body.code, 1001);
        assert.match(failed.body.message, /The database is unavailable, please try again shortly \([0-9a-f-]{36}\)/);
        assert.ok(failed.ms < 10_000, `answered in ${failed.ms} ms`);
        const ready = await fetch(`${server.url}/readyz`);
        assert.equal(ready.status, 503);
        assert.equal(((await ready.json()) as { status: string }).status, 'unavailable');
        assert.equal((await fetch(`${server.url}/healthz`)).status, 200, 'the process itself is up');
        // The error is logged as JSON with the request id the client got.
        const line = await server.waitForLine((l) => l.includes(`"requestId":"${failed.requestId}"`));
        assert.ok(line, `a log line carries request id ${failed.requestId}`);
        assert.equal((JSON.parse(line) as { level: string }).level, 'error');
        // The request log's writer tries its batch meanwhile, fails, and keeps the rows.
        assert.ok(await server.waitForLine((l) => /request log: insert of \d+ row\(s\) failed, kept/.test(l), 5_000), 'the log writer met the outage');
      };
      const loggedOf = async (title: string) =>
        Number(((await knex('base_sys_log').where((q) => whereLike(q, 'params', `%${title}%`)).count({ n: '*' })) as { n: unknown }[])[0]!.n);
      const logged = async (titles: string[]) => {
        const t1 = Date.now();
        while (Date.now() - t1 < 15_000) {
          const counts = await Promise.all(titles.map(loggedOf));
          if (counts.every((n) => n > 0)) return;
          await new Promise((r) => setTimeout(r, 100));
        }
      };
      assert.equal((await post(server.url, token, '/admin/demo/goods/add', { title: 'before-outage', price: 1 })).body.code, 1000);
      // Its request log row written: the writer holds a connection, which the outage breaks.
      await logged(['before-outage']);
      assert.equal(await loggedOf('before-outage'), 1);
      await proxy.stop();
      // Whatever fails below, the database comes back for the tests after this one.
      try {
        await duringOutage();
      } finally {
        await proxy.start();
      }
      let back = { status: 0, body: { code: 0, message: '' } } as Awaited<ReturnType<typeof post>>;
      const t0 = Date.now();
      while (Date.now() - t0 < 15_000) {
        back = await post(server.url, token, '/admin/demo/goods/add', { title: 'after-outage', price: 1 });
        if (back.body.code === 1000) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      assert.equal(back.body.code, 1000, JSON.stringify(back.body));
      assert.equal((await fetch(`${server.url}/readyz`)).status, 200);
      const titles = ((await knex('demo_goods').select('title')) as { title: string }[]).map((r) => r.title);
      assert.ok(titles.includes('before-outage') && titles.includes('after-outage'));
      assert.ok(!titles.includes('during-outage'), 'the refused add left no row');
      assert.equal((await knex('base_sys_audit').where({ entity: 'demo/goods' }).count({ n: '*' }))[0]!.n, 2, 'nor an audit row');
      // The request log kept the row of the refused request and wrote it once the database was back (on a
      // connection made anew: the writer's own broke with the outage).
      await logged(['during-outage', 'after-outage']);
      assert.equal(await loggedOf('during-outage'), 1, 'the refused request is in the request log, once');
      assert.ok((await loggedOf('after-outage')) >= 1, 'and the requests after it');
    });

    it('a throwing task handler does not stop the scheduler: it fails on each tick, other tasks keep theirs', async () => {
      // A real registered handler that throws: the shipped task-demo plugin, installed and enabled through the
      // plugin API with failEvery 1, so pluginDemoService.ping throws on every run of this instance.
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(await packShipped('task-demo'))]), 'plugin.cool');
      const install = await fetch(`${server.url}/admin/plugin/info/install`, { method: 'POST', headers: { authorization: token }, body: form });
      assert.equal(((await install.json()) as { code: number }).code, 1000);
      const { id: pluginId } = (await knex('plugin_info').where({ keyName: 'taskDemo' }).first('id')) as { id: number };
      const enable = await post(server.url, token, '/admin/plugin/info/update', { id: pluginId, status: 1, config: { greeting: 'hi', failEvery: 1 } });
      assert.equal(enable.body.code, 1000, JSON.stringify(enable.body));
      const services = await fetch(`${server.url}/admin/task/info/services`, { headers: { authorization: token } });
      assert.ok(((await services.json()) as { data: string[] }).data.includes('pluginDemoService.ping()'), 'the handler is registered');

      const ts = now();
      const task = (name: string, service: string) => ({ name, service, status: 1, type: 0, taskType: 1, every: 1000, createTime: ts, updateTime: ts });
      const bad = await insertId(knex, 'task_info', task('fails', 'pluginDemoService.ping()'));
      const good = await insertId(knex, 'task_info', task('works', 'taskDemoService.test()'));
      const logs = async (taskId: number, status: number) => (await knex('task_log').where({ taskId, status }).select('detail')) as { detail: string | null }[];
      const t0 = Date.now();
      while (Date.now() - t0 < 10_000 && ((await logs(bad, 0)).length < 3 || (await logs(good, 1)).length < 3)) await new Promise((r) => setTimeout(r, 200));
      const failures = await logs(bad, 0);
      assert.ok(failures.length >= 3, 'the throwing task failed on each tick, logged');
      for (const f of failures) assert.match(String(f.detail), /planned failure of run \d+ \(failEvery=1\)/, 'the handler itself threw (not an unknown service)');
      assert.equal((await logs(bad, 1)).length, 0, 'no run of it succeeded');
      assert.ok((await logs(good, 1)).length >= 3, 'the other task kept running');
      const soFar = (await logs(bad, 0)).length;
      await new Promise((r) => setTimeout(r, 1500));
      assert.ok((await logs(bad, 0)).length > soFar, 'and the throwing one keeps being scheduled');
      await knex('task_info').whereIn('id', [bad, good]).update({ status: 0 });
    });

    it('an unwritable upload folder gives a clear error and leaves no file', async () => {
      const uploads = path.join(dataDir, 'uploads');
      fs.rmSync(uploads, { recursive: true, force: true });
      // Running as root ignores permissions: a plain file where the folder should be cannot be written into either way.
      fs.writeFileSync(uploads, 'not a folder');
      const form = new FormData();
      form.append('file', new Blob([Buffer.from('89504e470d0a1a0a', 'hex')], { type: 'image/png' }), 'pixel.png');
      const res = await fetch(`${server.url}/admin/base/comm/upload`, { method: 'POST', headers: { authorization: token, language: 'en' }, body: form });
      const body = (await res.json()) as { code: number; message: string };
      assert.equal(body.code, 1001, JSON.stringify(body));
      assert.match(body.message, /could not be stored on the server \(upload folder is not a folder \((ENOTDIR|EEXIST)\)\); nothing was saved/);
      assert.equal(fs.readFileSync(uploads, 'utf8'), 'not a folder');
      const leftovers = fs.readdirSync(dataDir, { recursive: true }).map(String).filter((f) => f.includes('pixel'));
      assert.deepEqual(leftovers, []);
      fs.rmSync(uploads);
    });
  });
}
