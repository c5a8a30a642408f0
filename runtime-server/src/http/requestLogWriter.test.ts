import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import knexFactory from 'knex';
import type { Knex } from 'knex';
import { RequestLogWriter } from './requestLogWriter.js';
import type { LogRow } from './requestLogWriter.js';

const row = (i: number): LogRow => ({ userId: i, action: `/a/${i}`, ip: '127.0.0.1', params: null, createTime: '2026-01-01 00:00:00' });

describe('request log writer (real SQLite)', () => {
  let knex: Knex;
  const errors: unknown[][] = [];
  const logger = { error: (...a: unknown[]) => errors.push(a) };
  const count = async () => Number(((await knex('base_sys_log').count({ n: '*' })) as { n: unknown }[])[0]!.n);
  /** The log's hourly roll-up (http/requestLogRollup.ts), as the migration makes it. */
  const hours = async () => (await knex('base_sys_log_hour').orderBy('hour').select('hour', 'n')).map((r: { hour: string; n: unknown }) => [r.hour, Number(r.n)]);
  const createTable = async () => {
    if (!(await knex.schema.hasTable('base_sys_log_hour'))) {
      await knex.schema.createTable('base_sys_log_hour', (t) => {
        t.string('hour').primary();
        t.bigInteger('n').notNullable();
      });
    }
    await knex('base_sys_log_hour').delete();
    await knex.schema.createTable('base_sys_log', (t) => {
      t.increments('id');
      t.integer('userId');
      t.string('action', 1000);
      t.string('ip', 50);
      t.text('params');
      t.string('createTime');
      t.string('updateTime');
    });
  };

  /** Row counts of the INSERTs the writer prepares on the pooled connection (one: min = max = 1), until `restore()`. */
  const watchInserts = async () => {
    const conn = (await knex.client.acquireConnection()) as { prepare(sql: string): unknown };
    await knex.client.releaseConnection(conn);
    const prepare = conn.prepare;
    const sizes: number[] = [];
    conn.prepare = function (this: unknown, sql: string) {
      if (/^insert into .base_sys_log. /i.test(sql)) sizes.push(sql.split('(?').length - 1);
      return prepare.call(this, sql);
    };
    return {
      sizes,
      restore: () => {
        conn.prepare = prepare;
      },
    };
  };

  before(async () => {
    knex = knexFactory({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true, pool: { min: 1, max: 1 } });
    await createTable();
  });
  after(() => knex.destroy());

  it('writes nothing on add, then everything in batches within flushMs, in order', async () => {
    await knex('base_sys_log').delete();
    const w = new RequestLogWriter(knex, logger, { flushMs: 50, batchRows: 40 });
    for (let i = 0; i < 30; i++) w.add(row(i));
    assert.equal(await count(), 0, 'nothing written on the request path');
    await new Promise((r) => setTimeout(r, 150));
    assert.equal(await count(), 30);
    for (let i = 30; i < 130; i++) w.add(row(i));
    await w.close();
    const ids = (await knex('base_sys_log').orderBy('id').select('userId')).map((r: { userId: number }) => r.userId);
    assert.deepEqual(ids, Array.from({ length: 130 }, (_, i) => i));
    assert.deepEqual(await hours(), [['2026-01-01 00:00:00', 130]], 'each batch added its rows to their hour');
  });

  it('adds a batch that straddles hours to each hour, in the transaction of its rows', async () => {
    await knex('base_sys_log').delete();
    await knex('base_sys_log_hour').delete();
    const w = new RequestLogWriter(knex, logger, { flushMs: 10_000, batchRows: 1000 });
    const times = ['2026-01-01 09:59:59', '2026-01-01 10:00:00', '2026-01-01 10:30:00', '2026-01-02 00:00:00'];
    for (let i = 0; i < 8; i++) w.add({ ...row(i), createTime: times[i % 4]! });
    await w.close();
    assert.deepEqual(await hours(), [
      ['2026-01-01 09:00:00', 2],
      ['2026-01-01 10:00:00', 4],
      ['2026-01-02 00:00:00', 2],
    ]);
    // A batch whose roll-up upsert fails leaves no row behind (one transaction): the roll-up table is gone here.
    await knex.schema.renameTable('base_sys_log_hour', 'base_sys_log_hour_away');
    errors.length = 0;
    const w2 = new RequestLogWriter(knex, logger, { flushMs: 10_000, batchRows: 1000 });
    w2.add(row(99));
    await w2.flush();
    assert.equal(w2.pending, 1, 'kept for the next attempt');
    assert.equal(await count(), 8, 'the INSERT was rolled back with the failed upsert');
    await knex.schema.renameTable('base_sys_log_hour_away', 'base_sys_log_hour');
    await w2.close();
    assert.equal(await count(), 9);
    assert.deepEqual((await hours()).at(0), ['2026-01-01 00:00:00', 1]);
  });

  it('keeps rows while the table is unwritable and writes them once it is back (nothing lost)', async () => {
    errors.length = 0;
    await knex.schema.dropTable('base_sys_log');
    const w = new RequestLogWriter(knex, logger, { flushMs: 10, batchRows: 5 });
    for (let i = 0; i < 12; i++) w.add(row(i));
    await w.flush();
    assert.equal(w.pending, 12);
    assert.ok(errors.length >= 1 && /kept for the next attempt/.test(String(errors[0]![0])));
    await createTable();
    await w.flush();
    assert.equal(w.pending, 0);
    assert.equal(await count(), 12);
    await w.close();
  });

  it('drops the oldest rows beyond maxPending, and says so', async () => {
    errors.length = 0;
    const w = new RequestLogWriter(knex, logger, { flushMs: 60_000, batchRows: 1000, maxPending: 3 });
    for (let i = 0; i < 5; i++) w.add(row(100 + i));
    assert.equal(w.pending, 3);
    assert.match(String(errors[0]![0]), /dropped/);
    await knex('base_sys_log').delete();
    await w.close();
    assert.deepEqual((await knex('base_sys_log').orderBy('id').select('userId')).map((r: { userId: number }) => r.userId), [102, 103, 104]);
  });

  it('a full batch goes out alone: rows beyond it wait for the next batch or the timer, not a tail of small INSERTs', async () => {
    await knex('base_sys_log').delete();
    const watch = await watchInserts();
    const sizes = watch.sizes;
    try {
      const w = new RequestLogWriter(knex, logger, { flushMs: 60_000, batchRows: 50 });
      for (let i = 0; i < 50; i++) w.add(row(i));
      // Queued while the first batch is written: one more batch and 7 rows.
      for (let i = 50; i < 107; i++) w.add(row(i));
      for (let i = 0; i < 50 && (await count()) < 100; i++) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, 20));
      assert.deepEqual(sizes, [50, 50], 'two INSERTs of a whole batch each');
      assert.equal(await count(), 100);
      assert.equal(w.pending, 7, 'the rest waits');
      await w.close();
      assert.equal(await count(), 107, 'and is written at the latest on close (or by its timer)');
      assert.deepEqual(
        (await knex('base_sys_log').orderBy('id').select('userId')).map((r: { userId: number }) => r.userId),
        Array.from({ length: 107 }, (_, i) => i),
      );
    } finally {
      watch.restore();
    }
  });

  it('writes a steady stream of rows in full batches, not one INSERT per row', async () => {
    await knex('base_sys_log').delete();
    const watch = await watchInserts();
    const sizes = watch.sizes;
    try {
      const w = new RequestLogWriter(knex, logger, { flushMs: 1, batchRows: 50 });
      // A row every few microtasks, as requests finishing within one burst of I/O add them: the queue never sits still.
      for (let i = 0; i < 1000; i++) {
        w.add(row(i));
        for (let k = 0; k < 4; k++) await Promise.resolve();
      }
      await w.close();
      assert.equal(await count(), 1000);
      assert.deepEqual(
        (await knex('base_sys_log').orderBy('id').select('userId')).map((r: { userId: number }) => r.userId),
        Array.from({ length: 1000 }, (_, i) => i),
      );
      // A batch of rows per statement: a writer that loops until the queue is empty writes one row per INSERT here.
      assert.ok(sizes.length <= 40, `${sizes.length} INSERTs for 1000 rows in batches of 50`);
    } finally {
      watch.restore();
    }
  });

  it('writes a backlog in large statements of a few fixed sizes, in order', async () => {
    await knex('base_sys_log').delete();
    const watch = await watchInserts();
    const sizes = watch.sizes;
    try {
      const w = new RequestLogWriter(knex, logger, { flushMs: 60_000, batchRows: 5000 });
      for (let i = 0; i < 2437; i++) w.add(row(i));
      await w.close();
      assert.deepEqual(sizes, [1000, 1000, 200, 200, 20, 10, 5, 2]);
      const ids = (await knex('base_sys_log').orderBy('id').select('userId')).map((r: { userId: number }) => r.userId);
      assert.deepEqual(ids, Array.from({ length: 2437 }, (_, i) => i));
    } finally {
      watch.restore();
    }
  });
});
