import { after, before } from 'node:test';
import type { Knex } from 'knex';
import { createDb } from '../db/createDb.js';
import { migrateLatest } from '../db/migrate.js';
import type { TestDb } from './forEachDb.js';

/**
 * For a suite that works on the database itself: before its tests, a Knex on `db`'s scratch database with every
 * migration applied, handed to `use`; after them, the Knex destroyed and the scratch database dropped.
 */
export function withMigratedDb(db: TestDb, use: (knex: Knex) => void): void {
  let knex: Knex | undefined;
  before(async () => {
    knex = createDb(await db.config()).knex;
    await migrateLatest(knex);
    use(knex);
  });
  after(async () => {
    await knex?.destroy();
    await db.cleanup();
  });
}
