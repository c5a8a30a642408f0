import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Knex } from 'knex';
import { migrations } from '../../migrations/index.js';
import { testDatabases } from '../testing/forEachDb.js';
import { createDb, dialectOfKnex } from './createDb.js';

/** Knex's source over the generated list, as migrate.ts uses it. */
const source: Knex.MigrationSource<[string, Knex.Migration]> = {
  getMigrations: async () => migrations,
  getMigrationName: ([name]) => name,
  getMigration: async ([, m]) => m,
};

async function tables(knex: Knex): Promise<string[]> {
  const dialect = dialectOfKnex(knex);
  const rows: { name: string }[] =
    dialect === 'mysql'
      ? (await knex.raw('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()'))[0]
      : dialect === 'postgres'
        ? (await knex.raw('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()')).rows
        : await knex('sqlite_master').where({ type: 'table' }).whereNot('name', 'like', 'sqlite_%').select('name');
  return rows.map((r) => r.name).filter((n) => !n.startsWith('knex_migrations')).sort();
}

// Every generated migration, one at a time, up then down then up again, on each database
// (docs/generator.md, "Every migration runs on every database"): DDL one dialect refuses fails here.
describe('every generated migration on every database', () => {
  for (const db of testDatabases()) {
    it(`${db.name}: each up(), each down() in reverse back to an empty database, then all up again`, async () => {
      const { knex } = createDb(await db.config({}, { empty: true }));
      try {
        for (const [name] of migrations) {
          const [, ran] = (await knex.migrate.up({ migrationSource: source })) as [number, string[]];
          assert.deepEqual(ran, [name], `up ${name}`);
        }
        const full = await tables(knex);
        assert.ok(full.includes('base_sys_user') && full.includes('demo_goods'), full.join(', '));
        for (const [name] of [...migrations].reverse()) {
          const [, undone] = (await knex.migrate.down({ migrationSource: source })) as [number, string[]];
          assert.deepEqual(undone, [name], `down ${name}`);
        }
        assert.deepEqual(await tables(knex), [], 'down() of every migration leaves no table behind');
        const [, again] = (await knex.migrate.latest({ migrationSource: source })) as [number, string[]];
        assert.equal(again.length, migrations.length);
        assert.deepEqual(await tables(knex), full, 'the same tables after going down and up again');
      } finally {
        await knex.destroy();
        await db.cleanup();
      }
    });
  }
});
