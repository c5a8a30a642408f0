/**
 * `npm run bench [-- --db sqlite|mariadb|postgres|both|all --seconds 2 --warmup 1 --min-latencies 10 --rounds 3 --connections 32 --only eps,person --baseline <git ref>]`
 *
 * The server as in production (the esbuild bundle, NODE_ENV=production, its own process) on a scratch
 * database seeded with 10 000 users and 100 000 goods; the load from a separate process (autocannon,
 * scripts/bench/load.mjs), bounded in time, a warm-up before every measured run, interleaved rounds,
 * the median of the rounds. A ratio to the floor is the median of the rounds' own ratios: each round measures the
 * server right next to its floor, so a host whose speed drifts between rounds moves both sides of a ratio alike
 * (the ratio of the two medians could pair a fast round of one with a slow round of the other). Floors in the same run (scripts/bench/floor.mjs, its own process), sent the same
 * requests as the server (the caller's token included): a bare Koa answering the same JSON body, and a bare Koa + Knex running the same SQL the page endpoints run (captured
 * from the server's own Knex). `--baseline <ref>` adds the server built from that commit, measured the same way
 * on a database of its own, migrated by that build and seeded alike. The `export` case runs an export job of every
 * goods row to CSV through the job API (start, then poll until done) against a floor that streams the job's own
 * SELECT, unpaged, through the same CSV library to a file: wall time, rows/s, CPU and peak RSS of the process.
 * Writes a Markdown table to stdout and bench/results.json. Numbers from one machine: compare ratios.
 */
import type { ExportMeasure } from './bench/scale.js';
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { insertId } from '../runtime-server/src/db/insertId.js';
import { pgServerUrl } from '../runtime-server/src/testing/forEachDb.js';
import { createApp } from '../runtime-server/src/app/createApp.js';
import { parts } from '../runtime-server/src/parts.js';
import { loadConfig } from '../runtime-server/src/config.js';
import { createDb } from '../runtime-server/src/db/createDb.js';
import { bumpAuthEpoch } from '../runtime-server/src/auth/authz.js';
import { hashSecret } from '../runtime-server/src/core/secrets.js';
import { now } from '../runtime-server/src/db/values.js';
import { loginOver, solveCaptcha } from '../runtime-server/src/testing/solveCaptcha.js';
import { freePort } from '../runtime-server/src/testing/spawnServer.js';
import { buildServer, leanHeapFile } from './server-build.mjs';
import { cpuTimeUs, localDbServerPid, rssMb } from './bench/procStats.js';
import { ENTITIES, TABLES } from '../runtime-server/src/generated/tables.js';
import { loadGenerated } from '../runtime-server/src/app/loadGenerated.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const opt = (name: string, fallback: string): string => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1]! : fallback;
};
const SECONDS = Number(opt('seconds', '2'));
const WARMUP = Number(opt('warmup', '1'));
/**
 * `--min-latencies <n>`: a measured run lasts at least n median latencies of its warm-up (up to MAX_RUN_SECONDS),
 * so each connection completes about n requests. On a slow host goods/page took 1–2 s a request: a 2 s run held
 * one or two answers per connection, and its req/s said nothing.
 */
const MIN_LATENCIES = Number(opt('min-latencies', '10'));
const MAX_RUN_SECONDS = 30;
const ROUNDS = Number(opt('rounds', '3'));
const CONNECTIONS = Number(opt('connections', '32'));
const USERS = Number(opt('users', '10000'));
const GOODS = Number(opt('goods', '100000'));
const USERS_OPT = USERS;
const GOODS_OPT = GOODS;
/** `--db`: one database, `both` (SQLite and MariaDB, the default) or `all` (with PostgreSQL). */
const DB_SETS: Record<string, string[]> = { both: ['sqlite', 'mariadb'], all: ['sqlite', 'mariadb', 'postgres'] };
const DBS = DB_SETS[opt('db', 'both')] ?? [opt('db', 'sqlite')];
if (DBS.some((d) => !['sqlite', 'mariadb', 'postgres'].includes(d))) throw new Error(`--db ${opt('db', '')}: sqlite, mariadb, postgres, both or all`);
const ONLY = opt('only', '').split(',').filter(Boolean);
const BASELINE = opt('baseline', '');
const OUT = path.resolve(ROOT, opt('out', 'bench/results.json'));
/** `--cpu-prof <dir>`: the measured server writes a V8 CPU profile there when it stops (scripts/bench/profileTop.mjs reads it). */
const CPU_PROF = opt('cpu-prof', '');
/** `--smaps <dir>`: the measured server's (and the baseline's) /proc/<pid>/smaps after the load, one file per database (where the RSS is). */
const SMAPS = opt('smaps', '');
/** `--cold-starts <n>`: restarts after the load (server and baseline alternately); the median is reported. */
const COLD_STARTS = Number(opt('cold-starts', '5'));
/**
 * `--cli-round`: after the rounds, one more of every case with a floor and a fixed request, loaded by the plain
 * autocannon command-line client (which reads every body into a string): its req/s beside load.mjs's shows whether
 * the two generators agree, and where the plain client is the bottleneck (issue 41).
 */
const CLI_ROUND = argv.includes('--cli-round');
const PASSWORD = 'Bench-pass-1';
const SCOPED_PASSWORD = 'Scoped-pass-1';
const USER_PASSWORD = 'Bench-user-1';

type Target = 'server' | 'baseline' | 'floor';

interface Case {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Whose token: the super-admin or the department-scoped admin. */
  as?: 'admin' | 'scoped';
  body?: unknown;
  vary?: 'login' | 'add' | 'update' | 'delete';
  /** Fewer connections than the default (logins are scrypt-bound: a queue of them only measures waiting). */
  connections?: number;
  /** The floor: a fixed body (the server's own answer) or the SQL the server ran. */
  floor?: 'json' | 'sql';
  /** How the server decorates a page's rows, which the SQL floor does too (scripts/bench/floor.mjs). */
  decorate?: { entity: string; names?: boolean; omit?: string[] };
}

const CASES: Case[] = [
  { name: 'login', method: 'POST', path: '/admin/base/open/login', vary: 'login', connections: 4, body: { password: USER_PASSWORD } },
  { name: 'eps', method: 'GET', path: '/admin/base/open/eps', floor: 'json' },
  { name: 'person', method: 'GET', path: '/admin/base/comm/person', as: 'admin', floor: 'json' },
  { name: 'permmenu', method: 'GET', path: '/admin/base/comm/permmenu', as: 'scoped', floor: 'json' },
  { name: 'dict/info/data', method: 'POST', path: '/admin/dict/info/data', as: 'admin', body: {}, floor: 'json' },
  { name: 'user/page', method: 'POST', path: '/admin/base/sys/user/page', as: 'scoped', body: { page: 1, size: 20 }, floor: 'sql', decorate: { entity: ENTITIES.baseSysUser, names: true, omit: ['isSuper'] } },
  {
    name: 'goods/page',
    method: 'POST',
    path: '/admin/demo/goods/page',
    as: 'admin',
    body: { page: 1, size: 20, keyWord: 'description 4', status: 1, order: 'price', sort: 'asc' },
    floor: 'sql',
    decorate: { entity: ENTITIES.demoGoods },
  },
  { name: 'add', method: 'POST', path: '/admin/demo/goods/add', as: 'admin', vary: 'add' },
  { name: 'update', method: 'POST', path: '/admin/demo/goods/update', as: 'admin', vary: 'update' },
  { name: 'delete', method: 'POST', path: '/admin/demo/goods/delete', as: 'admin', vary: 'delete' },
].filter((c) => !ONLY.length || ONLY.includes(c.name)) as Case[];

