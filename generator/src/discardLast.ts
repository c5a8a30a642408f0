import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { GenerateError, listMigrations, readSnapshot } from './generate.js';
import type { ProjectPaths } from './paths.js';
import { generateMigrationIndex } from './targets/migration/index.js';
import { readTablesBefore, restoreTables } from './targets/migration/tablesBefore.js';

/** The SQLite file the server keeps in its data folder (runtime-server/src/db/createDb.ts). */
const SQLITE_FILE = 'schema-admin.sqlite';

/**
 * `npm run generate -- --discard-last`: removes the newest migration, puts the snapshot back to before
 * it and rewrites the migration index — refused when the data folder's SQLite database has applied it
 * (docs/generator.md, "Backing out"). Returns the removed file's name.
 */
export function discardLast(paths: ProjectPaths, dataDir: string): string {
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
  const db = path.join(dataDir, SQLITE_FILE);
  if (appliedIn(db, name)) {
    throw new GenerateError(
      `--discard-last: ${name} is already applied to ${path.relative(process.cwd(), db) || db} (listed in knex_migrations); ` +
        'discarding it would leave that database ahead of the code. Write a new migration instead, ' +
        'or, if that database is disposable, delete it (or point DATA_DIR elsewhere) and discard again',
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
