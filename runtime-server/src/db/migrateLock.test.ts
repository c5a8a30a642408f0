import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { testDatabases } from '../testing/forEachDb.js';
import { createDb } from './createDb.js';
import { migrateLatest } from './migrate.js';

for (const db of testDatabases()) {
  describe(`migrations under Knex's lock (${db.name})`, () => {
    after(() => db.cleanup());

    it('migrates although two starting instances each created a lock row (it used to wait out its deadline)', async () => {
      const { knex } = createDb(await db.config({}, { empty: true }));
      try {
        // What two instances racing on an empty database leave: the lock table with two unlocked rows.
        await knex.schema.createTable('knex_migrations_lock', (t) => {
          t.increments('index').primary();
          t.integer('is_locked');
        });
        await knex('knex_migrations_lock').insert([{ is_locked: 0 }, { is_locked: 0 }]);
        const applied = await migrateLatest(knex, 20_000);
        assert.ok(applied.length > 0, 'the migrations ran');
        assert.deepEqual(await knex('knex_migrations_lock').select('is_locked'), [{ is_locked: 0 }], 'one lock row, free');
      } finally {
        await knex.destroy();
      }
    });
  });
}
