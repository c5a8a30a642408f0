import type { Knex } from 'knex';
import { TABLES } from '../generated/tables.js';
import { addHoursSql, LOG_HOUR, perHour } from './requestLogRollup.js';

/** One `base_sys_log` row as the request log builds it; its `updateTime` is its `createTime` (a log row is never updated). */
export interface LogRow {
  userId: number | null;
  action: string;
  ip: string | null;
  params: string | null;
  createTime: string;
}

export interface RequestLogWriterOptions {
  /** Longest a row waits before its batch is written (ms). */
  flushMs?: number;
  /**
   * Queued rows that start a write at once (else the timer does). 500 rather than 200: on SQLite each commit
   * rewrites the partly filled pages of the table and its indexes, and each 4 MB of WAL costs a checkpoint (two
   * fsyncs, on the thread that commits). scripts/bench/logInsert.mjs on a slowed host, with the three indexes
   * the table then had: 200 rows per INSERT 5.0 µs and 720 WAL bytes per row, 500 rows 3.9 µs and 420 bytes.
   */
  batchRows?: number;
  /** Most rows per INSERT: a backlog is written in fewer, larger statements. */
  maxInsertRows?: number;
  /** Rows kept in memory while the database refuses them; beyond it the oldest are dropped (and said so). */
  maxPending?: number;
}

/** What the writer uses of a better-sqlite3 connection. */
interface SqliteConnection {
  prepare(sql: string): { run(values: unknown[]): unknown };
  transaction(fn: () => void): { immediate(): void };
}

/** What the writer uses of a mysql2 connection (callback API, as Knex makes it). */
interface MysqlConnection {
  execute(sql: string, values: unknown[], callback: (err: Error | null) => void): unknown;
  query(sql: string, callback: (err: Error | null) => void): unknown;
  destroy(): void;
}

/** What the writer uses of Knex's client: its pool (SQLite), a connection of its own (MySQL/MariaDB). */
interface PoolClient {
  config?: { client?: unknown };
  acquireConnection?: () => Promise<SqliteConnection>;
  releaseConnection?: (c: SqliteConnection) => Promise<unknown>;
  acquireRawConnection?: () => Promise<MysqlConnection>;
  destroyRawConnection?: (c: MysqlConnection) => Promise<unknown>;
  validateConnection?: (c: MysqlConnection) => boolean;
}

const COLUMNS = ['userId', 'action', 'ip', 'params', 'createTime', 'updateTime'] as const;

/**
 * How a dialect's INSERT takes a row. MySQL/MariaDB set `updateTime` from the row's own `createTime` (a VALUES
 * list may name a column set earlier in it), so each row sends five parameters rather than six: mysql2 encodes
 * every parameter of the binary protocol in JavaScript, and mysqld decodes it. SQLite has no such reference.
 */
interface RowShape {
  placeholders: string;
  /** 6: `updateTime` sent as a value (the row's createTime); 5: taken from the row's own `createTime` column. */
  perRow: 5 | 6;
}

const SIX: RowShape = { placeholders: '(?, ?, ?, ?, ?, ?)', perRow: 6 };
const FIVE: RowShape = { placeholders: '(?, ?, ?, ?, ?, `createTime`)', perRow: 5 };

/** The statement's values for `rows`, in one array of the right length (no array per row, no flatMap). */
function valuesOf(rows: readonly LogRow[], shape: RowShape): unknown[] {
  const out = new Array<unknown>(rows.length * shape.perRow);
  for (let i = 0, at = 0; i < rows.length; i++, at += shape.perRow) {
    const r = rows[i]!;
    out[at] = r.userId;
    out[at + 1] = r.action;
    out[at + 2] = r.ip;
    out[at + 3] = r.params;
    out[at + 4] = r.createTime;
    if (shape.perRow === 6) out[at + 5] = r.createTime;
  }
  return out;
}

const sqlByRows = new Map<string, string>();
const pgByRows = new Map<string, string>();

/**
 * PostgreSQL: the batch's INSERT and its hours' upsert as one statement (one round trip, one transaction): the
 * inserted rows' times come back from the INSERT and are counted per hour (docs/decisions.md "Request-log roll-up").
 */
function pgInsertSql(n: number): string {
  let sql = pgByRows.get(String(n));
  if (!sql) {
    sql =
      `with ins as (${insertSql(n, SIX, '"')} returning "createTime") ` +
      `insert into "${LOG_HOUR}" ("hour", "n") select date_trunc('hour', "createTime"), count(*) from ins group by 1 order by 1 ` +
      `on conflict ("hour") do update set "n" = "${LOG_HOUR}"."n" + excluded."n"`;
    pgByRows.set(String(n), sql);
  }
  return sql;
}

