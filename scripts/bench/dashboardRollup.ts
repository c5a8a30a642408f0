/**
 * `npx tsx scripts/bench/dashboardRollup.ts --db sqlite|mariadb|postgres --rows 1000000 [--goods N] [--orders N] [--runs 20]
 * [--reseed] [--name bench_rollup]` (issue 36, part 6): the dashboard summary over `rows` orders and request-log
 * rows, in process (no HTTP), on a database of its own kept between runs (`--name`: PostgreSQL and MariaDB on the
 * test servers, SQLite under the temporary folder). Seeds as scripts/bench/scale.ts does (bulk SQL: the roll-up's
 * triggers keep it), `--goods` goods (default `rows`, each order then on a goods of its own on average), checks the
 * roll-up against the base table, then times the summary (p50/p99 over `runs` calls after one warm-up) and prints
 * one call's slowest statements, and in the same run the request log's exact `count(*)` (what `views.total` cost before
 * the log's hourly roll-up).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { createApp } from '../../runtime-server/src/app/createApp.js';
import { parts } from '../../runtime-server/src/parts.js';
import { loadConfig } from '../../runtime-server/src/config.js';
import { TABLES } from '../../runtime-server/src/generated/tables.js';
import { pgServerUrl } from '../../runtime-server/src/testing/forEachDb.js';
import { summary } from '../../runtime-server/src/modules/demo/dashboard.js';
import { ORDER_GOODS_SUM } from '../../runtime-server/src/modules/demo/orderRollup.js';
import { LOG_HOUR, rebuildLogRollup } from '../../runtime-server/src/http/requestLogRollup.js';
import { at, cat, q, rollupMatches, series } from './scale.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] && !process.argv[i + 1]!.startsWith('--') ? process.argv[i + 1]! : fallback;
};
const kind = arg('db', 'postgres');
const ROWS = Number(arg('rows', '1000000'));
const GOODS = Number(arg('goods', String(ROWS)));
/** Orders seeded (default `rows`): `--orders 0` times the request log's part alone, without the slow row-trigger load. */
const ORDERS = Number(arg('orders', String(ROWS)));
const RUNS = Number(arg('runs', '20'));
const NAME = arg('name', 'bench_rollup');

async function databaseUrl(): Promise<string | undefined> {
  if (kind === 'sqlite') return undefined;
  if (kind === 'postgres') {
    const server = new URL(pgServerUrl());
    const c = new pg.Client({ connectionString: server.href });
    await c.connect();
    const has = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [NAME]);
    if (!has.rowCount) await c.query(`CREATE DATABASE "${NAME}" ENCODING 'UTF8' TEMPLATE template0`);
    await c.end();
    server.pathname = `/${NAME}`;
    return server.href;
  }
  const server = new URL(process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test');
  const c = await mysql.createConnection({ host: server.hostname, port: Number(server.port || 3306), user: decodeURIComponent(server.username) });
  await c.query(`CREATE DATABASE IF NOT EXISTS \`${NAME}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await c.end();
  server.pathname = `/${NAME}`;
  return server.href;
}

const dataDir = path.join(os.tmpdir(), `${NAME}-${kind}`);
fs.mkdirSync(dataDir, { recursive: true });
const url = await databaseUrl();
const app = await createApp(loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'Bench-pass1', ...(url ? { DATABASE_URL: url } : {}), DB_STATEMENT_TIMEOUT_MS: '60000' }), parts, {
  logger: { info() {}, warn() {}, error: console.error },
});
const knex = app.services.knex;
const d = kind === 'mariadb' ? 'mysql' : kind;
const count = async (t: string) => Number(((await knex(t).count({ n: '*' }).first()) as { n: unknown }).n);

if (process.argv.includes('--reseed') || (await count(TABLES.demoOrder)) !== ORDERS || (await count(TABLES.baseSysLog)) < ROWS) {
  for (const t of [TABLES.demoOrder, TABLES.demoGoods, TABLES.baseSysLog]) await knex(t).delete();
  const end = Math.floor(Date.now() / 1000) - 60;
  const step = Math.max(1, Math.floor((365 * 86400) / ROWS));
  const start = end - step * ROWS;
  const ts = at(d, start, `s.n * ${step}`);
  const money = (e: string) => (d === 'postgres' ? `((${e}) % 10000) / 100.0` : `(${e} % 10000) / 100.0`);
  const insert = async (label: string, table: string, cols: string[], values: string[], n: number) => {
    const t0 = Date.now();
    const s = series(d, n);
    await knex.raw(q(d, `${s.with}INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(', ')}) SELECT ${values.join(', ')} FROM ${s.from}`));
    process.stderr.write(`  ${label}: ${n} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  };
  await insert('goods', TABLES.demoGoods, ['title', 'price', 'description', 'type', 'status', 'stock', 'createTime', 'updateTime'], [
    cat(d, "'goods '", 's.n'), money('s.n'), cat(d, "'description of goods number '", 's.n'), 's.n % 5', 's.n % 2', 's.n % 1000', ts, ts,
  ], GOODS);
  if (ORDERS > 0) await insert('orders (the roll-up triggers fire)', TABLES.demoOrder, ['goodsId', 'userId', 'quantity', 'amount', 'status', 'payTime', 'createTime', 'updateTime'], [
    `1 + (s.n * 7919) % ${GOODS}`, '1 + s.n % 1000', '1 + s.n % 5', money('s.n * 13'), 's.n % 3', ts, ts, ts,
  ], ORDERS);
  await insert('request log', TABLES.baseSysLog, ['userId', 'action', 'ip', 'params', 'createTime', 'updateTime'], [
    '1 + s.n % 1000', "'/admin/demo/order/page'", cat(d, "'10.0.'", 's.n % 256', "'.'", 's.n % 251'), `'{}'`, ts, ts,
  ], ROWS);
  // Written past the app's writers: the log's hourly roll-up (the summary's views) is recomputed from it.
  const tr = Date.now();
  await rebuildLogRollup(knex);
  process.stderr.write(`  request-log roll-up rebuilt in ${((Date.now() - tr) / 1000).toFixed(1)} s\n`);
  if (d === 'sqlite') await knex.raw('ANALYZE');
  else if (d === 'postgres') await knex.raw(`VACUUM ANALYZE "${TABLES.demoOrder}", "${TABLES.demoGoods}", "${TABLES.baseSysLog}", "${ORDER_GOODS_SUM}"`);
  else for (const t of [TABLES.demoOrder, TABLES.demoGoods, TABLES.baseSysLog, ORDER_GOODS_SUM]) await knex.raw(`ANALYZE TABLE \`${t}\``);
}