/** The export case: a CSV export job of every goods row (issue 16), measured by wall time rather than by autocannon. */
const EXPORT = !ONLY.length || ONLY.includes('export');
const EXPORT_BODY = { prefix: '/admin/demo/goods', format: 'csv', columns: ['title', 'price', 'status', 'stock', 'description', 'createTime'] };
/** Where the floor answers the export. */
const EXPORT_FLOOR_PATH = '/floor/export';


interface Measure {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  issued: number;
  bad: number;
  sample?: string;
  /** The measured process's CPU time (user + system) per answered request, in µs. */
  cpuUs?: number;
  /** The local database server's CPU time per answered request, in µs (MariaDB on this machine only). */
  dbCpuUs?: number;
  /** How long the run lasted (runSeconds). */
  seconds?: number;
  /** The load generator's CPU per answer (µs) and its share of one core over the run (1 = saturated). */
  genCpuUs?: number;
  genShare?: number;
  /** The measured process's share of one core over the run. */
  share?: number;
  /** Set when the run measured the load generator, not the target (see BOUND). */
  bound?: string;
  /** Neither the target nor the generator used CONTENDED of a core: something else on the machine set the pace. */
  contended?: boolean;
}

/** Under this share of a core on both sides, a run was paced by the machine's other load (reported, not failed). */
const CONTENDED = 0.5;

/**
 * A run measured the load generator rather than its target when the generator used at least GEN_SATURATED of a
 * core (it is one thread) while the target used under TARGET_IDLE of one: the target waited for requests. Such a run
 * fails the bench, not the server (issue 41: the old generator capped EPS near 2 000 req/s at 16–19 % floor CPU).
 */
const GEN_SATURATED = 0.9;
const TARGET_IDLE = 0.6;
const BOUND: string[] = [];

