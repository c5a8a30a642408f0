import { AsyncLocalStorage } from 'node:async_hooks';
import type { Knex } from 'knex';
import { AppError } from '../core/errors.js';
import type { Dialect } from './dialect.js';

/**
 * Bounded statements (DB_STATEMENT_TIMEOUT_MS, docs/decisions.md "Bounded statements"): every statement a request
 * runs has a time limit; past it the database cancels it and the request answers a translated 1001
 * (`error.queryTimeout`), the connection goes back to the pool healthy and other users are unaffected.
 *
 * The limit belongs to the request, not to the connection: an HTTP request runs inside `withStatementLimit(ms)`
 * (app/createApp.ts) and each statement is bounded by the limit of the context that runs it. Migrations, seeds,
 * the scheduler's task runs and data jobs (export, import) run inside `withoutStatementLimit` — or outside any
 * request — and are not bounded: they are long on purpose, run in batches and have their own cancellation.
 * Streams (`.stream()`) are never bounded (a slow reader would otherwise cancel an export).
 *
 * How each database applies it, per statement:
 * - MariaDB: `SET STATEMENT max_statement_time=<s> FOR <statement>` (no extra round trip, the session is left
 *   alone); MySQL: the `MAX_EXECUTION_TIME(<ms>)` hint on SELECTs. Errors 1969 / 3024.
 * - PostgreSQL: `SET statement_timeout` on the connection when the wanted limit differs from what it holds (an
 *   extra round trip only when a connection passes between a request and a job); SQLSTATE 57014.
 * - SQLite (better-sqlite3): the driver runs a statement synchronously on the event loop and exposes neither
 *   `sqlite3_interrupt` nor a progress handler, so no timer can fire while it runs. The statement checks its own
 *   clock instead: a request's reads (crud/query.ts `filteredQuery`) lead their WHERE with `sa_within_limit()`
 *   (SQLITE_LIMIT_TERM), a function this connection defines (`defineSqliteLimit`) that throws once the running
 *   statement is past its deadline; SQLite evaluates the first residual term on every row it reads, and the term
 *   calls the function on one row in 61 by id, so a scan, a sort's feed or a count stops within about 61 rows of
 *   the limit. Statements without the term (writes, lookups by
 *   key) are not bounded there: they read few rows by construction.
 */
interface RequestScope {
  /** The limit of each statement (ms); 0: none. */
  ms: number;
  /** Whose request it is (a signed-in user's id), asked when a connection is wanted; undefined: not shared out. */
  owner?: () => string | number | undefined;
  /** Connections the request holds now. */
  held: number;
  /** True once the request's client has gone: a request still waiting for its share is dropped, not run. */
  gone?: () => boolean;
}

const store = new AsyncLocalStorage<RequestScope>();

/**
 * Runs `fn` with its statements limited to `ms` (0: unbounded). With `owner`, the request's connections count
 * toward its owner's share of the pool (USER_POOL_SHARE).
 */
export function withStatementLimit<T>(ms: number, fn: () => T, owner?: RequestScope['owner'], gone?: RequestScope['gone']): T {
  return store.run({ ms, held: 0, ...(owner ? { owner } : {}), ...(gone ? { gone } : {}) }, fn);
}

/**
 * A request whose client left while it waited for its owner's share: nobody reads its answer, so it gives its turn
 * to the owner's next request instead of running (a load generator or a closed tab leaves up to a share's worth of
 * a user's queue behind it; each would otherwise run to its limit before the user's next request).
 */
export function clientGoneError(): AppError {
  return new AppError('error.clientGone');
}

/** Runs `fn` (a migration, a data job, a task run started from a request) with no statement limit. */
export function withoutStatementLimit<T>(fn: () => T): T {
  return store.run({ ms: 0, held: 0 }, fn);
}

/**
 * Runs `fn`, a read whose result other requests share (a cache filled once for all), outside the share of the
 * request that happens to start it: with the same limit, but never waiting behind that user's other requests —
 * everyone awaiting it would wait there too.
 */
