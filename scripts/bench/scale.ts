/**
 * `npm run bench -- --rows 1000000 [--db sqlite|mariadb|postgres|both|all] [--seconds 2] [--connections 32]` (issue 36):
 * the bench at scale. On a scratch database of each kind, the production bundle's own migrations, then bulk SQL
 * (one INSERT … SELECT over a number series per table, in the database: SQLite's recursive CTE, MariaDB's
 * seq_1_to_N, PostgreSQL's generate_series — not the API) seeds `rows` goods, orders, request-log and change-audit
 * rows and rows/10 users (at least the main bench's 10 000, in 20 departments, with the department-scoped admin).
 * Then for each list shape: one request at a time over HTTP (p50/p99, idle), and req/s under --connections from the
 * separate load process (scripts/bench/load.mjs), the server beside its tuned floor in the same run: floor.mjs
 * answering the same page from hand-written SQL — COUNT(*) under the same WHERE, the page's rows by a deferred
 * join (the ids of the page from the (key, id) index, LIMIT/OFFSET there, then the rows by primary key) —
 * decorated as the server decorates (db/values.ts read conversion). Before any load the floor's list and total are
 * compared with the server's; a difference is reported and that shape's ratio left out. Shapes whose answer needs
 * the server's join decoration (orders, request log, audit, scoped users) replay the server's own captured SQL
 * instead (the main bench's SQL floor) and say so. Also: the dashboard summary over `rows` orders (single requests),
 * and a CSV export job of every goods row (rows/s, peak RSS of the server above its idle RSS).
 * Writes a Markdown table to stdout and the `scale` section of bench/results.json (the rest of the file kept).
 * `--shapes keyword,audit`: only the list shapes whose name holds one of the words. `--keep`: the scratch database stays;
 * `--reuse <database>` measures such a kept database again without seeding (`--seed-only` seeds one and stops);
 * `--no-load`: single requests only. `--rounds N` (default 1): N load runs of each side per shape, the first side
 * alternating, the round with the median ratio reported with the lowest and highest.
 * `--only export,import` measures the data jobs alone on `rows` goods instead (scripts/bench/bulk.ts).
 */
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Knex } from 'knex';
import { createApp } from '../../runtime-server/src/app/createApp.js';
import { parts } from '../../runtime-server/src/parts.js';
import { DEFAULT_STATEMENT_TIMEOUT_MS, loadConfig } from '../../runtime-server/src/config.js';
import { loadGenerated } from '../../runtime-server/src/app/loadGenerated.js';
import { ENTITIES, TABLES } from '../../runtime-server/src/generated/tables.js';
import { dialectOfKnex } from '../../runtime-server/src/db/createDb.js';
import { cpuTimeUs, rssMb } from './procStats.js';
import { rebuildLogRollup } from '../../runtime-server/src/http/requestLogRollup.js';
import { ALL_TENANTS, ORDER_STATUS_SUM, rebuildOrderRollup } from '../../runtime-server/src/modules/demo/orderRollup.js';

export interface Proc {
  proc: ChildProcess;
  url: string;
  lines: string[];
}
export interface Db {
  name: string;
  env: Record<string, string>;
  floorDb: object;
  knex: Knex;
  /** The local MariaDB/MySQL server's process, when there is one: its CPU per request is reported too. */
  serverPid?: number;
  cleanup(): Promise<void>;
}
interface Measure {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  bad: number;
  sample?: string;
  genShare?: number;
  /** The measured process's CPU time (user + system) per answered request during the run, in µs (set here). */
  cpuUs?: number;
  /** The local database server's CPU time per answered request during the run, in µs (MariaDB/MySQL; set here). */
  dbCpuUs?: number;
}
/** One export job measured: rows, wall time, rows/s, the process's CPU (user + system, ms) and highest RSS. */
export interface ExportMeasure {
  rows: number;
  wallMs: number;
  rowsPerSec: number;
  /** The measured process's CPU time (user + system) during the export, in ms. */
  cpuMs: number;
  /** The measured process's highest RSS while the export ran (sampled every 20 ms). */
  peakRssMb: number;
}
export interface ScaleDeps {
  opt(name: string, fallback: string): string;
  dbs: string[];
  out: string;
  seconds: number;
  warmup: number;
  connections: number;
  buildServer(): Promise<string>;
  scratchDb(kind: string): Promise<Db>;
  startServer(bundle: string, env: Record<string, string>, profile?: boolean): Promise<Proc & { coldStartMs: number }>;
  startFloor(spec: object): Promise<Proc>;
  stop(p: Proc | undefined): Promise<void>;
  load(run: Record<string, unknown>): Measure;
  seed(knex: Knex, users: number, goods: number): Promise<void>;
  signIn(url: string, knex: Knex): Promise<Record<string, string>>;
  exportRun(t: 'server', p: Proc, token: string): Promise<ExportMeasure>;
}

interface Shape {
  name: string;
  path: string;
  as: 'admin' | 'scoped';
  body: Record<string, unknown>;
  /** Hand-written floor: the WHERE (with `?` bindings) and the ORDER BY keys of the same answer. */
  hand?: { table: string; entity: string; where: string; bindings: unknown[]; order: [string, 'asc' | 'desc', boolean][] };
}