interface Proc {
  proc: ChildProcess;
  url: string;
  lines: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Spawns a server bundle and waits for its first answer; returns the process and the spawn-to-answer time. */
async function startServer(bundle: string, env: Record<string, string>, profile = false): Promise<Proc & { coldStartMs: number }> {
  const port = await freePort();
  const t0 = performance.now();
  const flags = profile && CPU_PROF ? ['--cpu-prof', '--cpu-prof-interval', '200', '--cpu-prof-dir', path.resolve(CPU_PROF)] : [];
  // As `npm start` runs it: its node flags, then the heap settings (dist/lean-heap.js) before the bundle; a
  // baseline build may have neither.
  flags.push(...startFlags(bundle));
  const leanHeap = path.join(path.dirname(bundle), path.basename(leanHeapFile));
  if (fs.existsSync(leanHeap)) flags.push('--import', pathToFileURL(leanHeap).href);
  const proc = spawn(process.execPath, [...flags, bundle], { env: { PATH: process.env.PATH, NODE_ENV: 'production', TRUST_PROXY: '1', ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}), ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  for (const s of [proc.stdout!, proc.stderr!]) readline.createInterface({ input: s }).on('line', (l) => lines.length < 2000 && lines.push(l));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited:\n${lines.join('\n')}`);
    if (performance.now() - t0 > 60_000) throw new Error(`server did not answer:\n${lines.join('\n')}`);
    // Any answer counts (a baseline build may predate /healthz).
    if (await fetch(`${url}/admin/base/open/eps`, { headers: { 'x-forwarded-for': randomIp() } }).then((r) => r.ok, () => false)) break;
    await sleep(5);
  }
  return { proc, url, lines, coldStartMs: Math.round(performance.now() - t0) };
}

async function startFloor(spec: object): Promise<Proc> {
  const file = path.join(os.tmpdir(), `sa-bench-floor-${randomUUID()}.json`);
  fs.writeFileSync(file, JSON.stringify(spec));
  // Profiled too with `--cpu-prof`, so the two profiles can be compared function by function.
  const flags = CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.join(path.resolve(CPU_PROF), 'floor')] : [];
  // On PostgreSQL the floor loads the server's connection settings (db/createDb.ts, TypeScript), and a page floor the
  // server's read conversion (db/values.ts): loaded once, nothing of tsx runs per request.
  if ((spec as { db?: { client?: string } }).db?.client === 'pg' || Object.keys((spec as { decorate?: object }).decorate ?? {}).length) flags.push('--import', 'tsx');
  const proc = spawn(process.execPath, [...flags, path.join(ROOT, 'scripts', 'bench', 'floor.mjs'), file], { stdio: ['ignore', 'pipe', 'inherit'] });
  // The floor has read its spec once it listens (or is gone): the file is not left behind in the temp folder.
  const line = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: proc.stdout! }).once('line', resolve);
    proc.once('exit', (code) => reject(new Error(`floor exited ${code}`)));
  }).finally(() => fs.rmSync(file, { force: true }));
  return { proc, url: `http://127.0.0.1:${line.split(' ')[1]}`, lines: [] };
}

async function stop(p: Proc | undefined): Promise<void> {
  if (!p || p.proc.exitCode !== null) return;
  const gone = new Promise((r) => p.proc.once('exit', r));
  p.proc.kill('SIGTERM');
  await Promise.race([gone, sleep(15_000)]);
  if (p.proc.exitCode === null) p.proc.kill('SIGKILL');
}

/**
 * The floor must answer the very bytes the server answers (issue 41: the page floor returned undecorated rows):
 * each case's answer from both, compared byte for byte, before any load. A difference stops the bench.
 */
async function sameAnswers(server: Proc, floor: Proc, tokens: Record<string, string>, dbName: string): Promise<void> {
  for (const c of CASES.filter((x) => x.floor && !x.vary)) {
    const get = async (url: string) => {
      const res = await fetch(`${url}${c.path}`, { method: c.method, headers: { authorization: tokens[c.as ?? 'admin']!, 'content-type': 'application/json' }, body: c.body === undefined ? undefined : JSON.stringify(c.body) });
      return res.text();
    };
    const [a, b] = [await get(server.url), await get(floor.url)];
    if (a !== b) {
      let i = 0;
      while (i < a.length && a[i] === b[i]) i++;
      throw new Error(`[${dbName}] ${c.name}: the floor's answer differs from the server's at character ${i}:\n server …${a.slice(Math.max(0, i - 80), i + 80)}\n floor  …${b.slice(Math.max(0, i - 80), i + 80)}`);
    }
    process.stderr.write(`[${dbName}] ${c.name}: the floor answers the server's ${Buffer.byteLength(a)} bytes\n`);
  }
}

const randomIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

/** One autocannon run in its own process. */
function load(run: Record<string, unknown>): Measure {
  const file = path.join(os.tmpdir(), `sa-bench-run-${randomUUID()}.json`);
  fs.writeFileSync(file, JSON.stringify(run));
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'bench', 'load.mjs'), file], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  fs.rmSync(file, { force: true });
  if (r.status !== 0) throw new Error(`load generator failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as Measure;
}

/** Prints the process's own CPU time (µs) on stderr as it exits: the CLI's cost, as load.mjs reports its own. */
const CPU_AT_EXIT = `data:text/javascript,${encodeURIComponent('process.on("exit",()=>{const u=process.cpuUsage();process.stderr.write(`cpu-us ${u.user+u.system}\\n`)})')}`;

/** One run of the plain autocannon command-line client (`-j`: its JSON result), for --cli-round. */
function cliLoad(p: Proc, c: Case, headers: Record<string, string>): { rps: number; cpuUs: number; genShare: number; non2xx: number } {
  const args = ['--import', CPU_AT_EXIT, path.join(ROOT, 'node_modules', 'autocannon', 'autocannon.js'), '-j', '-c', String(CONNECTIONS), '-d', String(SECONDS), '-m', c.method];
  for (const [k, v] of Object.entries({ ...headers, 'x-forwarded-for': randomIp(), ...(c.body === undefined ? {} : { 'content-type': 'application/json' }) })) args.push('-H', `${k}=${v}`);
  if (c.body !== undefined) args.push('-b', JSON.stringify(c.body));
  args.push(`${p.url}${c.path}`);
  const cpu0 = cpuTimeUs(p.proc.pid);
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  const used = cpuTimeUs(p.proc.pid) - cpu0;
  if (r.status !== 0) throw new Error(`autocannon CLI failed: ${r.stderr}`);
  const out = JSON.parse(r.stdout) as { requests: { average: number; total: number }; non2xx: number; errors: number };
  const cliCpu = Number(/cpu-us (\d+)/.exec(r.stderr)?.[1] ?? NaN);
  return { rps: out.requests.average, cpuUs: Math.round(used / Math.max(1, out.requests.total)), genShare: Math.round((cliCpu / (SECONDS * 1e6)) * 100) / 100, non2xx: out.non2xx + out.errors };
}

/**
 * The targets' order in a round, a Latin square: each round moves every target one slot later (the last comes
 * first), so over as many rounds as targets each holds every slot once, and each waits as many runs between two of
 * its own. With the order reversed every other round instead, a server that had waited four runs (its run at the
 * end of a reversed round) took up to a fifth more CPU per request than the same build after no wait, while the
 * baseline, always in the middle, never waited more than two runs.
 */
function rotated<T>(list: T[], round: number): T[] {
  const n = list.length;
  return list.map((_, i) => list[(((i - round) % n) + n) % n]!);
}

/** `74 % (65–94)`: the median of the rounds' ratios, then the lowest and highest of them. */
const ratioCell = (r: { ratio?: number; roundRatios?: number[] }): string => {
  if (r.ratio === undefined) return '';
  const pc = (x: number) => Math.round(x * 100);
  const rr = r.roundRatios ?? [];
  return rr.length > 1 ? `${pc(r.ratio)} % (${pc(Math.min(...rr))}–${pc(Math.max(...rr))})` : `${pc(r.ratio)} %`;
};
/**
 * The measured run's length after `warm`: --seconds, or longer for a slow answer (see MIN_LATENCIES). A warm-up that
 * did not see each connection answered once counts as a latency of its whole length (its p50 is of the fast few).
 */
function runSeconds(warm: Measure | undefined, connections: number): number {
  if (!warm) return SECONDS;
  const p50Ms = warm.total < connections ? WARMUP * 1000 : warm.p50;
  return Math.max(SECONDS, Math.min(MAX_RUN_SECONDS, Math.ceil((MIN_LATENCIES * p50Ms) / 1000)));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

// ---------------------------------------------------------------- database and seed

interface Db {
  name: string;
  env: Record<string, string>;
  floorDb: object;
  knex: Knex;
  /** The database server's process on this machine (MariaDB), whose CPU per request the table reports too. */
  serverPid?: number;
  cleanup(): Promise<void>;
}

async function scratchDb(kind: string): Promise<Db> {
  // SQLite: `--reuse <data dir>` a kept run's data directory, measured again and left in place.
  const dataDir = kind === 'sqlite' && opt('reuse', '') ? opt('reuse', '') : fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bench-'));
  if (kind === 'sqlite') {
    const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD };
    const { knex } = createDb({ dataDir });
    return {
      name: 'SQLite',
      env,
      floorDb: { client: 'better-sqlite3', filename: path.join(dataDir, 'schema-admin.sqlite') },
      knex,
      cleanup: async () => {
        await knex.destroy().catch(() => undefined);
        if (!opt('reuse', '')) fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (kind === 'postgres') return scratchPostgres(dataDir);
  const server = new URL(process.env.TEST_MYSQL_URL ?? process.env.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/test');
  const admin = () => mysql.createConnection({ host: server.hostname, port: Number(server.port || 3306), user: decodeURIComponent(server.username), password: decodeURIComponent(server.password) });
  // `--reuse <database>` (the bench at scale): a database a `--keep` run left, measured again; never dropped.
  const reuse = opt('reuse', '');
  const name = reuse || `sa_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const conn = await admin();
  if (!reuse) await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await conn.end();
  const url = new URL(server.href);
  url.pathname = `/${name}`;
  const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, DATABASE_URL: url.href };
  const knex = createDb({ dataDir, databaseUrl: url.href }).knex;
  return {
    name: 'MariaDB',
    env,
    serverPid: localDbServerPid(server.hostname),
    floorDb: { client: 'mysql2', connection: { host: server.hostname, port: Number(server.port || 3306), user: decodeURIComponent(server.username), password: decodeURIComponent(server.password), database: name } },
    knex,
    cleanup: async () => {
      await knex.destroy().catch(() => undefined);
      const c = await admin();
      if (!reuse) await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A scratch PostgreSQL database on TEST_PG_URL's server. Its server's CPU is not reported: PostgreSQL runs a
 * process per connection, and the same server serves other users of the machine.
 */
async function scratchPostgres(dataDir: string): Promise<Db> {
  const server = new URL(pgServerUrl());
  const admin = async () => {
    const c = new pg.Client({ connectionString: server.href });
    await c.connect();
    return c;
  };
  const reuse = opt('reuse', '');
  const name = reuse || `sa_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const conn = await admin();
  if (!reuse) await conn.query(`CREATE DATABASE "${name}" ENCODING 'UTF8' TEMPLATE template0`);
  await conn.end();
  const url = new URL(server.href);
  url.pathname = `/${name}`;
  const knex = createDb({ dataDir, databaseUrl: url.href }).knex;
  return {
    name: 'PostgreSQL',
    env: { DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, DATABASE_URL: url.href },
    floorDb: { client: 'pg', connection: url.href },
    knex,
    cleanup: async () => {
      await knex.destroy().catch(() => undefined);
      const c = await admin();
      if (!reuse) await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** 20 departments, USERS users spread over them, GOODS goods, and an admin scoped to 5 departments with user/page. */
async function seed(knex: Knex, USERS = USERS_OPT, GOODS = GOODS_OPT): Promise<void> {
  const ts = now();
  const stamp = { createTime: ts, updateTime: ts };
  // One scrypt hash for every seeded user (hashing 10 000 would take minutes): each can sign in.
  const password = await hashSecret(USER_PASSWORD);
  const deptIds: number[] = [];
  for (let d = 0; d < 20; d++) deptIds.push(await insertId(knex, TABLES.baseSysDepartment, { name: `Dept ${d}`, parentId: null, orderNum: d, ...stamp }));
  for (let i = 0; i < USERS; i += 400) {
    const rows = Array.from({ length: Math.min(400, USERS - i) }, (_, k) => ({
      username: `user${i + k}`,
      name: `User ${i + k}`,
      nickName: `u${i + k}`,
      password,
      passwordV: 1,
      isSuper: 0,
      status: 1,
      departmentId: deptIds[(i + k) % deptIds.length],
      phone: `138${String(i + k).padStart(8, '0')}`,
      ...stamp,
    }));
    await knex(TABLES.baseSysUser).insert(rows);
  }
  for (let i = 0; i < GOODS; i += 400) {
    const rows = Array.from({ length: Math.min(400, GOODS - i) }, (_, k) => ({
      title: `Item ${i + k}`,
      price: ((i + k) % 1000) + 0.99,
      description: `description ${(i + k) % 97}`,
      status: (i + k) % 2,
      stock: (i + k) % 50,
      exampleImages: '["a.png"]',
      ...stamp,
    }));
    await knex(TABLES.demoGoods).insert(rows);
  }
  // Every seeded user holds a role (a role-less account cannot sign in).
  const usersRole = await insertId(knex, TABLES.baseSysRole, { name: 'bench-users', label: 'bench-users', relevance: 0, ...stamp });
  // Identifiers through ?? (quoted): PostgreSQL folds unquoted ones to lower case.
  await knex.raw('insert into ?? (??, ??, ??, ??) select ??, ?, ?, ? from ?? where ?? like ?', [
    TABLES.baseSysUserRole, 'userId', 'roleId', 'createTime', 'updateTime', 'id', usersRole, ts, ts, TABLES.baseSysUser, 'username', 'user%',
  ]);
  const roleId = await insertId(knex, TABLES.baseSysRole, { name: 'bench-scoped', label: 'bench', relevance: 0, ...stamp });
  const menus = (await knex(TABLES.baseSysMenu).whereIn('perms', ['base:sys:user:page', 'base:sys:user:list']).orWhere('name', 'like', '%用户%').select('id')) as { id: number }[];
  for (const m of menus) await knex(TABLES.baseSysRoleMenu).insert({ roleId, menuId: m.id, ...stamp });
  const permMenu = await insertId(knex, TABLES.baseSysMenu, { parentId: null, name: 'bench-perms', type: 2, perms: 'base:sys:user:page', orderNum: 999, keepAlive: 1, isShow: 1, ...stamp });
  await knex(TABLES.baseSysRoleMenu).insert({ roleId, menuId: permMenu, ...stamp });
  for (const departmentId of deptIds.slice(0, 5)) await knex(TABLES.baseSysRoleDepartment).insert({ roleId, departmentId, ...stamp });
  const userId = await insertId(knex, TABLES.baseSysUser, {
    username: 'scoped', name: 'Scoped', password: await hashSecret(SCOPED_PASSWORD), passwordV: 1, isSuper: 0, status: 1, departmentId: deptIds[0], ...stamp,
  });
  await knex(TABLES.baseSysUserRole).insert({ userId, roleId, ...stamp });
  await bumpAuthEpoch(knex);
}

/**
 * Captchas for the login case, issued by the measured server itself (`GET /admin/base/open/captcha`, as a
 * client gets them) and answered from their stored hash (testing/solveCaptcha.ts): the production server
 * keeps refusing any fixed code, and the bench writes no captcha rows of its own.
 */
async function captchas(url: string, knex: Knex, n: number): Promise<{ captchaId: string; verifyCode: string }[]> {
  const out: { captchaId: string; verifyCode: string }[] = [];
  for (let i = 0; i < n; i += 16) {
    const batch = Array.from({ length: Math.min(16, n - i) }, async () => {
      // Each from its own address: the open-route limit counts per client address.
      const res = await fetchAgain(`${url}/admin/base/open/captcha`, { headers: { 'x-forwarded-for': randomIp() } });
      const body = (await res.json()) as { code: number; data?: { captchaId: string } };
      if (body.code !== 1000 || !body.data) throw new Error(`captcha: ${JSON.stringify(body).slice(0, 200)}`);
      return { captchaId: body.data.captchaId, verifyCode: await solveCaptcha(knex, body.data.captchaId) };
    });
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

/**
 * The SQL a request runs inside the server (its own Knex, an instance in this process on the same
 * database), without the guard's and log's statements: what the Koa + Knex floor replays.
 */
async function captureSql(
  env: Record<string, string>,
  cases: Case[],
  tokens: Record<string, string>,
): Promise<{ queries: Record<string, { sql: string; bindings: unknown[] }[]>; exportQuery?: { sql: string; bindings: unknown[] } }> {
  const instance = await createApp(loadConfig({ ...env, NODE_ENV: 'production' }), parts, { logger: { info() {}, warn() {}, error: console.error } });
  const server = http.createServer(instance.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const out: Record<string, { sql: string; bindings: unknown[] }[]> = {};
  let captured: { sql: string; bindings: unknown[] }[] = [];
  instance.services.knex.on('query', (q: { sql: string; bindings?: unknown[] }) => captured.push({ sql: q.sql, bindings: q.bindings ?? [] }));
  for (const c of cases) {
    const call = () => fetch(`${url}${c.path}`, { method: c.method, headers: { authorization: tokens[c.as ?? 'admin']!, 'content-type': 'application/json' }, body: JSON.stringify(c.body) });
    await call();
    captured = [];
    await call();
    out[c.path] = captured.filter((q) => !/base_sys_(session|conf|log|rate)\b/.test(q.sql));
  }
  let exportQuery: { sql: string; bindings: unknown[] } | undefined;
  if (EXPORT) {
    captured = [];
    const job = await exportJob(url, tokens.admin!, () => undefined);
    if (job.status !== 2) throw new Error(`export for the floor's SQL: ${JSON.stringify(job)}`);
    // The job's first batch (`… order by … limit ?`, offset 0 left out; not the COUNT's `limit ?`), run unpaged by the floor.
    // (PostgreSQL's statements quote with " and number their placeholders: `limit $3`.)
    const first = captured.find((q) => new RegExp(`from [\`"]?${TABLES.demoGoods}[\`"]?`).test(q.sql) && /\sorder by .*\slimit (\?|\$\d+)$/.test(q.sql));
    if (!first) throw new Error(`export: no batch query among ${captured.map((q) => q.sql).join('\n')}`);
    exportQuery = { sql: first.sql.replace(/\slimit (\?|\$\d+)$/, ''), bindings: first.bindings.slice(0, -1) };
  }
  server.close();
  await instance.close();
  return { queries: out, exportQuery };
}

interface JobState {
  status: number;
  processed: number;
  total: number;
  error?: string;
}

/**
 * fetch, tried again once when it fails before any answer: a pooled keep-alive socket the server closed while idle
 * fails the first try ("other side closed"), and such a request never reached the server.
 */
const fetchAgain = (url: string, init?: RequestInit) => fetch(url, init).catch(() => fetch(url, init));

/** Starts the CSV export job on a server and polls it (every 20 ms) until it ends; `tick` runs at each poll. */
async function exportJob(url: string, token: string, tick: () => void): Promise<JobState> {
  const headers = { authorization: token, 'content-type': 'application/json', 'x-forwarded-for': randomIp() };
  const started = (await (await fetchAgain(`${url}/admin/base/sys/dataJob/exportStart`, { method: 'POST', headers, body: JSON.stringify(EXPORT_BODY) })).json()) as { code: number; data?: { id: number } };
  if (started.code !== 1000 || !started.data) throw new Error(`exportStart: ${JSON.stringify(started).slice(0, 300)}`);
  for (;;) {
    tick();
    const info = (await (await fetchAgain(`${url}/admin/base/sys/dataJob/jobInfo?id=${started.data.id}`, { headers })).json()) as { code: number; data?: JobState };
    if (info.code !== 1000 || !info.data) throw new Error(`jobInfo: ${JSON.stringify(info).slice(0, 300)}`);
    if (info.data.status >= 2) return info.data;
    await sleep(20);
  }
}

/** One export on a target: the server's job (start + poll), or the floor's streamed query. */
/** Resolves once the goods count stayed the same for 300 ms (10 s at most). */
async function goodsSettled(knex: Knex): Promise<void> {
  const count = async () => Number(((await knex(TABLES.demoGoods).count({ n: '*' })) as { n: unknown }[])[0]!.n);
  let last = await count();
  for (const t0 = Date.now(); Date.now() - t0 < 10_000; ) {
    await new Promise((r) => setTimeout(r, 300));
    const now = await count();
    if (now === last) return;
    last = now;
  }
}

async function exportRun(t: Target, p: Proc, token: string | undefined): Promise<ExportMeasure> {
  const pid = p.proc.pid;
  let peak = rssMb(pid);
  const sample = () => (peak = Math.max(peak, rssMb(pid)));
  const sampler = setInterval(sample, 20);
  const cpu0 = cpuTimeUs(pid);
  const t0 = performance.now();
  let rows: number;
  try {
    if (t === 'floor') {
      const res = (await (await fetchAgain(`${p.url}${EXPORT_FLOOR_PATH}`, { method: 'POST' })).json()) as { rows: number };
      rows = res.rows;
    } else {
      const job = await exportJob(p.url, token!, sample);
      if (job.status !== 2 || job.processed !== job.total) throw new Error(`export job on ${t} ended ${JSON.stringify(job)}`);
      rows = job.processed;
    }
  } finally {
    clearInterval(sampler);
  }
  const wallMs = performance.now() - t0;
  return { rows, wallMs: Math.round(wallMs), rowsPerSec: Math.round(rows / (wallMs / 1000)), cpuMs: Math.round((cpuTimeUs(pid) - cpu0) / 1000), peakRssMb: peak };
}

/** The node flags of `npm start` in the checkout `bundle` was built from (`node --v8-pool-size=1 scripts/start.mjs`). */
function startFlags(bundle: string): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.resolve(path.dirname(bundle), '..', '..', 'package.json'), 'utf8')) as { scripts?: { start?: string } };
  return (pkg.scripts?.start ?? '').split(/\s+/).filter((a) => a.startsWith('--'));
}

