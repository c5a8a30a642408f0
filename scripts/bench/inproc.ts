/**
 * CPU time per request of one route, measured in one process without the kernel: the app's own `http.Server`
 * is fed through in-memory stream pairs, so what is counted is Node's HTTP parsing and writing, Koa and the
 * app (plus, on MariaDB, the database server's CPU read from /proc). The same harness drives a bare Koa
 * answering the app's own body (the floor), so both run under the same conditions. For comparing a change
 * against its parent quickly: figures are steadier than the load bench's, but say nothing about sockets.
 *
 * `npx tsx scripts/bench/inproc.ts [--db sqlite|mariadb] [--path /admin/base/comm/person] [--requests 100000]
 *   [--connections 32] [--rounds 5] [--trust-proxy 1] [--body '{"page":1,"size":20}']`; `--trust-proxy` runs the app
 * behind that many proxies (TRUST_PROXY) and sends an `X-Forwarded-For`, as `npm run bench` does; `--body` POSTs
 * that JSON (a list page) instead of a GET; `--statements` first lists the SQL statements run per request; `--rows N`
 * first fills goods, orders, request log and change audit with N rows each as the scale bench does (its bulkSeed);
 * `--replay` makes the floor run the app's statements of one request (with their values) before it answers, as the
 * load bench's replayed floor does; `--cpu-prof <file>` writes a V8 CPU profile of the app over one measured run.
 *
 * `--callgrind app|floor` counts instructions instead (valgrind's callgrind, exact where CPU time varies by a few
 * per cent from one start to the next): 10 000 requests of warm-up, then `--requests` (say 20 000) counted, under
 *   `valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=cg.out node --import tsx scripts/bench/inproc.ts
 *    --callgrind app --requests 20000 --trust-proxy 1`
 * then `callgrind_annotate cg.out.1`: its total divided by the requests is the count per request. Runs of one build
 * differ by up to 7 % (the compiler's and the collector's shares): compare medians of three.
 */
import { exec } from 'node:child_process';
import http from 'node:http';
import { Duplex } from 'node:stream';
import Koa from 'koa';
import { mysqlServerUrl, testDatabases } from '../../runtime-server/src/testing/forEachDb.js';
import { cpuTimeUs, localDbServerPid } from './procStats.js';
import { startTestApp } from '../../runtime-server/src/testing/testApp.js';
import { parseTrustProxy } from '../../runtime-server/src/http/clientIp.js';

const argv = process.argv.slice(2);
const opt = (name: string, fallback: string): string => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1]! : fallback;
};
const DB = opt('db', 'sqlite');
const PATH = opt('path', '/admin/base/comm/person');
const REQUESTS = Number(opt('requests', '100000'));
const CONNECTIONS = Number(opt('connections', '32'));
const ROUNDS = Number(opt('rounds', '5'));
const TRUST_PROXY = opt('trust-proxy', '');
const BODY = opt('body', '');
const STATEMENTS = argv.includes('--statements');
const ROWS = Number(opt('rows', '0'));
const CALLGRIND = opt('callgrind', '');
const CPU_PROF = opt('cpu-prof', '');
const REPLAY = argv.includes('--replay');
if (CALLGRIND && CALLGRIND !== 'app' && CALLGRIND !== 'floor') throw new Error('--callgrind app|floor');

/**
 * Runs `callgrind_control <args>` on this process. The event loop keeps turning meanwhile: callgrind takes its
 * commands while the program runs, so a process blocked waiting for the command would never get it.
 */
function callgrindControl(args: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let done = false;
    exec(`callgrind_control ${args} ${process.pid}`, (err) => {
      done = true;
      if (err) reject(err);
      else resolve();
    });
    const spin = () => {
      if (!done) setImmediate(spin);
    };
    spin();
  });
}

/** One end of an in-memory connection: what one side writes, the other reads. */
class End extends Duplex {
  other!: End;
  remoteAddress = '127.0.0.1';
  remotePort = 40000;
  override _write(chunk: Buffer, _enc: BufferEncoding, cb: () => void): void {
    this.other.push(chunk);
    cb();
  }
  override _read(): void {}
  override _final(cb: () => void): void {
    this.other.push(null);
    cb();
  }
  setTimeout(): this {
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
}

function pair(): [End, End] {
  const a = new End();
  const b = new End();
  a.other = b;
  b.other = a;
  return [a, b];
}

/** Runs `count` requests over `connections` in-memory keep-alive connections; resolves with the last body seen. */
function drive(server: http.Server, request: Buffer, count: number, connections: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let started = 0;
    let done = 0;
    let lastBody = '';
    for (let c = 0; c < connections; c++) {
      const [client, socket] = pair();
      server.emit('connection', socket);
      let buf: Buffer = Buffer.alloc(0);
      const send = () => {
        if (started >= count) return;
        started++;
        client.write(request);
      };
      client.on('data', (chunk: Buffer) => {
        buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
        for (;;) {
          const head = buf.indexOf('\r\n\r\n');
          if (head < 0) return;
          const m = /content-length: (\d+)/i.exec(buf.subarray(0, head).toString('latin1'));
          if (!m) return reject(new Error(`no Content-Length: ${buf.subarray(0, head).toString()}`));
          const end = head + 4 + Number(m[1]);
          if (buf.length < end) return;
          if (done === count - 1) lastBody = buf.subarray(head + 4, end).toString();
          buf = buf.subarray(end);
          if (++done === count) return resolve(lastBody);
          // The next request after the event loop's I/O phase: chained in-memory writes would starve the
          // database connections (the request log's INSERTs) of their turn.
          setImmediate(send);
        }
      });
      send();
    }
  });
}

