import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { testDatabases } from '../../runtime-server/src/testing/forEachDb.js';
import { projectPaths } from './paths.js';

const REAL = projectPaths();

/** A copy of what `npm run generate` reads and writes; packages are shared through a link. */
function copyProject(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-discard-'));
  for (const p of ['package.json', 'schemas', 'generator/package.json', 'generator/src', 'runtime-server/migrations', 'runtime-server/src/generated', 'runtime-server/src/modules']) {
    fs.cpSync(path.join(REAL.root, p), path.join(root, p), { recursive: true });
  }
  fs.symlinkSync(path.join(REAL.root, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

function generate(root: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync('npm', ['run', '--silent', 'generate', '--', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, DATA_DIR: '', DATABASE_URL: '', ...env },
  });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

/** Everything --discard-last may change, to compare before and after. */
function state(root: string) {
  const p = projectPaths(root);
  return {
    snapshot: fs.readFileSync(p.snapshot, 'utf8'),
    index: fs.readFileSync(path.join(p.migrations, 'index.ts'), 'utf8'),
    migrations: fs.readdirSync(p.migrations).sort(),
  };
}

/** A data folder whose SQLite database lists these migrations as run, as Knex records them. */
function dataDirApplying(root: string, names: string[]): string {
  const dir = fs.mkdtempSync(path.join(root, 'data-'));
  const Database = createRequire(import.meta.url)('better-sqlite3') as new (f: string) => {
    exec(sql: string): void;
    prepare(sql: string): { run(...p: unknown[]): void };
    close(): void;
  };
  const db = new Database(path.join(dir, 'schema-admin.sqlite'));
  db.exec('CREATE TABLE knex_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name VARCHAR(255), batch INTEGER, migration_time DATETIME)');
  for (const n of names) db.prepare('INSERT INTO knex_migrations (name, batch, migration_time) VALUES (?, 1, 0)').run(n);
  db.close();
  return dir;
}

describe('npm run generate -- --discard-last', () => {
  let root: string;
  let original: ReturnType<typeof state>;
  let made: string;
  before(() => {
    root = copyProject();
    original = state(root);
    const file = path.join(root, 'schemas', 'demo', 'goods.json');
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
    doc.properties.weight = { type: ['number', 'null'], 'x-label': { 'zh-cn': '重量', 'zh-tw': '重量', en: 'Weight' } };
    fs.writeFileSync(file, JSON.stringify(doc, null, 2) + '\n');
    const r = generate(root, []);
    assert.equal(r.status, 0, r.err);
    made = state(root).migrations.find((m) => !original.migrations.includes(m))!;
    assert.match(made, /^\d{14}_alter_demo_goods\.ts$/);
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('refuses, changing nothing, when the data folder database has applied the migration', () => {
    const name = made.replace(/\.ts$/, '');
    const dataDir = dataDirApplying(root, [...original.migrations.filter((m) => /^\d{14}_/.test(m)).map((m) => m.replace(/\.ts$/, '')), name]);
    const now = state(root);
    const r = generate(root, ['--discard-last'], { DATA_DIR: dataDir });
    assert.equal(r.status, 1, r.out);
    assert.match(r.err, new RegExp(`${name} is already applied to .*schema-admin\\.sqlite \\(listed in knex_migrations\\)`));
    assert.match(r.err, /Write a new migration instead/);
    assert.deepEqual(state(root), now);
  });

  it('with DATABASE_URL, refuses when that MariaDB database has applied the migration', async (t) => {
    const maria = testDatabases().find((d) => d.name === 'mariadb');
    if (!maria) return t.skip('TEST_MARIADB=skip');
    try {
      const url = (await maria.config({}, { empty: true })).databaseUrl!;
      const conn = await mysql.createConnection(url);
      const name = made.replace(/\.ts$/, '');
      try {
        await conn.query('CREATE TABLE knex_migrations (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(255), batch INT, migration_time DATETIME)');
        await conn.query('INSERT INTO knex_migrations (name, batch) VALUES (?, 1)', [name]);
      } finally {
        await conn.end();
      }
      const now = state(root);
      const r = generate(root, ['--discard-last'], { DATABASE_URL: url });
      assert.equal(r.status, 1, r.out);
      assert.match(r.err, new RegExp(`${name} is already applied to mysql://root@127\\.0\\.0\\.1:\\d+/sa_test_\\w+ \\(listed in knex_migrations\\)`));
      assert.match(r.err, /roll the migration back there \(or point DATABASE_URL elsewhere\)/);
      assert.deepEqual(state(root), now);
    } finally {
      await maria.cleanup();
    }
  });

  it('with DATABASE_URL, refuses when that PostgreSQL database has applied the migration', async (t) => {
    const postgres = testDatabases().find((d) => d.name === 'postgres');
    if (!postgres) return t.skip('TEST_PG=skip');
    try {
      const url = (await postgres.config({}, { empty: true })).databaseUrl!;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const name = made.replace(/\.ts$/, '');
      try {
        await client.query('CREATE TABLE knex_migrations (id SERIAL PRIMARY KEY, name VARCHAR(255), batch INT, migration_time TIMESTAMP)');
        await client.query('INSERT INTO knex_migrations (name, batch) VALUES ($1, 1)', [name]);
      } finally {
        await client.end();
      }
      const now = state(root);
      const r = generate(root, ['--discard-last'], { DATABASE_URL: url });
      assert.equal(r.status, 1, r.out);
      assert.match(r.err, new RegExp(`${name} is already applied to postgres://postgres@127\\.0\\.0\\.1:\\d+/sa_test_\\w+ \\(listed in knex_migrations\\)`));
      assert.deepEqual(state(root), now);
    } finally {
      await postgres.cleanup();
    }
  });

  it('with DATABASE_URL naming a database it cannot reach, refuses rather than guess, without the password', () => {
    const now = state(root);
    const r = generate(root, ['--discard-last'], { DATABASE_URL: 'mysql://root:s3cret@127.0.0.1:1/nowhere' });
    assert.equal(r.status, 1, r.out);
    assert.match(r.err, /cannot reach mysql:\/\/root:\*\*\*@127\.0\.0\.1:1\/nowhere .*unset DATABASE_URL/);
    assert.doesNotMatch(r.err, /s3cret/);
    assert.deepEqual(state(root), now);
  });

  it('removes an unapplied last migration and restores the snapshot and index byte for byte', () => {
    const dataDir = dataDirApplying(root, original.migrations.filter((m) => /^\d{14}_/.test(m)).map((m) => m.replace(/\.ts$/, '')));
    const r = generate(root, ['--discard-last'], { DATA_DIR: dataDir });
    assert.equal(r.status, 0, r.err);
    assert.match(r.out, new RegExp(`discarded ${made}`));
    assert.deepEqual(state(root), original);
    const check = generate(root, ['--check']);
    assert.equal(check.status, 1, 'the schema edit is still there, waiting for a new migration');
    assert.match(check.err, /addColumn demo_goods\.weight/);
  });

  it('refuses a migration written before migrations recorded their snapshot, saying what to do', () => {
    // Older migrations end without the snapshotBefore line; make sure the last one here is such a file.
    const last = path.join(projectPaths(root).migrations, state(root).migrations.filter((m) => /^\d{14}_/.test(m)).at(-1)!);
    fs.writeFileSync(last, fs.readFileSync(last, 'utf8').replace(/^.*snapshotBefore.*\n/gm, ''));
    const now = state(root);
    const r = generate(root, ['--discard-last']);
    assert.equal(r.status, 1);
    assert.match(r.err, /cannot be undone here; delete it by hand and restore schemas\/\.snapshot\.json from git/);
    assert.deepEqual(state(root), now);
  });

  it('takes no other option', () => {
    const r = generate(root, ['--discard-last', '--check']);
    assert.equal(r.status, 2);
    assert.match(r.err, /--discard-last takes no other option/);
  });
});
