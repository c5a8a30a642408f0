#!/usr/bin/env node
// The benchmark's floors: a bare Koa answering fixed JSON bodies, and a bare Koa + Knex running given SQL
// and answering its rows in the same envelope — what the stack itself can do, with nothing of ours on top; and an
// export's floor: the export job's SELECT as one streamed query, written through the same CSV library to a file.
// `node scripts/bench/floor.mjs <spec.json>`; prints `listening <port>` once ready.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable, Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import Koa from 'koa';
import knexFactory from 'knex';

const spec = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const client = spec.db.client;
// PostgreSQL: the server's own connection settings (db/createDb.ts), type parsers included, so the floor's rows
// are read as the server reads them.
const { pgConnection } = client === 'pg' ? await import('../../runtime-server/src/db/createDb.ts') : {};
// The server's read conversion, for the page rows it decorates (decorate below); TypeScript, so the floor runs with tsx.
const { fromDb } = Object.keys(spec.decorate ?? {}).length ? await import('../../runtime-server/src/db/values.ts') : {};
// `statementTimeoutMs` (the scale bench, MariaDB): the server's own statement limit (DB_STATEMENT_TIMEOUT_MS) on the
// floor's session too. Without it a floor's full-scan search under 32 connections kept MariaDB busy for a minute
// after its run (every later shape's p99 then 46–61 s) while the server's statements had been cut at 5 s.
const limitMs = Number(spec.statementTimeoutMs ?? 0);
const afterCreate = limitMs > 0 ? (conn, done) => conn.query(`SET SESSION max_statement_time = ${limitMs / 1000}`, (err) => done(err, conn)) : undefined;
// SQLite: the replayed statements call the server's statement-limit term (db/statementLimit.ts), defined here as the
// server defines it (no deadline set: it answers 1, at the same cost per row read).
const { defineSqliteLimit } = client === 'better-sqlite3' ? await import('../../runtime-server/src/db/statementLimit.ts') : {};
const sqliteLimit = (conn, done) => {
  defineSqliteLimit(conn);
  done(null, conn);
};
const knex = client === 'mysql2'
  ? knexFactory({ client: 'mysql2', connection: { ...spec.db.connection, dateStrings: true, supportBigNumbers: true }, pool: { min: 0, max: 10, ...(afterCreate ? { afterCreate } : {}) } })
  : client === 'pg'
    ? knexFactory({ client: 'pg', ...pgConnection(spec.db.connection), pool: { min: 0, max: 10 } })
    : knexFactory({ client: 'better-sqlite3', connection: { filename: spec.db.filename }, useNullAsDefault: true, pool: { min: 1, max: 1, afterCreate: sqliteLimit } });
/** The server's statements as captured (PostgreSQL's with `$1`, `$2`…) in Knex's raw form (`?`). */
const rawSql = (sql) => (client === 'pg' ? sql.replace(/\$\d+/g, '?') : sql);

/**
 * path → the server's answer: its bytes, encoded once here, and its headers (type, ETag, Cache-Control, Vary), as a
 * tuned server serves a static answer — a lookup and a write (issue 41: the floor re-encoded a string per request).
 */
const statics = new Map(Object.entries(spec.statics).map(([p, { body, headers }]) => [p, { bytes: Buffer.from(body, 'utf8'), headers }]));
/** path → [{ sql, bindings }], run in order; the last two give COUNT and rows like the page endpoints */
const queries = new Map(Object.entries(spec.queries));
/**
 * path → how the server decorates the page's rows (issue 41: the floor answered undecorated rows): `names` adds
 * departmentName and roleName from the replayed name queries (rows of `id, name` and of `userId, name`), `omit`
 * drops the columns the caller may not see, `fields` (the entity's field models) reads each column as the server
 * reads it, with the server's own conversion (runtime-server/src/db/values.ts: decimals as exact strings, JSON
 * parsed, booleans, times) — each row copied once, as the server does.
 */
const decorations = new Map(Object.entries(spec.decorate ?? {}));
/** path → { page, size } of the answer's pagination (the bench at scale asks for deep pages); page 1, size 20 otherwise */
const pages = new Map(Object.entries(spec.pages ?? {}));
/** path → { sql, bindings, headers }: streamed to a CSV file; answers `{ rows, bytes }` once the file is closed */
const exports = new Map(Object.entries(spec.exports ?? {}));

