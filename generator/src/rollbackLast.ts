import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { GenerateError } from './generate.js';

/** The part of Knex used here (a runtime-server dependency, loaded only when a rollback is asked for). */
interface KnexLike {
  (table: string): {
    orderBy(column: string, dir: 'desc'): { first(...columns: string[]): Promise<{ name: string } | undefined> };
    whereIn(column: string, values: string[]): { delete(): Promise<number> };
  };
  schema: { hasTable(name: string): Promise<boolean> };
  destroy(): Promise<void>;
}
type KnexFactory = (config: Record<string, unknown>) => KnexLike;

/**
 * `--discard-last --rollback`: runs the newest migration's `down` on the database the server would use and
 * removes its row from `knex_migrations`, so the discard that follows leaves code and database in step. Refused
 * unless that migration is the newest one the database applied (a later one was written elsewhere: nothing is
 * touched). The way back after `npm run dev` applied a save (docs/generator.md, "Backing out").
 */
export async function rollbackLast(migrationFile: string, sqliteFile: string, databaseUrl?: string): Promise<boolean> {
  const name = path.basename(migrationFile).replace(/\.ts$/, '');
  const require = createRequire(import.meta.url);
  const knexModule = require('knex') as { knex: KnexFactory };
  const knex = knexModule.knex(connectionOf(sqliteFile, databaseUrl));
  try {
    if (!(await knex.schema.hasTable('knex_migrations'))) return false;
    const newest = await knex('knex_migrations').orderBy('id', 'desc').first('name');
    if (!newest || ![name, `${name}.ts`].includes(newest.name)) {
      if (!newest) return false;
      throw new GenerateError(`--rollback: the newest migration the database applied is ${newest.name}, not ${name}; nothing was changed`);
    }
    const migration = (await import(pathToFileURL(migrationFile).href)) as { down?: (knex: KnexLike) => Promise<void> };
    if (typeof migration.down !== 'function') throw new GenerateError(`--rollback: ${name} has no down(); nothing was changed`);
    await migration.down(knex);
    await knex('knex_migrations').whereIn('name', [name, `${name}.ts`]).delete();
    return true;
  } finally {
    await knex.destroy();
  }
}

/** Knex settings for the server's database: the same clients runtime-server/src/db/createDb.ts uses. */
function connectionOf(sqliteFile: string, databaseUrl?: string): Record<string, unknown> {
  if (!databaseUrl) return { client: 'better-sqlite3', connection: { filename: sqliteFile }, useNullAsDefault: true };
  if (/^postgres(ql)?:/i.test(databaseUrl)) {
    const u = new URL(databaseUrl);
    const schema = u.searchParams.get('schema');
    u.searchParams.delete('schema');
    return { client: 'pg', connection: u.href, ...(schema ? { searchPath: [schema] } : {}), pool: { min: 0, max: 1 } };
  }
  return { client: 'mysql2', connection: databaseUrl, pool: { min: 0, max: 1 } };
}