const same = await rollupMatches(knex);
process.stderr.write(`[${kind}] ${ORDERS} orders on ${GOODS} goods; roll-up ${same ? 'equals' : 'DIFFERS FROM'} the base table per status\n`);
const logRows = await count(TABLES.baseSysLog);
const logRolled = Number(((await knex(LOG_HOUR).sum({ n: 'n' }).first()) as { n: unknown } | undefined)?.n ?? 0);
process.stderr.write(`[${kind}] ${logRows} request-log rows; its hourly roll-up sums to ${logRolled}${logRows === logRolled ? '' : ' (DIFFERS)'}\n`);

const times: number[] = [];
const call = () => summary({ services: app.services, actor: null } as unknown as Parameters<typeof summary>[0]);
await call();
// One call's statements, slowest first.
const started = new Map<string, { sql: string; t: number }>();
const took: { sql: string; ms: number }[] = [];
const onQuery = (x: { __knexQueryUid: string; sql: string }) => void started.set(x.__knexQueryUid, { sql: x.sql, t: performance.now() });
const onDone = (_r: unknown, x: { __knexQueryUid: string }) => {
  const s0 = started.get(x.__knexQueryUid);
  if (s0) took.push({ sql: s0.sql.slice(0, 160), ms: Math.round((performance.now() - s0.t) * 10) / 10 });
};
knex.on('query', onQuery).on('query-response', onDone);
await call();
knex.off('query', onQuery).off('query-response', onDone);
for (const t of took.sort((a, b) => b.ms - a.ms).slice(0, 5)) process.stderr.write(`  ${t.ms} ms  ${t.sql}\n`);
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  await call();
  times.push(performance.now() - t0);
}
// In the same run, what the summary's views cost before the log's roll-up: an exact count of the log.
const counts: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  await knex(TABLES.baseSysLog).count({ n: '*' }).first();
  counts.push(performance.now() - t0);
}
const pct = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
};
console.log(
  JSON.stringify({
    db: kind,
    rows: ROWS,
    orders: ORDERS,
    goods: GOODS,
    runs: RUNS,
    p50: pct(times, 50),
    p99: pct(times, 99),
    logCount: { p50: pct(counts, 50), p99: pct(counts, 99) },
    rollupExact: same,
    logRollupExact: logRows === logRolled,
  }),
);
await app.close();
