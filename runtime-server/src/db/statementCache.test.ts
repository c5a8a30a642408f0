import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createDb } from './createDb.js';
import { cacheStatements } from './statementCache.js';

interface Statement {
  all(...args: unknown[]): unknown[];
  run(...args: unknown[]): unknown;
  iterate(): Iterator<unknown> & { return?(): unknown };
  busy: boolean;
}
interface Connection {
  exec(sql: string): void;
  prepare(sql: string): Statement;
}
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => Connection;

/** A real in-memory SQLite connection, wrapped as createDb wraps its pool's connection. */
function db(max?: number): Connection {
  const conn = cacheStatements(new Database(':memory:'), max);
  conn.exec('create table t (id integer primary key, name text)');
  conn.prepare('insert into t (name) values (?)').run('a');
  return conn;
}

describe('SQLite statement cache', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-stmt-'));
  const { knex } = createDb({ dataDir });
  after(async () => {
    await knex.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("wraps the connection of createDb's pool: Knex queries run through it, and a text prepared again is the same statement", async () => {
    await knex.raw('create table c (id integer primary key, v text)');
    await knex('c').insert({ v: 'x' });
    const conn = (await knex.client.acquireConnection()) as Connection;
    const before = conn.prepare('select `v` from `c` where `id` = ?');
    await knex.client.releaseConnection(conn);
    assert.deepEqual(await knex('c').where({ id: 1 }).select('v'), [{ v: 'x' }]);
    const again = (await knex.client.acquireConnection()) as Connection;
    assert.equal(again.prepare('select `v` from `c` where `id` = ?'), before);
    await knex.client.releaseConnection(again);
  });

  it('hands out the same prepared statement for the same SQL text, with fresh bindings each run', () => {
    const conn = db();
    const a = conn.prepare('select name from t where id = ?');
    const b = conn.prepare('select name from t where id = ?');
    assert.equal(a, b);
    conn.prepare('insert into t (name) values (?)').run('b');
    assert.deepEqual(b.all(2), [{ name: 'b' }]);
    assert.deepEqual(a.all(1), [{ name: 'a' }]);
    assert.notEqual(conn.prepare('select id from t where id = ?'), a, 'another text, another statement');
  });

  it('is bounded, dropping the least recently used text first', () => {
    const conn = db(2);
    const one = conn.prepare('select 1');
    const two = conn.prepare('select 2');
    assert.equal(conn.prepare('select 1'), one, 'a hit makes "select 1" the most recent');
    conn.prepare('select 3');
    assert.equal(conn.prepare('select 1'), one, 'kept');
    assert.notEqual(conn.prepare('select 2'), two, '"select 2" was the oldest: evicted, prepared anew');
  });

  it('never hands out a statement that is still iterating', () => {
    const conn = db();
    const sql = 'select name from t';
    const first = conn.prepare(sql);
    const rows = first.iterate();
    rows.next();
    const second = conn.prepare(sql);
    assert.notEqual(second, first);
    assert.deepEqual(second.all(), [{ name: 'a' }], 'the fresh one runs while the first iterates');
    rows.return?.();
    assert.equal(conn.prepare(sql), first, 'once done, the cached one is reused');
  });

  it('a cached statement follows a schema change (a migration adding a column)', () => {
    const conn = db();
    const sql = 'select * from t where id = ?';
    assert.deepEqual(conn.prepare(sql).all(1), [{ id: 1, name: 'a' }]);
    conn.exec("alter table t add column note text default 'x'");
    assert.deepEqual(conn.prepare(sql).all(1), [{ id: 1, name: 'a', note: 'x' }]);
  });
});
