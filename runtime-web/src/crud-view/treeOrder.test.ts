import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { moveNode, orderBody } from './treeOrder';

const rows = [
  { id: 1, parentId: null, orderNum: 1, name: 'A' },
  { id: 2, parentId: 1, orderNum: 1, name: 'A1' },
  { id: 3, parentId: 1, orderNum: 2, name: 'A2' },
  { id: 4, parentId: null, orderNum: 2, name: 'B' },
  { id: 5, parentId: 2, orderNum: 1, name: 'A1a' },
];
const pick = (rs: ReturnType<typeof moveNode>, id: number) => {
  const r = rs.find((x) => x.id === id)!;
  return [r.parentId, r.orderNum];
};

describe('moveNode', () => {
  it('moves before a sibling and renumbers', () => {
    const r = moveNode(rows, 3, 2, 'before');
    assert.deepEqual(
      [pick(r, 3), pick(r, 2)],
      [
        [1, 1],
        [1, 2],
      ],
    );
  });
  it('moves inside another parent at its end; the old siblings close the gap', () => {
    const r = moveNode(rows, 2, 4, 'inside');
    assert.deepEqual(
      [pick(r, 2), pick(r, 3)],
      [
        [4, 1],
        [1, 1],
      ],
    );
    assert.deepEqual(pick(r, 5), [2, 1], 'the moved branch keeps its children');
  });
  it('moves to the root after a root node', () => {
    const r = moveNode(rows, 3, 4, 'after');
    assert.deepEqual(
      [pick(r, 1), pick(r, 4), pick(r, 3)],
      [
        [null, 1],
        [null, 2],
        [null, 3],
      ],
    );
  });
  it('refuses a move into its own branch', () => {
    assert.deepEqual(moveNode(rows, 1, 5, 'inside'), rows);
    assert.deepEqual(moveNode(rows, 1, 1, 'after'), rows);
  });
  it('orderBody gives numbers and null parents', () => {
    assert.deepEqual(orderBody([{ id: '7', parentId: undefined, orderNum: 3 }]), [{ id: 7, parentId: null, orderNum: 3 }]);
  });
});