export function sharedRead<T>(fn: () => T): T {
  return store.run({ ms: currentStatementLimit(), held: 0 }, fn);
}

/** The limit (ms) statements run now would get; 0: none. */
export function currentStatementLimit(): number {
  return store.getStore()?.ms ?? 0;
}

/** The error a statement past its limit becomes: the caller's filter is too broad (1001, translated). */
export function queryTimeoutError(): AppError {
  return new AppError('error.queryTimeout');
}

interface DriverError {
  code?: string;
  errno?: number;
  severity?: unknown;
}

/** A statement the database cancelled because it ran past its limit (any of the three databases). */
export function isStatementTimeout(err: unknown): boolean {
  const e = err as DriverError | null;
  if (!e || typeof e !== 'object') return false;
  // MariaDB ER_STATEMENT_TIMEOUT; MySQL ER_QUERY_TIMEOUT (MAX_EXECUTION_TIME); PostgreSQL query_canceled
  // (57014, also a pg_cancel_backend: either way the statement was cut, not the connection lost).
  return e.errno === 1969 || e.code === 'ER_STATEMENT_TIMEOUT' || e.errno === 3024 || e.code === 'ER_QUERY_TIMEOUT' || (e.code === '57014' && typeof e.severity === 'string');
}

/** Statements a per-statement limit applies to (not transaction control, DDL or SET). */
const DML = /^\s*(select|with|insert|update|delete|replace)\b/i;
const SELECT = /^\s*select\b/i;
/** Transaction control: never preceded by a SET (an aborted PostgreSQL transaction accepts only ROLLBACK). */
const TX_CONTROL = /^\s*(begin|start transaction|commit|rollback|savepoint|release)\b/i;
const ROLLBACK = /^\s*rollback\b/i;

interface QueryObject {
  sql: string;
  bindings?: unknown[];
  options?: Record<string, unknown>;
}
type RawQuery = (connection: unknown, obj: QueryObject) => Promise<unknown>;

/** What a PostgreSQL connection's `statement_timeout` is known to be (absent: unknown, set before the next use). */
const pgTimeouts = new WeakMap<object, number>();

/**
 * Wraps the Knex client's statement runner so that each statement gets the limit of the context running it, and a
 * cancelled one becomes `error.queryTimeout`; and gates its pool by user (USER_POOL_SHARE; on SQLite's single
 * connection one statement per user, and a turn of the event loop after a long statement).
 */
export function boundStatements(knex: Knex, dialect: Dialect, share = USER_POOL_SHARE): void {
  // SQLite's one connection: one statement per user in its queue, so another user waits for at most one of a
  // user's statements (each cut at the limit), not for all of them.
  shareThePool(knex, dialect === 'sqlite' ? 1 : share, dialect === 'sqlite');
  // On the client class, not the instance: Knex makes each transaction's client from the class's prototype
  // (execution/transaction.js, makeTxClient), so an instance's runner would not see statements in transactions. The
  // wrapper keeps no state of its own (the limit is the running scope's), so every instance may share it.
  const proto = Object.getPrototypeOf(knex.client) as { _query: RawQuery; [BOUND]?: true };
  if (proto[BOUND]) return;
  proto._query = dialect === 'mysql' ? boundMysql(proto._query) : dialect === 'postgres' ? boundPostgres(proto._query) : boundSqlite(proto._query);
  proto[BOUND] = true;
}

const BOUND = Symbol('statementLimit');

const mapped = (err: unknown): never => {
  throw isStatementTimeout(err) ? queryTimeoutError() : err;
};

