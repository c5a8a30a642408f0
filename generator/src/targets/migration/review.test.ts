import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { goodsDoc, LABEL, modelOf } from '../../testing/schemaFixtures.js';
import type { Raw } from '../../testing/schemaFixtures.js';
import { diffSnapshots } from './diff.js';
import { reviewOps } from './review.js';
import { EMPTY_SNAPSHOT, snapshotOf } from './snapshot.js';

/** Review of the migration from demo/goods as it is to demo/goods changed by `after`. */
function review(after: (d: Raw) => void, before: (d: Raw) => void = () => {}) {
  const prev = snapshotOf(modelOf(goodsDoc(before)));
  const m = modelOf(goodsDoc(after));
  return reviewOps(diffSnapshots(prev, snapshotOf(m), m).ops);
}

describe('reviewOps: NOT NULL columns added to an existing table', () => {
  it('refuses a required column without a default, naming the column and both fixes', () => {
    const { refused, warnings } = review((d) => {
      d.properties.sku = { type: 'string', maxLength: 32, 'x-label': LABEL };
      d.required.push('sku');
    });
    assert.equal(refused.length, 1);
    assert.match(refused[0]!, /demo_goods\.sku/);
    assert.match(refused[0]!, /NOT NULL without a database default/);
    assert.match(refused[0]!, /"default"/);
    assert.match(refused[0]!, /"type": \["string", "null"\]/);
    assert.deepEqual(warnings, []);
  });

  it('refuses a json column with a default only the service knows (no database default for json)', () => {
    const { refused } = review((d) => {
      d.properties.tags = { type: 'array', items: { type: 'string' }, default: [], 'x-label': LABEL };
    });
    assert.equal(refused.length, 1);
    assert.match(refused[0]!, /demo_goods\.tags/);
    assert.match(refused[0]!, /json columns have no database default/);
  });

  it('lets through a NOT NULL column with a database default, and a nullable one', () => {
    const { refused } = review((d) => {
      d.properties.weight = { type: 'integer', default: 0, 'x-label': LABEL };
      d.properties.note = { type: ['string', 'null'], maxLength: 20, 'x-label': LABEL };
    });
    assert.deepEqual(refused, []);
  });

  it('lets through the same NOT NULL column in a table the migration creates (no rows yet)', () => {
    const m = modelOf(goodsDoc((d) => {
      d.properties.sku = { type: 'string', maxLength: 32, 'x-label': LABEL };
      d.required.push('sku');
    }));
    const { ops } = diffSnapshots(EMPTY_SNAPSHOT, snapshotOf(m), m);
    assert.deepEqual(reviewOps(ops), { refused: [], warnings: [] });
  });
});

describe('reviewOps: unique indexes over existing data', () => {
  it('warns about a new unique index on an existing column, with the query that finds duplicates', () => {
    const { refused, warnings } = review((d) => {
      d.properties.title['x-unique'] = true;
    });
    assert.deepEqual(refused, []);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /demo_goods_title_unique on demo_goods\(title\)/);
    assert.match(warnings[0]!, /SELECT title, COUNT\(\*\) FROM demo_goods GROUP BY title HAVING COUNT\(\*\) > 1/);
  });

  it('says a new column with one default for every row cannot be unique at once', () => {
    const { warnings } = review((d) => {
      d.properties.code = { type: 'integer', default: 0, 'x-unique': true, 'x-label': LABEL };
    });
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /same default on every existing row/);
    assert.match(warnings[0]!, /nullable first, fill it, then make it unique/);
  });

  it('does not warn about a plain index, a dropped unique index or unique indexes of a new table', () => {
    assert.deepEqual(review((d) => { d.properties.title['x-index'] = true; }).warnings, []);
    assert.deepEqual(review(() => {}, (d) => { d.properties.title['x-unique'] = true; }).warnings, []);
    const m = modelOf(goodsDoc((d) => { d.properties.title['x-unique'] = true; }));
    assert.deepEqual(reviewOps(diffSnapshots(EMPTY_SNAPSHOT, snapshotOf(m), m).ops).warnings, []);
  });
});