// ---------------------------------------------------------------- baseline build

function baselineBundle(ref: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bench-baseline-'));
  const tar = spawnSync('sh', ['-c', `git -C "${ROOT}" archive "${ref}" | tar -x -C "${dir}"`], { stdio: 'inherit' });
  if (tar.status !== 0) throw new Error(`cannot extract ${ref}`);
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  // Built as that commit built itself (a change to the build is part of what the bench compares); a commit from
  // before the build script had one gets the current one.
  if (!fs.existsSync(path.join(dir, 'scripts', 'server-build.mjs'))) fs.copyFileSync(path.join(ROOT, 'scripts', 'server-build.mjs'), path.join(dir, 'scripts', 'server-build.mjs'));
  const b = spawnSync(process.execPath, [path.join(dir, 'scripts', 'server-build.mjs')], { stdio: 'inherit', cwd: dir });
  if (b.status !== 0) throw new Error('baseline build failed');
  return path.join(dir, 'runtime-server', 'dist', 'start.js');
}

// ---------------------------------------------------------------- main

interface Row {
  db: string;
  endpoint: string;
  target: Target;
  rps: number;
  p50: number;
  p99: number;
  bad: number;
  ratio?: number;
  /** Each round's run length, when one was longer than --seconds (runSeconds). */
  runSeconds?: number[];
  /** Each round's req/s over its floor's in the same round, in round order (`ratio` is their median). */
  roundRatios?: number[];
  cpuUs: number;
  dbCpuUs?: number;
  /** The floor's CPU per request over this target's, per round and their median: the server's cost in the floor's terms. */
  cpuRatio?: number;
  roundCpuRatios?: number[];
  /** `cpu` when the two ratios differ by more than DISAGREE: the CPU ratio is then the headline (issue 41). */
  headline?: 'rps' | 'cpu';
  /** Medians: the target's share of a core, the generator's CPU per answer and share of a core. */
  share: number;
  genCpuUs: number;
  genShare: number;
}

