#!/usr/bin/env node
// The request log's SQLite write on its own: µs per row, the longest single INSERT (a checkpoint's stall) and
// the WAL bytes per row, by rows per INSERT, interleaved rounds. The table mirrors base_sys_log as the
// migrations leave it (an index on createTime; `--indexes createTime,userId` for the table before its userId
// index was dropped, `--indexes createTime,updateTime,userId` before its updateTime index was) and the connection uses the server's pragmas
// (runtime-server/src/db/createDb.ts), so the figures are what RequestLogWriter's batch size buys.
// `node scripts/bench/logInsert.mjs [--sizes 200,500,1000] [--rows 200000] [--rounds 4] [--indexes createTime]`
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const SIZES = arg('sizes', '200,500,1000').split(',').map(Number);
const ROWS = Number(arg('rows', '200000'));
const ROUNDS = Number(arg('rounds', '4'));
const INDEXES = arg('indexes', 'createTime').split(',').filter(Boolean);
const DDL = `create table base_sys_log (id integer primary key autoincrement, userId integer, action varchar(1000),
  ip varchar(50), params json, createTime datetime not null, updateTime datetime not null);
${INDEXES.map((c) => `create index base_sys_log_${c.toLowerCase()}_index on base_sys_log (${c});`).join('\n')}`;

function open(dir, autocheckpoint) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const db = new Database(path.join(dir, 'log.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  if (!autocheckpoint) db.pragma('wal_autocheckpoint = 0');
  db.exec(DDL);
  return db;
}

function statement(db, n) {
  const sql = `insert into base_sys_log (userId, action, ip, params, createTime, updateTime) values ${Array.from({ length: n }, () => '(?, ?, ?, ?, ?, ?)').join(', ')}`;
  const values = [];
  for (let i = 0; i < n; i++) values.push(1 + (i % 7), '/admin/base/comm/person', '127.0.0.1', '{}', '2026-11-25 21:00:00', '2026-11-25 21:00:00');
  return { st: db.prepare(sql), values };
}

/** One round at `n` rows per INSERT, checkpoints on as in the server: µs per row and the longest INSERT. */
function timed(dir, n) {
  const db = open(dir, true);
  const { st, values } = statement(db, n);
  let longest = 0;
  const t0 = process.hrtime.bigint();
  for (let b = 0; b < ROWS / n; b++) {
    const s = process.hrtime.bigint();
    st.run(values);
    longest = Math.max(longest, Number(process.hrtime.bigint() - s));
  }
  const us = Number(process.hrtime.bigint() - t0) / 1e3 / ROWS;
  db.close();
  return { us, longestMs: longest / 1e6 };
}

/** WAL bytes per row with checkpoints off: what each commit writes, before any checkpoint copies it. */
function walPerRow(dir, n) {
  const db = open(dir, false);
  const { st, values } = statement(db, n);
  const rows = Math.min(ROWS, 50_000);
  for (let b = 0; b < rows / n; b++) st.run(values);
  const bytes = fs.statSync(path.join(dir, 'log.sqlite-wal')).size;
  db.close();
  return bytes / rows;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-insert-'));
const runs = new Map(SIZES.map((n) => [n, []]));
for (let r = 0; r < ROUNDS; r++) for (const n of SIZES) runs.get(n).push(timed(dir, n));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`| rows per INSERT | µs per row (median of ${ROUNDS}) | longest INSERT, ms (median) | WAL bytes per row |`);
console.log('|---:|---:|---:|---:|');
for (const n of SIZES) {
  const rs = runs.get(n);
  console.log(`| ${n} | ${median(rs.map((x) => x.us)).toFixed(2)} | ${median(rs.map((x) => x.longestMs)).toFixed(1)} | ${walPerRow(dir, n).toFixed(0)} |`);
}
fs.rmSync(dir, { recursive: true, force: true });
