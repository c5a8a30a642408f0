import { setTimeout as sleep } from 'node:timers/promises';
import type { Knex } from 'knex';
import { withoutStatementLimit } from './statementLimit.js';
import { migrations } from '../../migrations/index.js';

/** Knex migration source over the statically imported migration list (generated index). */
const source: Knex.MigrationSource<string> = {
  getMigrations: async () => migrations.map(([name]) => name),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const found = migrations.find(([n]) => n === name);
    if (!found) throw new Error(`unknown migration ${name}`);
    return found[1];
  },
};

/** Another instance is migrating right now (Knex fails fast instead of waiting for its lock). */
function isBusy(err: unknown): boolean {
  const e = err as { name?: string; message?: string; code?: string };
  return (
    e.name === 'MigrationLocked' ||
    /already locked|knex_migrations(_lock)?.{0,4} already exists|table `?knex_migrations/i.test(e.message ?? '') ||
    e.code === 'SQLITE_BUSY' ||
    e.code === 'ER_TABLE_EXISTS_ERROR' ||
    // PostgreSQL: duplicate_table, or the catalog's unique index when two CREATE TABLEs of one name race.
    e.code === '42P07' ||
    (e.code === '23505' && /pg_(type_typname|class_relname)_nsp_index/.test(e.message ?? ''))
  );
}

/**
 * Runs pending migrations behind Knex's lock table. Several instances may start at once: the ones
 * that find the lock taken wait and retry, then find nothing left to do.
 */
export function migrateLatest(knex: Knex, timeoutMs = 120_000, migrationSource: Knex.MigrationSource<string> = source): Promise<string[]> {
  // Migrations build indexes and copy tables: long on purpose, never cut by a request's statement limit (one
  // started from a request, `menu/create`, schema saves in development).
  return withoutStatementLimit(() => migrateUnbounded(knex, timeoutMs, migrationSource));
}

async function migrateUnbounded(knex: Knex, timeoutMs: number, migrationSource: Knex.MigrationSource<string>): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    try {
      const [, applied] = (await knex.migrate.latest({ migrationSource })) as [number, string[]];
      return applied;
    } catch (err) {
      if (!isBusy(err) || Date.now() > deadline) throw err;
      await dropExtraLockRows(knex);
      await sleep(Math.min(100 * 2 ** attempt, 1000) + Math.random() * 100);
    }
  }
}

/**
 * Instances starting together on an empty database can each create Knex's lock row (its table check and insert
 * are not atomic). With two rows its lock update touches two and counts as "already locked" for ever: every
 * instance then waited out the deadline without a word. Only the first row is Knex's; the others go.
 */
async function dropExtraLockRows(knex: Knex): Promise<void> {
  try {
    const rows = (await knex('knex_migrations_lock').select('index').orderBy('index')) as { index: number }[];
    if (rows.length > 1) await knex('knex_migrations_lock').where('index', '>', rows[0]!.index).del();
  } catch {
    // no lock table yet: nothing to repair
  }
}