function boundMysql(raw: RawQuery): RawQuery {
  return function (this: unknown, connection, obj) {
    const ms = currentStatementLimit();
    if (ms > 0 && obj?.sql) {
      if ((connection as { _isMariaDB?: boolean })._isMariaDB) {
        // Seconds with a fraction: MariaDB's max_statement_time is a double in seconds.
        if (DML.test(obj.sql)) obj = { ...obj, sql: `SET STATEMENT max_statement_time=${ms / 1000} FOR ${obj.sql}` };
      } else if (SELECT.test(obj.sql)) {
        obj = { ...obj, sql: obj.sql.replace(SELECT, (m) => `${m} /*+ MAX_EXECUTION_TIME(${Math.round(ms)}) */`) };
      }
    }
    return raw.call(this, connection, obj).catch(mapped);
  };
}

/**
 * The WHERE term that bounds a SQLite read of the table aliased `a` (see above); first, so it is evaluated on every
 * row read. The function is called for one row in 61 by id, not for every row: a call from SQLite into JavaScript
 * cost 58 ns a row, more than the row (1 M goods: a bounded count of 100 000 index entries 3.3 ms without the
 * term, 8.9 ms with a call per row, 4.2 ms so), and under load that count's page answered 32 % of its floor's
 * req/s (docs/benchmark.md). The rows a long statement reads are a scan's consecutive ids or an index range of
 * many ids: one id in 61 falls in any run of them unless the data itself cycles with a period of 61, and a prime
 * stays clear of the powers of two that batches and cycles in data come in.
 */
export const SQLITE_LIMIT_TERM = '(a.id % 61 <> 0 OR sa_within_limit())';

/** When the running SQLite statement must stop (performance.now() ms); Infinity: unbounded. */
let sqliteDeadline = Infinity;

/**
 * Defines SQLITE_LIMIT_TERM's function on a better-sqlite3 connection. The statement runs synchronously from the
 * moment `boundSqlite` sets the deadline, so one module-level deadline is the running statement's. The error it
 * throws is already the answer's (better-sqlite3 rethrows a function's own error object): no statement needs a
 * handler of its own to map it.
 */
export function defineSqliteLimit(conn: { function(name: string, options: { deterministic: boolean }, fn: () => number): unknown }): void {
  conn.function('sa_within_limit', { deterministic: false }, () => {
    if (performance.now() > sqliteDeadline) throw queryTimeoutError();
    return 1;
  });
}

/**
 * A SQLite statement longer than this (ms) held the event loop: the next statement first gives the loop a turn, so
 * that requests arrived meanwhile are read and queue for the connection. Without it, requests waiting on promises
 * run their statements back to back in one chain of microtasks and another user's request is not even read until
 * they are all done (twenty cut searches: 650 ms).
 */
const LONG_SQLITE_MS = 5;
let owesTurn = false;

/** Resolves at once, or after one turn of the event loop when the last SQLite statement held it (LONG_SQLITE_MS). */
function sqliteTurn(): Promise<void> | undefined {
  if (!owesTurn) return undefined;
  owesTurn = false;
  return new Promise((resolve) => setImmediate(resolve));
}

function boundSqlite(raw: RawQuery): RawQuery {
  return function (this: unknown, connection, obj) {
    const ms = currentStatementLimit();
    const t0 = performance.now();
    sqliteDeadline = ms > 0 ? t0 + ms : Infinity;
    // better-sqlite3 runs the statement inside this synchronous call (Knex awaits nothing before it): the deadline
    // is reset as soon as it returns, before any other statement can start.
    try {
      return raw.call(this, connection, obj);
    } finally {
      sqliteDeadline = Infinity;
      if (performance.now() - t0 > LONG_SQLITE_MS) owesTurn = true;
    }
  };
}

function boundPostgres(raw: RawQuery): RawQuery {
  return async function (this: unknown, connection, obj) {
    const conn = connection as { query(sql: string): Promise<unknown> };
    const sql = obj?.sql ?? '';
    if (!TX_CONTROL.test(sql)) {
      const ms = Math.round(currentStatementLimit());
      if (pgTimeouts.get(conn) !== ms) {
        await conn.query(`SET statement_timeout = ${ms}`);
        pgTimeouts.set(conn, ms);
      }
    }
    try {
      return await raw.call(this, connection, obj);
    } catch (err) {
      // A failed statement may abort its transaction, whose rollback undoes a SET made in it: the next statement
      // sets the limit again.
      pgTimeouts.delete(conn);
      return mapped(err);
    } finally {
      if (ROLLBACK.test(sql)) pgTimeouts.delete(conn);
    }
  };
}

