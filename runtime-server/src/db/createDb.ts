import fs from 'node:fs';
import path from 'node:path';
import knexFactory from 'knex';
import type { Knex } from 'knex';
import type { Config } from '../config.js';
import { createRequire } from 'node:module';
import { cacheStatements } from './statementCache.js';
import { memoizeCompiles } from './compileMemo.js';
import { boundStatements, defineSqliteLimit } from './statementLimit.js';

import type { Dialect } from './dialect.js';

export type { Dialect };

/** The dialect a `DATABASE_URL` selects (undefined/empty: the embedded SQLite file). */
export function dialectOf(databaseUrl: string | undefined): Dialect {
  if (!databaseUrl) return 'sqlite';
  return /^postgres(ql)?:/i.test(databaseUrl) ? 'postgres' : 'mysql';
}

/** The dialect of a Knex instance made by `createDb` (or by a script with the same clients). */
export function dialectOfKnex(knex: Knex): Dialect {
  const client = knex.client.config.client as unknown;
  return client === 'pg' ? 'postgres' : client === 'mysql2' ? 'mysql' : 'sqlite';
}

type Logger = Pick<Console, 'warn' | 'error'>;

/** Knex's own messages through the app's logger (JSON lines in production). */
function knexLog(logger: Logger) {
  return {
    // Knex warns when another instance holds the migration lock; migrateLatest waits for it instead.
    warn(message: unknown) {
      if (!/lock/i.test(String(message))) logger.warn(String(message));
    },
    error(message: unknown) {
      logger.error(String(message));
    },
    deprecate(method: string, alternative: string) {
      logger.warn(`knex: ${method} is deprecated, use ${alternative}`);
    },
    debug() {},
  };
}

/**
 * The Knex instance for the configured database: SQLite file in DATA_DIR, or MySQL/MariaDB or PostgreSQL by URL.
 */
export function createDb(config: Pick<Config, 'dataDir' | 'databaseUrl'>, logger: Logger = console): { knex: Knex; dialect: Dialect } {
  const log = knexLog(logger);
  if (config.databaseUrl && dialectOf(config.databaseUrl) === 'postgres') {
    const knex = knexFactory({ client: 'pg', ...pgConnection(config.databaseUrl), pool: { min: 0, max: 10 }, acquireConnectionTimeout: 5000, log });
    // Each statement gets the time limit of the request running it (db/statementLimit.ts).
    boundStatements(knex, 'postgres');
    memoizeCompiles(knex);
    return { knex, dialect: 'postgres' };
  }
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    const knex = knexFactory({
      client: 'mysql2',
      connection: {
        host: url.hostname,
        port: url.port ? Number(url.port) : 3306,
        user: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
        database: url.pathname.replace(/^\//, ''),
        charset: 'utf8mb4',
        // Times travel as 'YYYY-MM-DD HH:mm:ss' strings on both databases; no timezone shifts.
        dateStrings: true,
        supportBigNumbers: true,
        // An unreachable database fails a request within seconds instead of hanging it.
        connectTimeout: 3000,
      },
      pool: { min: 0, max: 10 },
      acquireConnectionTimeout: 5000,
      log,
    });
    boundStatements(knex, 'mysql');
    memoizeCompiles(knex);
    return { knex, dialect: 'mysql' };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const knex = knexFactory({
    client: 'better-sqlite3',
    connection: { filename: path.join(config.dataDir, 'schema-admin.sqlite') },
    useNullAsDefault: true,
    log,
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: { pragma: (s: string) => unknown; prepare(sql: string): { busy?: boolean } } & Parameters<typeof defineSqliteLimit>[0], done: (err: Error | null, conn: unknown) => void) {
        // WAL lets readers and a writer overlap; busy_timeout makes a second instance wait instead of failing.
        conn.pragma('journal_mode = WAL');
        conn.pragma('busy_timeout = 5000');
        // WAL + NORMAL: durable against crashes, no fsync per commit (only at checkpoints).
        conn.pragma('synchronous = NORMAL');
        conn.pragma('foreign_keys = ON');
        // Knex alters a SQLite table by rebuilding it (create a copy, drop, rename the copy back); a trigger on
        // another table that names it (the order roll-up's, modules/demo) made the rename fail ("no such table"):
        // the legacy rename does not re-check other tables' triggers, which name the table again once it is back.
        conn.pragma('legacy_alter_table = ON');
        defineSqliteLimit(conn);
        done(null, cacheStatements(conn));
      },
    },
  });
  boundStatements(knex, 'sqlite');
  // A SELECT's SQL text is made once per shape (db/compileMemo.ts).
  memoizeCompiles(knex);
  return { knex, dialect: 'sqlite' };
}