/** Req/s and CPU ratios further apart than this disagree; the CPU ratio is the headline then. */
const DISAGREE = 0.1;

if (argv.includes('--rows')) {
  // The bench at scale (issue 36): bulk-seeded large tables, list shapes against hand-written floors (scripts/bench/scale.ts).
  const { runScale } = await import('./bench/scale.js');
  await runScale({ opt, dbs: DBS, out: OUT, seconds: SECONDS, warmup: WARMUP, connections: CONNECTIONS, buildServer, scratchDb, startServer, startFloor, stop, load, seed, signIn, exportRun });
  process.exit(process.exitCode ?? 0);
}
const bundle = await buildServer();
const baseline = BASELINE ? baselineBundle(BASELINE) : undefined;
const results: { method: Record<string, unknown>; databases: Record<string, unknown>[] } = {
  method: {
    node: process.version,
    cpus: os.cpus().length,
    seconds: SECONDS,
    warmup: WARMUP,
    minLatencies: MIN_LATENCIES,
    maxRunSeconds: MAX_RUN_SECONDS,
    rounds: ROUNDS,
    generatorSaturated: GEN_SATURATED,
    targetIdle: TARGET_IDLE,
    ratiosDisagree: DISAGREE,
    freshFloorEachRound: true,
    connections: CONNECTIONS,
    users: USERS,
    goods: GOODS,
    coldStarts: COLD_STARTS,
    baseline: BASELINE || null,
    date: new Date().toISOString(),
  },
  databases: [],
};
const table: string[] = [];

