import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { testDatabases } from '../runtime-server/src/testing/forEachDb.js';
import type * as TestAppModule from '../runtime-server/src/testing/testApp.js';

const REAL = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A runnable copy of the project (server code, schemas, migrations, this script); packages are shared. */
function copyProject(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-create-'));
  for (const p of ['package.json', 'schemas', 'scripts/create.ts', 'runtime-server/package.json', 'runtime-server/src', 'runtime-server/migrations']) {
    fs.cpSync(path.join(REAL, p), path.join(root, p), { recursive: true });
  }
  fs.symlinkSync(path.join(REAL, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

/** `npm run create -- …` in the copy; `direct` skips npm (same script, faster) for the many refusal cases. */
function create(root: string, args: string[], direct = false) {
  const r = direct
    ? spawnSync(process.execPath, ['--import', 'tsx', 'scripts/create.ts', ...args], { cwd: root, encoding: 'utf8', timeout: 120_000 })
    : spawnSync('npm', ['run', '--silent', 'create', '--', ...args], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

const migrations = (root: string) => fs.readdirSync(path.join(root, 'runtime-server', 'migrations')).filter((f) => /^\d{14}_/.test(f)).sort();

describe('npm run create', () => {
  let root: string;
  let before0: string[];
  before(() => {
    root = copyProject();
    before0 = migrations(root);
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('--help explains the notation', () => {
    const r = create(root, ['--help']);
    assert.equal(r.status, 0);
    assert.match(r.out, /--fields/);
    assert.match(r.out, /ref:<module\/entity>/);
  });

  it('bad input fails with a clear message and writes nothing', () => {
    const cases: [string[], RegExp][] = [
      [['shop'], /exactly two arguments/],
      [['shop', 'book'], /--fields is required/],
      [['Shop!', 'book', '--fields', 'a:string'], /Invalid module name/],
      [['shop', 'book', '--fields', 'title:blob'], /Unknown type in field "title:blob"/],
      [['shop', 'book', '--fields', 'title:string:0'], /Invalid argument/],
      [['shop', 'book', '--fields', 'owner:ref:nope/none'], /nope\/none/],
      [['demo', 'goods', '--fields', 'title!:string'], /already exists/],
    ];
    for (const [args, message] of cases) {
      const r = create(root, args, true);
      assert.notEqual(r.status, 0, args.join(' '));
      assert.match(r.err, message, `${args.join(' ')}: ${r.err}`);
    }
    assert.equal(fs.existsSync(path.join(root, 'schemas', 'shop')), false);
    assert.deepEqual(migrations(root), before0);
  });

  it('writes the schema and one migration; an app started on the copy serves the CRUD and EPS entry', async () => {
    const r = create(root, ['shop', 'book', '--fields', 'title!:string:50 price:decimal stock:int status:dict:status published:date', '--label', '图书|圖書|Book']);
    assert.equal(r.status, 0, r.err);
    assert.match(r.out, /wrote schemas\/shop\/book\.json/);
    assert.match(r.out, /applies on the next start/);
    const schema = JSON.parse(fs.readFileSync(path.join(root, 'schemas', 'shop', 'book.json'), 'utf8'));
    assert.equal(schema.$id, 'shop/book');
    assert.deepEqual(schema['x-label'], { 'zh-cn': '图书', 'zh-tw': '圖書', en: 'Book' });
    assert.equal(schema.properties.status['x-dict'], 'status');
    const now = migrations(root);
    assert.equal(now.length, before0.length + 1);
    assert.match(now.at(-1)!, /_create_shop_book\.ts$/);

    const { startTestApp } = (await import(pathToFileURL(path.join(root, 'runtime-server/src/testing/testApp.ts')).href)) as typeof TestAppModule;
    for (const db of testDatabases()) {
      const app = await startTestApp(await db.config());
      try {
        const added = await app.post('/admin/shop/book/add', { title: 'Ulysses', price: 9.9, stock: 2, published: '1922-02-02' });
        assert.equal(added.body.code, 1000, `${db.name}: ${JSON.stringify(added.body)}`);
        const page = await app.post('/admin/shop/book/page', { page: 1, size: 5 });
        assert.equal(page.body.data.list[0].price, '9.90');
        const info = await app.get('/admin/shop/book/info', { id: added.body.data.id });
        assert.equal(info.body.data.published, '1922-02-02');
        const eps = await app.anon.get('/admin/base/open/eps');
        assert.equal((eps.body.data.shop as { name: string }[])[0]?.name, 'ShopBookEntity');
      } finally {
        await app.close();
        await db.cleanup();
      }
    }
  });
});