/** Identifiers quoted with `"` as MariaDB quotes them (backticks), string literals left alone. */
export const q = (d: string, s: string) => (d === 'mysql' ? s.split(/('[^']*')/).map((part, i) => (i % 2 ? part : part.replaceAll('"', '`'))).join('') : s);

/** The number series 1..n as a FROM clause (`n` its column). */
export function series(d: string, n: number): { with: string; from: string } {
  if (d === 'sqlite') return { with: `WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${n}) `, from: 's' };
  if (d === 'postgres') return { with: '', from: `generate_series(1::bigint, ${n}) AS s(n)` };
  return { with: '', from: `(SELECT seq AS n FROM seq_1_to_${n}) s` };
}
/** Concatenation; each part in parentheses (SQLite's `||` binds tighter than `%`). */
export const cat = (d: string, ...parts: string[]) => (d === 'mysql' ? `CONCAT(${parts.join(', ')})` : parts.map((p) => (p.startsWith("'") ? p : d === 'postgres' ? `(${p})::text` : `(${p})`)).join(' || '));
/** A time `seconds` after the epoch second `start`, as each database stores the entity's datetime (local time, `YYYY-MM-DD HH:mm:ss`). */
export function at(d: string, start: number, seconds: string): string {
  if (d === 'sqlite') return `datetime(${start} + ${seconds}, 'unixepoch', 'localtime')`;
  if (d === 'postgres') return `(to_timestamp(${start} + ${seconds}) AT TIME ZONE current_setting('TimeZone'))`;
  return `FROM_UNIXTIME(${start} + ${seconds})`;
}
const intDiv = (d: string, a: string, b: string) => (d === 'mysql' ? `(${a} DIV ${b})` : `(${a} / ${b})`);

/**
 * `rows` goods, orders, request-log and change-audit rows, and users beyond the main bench's 10 000, each table by
 * one INSERT … SELECT over a number series; times spread over the year up to now (the last rows today, which the
 * dashboard's "today" figures read). Returns the seconds each table took.
 */
export async function bulkSeed(knex: Knex, rows: number, users: number, only?: 'goods'): Promise<Record<string, number>> {
  const d = dialectOfKnex(knex);
  const end = Math.floor(Date.now() / 1000) - 60;
  const step = Math.max(1, Math.floor((365 * 86400) / rows));
  const start = end - step * rows;
  const ts = at(d, start, `s.n * ${step}`);
  const took: Record<string, number> = {};
  const insert = async (label: string, table: string, cols: string[], values: string[], n: number) => {
    const t0 = Date.now();
    const s = series(d, n);
    const restore = await withoutIndexes(knex, table);
    await knex.raw(q(d, `${s.with}INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(', ')}) SELECT ${values.join(', ')} FROM ${s.from}`));
    await restore();
    took[label] = Math.round((Date.now() - t0) / 100) / 10;
    process.stderr.write(`  ${label}: ${n} rows in ${took[label]} s\n`);
  };
  const money = (e: string) => (d === 'postgres' ? `((${e}) % 10000) / 100.0` : `(${e} % 10000) / 100.0`);
  await insert('goods', TABLES.demoGoods, ['title', 'price', 'description', 'type', 'status', 'stock', 'exampleImages', 'createTime', 'updateTime'], [
    cat(d, "'goods '", 's.n'), money('s.n'), cat(d, "'description of goods number '", 's.n'), 's.n % 5', 's.n % 2', 's.n % 1000', `'["a.png"]'`, ts, ts,
  ], rows);
  if (only === 'goods') {
    const t1 = Date.now();
    if (d === 'sqlite') await knex.raw('ANALYZE');
    else if (d === 'postgres') await knex.raw(`VACUUM ANALYZE "${TABLES.demoGoods}"`);
    else await knex.raw(`ANALYZE TABLE \`${TABLES.demoGoods}\``);
    took.analyze = Math.round((Date.now() - t1) / 100) / 10;
    return took;
  }
  // MariaDB and SQLite: the roll-up's row triggers (eight upserts and a goods lookup per order) made 1 M orders take
  // 672–1 008 s on MariaDB against 82 s without; withoutIndexes drops them for the fill and makes them again from
  // their own text, and the roll-up is rebuilt from the orders (docs/decisions.md, "Dashboard roll-up": a bulk
  // load's way). rollupMatches checks the result as before.
  await insert('orders', TABLES.demoOrder, ['goodsId', 'userId', 'quantity', 'amount', 'status', 'payTime', 'createTime', 'updateTime'], [
    `1 + (s.n * 7919) % ${rows}`, '1 + s.n % 1000', '1 + s.n % 5', money('s.n * 13'), 's.n % 3', ts, ts, ts,
  ], rows);
  if (d !== 'postgres') {
    const t1 = Date.now();
    await rebuildOrderRollup(knex);
    took.rollupRebuild = Math.round((Date.now() - t1) / 100) / 10;
    process.stderr.write(`  roll-up rebuilt in ${took.rollupRebuild} s (its triggers dropped for the fill)\n`);
  }
  const paths = ['/admin/demo/goods/page', '/admin/demo/order/page', '/admin/base/sys/user/page', '/admin/base/comm/person', '/admin/base/sys/log/page'];
  const pathOf = `CASE s.n % 5 ${paths.map((p, i) => `WHEN ${i} THEN '${p}'`).join(' ')} END`;
  await insert('request log', TABLES.baseSysLog, ['userId', 'action', 'ip', 'params', 'createTime', 'updateTime'], [
    '1 + s.n % 1000', pathOf, cat(d, "'10.0.'", intDiv(d, 's.n', '256') + ' % 256', "'.'", 's.n % 256'), `'{}'`, ts, ts,
  ], rows);
  // Written past the app's writers: its hourly roll-up (the dashboard's views) is recomputed from it.
  const tr = Date.now();
  await rebuildLogRollup(knex);
  took['request-log roll-up'] = Math.round((Date.now() - tr) / 100) / 10;
  const entities = [ENTITIES.demoGoods, ENTITIES.demoOrder, ENTITIES.baseSysUser, ENTITIES.dictInfo, ENTITIES.baseSysRole];
  await insert('change audit', TABLES.baseSysAudit, ['entity', 'recordId', 'action', 'userId', 'url', 'changes', 'createTime', 'updateTime'], [
    `CASE s.n % 5 ${entities.map((e, i) => `WHEN ${i} THEN '${e}'`).join(' ')} END`, intDiv(d, 's.n', '5'), `CASE s.n % 3 WHEN 0 THEN 'add' WHEN 1 THEN 'update' ELSE 'delete' END`,
    '1 + s.n % 1000', `'/admin/demo/goods/update'`, `'{}'`, ts, ts,
  ], rows);
  const more = users - 10_000;
  if (more > 0) {
    const dept = `(SELECT MIN("id") FROM "${TABLES.baseSysDepartment}" WHERE "name" LIKE 'Dept %') + s.n % 20`;
    const pw = `(SELECT "password" FROM "${TABLES.baseSysUser}" WHERE "username" = 'user0')`;
    await insert('users', TABLES.baseSysUser, ['username', 'name', 'nickName', 'password', 'passwordV', 'isSuper', 'status', 'departmentId', 'phone', 'createTime', 'updateTime'], [
      cat(d, "'bulk'", 's.n'), cat(d, "'Bulk '", 's.n'), cat(d, "'b'", 's.n'), pw, '1', 'FALSE', '1', dept, cat(d, "'139'", 's.n'), ts, ts,
    ], more);
  }
  const t0 = Date.now();
  const tables = [TABLES.demoGoods, TABLES.demoOrder, TABLES.baseSysLog, TABLES.baseSysAudit, TABLES.baseSysUser];
  if (d === 'sqlite') await knex.raw('ANALYZE');
  else if (d === 'postgres') await knex.raw(`VACUUM ANALYZE ${tables.map((t) => `"${t}"`).join(', ')}`);
  else for (const t of tables) await knex.raw(`ANALYZE TABLE \`${t}\``);
  took.analyze = Math.round((Date.now() - t0) / 100) / 10;
  return took;
}

/**
 * A bulk load's way on MariaDB and SQLite (PostgreSQL's fills are left as measured before): the table's secondary
 * indexes and triggers dropped, and a function that makes them again from their own definitions, each index from one
 * sorted pass, then (SQLite) rebuilds the trigram search tables whose content is this table. InnoDB inserting 10 M
 * rows into eight secondary indexes at once through a small buffer pool had reached 5.6 M rows after 17 minutes
 * (bench/pages.md); SQLite's 10 M goods did not finish in 35 minutes with its FTS5 triggers and indexes.
 */
export async function withoutIndexes(knex: Knex, table: string): Promise<() => Promise<void>> {
  const d = dialectOfKnex(knex);
  if (d === 'sqlite') {
    const defs = (await knex.raw("SELECT type, name, sql FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL", [table])) as { type: string; name: string; sql: string }[];
    const fts = (await knex.raw("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%' AND sql LIKE ?", [`%content='${table}'%`])) as { name: string }[];
    for (const x of defs) await knex.raw(`DROP ${x.type === 'index' ? 'INDEX' : 'TRIGGER'} "${x.name}"`);
    return async () => {
      for (const x of defs) await knex.raw(x.sql);
      for (const f of fts) await knex.raw(`INSERT INTO "${f.name}" ("${f.name}") VALUES ('rebuild')`);
    };
  }
  if (d !== 'mysql') return async () => {};
  const [names] = (await knex.raw('SELECT TRIGGER_NAME AS name FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() AND EVENT_OBJECT_TABLE = ?', [table])) as [{ name: string }[]];
  const triggers: string[] = [];
  for (const { name } of names) {
    const [[row]] = (await knex.raw(`SHOW CREATE TRIGGER \`${name}\``)) as [Record<string, string>[]];
    triggers.push(row!['SQL Original Statement']!);
    await knex.raw(`DROP TRIGGER \`${name}\``);
  }
  const [idx] = (await knex.raw(
    "SELECT INDEX_NAME AS name, NON_UNIQUE AS nonUnique, INDEX_TYPE AS type, GROUP_CONCAT(CONCAT('`', COLUMN_NAME, '`', IF(SUB_PART IS NULL, '', CONCAT('(', SUB_PART, ')'))) ORDER BY SEQ_IN_INDEX) AS cols FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND INDEX_NAME <> 'PRIMARY' GROUP BY INDEX_NAME, NON_UNIQUE, INDEX_TYPE",
    [table],
  )) as [{ name: string; nonUnique: number; type: string; cols: string }[]];
  if (idx.length) await knex.raw(`ALTER TABLE \`${table}\` ${idx.map((i) => `DROP INDEX \`${i.name}\``).join(', ')}`);
  return async () => {
    const kind = (i: (typeof idx)[number]) => (i.type === 'FULLTEXT' ? 'FULLTEXT ' : Number(i.nonUnique) ? '' : 'UNIQUE ');
    if (idx.length) await knex.raw(`ALTER TABLE \`${table}\` ${idx.map((i) => `ADD ${kind(i)}INDEX \`${i.name}\` (${i.cols})`).join(', ')}`);
    for (const sql of triggers) await knex.raw(sql);
  };
}

/** The list shapes of issue 36 over goods (hand-written floors), and the other large tables' screens (replayed SQL). */
/** The roll-up's orders and cents per status (every tenant) against the base table's. */
export async function rollupMatches(knex: Knex): Promise<boolean> {
  const base = (await knex(TABLES.demoOrder).groupBy('status').orderBy('status').select('status', knex.raw('count(*) as n'), knex.raw('sum(amount) as s'))) as { n: unknown; s: unknown }[];
  const rolled = (await knex(ORDER_STATUS_SUM).where('tenantId', ALL_TENANTS).where('n', '>', 0).orderBy('status').select('n', 'cents')) as { n: unknown; cents: unknown }[];
  const same = base.length === rolled.length && base.every((b, i) => Number(b.n) === Number(rolled[i]!.n) && Math.round(Number(b.s) * 100) === Number(rolled[i]!.cents));
  if (!same) process.stderr.write(`  base ${JSON.stringify(base)}\n  roll-up ${JSON.stringify(rolled)}\n`);
  return same;
}

function shapes(rows: number): Shape[] {
  const goods = (where: string, bindings: unknown[], order: [string, 'asc' | 'desc', boolean][]) => ({ table: TABLES.demoGoods, entity: ENTITIES.demoGoods, where, bindings, order });
  const byCreate: [string, 'asc' | 'desc', boolean][] = [['createTime', 'desc', true], ['id', 'desc', false]];
  const deep = Math.min(10_000, Math.floor(rows / 20));
  const day = new Date(Date.now() - 3 * 86400_000);
  const fmt = (t: Date) => `${t.getFullYear()}-${String(t.getMonth() + 1).padStart(2, '0')}-${String(t.getDate()).padStart(2, '0')}`;
  return [
    { name: 'goods: first page, default sort', path: '/admin/demo/goods/page', as: 'admin', body: { page: 1, size: 20 }, hand: goods('', [], byCreate) },
    { name: 'goods: equality filters (status, type)', path: '/admin/demo/goods/page', as: 'admin', body: { page: 1, size: 20, status: 1, type: 3 }, hand: goods('"status" = ? AND "type" = ?', [1, 3], byCreate) },
    { name: 'goods: range filter (price)', path: '/admin/demo/goods/page', as: 'admin', body: { page: 1, size: 20, price: [10, 10.5] }, hand: goods('"price" >= ? AND "price" <= ?', [10, 10.5], byCreate) },
    { name: 'goods: sort by price asc', path: '/admin/demo/goods/page', as: 'admin', body: { page: 1, size: 20, order: 'price', sort: 'asc' }, hand: goods('', [], [['price', 'asc', true], ['id', 'asc', false]]) },
    { name: 'goods: sort by stock desc', path: '/admin/demo/goods/page', as: 'admin', body: { page: 1, size: 20, order: 'stock', sort: 'desc' }, hand: goods('', [], [['stock', 'desc', true], ['id', 'desc', false]]) },
    { name: `goods: page ${deep}`, path: '/admin/demo/goods/page', as: 'admin', body: { page: deep, size: 20 }, hand: goods('', [], byCreate) },
    { name: 'goods: keyword (description, 11 chars)', path: '/admin/demo/goods/page', as: 'admin', body: { page: 1, size: 20, keyWord: 'number 4242' }, hand: goods('"description" LIKE ?', ['%number 4242%'], byCreate) },
    { name: 'orders: status + payTime range', path: '/admin/demo/order/page', as: 'admin', body: { page: 1, size: 20, status: 1, payTime: [`${fmt(day)} 00:00:00`, `${fmt(day)} 23:59:59`] } },
    { name: 'users: first page, scoped admin', path: '/admin/base/sys/user/page', as: 'scoped', body: { page: 1, size: 20 } },
    { name: 'request log: time range', path: '/admin/base/sys/log/page', as: 'admin', body: { page: 1, size: 20, createTime: [`${fmt(day)} 10:00:00`, `${fmt(day)} 11:00:00`] } },
    { name: 'request log: keyword (path)', path: '/admin/base/sys/log/page', as: 'admin', body: { page: 1, size: 20, keyWord: 'comm/person' } },
    { name: 'change audit: entity + action', path: '/admin/base/sys/audit/page', as: 'admin', body: { page: 1, size: 20, entity: ENTITIES.demoOrder, action: 'update' } },
  ];
}

/** The hand-written tuned SQL: COUNT under the WHERE, then a deferred join for the page's rows. */
function handSql(d: string, h: NonNullable<Shape['hand']>, columns: string[], offset: number): { sql: string; bindings: unknown[] }[] {
  const where = h.where ? ` WHERE ${h.where}` : '';
  // The same order as the server's: NULLs first ascending, last descending (PostgreSQL says so; the others do so).
  const order = (alias: string) => h.order.map(([c, dir, nullable]) => `${alias}"${c}" ${dir}${d === 'postgres' && nullable ? (dir === 'asc' ? ' NULLS FIRST' : ' NULLS LAST') : ''}`).join(', ');
  const cols = columns.map((c) => `g."${c}"`).join(', ');
  return [
    { sql: q(d, `SELECT COUNT(*) AS "total" FROM "${h.table}"${where}`), bindings: h.bindings },
    { sql: q(d, `SELECT ${cols} FROM "${h.table}" g JOIN (SELECT "id" FROM "${h.table}"${where} ORDER BY ${order('')} LIMIT 20 OFFSET ${offset}) p ON p."id" = g."id" ORDER BY ${order('g.')}`), bindings: h.bindings },
  ];
}

/** The statements the server ran for one request (its own Knex, in this process), guard and log statements left out. */
async function captureSql(env: Record<string, string>, shapesToCapture: Shape[], tokens: Record<string, string>): Promise<Map<Shape, { sql: string; bindings: unknown[] }[]>> {
  const instance = await createApp(loadConfig({ ...env, NODE_ENV: 'production' }), parts, { logger: { info() {}, warn() {}, error: console.error } });
  const server = http.createServer(instance.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  let captured: { sql: string; bindings: unknown[] }[] = [];
  instance.services.knex.on('query', (x: { sql: string; bindings?: unknown[] }) => captured.push({ sql: x.sql, bindings: x.bindings ?? [] }));
  const out = new Map<Shape, { sql: string; bindings: unknown[] }[]>();
  for (const s of shapesToCapture) {
    const call = () => fetch(`${url}${s.path}`, { method: 'POST', headers: { authorization: tokens[s.as]!, 'content-type': 'application/json' }, body: JSON.stringify(s.body) });
    await call();
    captured = [];
    await call();
    // The guard's, the log's and the scheduler's statements (a task tick may fall in between) left out.
    out.set(s, captured.filter((x) => !/base_sys_(session|conf|rate)\b|\btask_(info|log)\b|\block_/.test(x.sql) && !/^(with ins as \()?insert into [`"]?base_sys_log/i.test(x.sql)));
  }
  server.close();
  await instance.close();
  return out;
}

