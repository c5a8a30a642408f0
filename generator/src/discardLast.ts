import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { GenerateError, listMigrations, readSnapshot } from './generate.js';
import type { ProjectPaths } from './paths.js';
import { generateMigrationIndex } from './targets/migration/index.js';
import { rollbackLast } from './rollbackLast.js';
import { readTablesBefore, restoreTables } from './targets/migration/tablesBefore.js';

/** The SQLite file the server keeps in its data folder (runtime-server/src/db/createDb.ts). */
const SQLITE_FILE = 'schema-admin.sqlite';

/**
 * `npm run generate -- --discard-last`: removes the newest migration, puts the snapshot back to before
 * it and rewrites the migration index — refused when the database the server would use has applied it:
 * the MariaDB/MySQL one named by `databaseUrl`, else the data folder's SQLite file
 * (docs/generator.md, "Backing out"). Returns the removed file's name.
 */
export async function discardLast(paths: ProjectPaths, dataDir: string, databaseUrl?: string, rollback = false): Promise<string> {
  const last = listMigrations(paths.migrations).at(-1);
  if (!last) throw new GenerateError('--discard-last: there is no migration to discard');
  const name = last.replace(/\.ts$/, '');
  const file = path.join(paths.migrations, last);
  const before = readTablesBefore(fs.readFileSync(file, 'utf8'));
  if (!before) {
    throw new GenerateError(
      `--discard-last: ${path.relative(paths.root, file)} was written before migrations recorded the snapshot they change, ` +
        `so it cannot be undone here; delete it by hand and restore ${path.relative(paths.root, paths.snapshot)} from git`,
    );
  }
  const db = databaseUrl ? redacted(databaseUrl) : path.relative(process.cwd(), path.join(dataDir, SQLITE_FILE)) || path.join(dataDir, SQLITE_FILE);
  const applied = !databaseUrl
    ? appliedIn(path.join(dataDir, SQLITE_FILE), name)
    : /^postgres(ql)?:/i.test(databaseUrl)
      ? await appliedInPostgres(databaseUrl, name)
      : await appliedInMysql(databaseUrl, name);
  // `--rollback` (the way back after `npm run dev` applied a save): its down() runs there first.
  if (applied && rollback) await rollbackLast(file, path.join(dataDir, SQLITE_FILE), databaseUrl);
  else if (applied) {
    throw new GenerateError(
      `--discard-last: ${name} is already applied to ${db} (listed in knex_migrations); ` +
        'discarding it would leave that database ahead of the code. Write a new migration instead, ' +
        (databaseUrl
          ? 'or, if that database is disposable, roll the migration back there (or point DATABASE_URL elsewhere) and discard again'
          : 'or, if that database is disposable, delete it (or point DATA_DIR elsewhere) and discard again') +
        ' — `--discard-last --rollback` runs its down() there first when it is the newest applied',
    );
  }
  const snapshot = restoreTables(readSnapshot(paths.snapshot), before);
  fs.rmSync(file);
  fs.writeFileSync(paths.snapshot, JSON.stringify(snapshot, null, 2) + '\n');
  const index = generateMigrationIndex(listMigrations(paths.migrations));
  fs.writeFileSync(path.join(paths.migrations, index.path), index.content);
  return last;
}

/** The part of better-sqlite3 used here (it ships no types of its own). */
type SqliteDriver = new (file: string, options: { readonly: boolean; fileMustExist: boolean }) => {
  prepare(sql: string): { get(...params: unknown[]): unknown };
  close(): void;
};

/** Whether the SQLite database (if there is one) lists the migration as run. Read-only; never creates it. */
function appliedIn(file: string, name: string): boolean {
  if (!fs.existsSync(file)) return false;
  // The server's own driver (a runtime-server dependency); loaded only when a database exists.
  const Database = createRequire(import.meta.url)('better-sqlite3') as SqliteDriver;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'knex_migrations'").get();
    return !!table && !!db.prepare('SELECT 1 FROM knex_migrations WHERE name IN (?, ?)').get(name, `${name}.ts`);
  } finally {
    db.close();
  }
}

/** The URL without its password, for messages. */
function redacted(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.href;
}

/** The part of mysql2/promise used here (a runtime-server dependency, loaded only for a MariaDB/MySQL URL). */
type MysqlDriver = {
  createConnection(url: string): Promise<{ query(sql: string, params?: unknown[]): Promise<[unknown[], unknown]>; end(): Promise<void> }>;
};

/** The part of pg used here (a runtime-server dependency, loaded only for a PostgreSQL URL). */
type PgDriver = {
  Client: new (config: { connectionString: string; connectionTimeoutMillis: number }) => {
    connect(): Promise<void>;
    query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
    end(): Promise<void>;
  };
};

function unreachable(url: string, err: Error): GenerateError {
  return new GenerateError(
    `--discard-last: cannot reach ${redacted(url)} (${err.message}) to check whether it applied the migration; ` +
      'start that database, or unset DATABASE_URL if the migration was never run there',
  );
}

/** Whether the PostgreSQL database (its `?schema=`, else the search path's first) lists the migration as run. */
async function appliedInPostgres(url: string, name: string): Promise<boolean> {
  const pg = createRequire(import.meta.url)('pg') as PgDriver;
  const u = new URL(url);
  const schema = u.searchParams.get('schema');
  u.searchParams.delete('schema');
  const client = new pg.Client({ connectionString: u.href, connectionTimeoutMillis: 3000 });
  await client.connect().catch((err: Error) => {
    throw unreachable(url, err);
  });
  try {
    const table = schema ? `"${schema.replace(/"/g, '""')}".knex_migrations` : 'knex_migrations';
    const { rows } = await client.query('SELECT to_regclass($1) AS t', [table]);
    if (!(rows[0] as { t: string | null }).t) return false;
    return (await client.query(`SELECT 1 FROM ${table} WHERE name IN ($1, $2)`, [name, `${name}.ts`])).rows.length > 0;
  } finally {
    await client.end();
  }
}

/**
 * Whether the MariaDB/MySQL database lists the migration as run. An unreachable database refuses the discard:
 * not knowing is not the same as "not applied".
 */
async function appliedInMysql(url: string, name: string): Promise<boolean> {
  const mysql = createRequire(import.meta.url)('mysql2/promise') as MysqlDriver;
  const conn = await mysql.createConnection(url).catch((err: Error) => {
    throw unreachable(url, err);
  });
  try {
    const [tables] = await conn.query("SELECT 1 FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = 'knex_migrations'");
    if (!tables.length) return false;
    const [rows] = await conn.query('SELECT 1 FROM knex_migrations WHERE name IN (?, ?)', [name, `${name}.ts`]);
    return rows.length > 0;
  } finally {
    await conn.end();
  }
}