/**
 * A scratch database migrated by `build` itself (its first start, timed) and seeded. The baseline gets one of
 * its own: a database the newer build migrated is one the older build refuses to start on (Knex's check of
 * the applied migrations against its own list), and it must run on the schema it was written for.
 */
async function preparedDb(kind: string, build: string): Promise<{ db: Db; firstStartMs: number }> {
  const db = await scratchDb(kind);
  try {
    const first = await startServer(build, db.env);
    await stop(first);
    process.stderr.write(`[${db.name}] seeding ${USERS} users, ${GOODS} goods${build === bundle ? '' : ' (baseline database)'}…\n`);
    await seed(db.knex);
    return { db, firstStartMs: first.coldStartMs };
  } catch (err) {
    await db.cleanup();
    throw err;
  }
}

/** The admin's and the department-scoped admin's tokens on one server (each server signs its own sessions). */
async function signIn(url: string, knex: Knex): Promise<Record<string, string>> {
  const admin = await loginOver(url, knex, 'admin', PASSWORD, { 'x-forwarded-for': randomIp() });
  const scoped = await loginOver(url, knex, 'scoped', SCOPED_PASSWORD, { 'x-forwarded-for': randomIp() });
  return { admin: admin.token, scoped: scoped.token };
}

for (const kind of DBS) {
  /** Scratch databases to drop at the end. */
  const made: Db[] = [];
  let baseDb: Db | undefined;
  let server: (Proc & { coldStartMs: number }) | undefined;
  let base: (Proc & { coldStartMs: number }) | undefined;
  let floor: Proc | undefined;
  try {
    const { db, firstStartMs } = await preparedDb(kind, bundle);
    made.push(db);
    if (baseline) made.push((baseDb = (await preparedDb(kind, baseline)).db));
    server = await startServer(bundle, db.env, true);
    const tokens = await signIn(server.url, db.knex);
    // The floor answers the server's own bytes with the server's own validators and caching headers, pre-encoded.
    const statics: Record<string, { body: string; headers: Record<string, string> }> = {};
    for (const c of CASES.filter((x) => x.floor === 'json')) {
      const res = await fetch(`${server.url}${c.path}`, { method: c.method, headers: { authorization: tokens[c.as ?? 'admin']!, 'content-type': 'application/json' }, body: c.body === undefined ? undefined : JSON.stringify(c.body) });
      const body = await res.text();
      if (!body.includes('"code":1000')) throw new Error(`${c.name}: ${body.slice(0, 200)}`);
      const headers: Record<string, string> = {};
      for (const h of ['content-type', 'etag', 'cache-control', 'vary']) if (res.headers.get(h) !== null) headers[h] = res.headers.get(h)!;
      statics[c.path] = { body, headers };
    }
    const sqlCases = CASES.filter((c) => c.floor === 'sql');
    const { queries, exportQuery } = sqlCases.length || EXPORT ? await captureSql(db.env, sqlCases, tokens) : { queries: {}, exportQuery: undefined };
    for (const c of sqlCases) process.stderr.write(`[${db.name}] ${c.name} floor replays ${queries[c.path]!.length} statements\n`);
    const exportHeaders = EXPORT_BODY.columns;
    const exportsSpec = exportQuery ? { [EXPORT_FLOOR_PATH]: { ...exportQuery, headers: exportHeaders } } : {};
    const entityFields = (id: string) => loadGenerated().model.entities.find((e) => e.id === id)!.fields;
    const decorate = Object.fromEntries(sqlCases.filter((c) => c.decorate).map((c) => [c.path, { ...c.decorate, fields: entityFields(c.decorate!.entity) }]));
    const floorSpec = { db: db.floorDb, statics, queries, decorate, exports: exportsSpec };
    floor = await startFloor(floorSpec);
    await sameAnswers(server, floor, tokens, db.name);
    if (baseline && baseDb) base = await startServer(baseline, baseDb.env);
    const baseTokens = base && baseDb ? await signIn(base.url, baseDb.knex) : {};
    const idleRss = rssMb(server.proc.pid);
    const idleRssBase = base ? rssMb(base.proc.pid) : undefined;

    const targets: { t: Target; p: Proc }[] = [{ t: 'server', p: server }, ...(base ? [{ t: 'baseline' as const, p: base }] : []), { t: 'floor', p: floor }];
    const runs = new Map<string, Measure[]>();
    const exportRuns = new Map<Target, ExportMeasure[]>();
    /** Per target (each has its own goods): the next id the delete case removes, downwards. */
    const deleteFrom = new Map<Target, number>();
    let addSeed = 0;
    for (let round = 0; round < ROUNDS; round++) {
      // A fresh floor every round: a floor's CPU per request grew with its uptime (19–24 µs fresh, 26–37 µs after an
      // hour, issue 41), which flattered the server in the later rounds.
      if (round > 0) {
        await stop(floor);
        floor = await startFloor(floorSpec);
        targets[targets.length - 1]!.p = floor;
      }
      for (const c of CASES) {
        const order = rotated(targets.filter((x) => x.t !== 'floor' || c.floor), round);
        for (const { t, p } of order) {
          // The floor gets the very request the server gets, token included (it ignores it): a lighter request would
          // cost the load generator, which shares the cores, and the floor's HTTP parser less (6 % more req/s for
          // person's floor without the header), and that is no work of the server's. scripts/bench/inproc.ts
          // already sends both the same bytes.
          const tok = c.as ? { authorization: (t === 'baseline' ? baseTokens : tokens)[c.as]! } : {};
          const knexOf = t === 'baseline' && baseDb ? baseDb.knex : db.knex;
          const runOnce = async (seconds: number): Promise<Measure> => {
            const spec: Record<string, unknown> = {
              url: p.url,
              method: c.method,
              path: c.path,
              headers: tok,
              body: c.body,
              vary: c.vary,
              seconds,
              connections: Math.min(CONNECTIONS, c.connections ?? CONNECTIONS),
              expectCode: true,
              // Every answer of a case that does not vary per request has the same size (load.mjs checks it).
              fixedSize: !c.vary,
              seed: addSeed++,
            };
            // A different user per request: the login throttle counts attempts per username while they run.
            if (c.vary === 'login') spec.users = USERS;
            // Logins are scrypt-bound (tens per second here); a run that outpaced its captchas would show failures.
            if (c.vary === 'login') spec.captchas = await captchas(p.url, knexOf, Math.ceil(seconds * 80) + 20);
            if (c.vary === 'update') Object.assign(spec, { idFrom: 1, idCount: Math.floor(GOODS / 2) });
            if (c.vary === 'delete') spec.idFrom = deleteFrom.get(t) ?? GOODS;
            const cpu0 = cpuTimeUs(p.proc.pid);
            const dbCpu0 = db.serverPid ? cpuTimeUs(db.serverPid) : NaN;
            const m = load(spec);
            const used = cpuTimeUs(p.proc.pid) - cpu0;
            m.cpuUs = Math.round(used / Math.max(1, m.total));
            m.share = Math.round((used / (seconds * 1e6)) * 100) / 100;
            m.contended = m.share < CONTENDED && (m.genShare ?? 0) < CONTENDED;
            if ((m.genShare ?? 0) >= GEN_SATURATED && m.share < TARGET_IDLE) m.bound = `load generator at ${Math.round(m.genShare! * 100)} % of a core while the ${t} used ${Math.round(m.share * 100)} %`;
            if (db.serverPid) m.dbCpuUs = Math.round((cpuTimeUs(db.serverPid) - dbCpu0) / Math.max(1, m.total));
            if (c.vary === 'delete') deleteFrom.set(t, (deleteFrom.get(t) ?? GOODS) - m.issued - 1);
            return m;
          };
          const warm = WARMUP > 0 ? await runOnce(WARMUP) : undefined;
          const seconds = runSeconds(warm, Math.min(CONNECTIONS, c.connections ?? CONNECTIONS));
          const m = await runOnce(seconds);
          m.seconds = seconds;
          if (m.bound) BOUND.push(`[${db.name}] round ${round + 1} ${c.name} ${t}: ${m.bound}`);
          const key = `${c.name}|${t}`;
          runs.set(key, [...(runs.get(key) ?? []), m]);
          process.stderr.write(`[${db.name}] round ${round + 1} ${c.name.padEnd(15)} ${t.padEnd(8)} ${m.rps.toFixed(0).padStart(6)} req/s p50 ${m.p50} p99 ${m.p99} cpu ${m.cpuUs} µs/req (${Math.round((m.share ?? 0) * 100)} % of a core)${m.dbCpuUs !== undefined ? ` (db ${m.dbCpuUs})` : ''}, generator ${m.genCpuUs} µs/req (${Math.round((m.genShare ?? 0) * 100)} %)${m.bound ? ' GENERATOR-BOUND' : ''}${seconds !== SECONDS ? `, ${seconds} s run` : ''}, RSS ${rssMb(p.proc.pid)} MB${m.bad ? ` FAILED ${m.bad}: ${m.sample}` : ''}\n`);
        }
      }
      if (EXPORT) {
        // The load generator stops at the end of a run without waiting for the requests in flight: the last
        // deletes may still commit once an export has counted its rows. Wait until the goods stop changing.
        await goodsSettled(db.knex);
        for (const { t, p } of rotated(targets, round)) {
          const token = t === 'floor' ? undefined : (t === 'baseline' ? baseTokens : tokens).admin;
          // The first round's warm-up: one export each, not counted.
          if (round === 0 && WARMUP > 0) await exportRun(t, p, token);
          const m = await exportRun(t, p, token);
          exportRuns.set(t, [...(exportRuns.get(t) ?? []), m]);
          process.stderr.write(`[${db.name}] round ${round + 1} ${'export'.padEnd(15)} ${t.padEnd(8)} ${m.rows} rows in ${m.wallMs} ms (${m.rowsPerSec} rows/s), cpu ${m.cpuMs} ms, peak RSS ${m.peakRssMb} MB\n`);
        }
      }
    }
    const cliRows: { endpoint: string; target: Target; rps: number; cpuUs: number; genShare: number; non2xx: number }[] = [];
    if (CLI_ROUND) {
      for (const c of CASES.filter((x) => x.floor && !x.vary)) {
        for (const { t, p } of targets) {
          const tok: Record<string, string> = c.as ? { authorization: (t === 'baseline' ? baseTokens : tokens)[c.as]! } : {};
          const m = cliLoad(p, c, tok);
          cliRows.push({ endpoint: c.name, target: t, ...m });
          process.stderr.write(`[${db.name}] autocannon CLI ${c.name.padEnd(15)} ${t.padEnd(8)} ${m.rps.toFixed(0).padStart(6)} req/s cpu ${m.cpuUs} µs/req, generator ${Math.round(m.genShare * 100)} % of a core${m.non2xx ? ` FAILED ${m.non2xx}` : ''}\n`);
        }
      }
    }
    const afterRss = rssMb(server.proc.pid);
    if (SMAPS) {
      fs.mkdirSync(SMAPS, { recursive: true });
      fs.writeFileSync(path.join(SMAPS, `${db.name}.smaps`), fs.readFileSync(`/proc/${server.proc.pid}/smaps`));
      if (base) fs.writeFileSync(path.join(SMAPS, `${db.name}.baseline.smaps`), fs.readFileSync(`/proc/${base.proc.pid}/smaps`));
    }
    const afterRssBase = base ? rssMb(base.proc.pid) : undefined;
    await stop(server);
    await stop(base);
    // Cold start, the server and the baseline alternately (one start varies by a fifth from the next): median.
    const starts: Record<'server' | 'baseline', number[]> = { server: [], baseline: [] };
    for (let i = 0; i < COLD_STARTS; i++) {
      for (const [t, build, env] of [['server', bundle, db.env], ...(baseline && baseDb ? [['baseline', baseline, baseDb.env]] : [])] as ['server' | 'baseline', string, Record<string, string>][]) {
        const restart = await startServer(build, env);
        starts[t].push(restart.coldStartMs);
        await stop(restart);
      }
    }
    const coldStartMs = median(starts.server);
    const coldStartBaseMs = starts.baseline.length ? median(starts.baseline) : undefined;
    process.stderr.write(`[${db.name}] cold starts: server ${starts.server.join(', ')} ms${coldStartBaseMs === undefined ? '' : `; baseline ${starts.baseline.join(', ')} ms`}\n`);

    const measured = [...runs.values()].flat();
    const contended = measured.filter((m) => m.contended).length;
    const rows: Row[] = [];
    for (const c of CASES) {
      const pick = (t: Target): Row | undefined => {
        const ms = runs.get(`${c.name}|${t}`);
        if (!ms) return undefined;
        return { db: db.name, endpoint: c.name, target: t, rps: Math.round(median(ms.map((m) => m.rps))), p50: median(ms.map((m) => m.p50)), p99: median(ms.map((m) => m.p99)), cpuUs: median(ms.map((m) => m.cpuUs ?? NaN)), share: median(ms.map((m) => m.share ?? NaN)), genCpuUs: median(ms.map((m) => m.genCpuUs ?? NaN)), genShare: median(ms.map((m) => m.genShare ?? NaN)), ...(ms.some((m) => (m.seconds ?? SECONDS) > SECONDS) ? { runSeconds: ms.map((m) => m.seconds ?? SECONDS) } : {}), ...(db.serverPid ? { dbCpuUs: median(ms.map((m) => m.dbCpuUs ?? NaN)) } : {}), bad: ms.reduce((a, m) => a + m.bad, 0) };
      };
      const f = pick('floor');
      for (const t of ['server', 'baseline'] as const) {
        const r = pick(t);
        if (!r) continue;
        const floorRuns = runs.get(`${c.name}|floor`);
        if (f && floorRuns) {
          const mine = runs.get(`${c.name}|${t}`)!;
          r.roundRatios = mine.map((m, i) => Math.round((m.rps / floorRuns[i]!.rps) * 100) / 100);
          r.ratio = median(r.roundRatios);
          r.roundCpuRatios = mine.map((m, i) => Math.round(((floorRuns[i]!.cpuUs ?? NaN) / Math.max(1, m.cpuUs ?? NaN)) * 100) / 100);
          r.cpuRatio = median(r.roundCpuRatios);
          r.headline = Math.abs(r.cpuRatio - r.ratio) > DISAGREE ? 'cpu' : 'rps';
        }
        rows.push(r);
      }
      if (f) rows.push(f);
    }
    const exportRows: (ExportMeasure & { target: Target; ratio?: number; roundRatios?: number[] })[] = [];
    const exportFloor = exportRuns.get('floor');
    for (const t of ['server', 'baseline', 'floor'] as const) {
      const ms = exportRuns.get(t);
      if (!ms) continue;
      const m = (k: keyof ExportMeasure) => median(ms.map((x) => x[k]));
      const r: ExportMeasure & { target: Target; ratio?: number; roundRatios?: number[] } = { target: t, rows: m('rows'), wallMs: m('wallMs'), rowsPerSec: m('rowsPerSec'), cpuMs: m('cpuMs'), peakRssMb: m('peakRssMb') };
      if (t !== 'floor' && exportFloor) {
        r.roundRatios = ms.map((x, i) => Math.round((x.rowsPerSec / exportFloor[i]!.rowsPerSec) * 100) / 100);
        r.ratio = median(r.roundRatios);
      }
      exportRows.push(r);
    }
    results.databases.push({ db: db.name, firstStartMs, coldStartMs, ...(coldStartBaseMs === undefined ? {} : { coldStartBaseMs }), rssMb: { idle: idleRss, afterLoad: afterRss, ...(base ? { baselineIdle: idleRssBase, baselineAfterLoad: afterRssBase } : {}) }, contendedRuns: contended, measuredRuns: measured.length, rows, ...(exportRows.length ? { export: exportRows } : {}), ...(cliRows.length ? { autocannonCli: cliRows } : {}) });

    table.push(`\n### ${db.name} — cold start ${coldStartMs} ms${coldStartBaseMs === undefined ? '' : ` (baseline ${coldStartBaseMs} ms)`} (median of ${COLD_STARTS}; first start with migrations ${firstStartMs} ms), RSS idle ${idleRss} MB, after load ${afterRss} MB${base ? ` (baseline: ${idleRssBase} → ${afterRssBase} MB)` : ''}\n`);
    if (contended) table.push(`${contended} of ${measured.length} measured runs were paced by the machine's other load (the target and the generator each under ${CONTENDED * 100} % of a core): their req/s say little; CPU per request still counts the work.\n`);
    const dbCol = db.serverPid !== undefined;
    table.push(`| endpoint | target | req/s | p50 ms | p99 ms | req/s ratio to floor (rounds) | CPU µs/req | CPU ratio to floor (rounds) | CPU, % of a core |${dbCol ? ' database CPU µs/req |' : ''} generator µs/req (% of a core) | failed |`);
    table.push(`|---|---|---:|---:|---:|---:|---:|---:|---:|${dbCol ? '---:|' : ''}---:|---:|`);
    // The headline ratio in bold: the CPU ratio where the two disagree by more than DISAGREE.
    const bold = (cell: string, on: boolean) => (cell && on ? `**${cell}**` : cell);
    for (const r of rows) table.push(`| ${r.endpoint} | ${r.target === 'floor' ? (CASES.find((c) => c.name === r.endpoint)!.floor === 'sql' ? 'floor: Koa + Knex, same SQL, same rows' : 'floor: bare Koa, same bytes') : r.target} | ${r.rps} | ${r.p50} | ${r.p99} | ${bold(ratioCell(r), r.headline === 'rps')} | ${r.cpuUs} | ${bold(ratioCell({ ratio: r.cpuRatio, roundRatios: r.roundCpuRatios }), r.headline === 'cpu')} | ${Math.round(r.share * 100)} % |${dbCol ? ` ${r.dbCpuUs} |` : ''} ${r.genCpuUs} (${Math.round(r.genShare * 100)} %) | ${r.bad} |`);
    if (cliRows.length) {
      table.push('\n| endpoint | target | plain autocannon CLI req/s | load.mjs req/s (median) | CLI CPU µs/req | CLI generator, % of a core |');
      table.push('|---|---|---:|---:|---:|---:|');
      for (const r of cliRows) table.push(`| ${r.endpoint} | ${r.target} | ${Math.round(r.rps)} | ${rows.find((x) => x.endpoint === r.endpoint && x.target === r.target)?.rps ?? ''} | ${r.cpuUs} | ${Math.round(r.genShare * 100)} % |`);
    }
    if (exportRows.length) {
      table.push('\n| export job, CSV | target | rows | wall ms | rows/s | ratio to floor (rounds) | CPU ms | peak RSS MB |');
      table.push('|---|---|---:|---:|---:|---:|---:|---:|');
      for (const r of exportRows) table.push(`| goods, ${EXPORT_BODY.columns.length} columns | ${r.target === 'floor' ? 'floor: Knex stream, same SELECT unpaged, same CSV library' : r.target} | ${r.rows} | ${r.wallMs} | ${r.rowsPerSec} | ${ratioCell(r)} | ${r.cpuMs} | ${r.peakRssMb} |`);
    }
  } finally {
    await stop(server);
    await stop(base);
    await stop(floor);
    for (const d of made) await d.cleanup();
  }
}

const header = `Schema Admin bench — Node ${process.version}, ${os.cpus().length} CPUs, ${CONNECTIONS} connections, ${WARMUP}s warm-up + ${SECONDS}s per run (at least ${MIN_LATENCIES} median latencies, up to ${MAX_RUN_SECONDS}s), median of ${ROUNDS} interleaved rounds, ${USERS} users / ${GOODS} goods`;
console.log(header);
console.log(table.join('\n'));
fs.mkdirSync(path.dirname(OUT), { recursive: true });
fs.writeFileSync(OUT, `${JSON.stringify({ ...results, generatorBound: BOUND }, null, 2)}\n`);
console.log(`\nwritten ${path.relative(ROOT, OUT)}`);
if (BOUND.length) {
  // The measurement failed, not the server: these runs measured the load generator.
  console.error(`\nINVALID: ${BOUND.length} run(s) measured the load generator, not their target:\n${BOUND.join('\n')}`);
  process.exitCode = 3;
}