/** fetch, tried again once when a pooled keep-alive socket the server closed while idle fails before any answer. */
const fetchAgain = (url: string, init?: RequestInit) => fetch(url, init).catch(() => fetch(url, init));

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

/** One request at a time for `ms` (at least 10 requests, at most 400): p50 and p99 in ms. */
async function idle(url: string, path_: string, headers: Record<string, string>, body: unknown, ms: number): Promise<{ p50: number; p99: number; n: number; code: number; message?: string }> {
  const times: number[] = [];
  let code = 0;
  let message: string | undefined;
  const t0 = performance.now();
  while ((performance.now() - t0 < ms || times.length < 10) && times.length < 400) {
    const t = performance.now();
    const res = await fetchAgain(`${url}${path_}`, { method: body === undefined ? 'GET' : 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    times.push(performance.now() - t);
    code = Number(/"code":(\d+)/.exec(text)?.[1] ?? res.status);
    if (code !== 1000) message = text.slice(0, 300);
  }
  const r = (x: number) => Math.round(x * 10) / 10;
  return { p50: r(pct(times, 50)), p99: r(pct(times, 99)), n: times.length, code, ...(message ? { message } : {}) };
}

export async function runScale(deps: ScaleDeps): Promise<void> {
  const ROWS = Number(deps.opt('rows', '1000000'));
  // `--only export,import`: the data jobs at scale alone (scripts/bench/bulk.ts).
  if (deps.opt('only', '').split(',').some((x) => x === 'export' || x === 'import')) return (await import('./bulk.js')).runBulk(deps, ROWS);
  const USERS = Math.max(10_000, Math.floor(ROWS / 10));
  const IDLE_MS = Number(deps.opt('idle-ms', '2000'));
  const ROUNDS = Math.max(1, Number(deps.opt('rounds', '1')) || 1);
  const bundle = await deps.buildServer();
  const result: Record<string, unknown> = { method: { rows: ROWS, users: USERS, connections: deps.connections, seconds: deps.seconds, warmup: deps.warmup, idleMs: IDLE_MS, rounds: ROUNDS, node: process.version, date: new Date().toISOString() }, databases: [] as unknown[] };
  const table: string[] = [];
  for (const kind of deps.dbs) {
    const db = await deps.scratchDb(kind);
    let server: (Proc & { coldStartMs: number }) | undefined;
    let floor: Proc | undefined;
    try {
      const first = await deps.startServer(bundle, db.env);
      await deps.stop(first);
      // `--reuse <database>`: a database an earlier `--keep` run seeded with the same --rows is measured again, unseeded.
      const reused = deps.opt('reuse', '') !== '';
      process.stderr.write(`[${db.name}] ${reused ? 'reused, not seeded' : `seeding ${ROWS} rows per table, ${USERS} users…`}\n`);
      const t0 = Date.now();
      if (!reused) await deps.seed(db.knex, 10_000, 0);
      const seedSeconds = reused ? { reused: 1 } : await bulkSeed(db.knex, ROWS, USERS);
      // The bulk INSERT … SELECT fired the dashboard roll-up's triggers (docs/decisions.md, "Dashboard roll-up").
      process.stderr.write(`[${db.name}] dashboard roll-up ${(await rollupMatches(db.knex)) ? 'equals' : 'DIFFERS FROM'} the orders per status\n`);
      const totalSeed = Math.round((Date.now() - t0) / 1000);
      // `--seed-only`: seeded and kept, nothing measured (seed one database while another is measured, then `--reuse`).
      if (process.argv.includes('--seed-only')) {
        process.stderr.write(`[${db.name}] seeded in ${totalSeed} s (${JSON.stringify(seedSeconds)})\n`);
        continue;
      }
      server = await deps.startServer(bundle, db.env, true);
      const tokens = await deps.signIn(server.url, db.knex);
      // `--no-shapes`: only the seed, the dashboard and the export (a 10 000 000-row run where the list shapes take too long).
      // `--shapes keyword,audit`: only the list shapes whose name holds one of these words.
      const pick = deps.opt('shapes', '').split(',').filter(Boolean);
      const list = deps.opt('no-shapes', '') === '' && !process.argv.includes('--no-shapes') ? shapes(ROWS).filter((s) => !pick.length || pick.some((w) => s.name.includes(w))) : [];
      const d = dialectOfKnex(db.knex);
      // The server's answers: the hand-written floor selects the columns the server answers, in its order.
      const answers = new Map<Shape, { list: Record<string, unknown>[]; pagination: { total: number; totalExact?: boolean } }>();
      const ask = async (s: Shape) => {
        const res = await fetchAgain(`${server!.url}${s.path}`, { method: 'POST', headers: { authorization: tokens[s.as]!, 'content-type': 'application/json' }, body: JSON.stringify(s.body) });
        const body = (await res.json()) as { code: number; data: { list: Record<string, unknown>[]; pagination: { total: number; totalExact?: boolean } } };
        if (body.code !== 1000) throw new Error(`[${db.name}] ${s.name}: ${JSON.stringify(body).slice(0, 300)}`);
        return body.data;
      };
      // A shape cut by the statement limit (1001: a MariaDB substring search on a loaded host) is asked up to three
      // times, then measured alone (single requests and load, no floor: there is no answer to compare).
      const cut = new Set<Shape>();
      for (const s of list) {
        for (let i = 0; ; i++) {
          try {
            answers.set(s, await ask(s));
            break;
          } catch (err) {
            if (!/"code":1001/.test(String(err)) || i === 2) {
              if (!/"code":1001/.test(String(err))) throw err;
              cut.add(s);
              answers.set(s, { list: [], pagination: { total: -1 } });
              process.stderr.write(`[${db.name}] ${s.name}: cut by the statement limit three times (1001)\n`);
              break;
            }
          }
        }
      }
      // A total above COUNT_EXACT_LIMIT: the first answer gives the planner's estimate (MariaDB's is not the row
      // count) and queues the exact count, which the next answers serve. The hand-written floor's COUNT(*) is
      // compared with that kept count: asked again, up to 60 s, until the hand-written COUNT(*) is what it says.
      for (const s of list.filter((x) => x.hand && answers.get(x)!.pagination.totalExact === false)) {
        const h = s.hand!;
        const counted = db.knex(h.table);
        if (h.where) counted.whereRaw(q(d, h.where), h.bindings as Knex.RawBinding[]);
        const exact = Number(((await counted.count({ n: '*' }).first()) as { n: number | string }).n);
        for (const t0 = Date.now(); answers.get(s)!.pagination.total !== exact && Date.now() - t0 < 60_000; ) {
          await new Promise((r) => setTimeout(r, 1000));
          answers.set(s, await ask(s));
        }
      }
      const replayed = await captureSql(db.env, list.filter((s) => !s.hand), tokens);
      const queries: Record<string, { sql: string; bindings: unknown[] }[]> = {};
      const decorate: Record<string, object> = {};
      const fieldsOf = (id: string) => loadGenerated().model.entities.find((e) => e.id === id)!.fields;
      const entityOfPath: Record<string, string> = { '/admin/demo/order/page': ENTITIES.demoOrder, '/admin/base/sys/user/page': ENTITIES.baseSysUser, '/admin/base/sys/log/page': ENTITIES.baseSysLog, '/admin/base/sys/audit/page': ENTITIES.baseSysAudit };
      list.forEach((s, i) => {
        const p = `/scale/${i}`;
        if (s.hand) {
          const cols = Object.keys(answers.get(s)!.list[0] ?? { id: 0 });
          queries[p] = handSql(d, s.hand, cols, (Number(s.body.page ?? 1) - 1) * 20);
          decorate[p] = { entity: s.hand.entity, fields: fieldsOf(s.hand.entity) };
        } else {
          queries[p] = replayed.get(s)!;
          decorate[p] = { entity: entityOfPath[s.path], fields: fieldsOf(entityOfPath[s.path]!), ...(s.path.includes('/user/') ? { names: true, omit: ['isSuper'] } : {}) };
        }
      });
      const pages = Object.fromEntries(list.map((s, i) => [`/scale/${i}`, { page: Number(s.body.page ?? 1), size: 20 }]));
      const statementTimeoutMs = loadConfig({ ...db.env, NODE_ENV: 'production' }).statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
      floor = await deps.startFloor({ db: db.floorDb, statics: {}, queries, decorate, pages, ...(d === 'mysql' ? { statementTimeoutMs } : {}) });
      // The floor must give the same answer: list and total compared with the server's.
      const same = new Map<Shape, string>();
      for (const [i, s] of list.entries()) {
        // The floor runs under the same statement limit on MariaDB: a cut statement is its 500, no answer to compare.
        const text = await (await fetchAgain(`${floor.url}/scale/${i}`, { method: 'POST' })).text();
        let f: { data: { list: unknown[]; pagination: { total: number } } };
        try {
          f = JSON.parse(text) as typeof f;
        } catch {
          f = { data: { list: [`floor failed: ${text.slice(0, 200)}`], pagination: { total: -2 } } };
        }
        const a = answers.get(s)!;
        const why = cut.has(s) ? 'the server answered 1001 (statement limit) three times' : JSON.stringify(f.data.list) !== JSON.stringify(a.list) ? `list differs: server ${JSON.stringify(a.list[0]).slice(0, 160)} floor ${JSON.stringify(f.data.list[0]).slice(0, 160)}` : f.data.pagination.total !== a.pagination.total ? `total differs: server ${a.pagination.total}${(a.pagination as { totalExact?: boolean }).totalExact === false ? ' marked approximate' : ''}, floor ${f.data.pagination.total}` : '';
        same.set(s, why);
        process.stderr.write(`[${db.name}] ${s.name}: ${why ? `FLOOR DIFFERS, ${why}` : `floor answers the same ${a.list.length} rows, total ${a.pagination.total}`}\n`);
      }
      const rowsOut: Record<string, unknown>[] = [];
      for (const [i, s] of list.entries()) {
        const auth = { authorization: tokens[s.as]! };
        const si = await idle(server.url, s.path, auth, s.body, IDLE_MS);
        const fi = await idle(floor.url, `/scale/${i}`, auth, {}, IDLE_MS);
        // CPU per request (issue 36): the process's CPU time over the run (the requests still queued at its end
        // included, a few out of thousands) divided by the requests answered in it.
        const run = (p: Proc, path_: string, seconds: number): Measure => {
          const cpu0 = cpuTimeUs(p.proc.pid);
          const db0 = db.serverPid ? cpuTimeUs(db.serverPid) : NaN;
          const m = deps.load({ url: p.url, method: 'POST', path: path_, headers: auth, body: p === server ? s.body : {}, seconds, connections: deps.connections, expectCode: true, fixedSize: true, seed: i });
          const per = (us: number) => Math.round(us / Math.max(1, m.total));
          return { ...m, cpuUs: per(cpuTimeUs(p.proc.pid) - cpu0), ...(db.serverPid ? { dbCpuUs: per(cpuTimeUs(db.serverPid) - db0) } : {}) };
        };
        // Long enough for about 3 answers per connection at the idle p50 (a slow shape answered nothing in 2 s
        // under 32 connections), up to 20 s; a run that long is its own warm-up.
        const loadOf = (p: Proc, path_: string, p50: number) => {
          const seconds = Math.max(deps.seconds, Math.min(20, Math.ceil((3 * deps.connections * p50) / 1000)));
          if (deps.warmup > 0 && seconds === deps.seconds) run(p, path_, deps.warmup);
          return run(p, path_, seconds);
        };
        // After each load run, one more request of the same shape and user before anything else is measured: the
        // load process stops with up to --connections requests still queued in the server (for that user's share of
        // the pool, USER_POOL_SHARE) or the floor, which go on running; this request waits behind them. Without it
        // the next measurement met that queue (a 45 s single request after a shape cut at the 5 s limit).
        const settle = async (p: Proc, path_: string, body: unknown) => {
          const t = performance.now();
          await (await fetchAgain(`${p.url}${path_}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) })).text();
          return Math.round(performance.now() - t);
        };
        // `--no-load`: single requests only (the 10 000 000-row run, whose targets are single-request p50/p99; a floor
        // counting 10 M rows exactly under 32 connections answered nothing and took minutes to drain).
        const none: Measure = { rps: 0, p50: 0, p99: 0, total: 0, bad: 0 };
        const noLoad = process.argv.includes('--no-load');
        // `--rounds N`: N load runs of each side, the first side alternating (server first in round 1, the floor in
        // round 2…), and the round with the median ratio reported, with the lowest and highest. One run of each
        // side moved a ratio by up to 20 points from one bench to the next on this host (docs/benchmark.md).
        const rounds: { sl: Measure; fl: Measure; serverSettle: number; floorSettle: number; ratio: number | null }[] = [];
        for (let r = 0; r < (noLoad ? 1 : ROUNDS); r++) {
          let sl = none;
          let fl = none;
          let serverSettle = 0;
          let floorSettle = 0;
          const [srv, flr] = [server!, floor!];
          const serverRun = async () => {
            sl = noLoad ? none : loadOf(srv, s.path, si.p50);
            serverSettle = noLoad ? 0 : await settle(srv, s.path, s.body);
          };
          const floorRun = async () => {
            fl = noLoad ? none : loadOf(flr, `/scale/${i}`, fi.p50);
            floorSettle = noLoad ? 0 : await settle(flr, `/scale/${i}`, {});
          };
          if (r % 2 === 0) {
            await serverRun();
            await floorRun();
          } else {
            await floorRun();
            await serverRun();
          }
          // No ratio where the floor answered differently, or answered nothing in the run (a slow shape under 32 connections).
          const ratio = same.get(s) || fl.rps < 1 ? null : Math.round((sl.rps / fl.rps) * 100) / 100;
          rounds.push({ sl, fl, serverSettle, floorSettle, ratio });
        }
        const byRatio = [...rounds].sort((a, b) => (a.ratio ?? -1) - (b.ratio ?? -1));
        const { sl, fl, serverSettle, floorSettle, ratio } = rounds.some((x) => x.ratio === null) ? rounds[0]! : byRatio[Math.floor((byRatio.length - 1) / 2)]!;
        const range = rounds.length > 1 && ratio !== null ? { lowest: byRatio[0]!.ratio, highest: byRatio.at(-1)!.ratio } : undefined;
        const row = { shape: s.name, floor: s.hand ? 'hand-written SQL' : 'server SQL replayed', sameAnswer: !same.get(s), ...(same.get(s) ? { differs: same.get(s) } : {}), total: answers.get(s)!.pagination.total, idle: { server: si, floor: fi }, settleMs: { server: serverSettle, floor: floorSettle }, load: { server: { rps: Math.round(sl.rps), p50: sl.p50, p99: sl.p99, cpuUs: sl.cpuUs, dbCpuUs: sl.dbCpuUs, bad: sl.bad }, floor: { rps: Math.round(fl.rps), p50: fl.p50, p99: fl.p99, cpuUs: fl.cpuUs, dbCpuUs: fl.dbCpuUs, bad: fl.bad } }, ratio, ...(range ? { ratioRange: range, rounds: rounds.map((x) => ({ server: { rps: Math.round(x.sl.rps), cpuUs: x.sl.cpuUs }, floor: { rps: Math.round(x.fl.rps), cpuUs: x.fl.cpuUs }, ratio: x.ratio })) } : {}) };
        rowsOut.push(row);
        const spread = range ? ` (rounds ${Math.round(range.lowest! * 100)}–${Math.round(range.highest! * 100)} %)` : '';
        process.stderr.write(`[${db.name}] ${s.name.padEnd(42)} idle p50 ${si.p50} / p99 ${si.p99} ms (floor ${fi.p50} / ${fi.p99}); ${Math.round(sl.rps)} req/s vs floor ${Math.round(fl.rps)} (${ratio === null ? '—' : `${Math.round(ratio * 100)} %`}${spread}), cpu ${sl.cpuUs ?? "—"} µs/req vs floor ${fl.cpuUs ?? "—"}${sl.dbCpuUs !== undefined ? ` (database ${sl.dbCpuUs} vs ${fl.dbCpuUs ?? "—"})` : ''}; settled after ${serverSettle} / ${floorSettle} ms${sl.bad ? ` FAILED ${sl.bad}: ${sl.sample}` : ''}\n`);
      }
      // The dashboard summary over ROWS orders and request-log rows, one request at a time.
      const dash = await idle(server.url, '/admin/demo/dashboard/summary', { authorization: tokens.admin! }, undefined, IDLE_MS);
      process.stderr.write(`[${db.name}] dashboard summary: p50 ${dash.p50} ms, p99 ${dash.p99} ms over ${dash.n} requests (code ${dash.code}${dash.message ? `: ${dash.message}` : ''})\n`);
      // A CSV export job of every goods row; the server's RSS above its idle level.
      const idleRss = rssMb(server.proc.pid);
      const exp = await deps.exportRun('server', server, tokens.admin!);
      process.stderr.write(`[${db.name}] export: ${exp.rows} rows in ${exp.wallMs} ms (${exp.rowsPerSec} rows/s), peak RSS ${exp.peakRssMb} MB (idle ${idleRss} MB)\n`);
      (result.databases as unknown[]).push({ db: db.name, seedSeconds: { ...seedSeconds, total: totalSeed }, shapes: rowsOut, dashboard: dash, export: { ...exp, idleRssMb: idleRss, rssGrowthMb: exp.peakRssMb - idleRss } });
      table.push(`\n### ${db.name}, ${ROWS.toLocaleString('en')} rows per table (seeded in ${totalSeed} s)\n`);
      table.push('| shape | total | p50 ms (floor) | p99 ms (floor) | req/s, 32 conn. (floor) | ratio | CPU µs/req (floor) | floor |');
      table.push('|---|---:|---:|---:|---:|---:|---:|---|');
      for (const r of rowsOut as { shape: string; total: number; idle: { server: { p50: number; p99: number }; floor: { p50: number; p99: number } }; load: { server: { rps: number; bad: number; cpuUs?: number }; floor: { rps: number; bad: number; cpuUs?: number } }; ratio: number | null; floor: string; differs?: string }[]) {
        table.push(`| ${r.shape} | ${r.total} | ${r.idle.server.p50} (${r.idle.floor.p50}) | ${r.idle.server.p99} (${r.idle.floor.p99}) | ${r.load.server.rps}${r.load.server.bad ? `, ${r.load.server.bad} failed` : ''} (${r.load.floor.rps}${r.load.floor.bad ? `, ${r.load.floor.bad} failed` : ''}) | ${r.ratio === null ? `—${r.differs ? ` (${r.differs})` : ''}` : `${Math.round(r.ratio * 100)} %`} | ${r.load.server.cpuUs ?? "—"} (${r.load.floor.cpuUs ?? "—"}) | ${r.floor} |`);
      }
      table.push(`\nDashboard summary: p50 ${dash.p50} ms, p99 ${dash.p99} ms. Export, CSV, every goods row: ${exp.rows} rows in ${exp.wallMs} ms, ${exp.rowsPerSec} rows/s, peak RSS ${exp.peakRssMb} MB (idle ${idleRss} MB).`);
    } finally {
      await deps.stop(server);
      await deps.stop(floor);
      // `--keep`: the seeded database stays for further probes (a search engine tried on the same rows, say).
      if (process.argv.includes('--keep') || process.argv.includes('--seed-only')) process.stderr.write(`[${db.name}] kept: ${db.env.DATABASE_URL ?? db.env.DATA_DIR}\n`);
      else await db.cleanup();
    }
  }
  // `--seed-only` measured nothing: the results file keeps what it holds (its run's date and commit included).
  if (process.argv.includes('--seed-only')) return;
  console.log(table.join('\n'));
  const prior = fs.existsSync(deps.out) ? (JSON.parse(fs.readFileSync(deps.out, 'utf8')) as Record<string, unknown>) : {};
  // Runs of one database at a time add up: a database measured before at this size keeps its entry unless measured again.
  const before = ((prior.scale as Record<string, { databases?: { db: string }[] }> | undefined) ?? {})[String(ROWS)];
  const mine = result.databases as { db: string }[];
  result.databases = [...(before?.databases ?? []).filter((x) => !mine.some((m) => m.db === x.db)), ...mine];
  const scale = { ...((prior.scale as Record<string, unknown>) ?? {}), [String(ROWS)]: result };
  fs.mkdirSync(path.dirname(deps.out), { recursive: true });
  fs.writeFileSync(deps.out, `${JSON.stringify({ ...prior, scale }, null, 2)}\n`);
  console.log(`\nwritten ${path.relative(process.cwd(), deps.out)} (scale.${ROWS})`);
}