/**
 * The row counts an INSERT is made for. A batch is cut into them (437 rows: 200 + 200 + 20 + 10 + 5 + 2), so
 * there are at most ten statement texts: each is made once here, and on SQLite prepared once (db/statementCache.ts
 * would otherwise keep a large prepared statement for every count that ever occurred).
 */
const INSERT_SIZES = [1000, 500, 200, 100, 50, 20, 10, 5, 2, 1] as const;

/** The largest statement size for `n` queued rows (at most `max`). */
function insertSize(n: number, max: number): number {
  return INSERT_SIZES.find((size) => size <= Math.min(n, max)) ?? 1;
}

/**
 * The multi-row INSERT for `n` rows, made once per size and shape: Knex's query builder compiled the same
 * statement again for every batch, quoting each column of each row (a third of the row's cost in the profile).
 * Backticks quote identifiers on SQLite and MySQL/MariaDB (SQLite accepts them, as its Knex client writes
 * them); PostgreSQL takes only double quotes (`quote`), and Knex turns its `?` into `$n` there.
 */
function insertSql(n: number, shape: RowShape, quote: '`' | '"' = '`'): string {
  const key = `${shape.perRow}:${n}:${quote}`;
  let sql = sqlByRows.get(key);
  if (!sql) {
    sql = `insert into ${quote}${TABLES.baseSysLog}${quote} (${COLUMNS.map((c) => `${quote}${c}${quote}`).join(', ')}) values ${Array.from({ length: n }, () => shape.placeholders).join(', ')}`;
    sqlByRows.set(key, sql);
  }
  return sql;
}

/**
 * Writes the request log off the response path: rows are queued and inserted in batches (one
 * multi-row INSERT every `flushMs`, or as soon as a batch is full). A failed insert keeps its rows
 * for the next attempt, so a database outage loses nothing up to `maxPending` rows; `close()` writes
 * whatever is queued (the clean shutdown), `flush()` lets a reader see this instance's rows now.
 */
export class RequestLogWriter {
  private queue: LogRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private closed = false;
  /** Rows of the INSERT in progress (out of the queue until it succeeds). */
  private inFlight = 0;
  /** The writer's own MySQL/MariaDB connection, while it has one (see insert). */
  private own: MysqlConnection | undefined;
  readonly flushMs: number;
  readonly batchRows: number;
  readonly maxInsertRows: number;
  readonly maxPending: number;

  constructor(
    private readonly knex: Knex,
    private readonly logger: Pick<Console, 'error'>,
    options: RequestLogWriterOptions = {},
  ) {
    this.flushMs = options.flushMs ?? 250;
    this.batchRows = options.batchRows ?? 500;
    this.maxInsertRows = Math.max(this.batchRows, options.maxInsertRows ?? 1000);
    this.maxPending = options.maxPending ?? 50_000;
  }

  /** Batch inserts that failed (their rows were kept for the next attempt); read by GET /metrics. */
  flushFailures = 0;

  /** Rows not written yet. */
  get pending(): number {
    return this.queue.length + this.inFlight;
  }

