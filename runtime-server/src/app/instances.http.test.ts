import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { Knex } from 'knex';
import { createDb, dialectOfKnex } from '../db/createDb.js';
import { hashSecret } from '../core/secrets.js';
import { now } from '../db/values.js';
import { testDatabases } from '../testing/forEachDb.js';
import { loginOver } from '../testing/solveCaptcha.js';
import { spawnServer } from '../testing/spawnServer.js';
import type { SpawnedServer } from '../testing/spawnServer.js';
import { insertId } from '../db/insertId.js';

const PASSWORD = 'Multi-pass-1';
const LEASE_MS = 3000;

/** A round-robin HTTP proxy in front of the instances: each request goes to the next one. */
function roundRobin(targets: () => number[]): Promise<{ url: string; close(): void }> {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true });
  const proxy = http.createServer((req, res) => {
    const ports = targets();
    const port = ports[next++ % ports.length]!;
    const up = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(up);
  });
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(proxy.address() as { port: number }).port}`,
        close: () => {
          proxy.closeAllConnections();
          proxy.close();
          agent.destroy();
        },
      }),
    ),
  );
}

const call = async (url: string, token: string | undefined, path: string, body?: unknown): Promise<{ status: number; body: { code: number; message: string; data?: any } }> => {
  const res = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(token ? { authorization: token } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { code: number; message: string; data?: any } };
};

/** Polls `check` until it holds; resolves with the milliseconds it took, or fails after `limitMs`. */
async function within(limitMs: number, check: () => Promise<boolean>, what: string): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    if (await check()) return Date.now() - t0;
    if (Date.now() - t0 > limitMs) assert.fail(`${what}: not within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The instance whose database connection waits on `insert into task_log` (a task run logging its tick), or
 * undefined: the database names the waiting connection's client port (MariaDB's process list, PostgreSQL's
 * pg_stat_activity), and /proc tells which process owns that socket.
 */
