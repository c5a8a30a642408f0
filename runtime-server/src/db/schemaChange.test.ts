import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { Knex } from 'knex';
import { generate, GenerateError } from '@schema-admin/generator';
import type { ProjectPaths } from '@schema-admin/generator';
import { testDatabases } from '../testing/forEachDb.js';
import { migrationFiles, scratchProject } from '../testing/scratchProject.js';
import { createDb } from './createDb.js';

function editSchema(paths: ProjectPaths, file: string, edit: (doc: Record<string, any>) => void): void {
  const p = path.join(paths.schemas, file);
  const doc = JSON.parse(fs.readFileSync(p, 'utf8'));
  edit(doc);
  fs.writeFileSync(p, JSON.stringify(doc, null, 2) + '\n');
}

/** A Knex migration source over some of the scratch project's migration files. */
function sourceOf(paths: ProjectPaths, files: string[]): Knex.MigrationSource<string> {
  return {
    getMigrations: async () => files,
    getMigrationName: (f) => f.replace(/\.ts$/, ''),
    getMigration: async (f) => import(pathToFileURL(path.join(paths.migrations, f)).href),
  };
}

const LABEL = { 'zh-cn': '库存量', 'zh-tw': '庫存量', en: 'Inventory' };

describe('changing a schema', () => {
  let paths: ProjectPaths;
  let oldFiles: string[];
  before(() => {
    paths = scratchProject();
    oldFiles = migrationFiles(paths);
  });
  after(() => fs.rmSync(paths.root, { recursive: true, force: true }));

  it('the committed tree is up to date (generate --check passes on a copy)', async () => {
    const result = await generate(paths, { check: true });
    assert.deepEqual(result.changed, []);
    assert.deepEqual(result.ops, []);
  });

  it('a rename without x-renamedFrom is refused as a drop, and --check reports pending changes', async () => {
    const refused = scratchProject();
    try {
      editSchema(refused, 'demo/goods.json', (d) => {
        d.properties.inventory = { ...d.properties.stock, 'x-label': LABEL };
        delete d.properties.stock;
        d['x-screen'].columns = d['x-screen'].columns.filter((c: string) => c !== 'stock');
        d['x-screen'].form = d['x-screen'].form.filter((c: unknown) => c !== 'stock');
      });
      await assert.rejects(generate(refused, { check: true }), (e: Error) => e instanceof GenerateError && /npm run generate/.test(e.message));
      await assert.rejects(generate(refused), (e: Error) => e instanceof GenerateError && /drop column demo_goods\.stock.*x-renamedFrom/.test(e.message));
      assert.deepEqual(migrationFiles(refused), oldFiles, 'nothing written when refused');
    } finally {
      fs.rmSync(refused.root, { recursive: true, force: true });
    }
  });

  it('a rename with x-renamedFrom plus a new field yields exactly one new migration, and regenerating is a no-op', async () => {
    editSchema(paths, 'demo/goods.json', (d) => {
      d.properties.inventory = { ...d.properties.stock, 'x-label': LABEL, 'x-renamedFrom': 'stock' };
      delete d.properties.stock;
      d.properties.weight = { type: ['number', 'null'], 'x-label': { 'zh-cn': '重量', 'zh-tw': '重量', en: 'Weight' } };
      d['x-screen'].columns = d['x-screen'].columns.map((c: string) => (c === 'stock' ? 'inventory' : c));
      d['x-screen'].form = d['x-screen'].form.map((c: unknown) => (c === 'stock' ? 'inventory' : c));
    });
    const result = await generate(paths, { now: new Date('2099-01-01T00:00:00Z') });
    assert.equal(result.migration, '20990101000000_alter_demo_goods.ts');
    // stock is sortable, so its derived (stock, id) index is named after it: rebuilt on the renamed column.
    assert.deepEqual(result.ops.map((o) => o.kind), ['dropIndex', 'renameColumn', 'addColumn', 'addIndex']);
    assert.match(JSON.stringify(result.ops.at(-1)), /inventory/);
    assert.deepEqual(migrationFiles(paths), [...oldFiles, result.migration]);
    const again = await generate(paths);
    assert.equal(again.migration, undefined);
    assert.deepEqual(again.changed, []);
    assert.match(fs.readFileSync(path.join(paths.migrations, 'index.ts'), 'utf8'), /20990101000000_alter_demo_goods/);
  });

  for (const db of testDatabases()) {
    it(`the new migration runs on ${db.name}, keeps the renamed column's data, and rolls back`, async () => {
      const { knex } = createDb(await db.config({}, { empty: true }));
      try {
        const all = migrationFiles(paths);
        await knex.migrate.latest({ migrationSource: sourceOf(paths, oldFiles) });
        await knex('demo_goods').insert({ title: 'Kept', price: '1.00', status: 1, stock: 7, createTime: '2026-01-01 00:00:00', updateTime: '2026-01-01 00:00:00' });

        await knex.migrate.latest({ migrationSource: sourceOf(paths, all) });
        const row = await knex('demo_goods').where({ title: 'Kept' }).first();
        assert.equal(Number(row.inventory), 7, 'renamed column keeps its data');
        assert.equal(row.weight, null);
        assert.equal('stock' in row, false);

        await knex.migrate.down({ migrationSource: sourceOf(paths, all) });
        const back = await knex('demo_goods').where({ title: 'Kept' }).first();
        assert.equal(Number(back.stock), 7, 'down() renames back with the data');
        assert.equal('weight' in back, false);
      } finally {
        await knex.destroy();
        await db.cleanup();
      }
    });
  }
});
