/**
 * `npm run generate -- --discard-last --rollback` on every database: the way back after `npm run dev` applied a
 * save's migration. The migration is applied as the watcher applies it (applyMigrations), then the CLI runs its
 * down() there, forgets it in knex_migrations and discards it: table gone, files back to before it.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { projectPaths } from '@schema-admin/generator';
import { applyMigrations } from '../runtime-server/src/app/project.js';
import { createDb } from '../runtime-server/src/db/createDb.js';
import { testDatabases } from '../runtime-server/src/testing/forEachDb.js';
import { copyProject } from './testing/projectCopy.js';
import { FIRST_DRAFT } from './testing/firstDraft.js';

const quiet = { info() {}, warn() {}, error() {} };

describe('--discard-last --rollback', () => {
  let root: string;
  before(() => {
    root = copyProject('sa-rollback-');
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  const cli = (args: string[], env: Record<string, string>) =>
    spawnSync('npm', ['run', '--silent', 'generate', '--', ...args], { cwd: root, encoding: 'utf8', timeout: 120_000, env: { ...process.env, DATA_DIR: '', DATABASE_URL: '', ...env } });

  for (const db of testDatabases()) {
    it(`rolls the newest applied migration back on ${db.name}, then discards it`, async (t) => {
      t.after(() => db.cleanup());
      const paths = projectPaths(root);
      const snapshot = fs.readFileSync(paths.snapshot, 'utf8');
      const file = path.join(paths.schemas, 'library', 'book.json');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, FIRST_DRAFT);
      const gen = cli([], {});
      assert.equal(gen.status, 0, gen.stderr);
      const made = /new migration (\d{14}_create_library_book)\.ts/.exec(gen.stdout)![1]!;

      const config = await db.config();
      const { knex } = createDb(config, quiet);
      t.after(() => knex.destroy());
      assert.deepEqual(await applyMigrations(knex, paths), [`${made}`], 'applied as npm run dev applies a save');
      assert.equal(await knex.schema.hasTable('library_book'), true);
      const env = { DATA_DIR: config.dataDir, ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}) };

      const refused = cli(['--discard-last'], env);
      assert.equal(refused.status, 1);
      assert.match(refused.stderr, /--discard-last --rollback/);

      const r = cli(['--discard-last', '--rollback'], env);
      assert.equal(r.status, 0, r.stderr + r.stdout);
      assert.match(r.stdout, new RegExp(`discarded ${made}\\.ts`));
      assert.equal(await knex.schema.hasTable('library_book'), false, 'its down() ran');
      assert.equal((await knex('knex_migrations').whereIn('name', [made, `${made}.ts`])).length, 0, 'forgotten there');
      assert.equal(fs.existsSync(path.join(paths.migrations, `${made}.ts`)), false);
      assert.equal(fs.readFileSync(paths.snapshot, 'utf8'), snapshot, 'the snapshot is back to before it');
      // The next database starts from the same project.
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
      assert.equal(cli(['--check'], {}).status, 1, 'generated output still names the draft until the next generate');
      assert.equal(cli([], {}).status, 0);
    });
  }
});
