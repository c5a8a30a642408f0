import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { moduleFolders, namesOfFile, sanitizeEntity } from '@schema-admin/generator';
import { fullForm, REPO_ROOT } from '../generator/src/testing/schemaFixtures.js';
import { migrateText } from './schemas-migrate.js';

const SCHEMAS = path.join(REPO_ROOT, 'schemas');

/** Every shipped entity file: module, base name, groups of its module, text. */
function shipped(): { module: string; baseName: string; groups: string[]; text: string }[] {
  const groupsOf = (module: string) => {
    const moduleFile = path.join(SCHEMAS, module, 'module.json');
    return fs.existsSync(moduleFile) ? ((JSON.parse(fs.readFileSync(moduleFile, 'utf8')) as { groups?: string[] }).groups ?? []) : [];
  };
  return moduleFolders(SCHEMAS).flatMap((folder) => {
    const dir = path.join(SCHEMAS, folder);
    return fs
      .readdirSync(dir)
      .filter((n) => n.endsWith('.json') && n !== 'module.json')
      .sort()
      .map((n) => {
        const { module, baseName } = namesOfFile(folder, n.slice(0, -'.json'.length));
        return { module, baseName, groups: groupsOf(module), text: fs.readFileSync(path.join(dir, n), 'utf8') };
      });
  });
}

const entityOf = (text: string, module: string, baseName: string, groups: string[]) =>
  sanitizeEntity({ file: `schemas/${module}/${baseName}.json`, module, baseName, groups, doc: JSON.parse(text) });

describe('scripts/schemas-migrate.ts', () => {
  it('has nothing left to do on the shipped schemas (they are in the short language)', () => {
    const files = shipped();
    assert.ok(files.length > 30);
    for (const f of files) assert.equal(migrateText(f.text, f.module, f.baseName, f.groups), f.text, `${f.module}/${f.baseName}`);
  });

  it('turns every shipped schema written out in full back into the same entity, and a second run changes nothing', () => {
    for (const f of shipped()) {
      const full = JSON.stringify(fullForm(JSON.parse(f.text), f.module, f.baseName, f.groups), null, 2);
      const migrated = migrateText(full, f.module, f.baseName, f.groups);
      assert.ok(migrated.length < full.length, `${f.module}/${f.baseName}: something implied was dropped`);
      assert.equal(migrateText(migrated, f.module, f.baseName, f.groups), migrated, 'idempotent');
      const before = entityOf(full, f.module, f.baseName, f.groups);
      const after = entityOf(migrated, f.module, f.baseName, f.groups);
      assert.deepEqual(after.errors, []);
      assert.equal(JSON.stringify(after.entity), JSON.stringify(before.entity), `${f.module}/${f.baseName}: same model, key order included`);
    }
  });

  it('keeps what the short language would read differently: "null" beside a default, a name off the rule, a label of its own', () => {
    const doc = {
      $id: 'shop/bookController',
      'x-table': 'shop_book',
      properties: {
        count: { type: ['integer', 'null'], default: 0, 'x-label': { 'zh-cn': '数量', 'zh-tw': '數量', en: 'Count' } },
        title: { type: ['string', 'null'], 'x-label': { 'zh-cn': '书名', 'zh-tw': '書名', en: 'Title' } },
      },
    };
    const out = JSON.parse(migrateText(JSON.stringify(doc, null, 2), 'shop', 'book', []));
    assert.deepEqual(out, {
      $id: 'shop/bookController',
      properties: { count: { type: ['integer', 'null'], default: 0 }, title: { type: 'string', 'x-label': doc.properties.title['x-label'] } },
    });
  });
});
