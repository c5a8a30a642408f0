import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fullyChecked, withAncestors } from './checkTree';

const rows = [
  { id: 1, parentId: null },
  { id: 2, parentId: 1 },
  { id: 3, parentId: 1 },
  { id: 4, parentId: 3 },
  { id: 5, parentId: null },
];

describe('check tree ids', () => {
  it('adds half-checked and checked ancestors', () => {
    assert.deepEqual(withAncestors(rows, [4]), [1, 3, 4]);
    assert.deepEqual(withAncestors(rows, [2, 5]), [1, 2, 5]);
  });
  it('shows only whole branches as checked, so a half-checked parent stays half', () => {
    assert.deepEqual(fullyChecked(rows, [1, 3, 4]), [3, 4]);
    assert.deepEqual(fullyChecked(rows, [1, 2, 3, 4]), [1, 2, 3, 4]);
    assert.deepEqual(fullyChecked(rows, [99]), []);
  });
  it('round-trips', () => {
    const stored = withAncestors(rows, [2, 4]);
    assert.deepEqual(withAncestors(rows, fullyChecked(rows, stored)), stored);
  });
});