async function exportCsv({ sql, bindings, headers }) {
  const file = path.join(os.tmpdir(), `sa-bench-floor-export-${process.pid}-${Date.now()}.csv`);
  let rows = 0;
  const csv = stringify({ bom: true });
  csv.write(headers);
  const toCells = new Transform({
    objectMode: true,
    transform(row, _enc, done) {
      rows++;
      done(null, Object.values(row).map((v) => (v === null || v === undefined ? '' : String(v))));
    },
  });
  // SQLite: better-sqlite3's row iterator on the pooled connection (Knex's stream for it reads every row first).
  // (PostgreSQL: Knex's stream is pg-query-stream, a cursor read in batches.)
  const sqlite = client === 'better-sqlite3';
  const conn = sqlite ? await knex.client.acquireConnection() : undefined;
  try {
    const source = sqlite ? Readable.from(conn.prepare(sql).iterate(...bindings)) : knex.raw(rawSql(sql), bindings).stream();
    await pipeline(source, toCells, csv, fs.createWriteStream(file));
  } finally {
    if (conn) await knex.client.releaseConnection(conn);
  }
  const bytes = fs.statSync(file).size;
  fs.rmSync(file, { force: true });
  return { rows, bytes };
}

const app = new Koa();
app.use(async (ctx) => {
  const fixed = statics.get(ctx.path);
  if (fixed !== undefined) {
    ctx.set(fixed.headers);
    if (fixed.headers.etag && ctx.get('if-none-match') === fixed.headers.etag) {
      ctx.status = 304;
      return;
    }
    ctx.body = fixed.bytes;
    return;
  }
  const exp = exports.get(ctx.path);
  if (exp) {
    ctx.body = await exportCsv(exp);
    return;
  }
  const statements = queries.get(ctx.path);
  if (!statements) {
    ctx.status = 404;
    return;
  }
  const results = [];
  for (const q of statements) results.push(await knex.raw(rawSql(q.sql), q.bindings));
  // Rows of the page query (the one returning the most columns), a total from the COUNT.
  const rowsOf = (r) => (client === 'mysql2' ? r[0] : client === 'pg' ? r.rows : r);
  // A plan probe's rows (crud/counts.ts plannerEstimate: MariaDB's EXPLAIN has more columns than a request-log row)
  // are neither the page nor a count: run, as the server runs it, then left out.
  const all = results.map(rowsOf).filter((_, i) => !/^\s*explain\b/i.test(statements[i].sql));
  // The server's page reads one row past the page (whether more follow) and counts only when that row says so;
  // a search may probe first (db/like.ts, searchPlan: one row, `n`). The total is the last `total` (crud/counts.ts).
  const count = all.filter((rows) => rows.length === 1 && Object.keys(rows[0] ?? {}).join() === 'total').at(-1);
  const page = all.reduce((a, b) => (Object.keys(b[0] ?? {}).length > Object.keys(a[0] ?? {}).length ? b : a), []);
  // A deferred page (crud/operations/page.ts pageRows): its ids in order, then their rows, put back in that order.
  const ids = all.find((rows) => rows.length > 0 && Object.keys(rows[0]).join() === 'id');
  if (ids && page.length && '__page_id' in page[0]) {
    const at = new Map(ids.map((r, i) => [String(r.id), i]));
    page.sort((a, b) => (at.get(String(a.__page_id)) ?? 0) - (at.get(String(b.__page_id)) ?? 0));
  }
  const decoration = decorations.get(ctx.path);
  const { page: pageNo = 1, size = 20 } = pages.get(ctx.path) ?? {};
  const list = (decoration ? decorate(decoration, page, all) : page).slice(0, size);
  // No count ran: the page proved the total (its last row is the last one).
  const total = count ? Number(Object.values(count[0])[0]) : (pageNo - 1) * size + list.length;
  ctx.body = { code: 1000, message: 'success', data: { list, pagination: { page: pageNo, size, total } } };
});
function decorate({ names, omit = [], fields = [] }, rows, all) {
  const models = new Map(fields.map((f) => [f.name, f]));
  const keysAre = (r, keys) => r && Object.keys(r).length === keys.length && keys.every((k) => k in r);
  const departments = new Map();
  const roles = new Map();
  if (names) {
    for (const r of all.find((rs) => keysAre(rs[0], ['id', 'name'])) ?? []) departments.set(Number(r.id), r.name);
    for (const r of all.find((rs) => keysAre(rs[0], ['userId', 'name'])) ?? []) roles.set(Number(r.userId), [...(roles.get(Number(r.userId)) ?? []), r.name]);
  }
  return rows.map((r) => {
    const out = {};
    for (const [k, v] of Object.entries(r)) {
      // The deferred page's id beside the row (crud/operations/page.ts SEEK_ID): the server leaves it out too.
      if (omit.includes(k) || k === '__page_id') continue;
      const f = models.get(k);
      out[k] = f ? fromDb(f, v) : v;
    }
    if (names) {
      out.departmentName = r.departmentId === null ? null : (departments.get(Number(r.departmentId)) ?? null);
      out.roleName = (roles.get(Number(r.id)) ?? []).join(',');
    }
    return out;
  });
}

const server = http.createServer(app.callback());
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => knex.destroy().then(() => process.exit(0))));