async function blockedInsertOwner(knex: Knex, servers: SpawnedServer[]): Promise<SpawnedServer | undefined> {
  const ports =
    dialectOfKnex(knex) === 'postgres'
      ? ((await knex.raw(`select client_port as port from pg_stat_activity where query like 'insert into "task_log"%' and wait_event_type = 'Lock'`)).rows as { port: number }[]).map((r) => r.port)
      : ((await knex.raw("select HOST as host from information_schema.PROCESSLIST where INFO like 'insert into `task_log`%'"))[0] as { host: string }[]).map((r) => Number(r.host.split(':').at(-1)));
  for (const port of ports) {
    const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
    const inodes = new Set<string>();
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      if (!fs.existsSync(table)) continue;
      for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
        const cols = line.trim().split(/\s+/);
        if (cols[1]?.endsWith(`:${hexPort}`)) inodes.add(cols[9]!);
      }
    }
    for (const s of servers) {
      if (s.proc.exitCode !== null || s.proc.signalCode !== null) continue;
      const fds = fs.readdirSync(`/proc/${s.proc.pid}/fd`);
      const owns = fds.some((fd) => {
        try {
          return inodes.has(/^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${s.proc.pid}/fd/${fd}`))?.[1] ?? '');
        } catch {
          return false;
        }
      });
      if (owns) return s;
    }
  }
  return undefined;
}

// Several instances sharing one database is a MariaDB or PostgreSQL deployment (SQLite is one file on one host).
for (const db of testDatabases().filter((d) => d.name !== 'sqlite')) {
  describe(`three production instances behind a round-robin proxy act as one (${db.name})`, () => {
    const servers: SpawnedServer[] = [];
    let knex: Knex;
    let proxy: { url: string; close(): void };
    let admin: string;

    before(async () => {
      // Empty: started together, the migration lock lets one migrate while the others wait.
      const config = await db.config({}, { empty: true });
      const env = { DATA_DIR: config.dataDir, DATABASE_URL: config.databaseUrl!, ADMIN_PASSWORD: PASSWORD, TASK_POLL_MS: '200', TASK_LEASE_MS: String(LEASE_MS) };
      // Started together: the migration lock lets one migrate while the others wait.
      servers.push(...(await Promise.all([spawnServer(env, 40_000), spawnServer(env, 40_000), spawnServer(env, 40_000)])));
      knex = createDb(config).knex;
      proxy = await roundRobin(() => servers.filter((s) => s.proc.exitCode === null && s.proc.signalCode === null).map((s) => s.port));
      admin = (await loginOver(proxy.url, knex, 'admin', PASSWORD)).token;
    });
    after(async () => {
      proxy?.close();
      await Promise.all(servers.map((s) => s.stop('SIGKILL')));
      await knex?.destroy();
      await db.cleanup();
    });

    it('mixed writes through the proxy: none lost, none doubled, each once in the audit trail; tokens valid everywhere', async () => {
      for (const s of servers) assert.equal((await call(s.url, admin, '/admin/base/comm/person')).body.code, 1000, `token valid on ${s.port}`);
      const titles = Array.from({ length: 45 }, (_, i) => `multi-${i}`);
      const added = await Promise.all(titles.map((title, i) => call(proxy.url, admin, '/admin/demo/goods/add', { title, price: i + 0.5 })));
      assert.ok(added.every((r) => r.body.code === 1000), JSON.stringify(added.find((r) => r.body.code !== 1000)?.body));
      const ids = added.map((r) => Number(r.body.data.id));
      assert.equal(new Set(ids).size, titles.length);
      const updated = await Promise.all(ids.map((id, i) => call(proxy.url, admin, '/admin/demo/goods/update', { id, price: i + 100 })));
      assert.ok(updated.every((r) => r.body.code === 1000));
      const removed = await call(proxy.url, admin, '/admin/demo/goods/delete', { ids: ids.slice(0, 5) });
      assert.equal(removed.body.code, 1000);

      const rows = (await knex('demo_goods').whereIn('title', titles).select('id', 'title', 'price')) as { id: number; title: string; price: string }[];
      assert.equal(rows.length, titles.length - 5, 'every add stored once, the 5 deleted gone');
      for (const r of rows) assert.equal(Number(r.price), titles.indexOf(r.title) + 100, `update of ${r.title} applied`);
      const audit = (await knex('base_sys_audit').where({ entity: 'demo/goods' }).whereIn('recordId', ids).select('recordId', 'action')) as { recordId: number; action: string }[];
      const countOf = (action: string) => audit.filter((a) => a.action === action).length;
      assert.equal(countOf('add'), ids.length, 'one add row per record');
      assert.equal(countOf('update'), ids.length, 'one update row per record');
      assert.equal(countOf('delete'), 5);
      const perRecord = new Map<number, number>();
      for (const a of audit) perRecord.set(Number(a.recordId), (perRecord.get(Number(a.recordId)) ?? 0) + 1);
      assert.ok([...perRecord.values()].every((n) => n === 2 || n === 3));
    });

    it('a role change and a session revocation made on one instance hold on every instance within 5 s', async () => {
      const ts = now();
      const stamp = { createTime: ts, updateTime: ts };
      const roleId = await insertId(knex, 'base_sys_role', { name: 'multi-role', label: 'multi-role', relevance: 0, ...stamp });
      const menuId = await insertId(knex, 'base_sys_menu', { parentId: null, name: 'multi-perms', type: 2, perms: 'demo:goods:page', orderNum: 999, keepAlive: 1, isShow: 1, ...stamp });
      await knex('base_sys_role_menu').insert({ roleId, menuId, ...stamp });
      const userId = await insertId(knex, 'base_sys_user', { username: 'multi-user', name: 'multi', password: await hashSecret(PASSWORD), passwordV: 1, isSuper: 0, status: 1, ...stamp });
      await knex('base_sys_user_role').insert({ userId, roleId, ...stamp });
      const user = (await loginOver(proxy.url, knex, 'multi-user', PASSWORD)).token;
      // Every instance has the user's session and permissions cached now.
      for (const s of servers) assert.equal((await call(s.url, user, '/admin/demo/goods/page', { page: 1, size: 1 })).body.code, 1000);

      // Role change through the API of instance 0: the role loses its menus.
      const role = await call(servers[0]!.url, admin, '/admin/base/sys/role/update', { id: roleId, name: 'multi-role', label: 'multi-role', menuIdList: [], departmentIdList: [], relevance: false });
      assert.equal(role.body.code, 1000, JSON.stringify(role.body));
      for (const s of servers.slice(1)) {
        const ms = await within(5000, async () => (await call(s.url, user, '/admin/demo/goods/page', { page: 1, size: 1 })).status === 403, `role change on ${s.port}`);
        assert.ok(ms < 5000);
      }

      // Revocation: signing out on instance 0 kills the token on the others.
      const other = (await loginOver(proxy.url, knex, 'admin', PASSWORD)).token;
      for (const s of servers) assert.equal((await call(s.url, other, '/admin/base/comm/person')).body.code, 1000);
      assert.equal((await call(servers[0]!.url, other, '/admin/base/comm/logout', {})).body.code, 1000);
      assert.equal((await call(servers[0]!.url, other, '/admin/base/comm/person')).status, 401, 'at once where it was revoked');
      for (const s of servers.slice(1)) {
        await within(5000, async () => (await call(s.url, other, '/admin/base/comm/person')).status === 401, `revocation on ${s.port}`);
      }
    });

    it('each task tick runs exactly once across instances; SIGKILL of the lease holder mid-run: another takes over once its lease lapses', async () => {
      // Every run's log insert waits behind this lock, so the instance that claimed a tick is caught mid-run,
      // lease held, and can be named by its blocked database connection. PostgreSQL's row locks never hold up
      // an INSERT (MariaDB's locking read locks the gaps too): a table lock that admits readers does there.
      const lock = await knex.transaction();
      if (db.name === 'postgres') await lock.raw('lock table task_log in exclusive mode');
      else await lock.raw('select id from task_log for update');
      const add = await call(proxy.url, admin, '/admin/task/info/add', { name: 'multi-tick', taskType: 1, every: 1000, status: 1, service: 'taskDemoService.test()' });
      assert.equal(add.body.code, 1000, JSON.stringify(add.body));
      const taskId = Number(add.body.data.id);
      const lease = async () => (await knex('task_info').where({ id: taskId }).first('lockExpireTime', 'lastExecuteTime')) as { lockExpireTime: string | null; lastExecuteTime: string | null };
      let holder: SpawnedServer | undefined;
      await within(8000, async () => {
        holder = await blockedInsertOwner(knex, servers);
        return holder !== undefined;
      }, 'a run waiting to log its tick');
      const held = await lease();
      assert.ok(held.lockExpireTime !== null && held.lockExpireTime > now(), `the running tick's lease is held: ${JSON.stringify(held)}`);
      await holder!.stop('SIGKILL');
      const killedAt = Date.now();
      const lapse = (await lease()).lockExpireTime!;
      await lock.commit();
      // The killed holder released nothing: the others claim the next tick only once its lease has lapsed.
      const tookOverMs = await within(LEASE_MS + 4000, async () => (await lease()).lockExpireTime !== lapse, 'a new claim after the SIGKILL');
      const taken = await lease();
      assert.ok(String(taken.lastExecuteTime) >= lapse, `claimed at ${taken.lastExecuteTime}, not before the lease lapsed at ${lapse}`);
      assert.ok(Date.now() - killedAt <= LEASE_MS + 4000 && tookOverMs <= LEASE_MS + 4000);
      const runsOf = async () => Number(((await knex('task_log').where({ taskId }).count({ n: '*' })) as { n: unknown }[])[0]!.n);
      const before = await runsOf();
      await within(5000, async () => (await runsOf()) >= before + 3, 'ticks after the takeover');
      // Logs first, then claims: a claim is counted before its run logs, so claims >= logs unless a tick ran twice.
      const logs = await runsOf();
      const task = (await knex('task_info').where({ id: taskId }).first('repeatConf')) as { repeatConf: string };
      const ticks = Number((JSON.parse(task.repeatConf) as { count: number }).count);
      const alive = servers.find((s) => s !== holder)!;
      await call(alive.url, admin, '/admin/task/info/stop', { id: taskId });
      // The killed holder's waiting insert may still land (the database finishes a statement of a vanished client).
      assert.ok(logs <= ticks && logs >= ticks - 3, `${logs} runs logged for ${ticks} claimed ticks`);
      const stamps = (await knex('task_log').where({ taskId }).orderBy('id').select('createTime')) as { createTime: string }[];
      const perSecond = new Map<string, number>();
      for (const s of stamps) perSecond.set(String(s.createTime), (perSecond.get(String(s.createTime)) ?? 0) + 1);
      assert.ok([...perSecond.values()].every((n) => n <= 2), 'no burst of duplicate runs');
    });
  });
}