/**
 * How node-postgres hands back each type, so rows have the shapes the other two drivers give
 * (docs/kernel-and-modules.md, "Typed rows"): `timestamp` and `date` as the text PostgreSQL sends
 * (`YYYY-MM-DD HH:mm:ss`, `YYYY-MM-DD`; never a JS Date shifted by the process's zone), `int8` (bigint columns,
 * `count(*)`, `sum` of integers) a number while it is exact and a string past 2^53 (as mysql2's
 * `supportBigNumbers`), `numeric` the exact string (pg's default), `boolean` 0/1 as on SQLite and MariaDB.
 */
const PG_PARSERS: Record<number, (text: string) => unknown> = {
  16: (v) => (v === 't' ? 1 : 0),
  20: (v) => {
    const n = Number(v);
    return Number.isSafeInteger(n) ? n : v;
  },
  1082: (v) => v,
  1114: (v) => v,
  1184: (v) => v,
};

/**
 * node-postgres, loaded only for a PostgreSQL URL (left out of the server bundle: scripts/server-build.mjs), before
 * Knex requires it. Its stream module asks at load whether it runs in a Cloudflare Worker: with no `navigator`
 * (Node 20; Node 21 defines one) it builds a `Response`, which makes node load its whole fetch machinery for
 * good (docs/decisions.md, "No fetch machinery"). A `navigator` that says Node.js stands there while pg loads.
 */
function loadPg(): typeof import('pg') {
  const lend = !('navigator' in globalThis);
  if (lend) Object.defineProperty(globalThis, 'navigator', { value: { userAgent: 'Node.js' }, configurable: true, writable: true });
  try {
    return createRequire(import.meta.url)('pg') as typeof import('pg');
  } finally {
    if (lend) delete (globalThis as { navigator?: unknown }).navigator;
  }
}

/** What `pg` needs from a `postgres://` URL: `?schema=` becomes Knex's search path; `sslmode` and the rest go to pg. */
export function pgConnection(databaseUrl: string): { connection: Record<string, unknown>; searchPath?: string[] } {
  const url = new URL(databaseUrl);
  const pgTypes = loadPg().types;
  const schema = url.searchParams.get('schema');
  url.searchParams.delete('schema');
  return {
    connection: {
      connectionString: url.href,
      // No JIT compilation: a request's statement is short, and PostgreSQL compiled one whose estimated cost passed
      // jit_above_cost anyway (10 M goods, a keyword page: 11 ms of JIT in a 17 ms statement; docs/decisions.md,
      // "A needle's rarest word"). Options the URL gives itself (`?options=`) are kept.
      ...(url.searchParams.has('options') ? {} : { options: '-c jit=off' }),
      // An unreachable database fails a request within seconds instead of hanging it.
      connectionTimeoutMillis: 3000,
      types: {
        getTypeParser(oid: number, format?: 'text' | 'binary') {
          return PG_PARSERS[oid] ?? pgTypes.getTypeParser(oid, format);
        },
      },
    },
    ...(schema ? { searchPath: [schema] } : {}),
  };
}
