import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pg from 'pg';
import { testDatabases } from '../testing/forEachDb.js';
import { createDb, dialectOf, pgConnection } from './createDb.js';
import { migrateLatest } from './migrate.js';

describe('createDb: what DATABASE_URL selects', () => {
  it('names the dialect of each URL form', () => {
    assert.equal(dialectOf(undefined), 'sqlite');
    assert.equal(dialectOf('mysql://u@db/app'), 'mysql');
    assert.equal(dialectOf('postgres://u@db/app'), 'postgres');
    assert.equal(dialectOf('postgresql://u@db/app'), 'postgres');
  });

  it('PostgreSQL: ?schema= becomes the search path; sslmode and the rest reach node-postgres as written', () => {
    const { connection, searchPath } = pgConnection('postgres://u:p%40ss@db:6543/app?schema=admin&sslmode=require&application_name=sa');
    assert.deepEqual(searchPath, ['admin']);
    const url = new URL(String(connection.connectionString));
    assert.equal(url.searchParams.get('schema'), null, 'not a node-postgres parameter');
    assert.equal(url.searchParams.get('sslmode'), 'require');
    assert.equal(url.searchParams.get('application_name'), 'sa');
    assert.equal(decodeURIComponent(url.password), 'p@ss');
    assert.equal(url.port, '6543');
    assert.equal(pgConnection('postgres://u@db/app').searchPath, undefined);
  });
});

for (const db of testDatabases().filter((d) => d.name === 'postgres')) {
  describe('createDb on PostgreSQL', () => {
    it('?schema=: the tables and the migration bookkeeping live in that schema', async () => {
      const url = new URL((await db.config({}, { empty: true })).databaseUrl!);
      const admin = new pg.Client({ connectionString: url.href });
      await admin.connect();
      try {
        await admin.query('CREATE SCHEMA console');
        url.searchParams.set('schema', 'console');
        const { knex } = createDb({ dataDir: '/nonexistent', databaseUrl: url.href });
        try {
          assert.ok((await migrateLatest(knex)).length > 0);
          const schemas = (await admin.query("SELECT DISTINCT table_schema AS s FROM information_schema.tables WHERE table_name IN ('base_sys_user', 'knex_migrations')")).rows;
          assert.deepEqual(schemas, [{ s: 'console' }]);
          const [row] = (await knex('base_sys_user').count({ n: '*' })) as { n: unknown }[];
          assert.equal(row!.n, 0, 'count(*) (int8) comes back a number');
          // No JIT on the app's connections (a short statement paid 11 ms compiling); the URL may ask otherwise.
          assert.equal(((await knex.raw('SHOW jit')) as { rows: { jit: string }[] }).rows[0]!.jit, 'off');
          const own = new URL(url.href);
          own.searchParams.set('options', '-c jit=on');
          const other = createDb({ dataDir: '/nonexistent', databaseUrl: own.href }).knex;
          try {
            assert.equal(((await other.raw('SHOW jit')) as { rows: { jit: string }[] }).rows[0]!.jit, 'on');
          } finally {
            await other.destroy();
          }
        } finally {
          await knex.destroy();
        }
      } finally {
        await admin.end();
        await db.cleanup();
      }
    });
  });
}