/**
 * Connections one signed-in user's requests may hold at once (of the pool's 10). A limit alone does not keep other
 * users unaffected: twenty slow searches of one user would hold every connection until their limit, and everyone
 * else's requests would wait that long for one. Past the share that user's next request waits for one of his own
 * to finish (in the process, holding nothing); other users find connections free.
 */
export const USER_POOL_SHARE = 4;

type Connection = object;
interface PoolClient {
  acquireConnection(): Promise<Connection>;
  releaseConnection(connection: Connection): Promise<unknown>;
}

/** Per owner: connections held, and the requests waiting for one of them. */
class Shares {
  private owners = new Map<string | number, { active: number; waiting: (() => void)[] }>();
  constructor(private readonly max: number) {}

  /**
   * Takes a slot of `key`'s share: undefined when one was free (taken at once), else a promise resolved when `leave`
   * hands one over. Not async: with AsyncLocalStorage on (Node 20: promise hooks) every promise made costs each
   * statement of a request its init hook, and the free slot is the common case.
   */
  enter(key: string | number): Promise<void> | undefined {
    let o = this.owners.get(key);
    if (!o) this.owners.set(key, (o = { active: 0, waiting: [] }));
    if (o.active < this.max) {
      o.active++;
      return undefined;
    }
    // Handed over by `leave`: the slot stays counted.
    return new Promise<void>((resolve) => o.waiting.push(resolve));
  }

  leave(key: string | number): void {
    const o = this.owners.get(key);
    if (!o) return;
    const next = o.waiting.shift();
    if (next) return next();
    if (--o.active === 0) this.owners.delete(key);
  }
}

/**
 * Gates the Knex client's connection acquisition by owner (USER_POOL_SHARE). A request already holding a
 * connection (a transaction reading beside it) is never made to wait for a second: it could wait on itself.
 */
function shareThePool(knex: Knex, max: number, sqlite: boolean): void {
  const client = knex.client as unknown as PoolClient;
  const acquire = client.acquireConnection.bind(client);
  const release = client.releaseConnection.bind(client);
  const shares = new Shares(max);
  const holders = new WeakMap<Connection, { scope: RequestScope; key: string | number | undefined }>();
  // Outside a request (boot, migrations, jobs) the pool is used as it is: not gated and no turn given, so
  // instances starting together interleave as they always did (two in one process on one SQLite file wait on
  // each other's write lock; an extra await changed who waited).
  client.acquireConnection = () => {
    const scope = store.getStore();
    return scope ? acquireScoped(scope) : acquire();
  };
  const acquireScoped = async (scope: RequestScope): Promise<Connection> => {
    const key = scope.held === 0 ? scope.owner?.() : undefined;
    if (key !== undefined) {
      const wait = shares.enter(key);
      if (wait) await wait;
      if (scope.gone?.()) {
        shares.leave(key);
        throw clientGoneError();
      }
    }
    let connection: Connection;
    try {
      // After the share's wait: the turn is owed when the connection is about to be taken.
      const turn = sqlite ? sqliteTurn() : undefined;
      if (turn) await turn;
      connection = await acquire();
    } catch (err) {
      if (key !== undefined) shares.leave(key);
      throw err;
    }
    scope.held++;
    holders.set(connection, { scope, key });
    return connection;
  };
  client.releaseConnection = (connection) => {
    const holder = holders.get(connection);
    if (holder) {
      holders.delete(connection);
      holder.scope.held--;
      if (holder.key !== undefined) shares.leave(holder.key);
    }
    return release(connection);
  };
}
