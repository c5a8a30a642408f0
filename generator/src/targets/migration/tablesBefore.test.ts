import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { goodsDoc, LABEL, modelOf } from '../../testing/schemaFixtures.js';
import type { Raw } from '../../testing/schemaFixtures.js';
import { diffSnapshots } from './diff.js';
import { emitMigration } from './emit.js';
import { snapshotOf } from './snapshot.js';
import { readTablesBefore, restoreTables, tablesBefore } from './tablesBefore.js';

/** A second table: goods under another id and table name. */
const category: Raw = goodsDoc((d) => {
  d.$id = 'demo/category';
  d['x-table'] = 'demo_category';
});

/** Generate from `before` to `after`, write the line into a migration, read it back and restore. */
function roundTrip(before: Raw[], after: Raw[]) {
  const prev = snapshotOf(modelOf(...before));
  const m = modelOf(...after);
  const next = snapshotOf(m);
  const { ops } = diffSnapshots(prev, next, m);
  assert.ok(ops.length, 'the case changes something');
  const source = emitMigration(ops, 'x', tablesBefore(prev, ops));
  const restored = restoreTables(next, readTablesBefore(source)!);
  return { prev, restored };
}

describe('tablesBefore: what --discard-last puts back', () => {
  const cases: [string, Raw[], Raw[]][] = [
    ['a new column', [goodsDoc()], [goodsDoc((d) => { d.properties.weight = { type: ['number', 'null'], 'x-label': LABEL }; })]],
    ['a new table', [goodsDoc()], [goodsDoc(), category]],
    ['a dropped table', [goodsDoc(), category], [goodsDoc()]],
    ['a dropped column (keeps its place among the columns)', [goodsDoc()], [goodsDoc((d) => { delete d.properties.price; })]],
    ['a renamed table', [goodsDoc()], [goodsDoc((d) => { d['x-table'] = 'shop_goods'; d['x-renamedFrom'] = 'demo_goods'; })]],
    ['a new unique index and an altered column', [goodsDoc()], [goodsDoc((d) => { d.properties.title['x-unique'] = true; d.properties.title.maxLength = 90; })]],
  ];
  for (const [title, before, after] of cases) {
    it(`restores the snapshot exactly (same text) after ${title}`, () => {
      const { prev, restored } = roundTrip(before, after);
      assert.equal(JSON.stringify(restored, null, 2), JSON.stringify(prev, null, 2));
    });
  }

  it('is one JSON line at the end of the migration; migrations without it read as undefined', () => {
    const prev = snapshotOf(modelOf(goodsDoc()));
    const m = modelOf(goodsDoc(), category);
    const { ops } = diffSnapshots(prev, snapshotOf(m), m);
    const source = emitMigration(ops, 'x', tablesBefore(prev, ops));
    assert.match(source, /\nexport const snapshotBefore = \{"demo_category":null\};\n$/);
    assert.deepEqual(readTablesBefore(source), { demo_category: null });
    assert.equal(readTablesBefore(emitMigration(ops, 'x')), undefined);
  });
});