  add(row: LogRow): void {
    this.queue.push(row);
    if (this.queue.length > this.maxPending) {
      // A tenth at once, so a database that stays away costs one splice and one message per tenth, not per request.
      const dropped = this.queue.splice(0, this.queue.length - this.maxPending + Math.floor(this.maxPending / 10));
      this.logger.error(`request log: database unavailable, ${dropped.length} oldest row(s) dropped`);
    }
    if (this.closed) return;
    // While an INSERT runs, a full batch waits for it (writeAll schedules the next one when it ends).
    if (this.queue.length >= this.batchRows) {
      if (!this.writing) void this.flush(false);
    } else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      // A queued row alone never keeps the process alive; shutdown flushes it.
      this.timer.unref();
    }
  }

  /**
   * Writes every queued row (waits for a write in progress first); resolves even when the insert fails.
   * `all = false` (a full batch is queued) writes whole batches only: the rest waits for the next batch or its
   * timer, rather than going out as a tail of small INSERTs (537 rows were 500 + 20 + 10 + 5 + 2), each a
   * statement and a commit of its own for the database.
   */
  async flush(all = true): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.writing) await this.writing;
    if (!this.queue.length) return;
    this.writing = this.writeAll(all).finally(() => {
      this.writing = undefined;
    });
    await this.writing;
  }

  /**
   * Writes the rows queued when it starts, in full batches, each taken out of the queue while its INSERT
   * runs (a failed one goes back to the front). Rows that arrive meanwhile wait for their own timer or a
   * full batch: looping until the queue was empty degenerated into one INSERT per row under a steady
   * stream of requests (each insert's await let one more row in), several times the cost per row.
   */
  private async writeAll(all: boolean): Promise<void> {
    let left = all ? this.queue.length : this.queue.length - (this.queue.length % this.batchRows);
    while (left > 0 && this.queue.length) {
      const batch = this.queue.splice(0, insertSize(left, this.maxInsertRows));
      left -= batch.length;
      this.inFlight = batch.length;
      try {
        await this.insert(batch);
      } catch (err) {
        this.queue.unshift(...batch);
        this.flushFailures++;
        this.logger.error(`request log: insert of ${batch.length} row(s) failed, kept for the next attempt`, err);
        if (!this.closed && !this.timer) {
          this.timer = setTimeout(() => void this.flush(), Math.max(this.flushMs, 1000));
          this.timer.unref();
        }
        return;
      } finally {
        this.inFlight = 0;
      }
    }
    if (!this.queue.length || this.closed) return;
    if (this.queue.length >= this.batchRows) {
      // A batch filled while this one was written: it goes now, not when the timer of its first row fires.
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.flush(false), 0);
      this.timer.unref();
    } else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      this.timer.unref();
    }
  }

  /**
   * One INSERT, and in the same transaction the upsert of its rows' hours into the roll-up (one statement on
   * PostgreSQL, `pgInsertSql`). SQLite: straight on the connection Knex pools (held for the call), prepared once per size
   * (db/statementCache.ts): Knex's raw path re-scanned the statement's placeholders and checked each value on
   * every batch, more than SQLite took to store the rows. MariaDB/MySQL: a server-side prepared statement,
   * values sent in the binary protocol, so mysqld no longer parses thousands of literals per batch (measured
   * alone, 500-row batches: mysqld's CPU per row 4.7–5.3 → 3.4–3.6 µs, ours 0.8 → 1.0 µs). It runs on a
   * connection of the writer's own, not the pool's: mysql2 keeps each prepared statement's parameter
   * descriptions per connection (1.3 MB for the 1 000-row one), which across ten pooled connections came to
   * about 20 MB of heap.
   */
  private async insert(rows: readonly LogRow[]): Promise<void> {
    const client = this.knex.client as PoolClient | undefined;
    const kind = client?.config?.client;
    // The rows' hours for the request log's roll-up (http/requestLogRollup.ts), written in the same transaction as
    // the rows: one upsert per flush, of one hour's row unless the batch straddles an hour.
    const hours = kind === 'pg' ? [] : perHour(rows.map((r) => r.createTime));
    if (kind === 'better-sqlite3' && client?.acquireConnection && client.releaseConnection) {
      const conn = await client.acquireConnection();
      try {
        conn
          .transaction(() => {
            conn.prepare(insertSql(rows.length, SIX)).run(valuesOf(rows, SIX));
            conn.prepare(addHoursSql('sqlite', hours.length)).run(hours.flat());
          })
          .immediate();
      } finally {
        await client.releaseConnection(conn);
      }
      return;
    }
    if (kind === 'mysql2' && client?.acquireRawConnection && client.destroyRawConnection && client.validateConnection) {
      if (this.own && !client.validateConnection(this.own)) await this.dropOwn(client);
      this.own ??= await client.acquireRawConnection();
      const conn = this.own;
      const query = (sql: string) => new Promise<void>((resolve, reject) => conn.query(sql, (err) => (err ? reject(err) : resolve())));
      const execute = (sql: string, values: unknown[]) => new Promise<void>((resolve, reject) => conn.execute(sql, values, (err) => (err ? reject(err) : resolve())));
      try {
        await query('begin');
        await execute(insertSql(rows.length, FIVE), valuesOf(rows, FIVE));
        await execute(addHoursSql('mysql', hours.length), hours.flat());
        await query('commit');
      } catch (err) {
        // A new connection for the next attempt: this one may be broken (a restarted database, a network fault); an
        // open transaction ends (rolled back) with it.
        await this.dropOwn(client);
        throw err;
      }
      return;
    }
    if (kind === 'pg') {
      await this.knex.raw(pgInsertSql(rows.length), valuesOf(rows, SIX) as Knex.RawBinding[]);
      return;
    }
    await this.knex.transaction(async (trx) => {
      await trx.raw(insertSql(rows.length, SIX), valuesOf(rows, SIX) as Knex.RawBinding[]);
      await trx.raw(addHoursSql('sqlite', hours.length), hours.flat());
    });
  }

  /** Ends it politely at shutdown; after an error it is destroyed at once (a hung socket would never answer a QUIT). */
  private async dropOwn(client: PoolClient, graceful = false): Promise<void> {
    const conn = this.own;
    this.own = undefined;
    if (!conn) return;
    if (graceful) await client.destroyRawConnection!(conn).catch(() => undefined);
    else conn.destroy();
  }

  /** Stops the timer and writes what is queued (tried a few times before giving up on a dead database). */
  async close(attempts = 3): Promise<void> {
    this.closed = true;
    for (let i = 0; i < attempts && (this.queue.length || this.writing); i++) await this.flush();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.queue.length) this.logger.error(`request log: ${this.queue.length} row(s) could not be written at shutdown`);
    await this.dropOwn(this.knex.client as PoolClient, true);
  }
}
