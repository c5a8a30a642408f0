/**
 * Issue 39, point 1: a first-draft schema (no `$schema`, an entity label in English only) generates through
 * `npm run generate` on the first run — warnings naming the file and the locale, no error — and the server
 * started on it serves its CRUD API on every database. Errors of a broken draft stay as precise as before.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { testDatabases } from '../runtime-server/src/testing/forEachDb.js';
import { copyProject, signIn, startSourceServer } from './testing/projectCopy.js';
import { FIRST_DRAFT } from './testing/firstDraft.js';


const generate = (root: string, ...args: string[]) =>
  spawnSync('npm', ['run', '--silent', 'generate', ...(args.length ? ['--', ...args] : [])], { cwd: root, encoding: 'utf8', timeout: 120_000, env: { ...process.env, DATA_DIR: '', DATABASE_URL: '' } });

describe('the first draft of issue 39, through the CLI and the server', () => {
  let root: string;
  before(() => {
    root = copyProject('sa-first-draft-');
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('a broken draft is refused with the file, pointer and reason, and nothing is written', () => {
    const file = path.join(root, 'schemas/library/book.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, FIRST_DRAFT.replace('"x-label": { "en": "Book" }', '"x-label": {}').replace('"type": "number"', '"type": "numbr"'));
    const r = generate(root);
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /schemas\/library\/book\.json.*\/x-label.*must NOT have fewer than 1 properties/);
    assert.match(r.stderr, /schemas\/library\/book\.json.*\/properties\/price\/type/);
    assert.doesNotMatch(r.stderr, /\$schema/, 'a missing $schema is not an error');
    assert.equal(fs.readdirSync(path.join(root, 'runtime-server/migrations')).some((n) => n.includes('library_book')), false);
  });

  it('generates on the first run, warning about each locale the entity label leaves out', () => {
    fs.writeFileSync(path.join(root, 'schemas/library/book.json'), FIRST_DRAFT);
    const r = generate(root);
    assert.equal(r.status, 0, r.stderr + r.stdout);
    assert.match(r.stdout, /new migration \d{14}_create_library_book\.ts/);
    assert.match(r.stderr, /^warning: schemas\/library\/book\.json: entity library\/book: no zh-cn label \(shown as "图书"\)/m);
    assert.match(r.stderr, /^warning: schemas\/library\/book\.json: entity library\/book: no zh-tw label \(shown as "圖書"\)/m);
    const eps = JSON.parse(fs.readFileSync(path.join(root, 'runtime-server/src/generated/eps.json'), 'utf8')) as { prefix: string }[] | Record<string, unknown>;
    assert.match(JSON.stringify(eps), /\/admin\/library\/book/);
    assert.equal(generate(root, '--check').status, 0, 'the output is up to date afterwards');
  });

  for (const db of testDatabases()) {
    it(`serves the drafted entity on ${db.name}: menu, add, page`, async (t) => {
      t.after(() => db.cleanup());
      const config = await db.config();
      const server = await startSourceServer(root, { DATA_DIR: config.dataDir, ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}) });
      t.after(() => server.stop());
      const call = await signIn(server.base);
      const watch = await call('GET', '/admin/base/comm/devEvents', undefined, 'en');
      assert.deepEqual([watch.code, watch.message], [1001, 'schemas/ is not being watched (start the development server with npm run dev; production never watches)'], 'no watcher without npm run dev');
      const menus = await call('GET', '/admin/base/comm/permmenu');
      assert.ok((menus.data.menus as { name: string; router: string | null }[]).some((m) => m.router === '/library/book' && m.name === '图书'), 'the menu entry in zh-cn');
      const added = await call('POST', '/admin/library/book/add', { title: 'Call to Arms', isbn: '978-7-111', price: 25.5, published: '1923-08-01' });
      assert.equal(added.code, 1000, added.message);
      const twice = await call('POST', '/admin/library/book/add', { title: 'Again', isbn: '978-7-111' }, 'en');
      assert.notEqual(twice.code, 1000, 'x-unique holds');
      const page = await call('POST', '/admin/library/book/page', { page: 1, size: 20 });
      assert.equal(page.code, 1000, page.message);
      assert.deepEqual((page.data.list as { title: string; price: unknown }[]).map((b) => [b.title, Number(b.price)]), [['Call to Arms', 25.5]]);
    });
  }
});
