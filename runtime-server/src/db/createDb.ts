import fs from 'node:fs';
import path from 'node:path';
import knexFactory from 'knex';
import type { Knex } from 'knex';
import type { Config } from '../config.js';
import { cacheStatements } from './statementCache.js';

export type Dialect = 'sqlite' | 'mysql';

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

/** The Knex instance for the configured database: SQLite file in DATA_DIR, or MySQL/MariaDB by URL. */
export function createDb(config: Pick<Config, 'dataDir' | 'databaseUrl'>, logger: Logger = console): { knex: Knex; dialect: Dialect } {
  const log = knexLog(logger);
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
      afterCreate(conn: { pragma: (s: string) => unknown; prepare(sql: string): { busy?: boolean } }, done: (err: Error | null, conn: unknown) => void) {
        // WAL lets readers and a writer overlap; busy_timeout makes a second instance wait instead of failing.
        conn.pragma('journal_mode = WAL');
        conn.pragma('busy_timeout = 5000');
        // WAL + NORMAL: durable against crashes, no fsync per commit (only at checkpoints).
        conn.pragma('synchronous = NORMAL');
        conn.pragma('foreign_keys = ON');
        done(null, cacheStatements(conn));
      },
    },
  });
  return { knex, dialect: 'sqlite' };
}
