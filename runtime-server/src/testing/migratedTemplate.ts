import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Connection } from 'mysql2/promise';
import type pg from 'pg';
import { createDb } from '../db/createDb.js';
import { migrateLatest } from '../db/migrate.js';

/**
 * Migrated templates for the test databases. Running every migration took a scratch database about 2 s on
 * PostgreSQL and 4–8 s on MariaDB on this 2-core machine, once per suite and database; copying a database that
 * was migrated once takes a tenth of that. A template is named after the migrations it holds (a hash of
 * runtime-server/migrations), so a changed migration makes a new one; templates are built once, under a lock,
 * by whichever test process needs one first, and kept for later runs (a few MB each, never used by anything
 * else). Only migrations: seeds, the admin and the rest are written by the app's start as on a new database.
 */

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'migrations');

let hash: string | undefined;
/** 12 hex digits naming the migration files and their contents. */
export function migrationsHash(): string {
  if (hash) return hash;
  const h = createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS).filter((f) => f.endsWith('.ts')).sort()) {
    h.update(file).update('\0').update(fs.readFileSync(path.join(MIGRATIONS, file))).update('\0');
  }
  return (hash = h.digest('hex').slice(0, 12));
}

async function migrate(databaseUrl: string | undefined, dataDir: string): Promise<void> {
  const { knex } = createDb(databaseUrl ? { dataDir, databaseUrl } : { dataDir }, { warn() {}, error: console.error });
  try {
    await migrateLatest(knex);
  } finally {
    await knex.destroy();
  }
}

/** A migrated SQLite file, copied into each new data folder. */
export async function sqliteTemplate(): Promise<string> {
  const file = path.join(os.tmpdir(), `sa-tpl-${migrationsHash()}.sqlite`);
  if (fs.existsSync(file)) return file;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-tpl-build-'));
  try {
    await migrate(undefined, dir);
    // Closed cleanly, the WAL is checkpointed into the file; a rename is atomic, so a concurrent builder's
    // copy simply replaces this one (both whole).
    fs.renameSync(path.join(dir, 'schema-admin.sqlite'), file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return file;
}

/** The migrated PostgreSQL template's name: `CREATE DATABASE … TEMPLATE` copies it. */
export async function pgTemplate(admin: pg.Client, serverUrl: URL): Promise<string> {
  const name = `sa_tpl_${migrationsHash()}`;
  await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
  try {
    if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount) return name;
    // Built under another name and renamed once whole: a crashed build is never taken for a template.
    const building = `${name}_b${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS "${building}"`);
    await admin.query(`CREATE DATABASE "${building}" ENCODING 'UTF8' TEMPLATE template0`);
    const url = new URL(serverUrl.href);
    url.pathname = `/${building}`;
    await migrate(url.href, fs.mkdtempSync(path.join(os.tmpdir(), 'sa-tpl-')));
    await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
  }
}

const READY = 'zz_template_ready';

/**
 * The migrated MariaDB template's name. MariaDB copies no database, so `cloneMysqlTemplate` re-creates each of its
 * tables (`CREATE TABLE … LIKE`: columns, indexes, checks) and its triggers, and copies Knex's migration rows.
 */
export async function mysqlTemplate(admin: Connection, serverUrl: URL): Promise<string> {
  const name = `sa_tpl_${migrationsHash()}`;
  await admin.query('SELECT GET_LOCK(?, 300)', [name]);
  try {
    const [ready] = (await admin.query('SELECT 1 FROM information_schema.tables WHERE table_schema = ? AND table_name = ?', [name, READY])) as [unknown[], unknown];
    if (ready.length) return name;
    await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const url = new URL(serverUrl.href);
    url.pathname = `/${name}`;
    await migrate(url.href, fs.mkdtempSync(path.join(os.tmpdir(), 'sa-tpl-')));
    await admin.query(`CREATE TABLE \`${name}\`.\`${READY}\` (id INT)`);
    return name;
  } finally {
    await admin.query('SELECT RELEASE_LOCK(?)', [name]);
  }
}

/** Fills the empty database `target` with the template's tables, triggers and migration rows. */
export async function cloneMysqlTemplate(admin: Connection, template: string, target: string): Promise<void> {
  const [rows] = (await admin.query('SELECT table_name AS t FROM information_schema.tables WHERE table_schema = ? AND table_name <> ?', [template, READY])) as [
    { t: string }[],
    unknown,
  ];
  const statements = rows.map(({ t }) => `CREATE TABLE \`${target}\`.\`${t}\` LIKE \`${template}\`.\`${t}\``);
  for (const t of ['knex_migrations', 'knex_migrations_lock']) statements.push(`INSERT INTO \`${target}\`.\`${t}\` SELECT * FROM \`${template}\`.\`${t}\``);
  await admin.query(statements.join(';\n'));
  // `LIKE` copies no trigger (the dashboard roll-up's, docs/decisions.md): each is created again, its body's
  // unqualified tables being the target's (a trigger runs in its own database). One statement each: a body holds `;`.
  const [triggers] = (await admin.query(
    'SELECT trigger_name AS n, action_timing AS w, event_manipulation AS e, event_object_table AS t, action_statement AS body FROM information_schema.triggers WHERE trigger_schema = ? ORDER BY action_order',
    [template],
  )) as [{ n: string; w: string; e: string; t: string; body: string }[], unknown];
  for (const tr of triggers) await admin.query(`CREATE TRIGGER \`${target}\`.\`${tr.n}\` ${tr.w} ${tr.e} ON \`${target}\`.\`${tr.t}\` FOR EACH ROW ${tr.body}`);
}