async function measure(server: http.Server, request: Buffer, dbPid: number | undefined): Promise<{ us: number; dbUs: number; body: string }> {
  await drive(server, request, Math.min(20_000, REQUESTS), CONNECTIONS);
  const db0 = dbPid ? cpuTimeUs(dbPid) : 0;
  const t0 = process.cpuUsage();
  const body = await drive(server, request, REQUESTS, CONNECTIONS);
  const t = process.cpuUsage(t0);
  return { us: (t.user + t.system) / REQUESTS, dbUs: dbPid ? (cpuTimeUs(dbPid) - db0) / REQUESTS : 0, body };
}

const db = testDatabases().find((d) => d.name === DB);
if (!db) throw new Error(`--db ${DB}: sqlite or mariadb`);
const app = await startTestApp(await db.config(TRUST_PROXY ? { trustProxy: parseTrustProxy(TRUST_PROXY) } : {}));
if (ROWS > 0) await (await import('./scale.js')).bulkSeed(app.instance.services.knex, ROWS, 10_000);
const dbPid = DB === 'mariadb' ? localDbServerPid(new URL(mysqlServerUrl()).hostname) : undefined;
try {
  const appServer = http.createServer(app.instance.callback());
  const head = `${BODY ? 'POST' : 'GET'} ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${app.admin.token}\r\n${TRUST_PROXY ? 'X-Forwarded-For: 10.1.2.3\r\n' : ''}`;
  const request = Buffer.from(BODY ? `${head}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(BODY)}\r\nConnection: keep-alive\r\n\r\n${BODY}` : `${head}Connection: keep-alive\r\n\r\n`);
  const first = await measure(appServer, request, undefined);
  const code = (JSON.parse(first.body) as { code?: number }).code;
  if (code !== 1000) throw new Error(`${PATH} answered ${first.body.slice(0, 200)}`);
  // The floor: a bare Koa answering the same JSON, encoded once to bytes as a tuned server would (issue 41: a string
  // body is encoded to UTF-8 on every request, twice — once to count it), through the same harness.
  const floorBytes = Buffer.from(first.body, 'utf8');
  const floor = new Koa();
  floor.use((ctx) => {
    ctx.type = 'application/json';
    ctx.body = floorBytes;
  });
  if (REPLAY) {
    // `--replay`: the floor also runs the statements the app ran for one request (captured with their values), as
    // the load bench's replayed floor does, through the app's own Knex, before answering the bytes.
    const replayed: { sql: string; bindings: unknown[] }[] = [];
    const onQuery = (q: { sql: string; bindings?: unknown[] }) => replayed.push({ sql: q.sql, bindings: q.bindings ?? [] });
    app.instance.services.knex.on('query', onQuery);
    await drive(appServer, request, 1, 1);
    app.instance.services.knex.off('query', onQuery);
    console.log(`replaying ${replayed.length} statements per request`);
    const knex = app.instance.services.knex;
    floor.middleware.unshift(async (_ctx, next) => {
      for (const q of replayed) await knex.raw(q.sql, q.bindings as unknown as readonly []);
      await next();
    });
  }
  const floorServer = http.createServer(floor.callback());
  if (STATEMENTS) {
    // `--statements`: the SQL the app ran per request over the run (Knex's query events; the request log's
    // batched INSERTs run on the connection directly and are not seen here), most frequent first.
    const seen = new Map<string, number>();
    const onQuery = (q: { sql: string }) => seen.set(q.sql, (seen.get(q.sql) ?? 0) + 1);
    app.instance.services.knex.on('query', onQuery);
    await drive(appServer, request, REQUESTS, CONNECTIONS);
    app.instance.services.knex.off('query', onQuery);
    for (const [sql, n] of [...seen].sort((a, b) => b[1] - a[1])) console.log(`${(n / REQUESTS).toFixed(3)} per request: ${sql.slice(0, 300)}`);
  }
  if (CALLGRIND) {
    const server = CALLGRIND === 'app' ? appServer : floorServer;
    await drive(server, request, 10_000, CONNECTIONS);
    await callgrindControl('-i on');
    await drive(server, request, REQUESTS, CONNECTIONS);
    await callgrindControl('-d');
    console.log(`${CALLGRIND}: ${REQUESTS} requests counted`);
  }
  if (CPU_PROF) {
    // `--cpu-prof <file>`: a V8 CPU profile of the app over one measured run (warm-up and seeding left out), for
    // scripts/bench/profileTop.mjs.
    const { Session } = await import('node:inspector/promises');
    const session = new Session();
    session.connect();
    await drive(appServer, request, 10_000, CONNECTIONS);
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    await drive(appServer, request, REQUESTS, CONNECTIONS);
    const { profile } = await session.post('Profiler.stop');
    (await import('node:fs')).writeFileSync(CPU_PROF, JSON.stringify(profile));
    session.disconnect();
    console.log(`profile of ${REQUESTS} requests: ${CPU_PROF}`);
  }
  const rows: string[] = [];
  for (let r = 0; r < (CALLGRIND ? 0 : ROUNDS); r++) {
    const a = await measure(appServer, request, dbPid);
    const f = await measure(floorServer, request, undefined);
    rows.push(`round ${r + 1}: app ${a.us.toFixed(2)} µs/req${dbPid ? ` (db ${a.dbUs.toFixed(2)})` : ''}, floor ${f.us.toFixed(2)} µs/req`);
    console.log(rows.at(-1));
  }
} finally {
  await app.close();
  await db.cleanup();
}
