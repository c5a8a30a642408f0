import assert from 'node:assert/strict';
import { test } from 'node:test';
import { branchIds, buildTree, treeKeys } from './tree';
import { entityForRoute } from './resolve';

test('rows become a sorted tree; a cycle or a lost parent keeps every row', () => {
  const rows = [
    { id: 1, parentId: null, orderNum: 2 },
    { id: 2, parentId: 1, orderNum: 1 },
    { id: 3, parentId: null, orderNum: 1 },
    { id: 4, parentId: 5, orderNum: 0 },
    { id: 5, parentId: 4, orderNum: 0 },
    { id: 6, parentId: 99, orderNum: 9 },
  ];
  const tree = buildTree(rows, { field: 'orderNum', order: 'asc' });
  const count = (list: typeof tree): number => list.reduce((n, r) => n + 1 + count(r.children ?? []), 0);
  assert.equal(count(tree), rows.length, 'no row lost');
  // The 4 ↔ 5 cycle is broken by keeping both as roots; the orphan 6 is a root too.
  assert.deepEqual(tree.map((r) => r.id), [4, 5, 3, 1, 6], 'roots sorted by orderNum');
  assert.equal(tree.find((r) => r.id === 1)!.children![0]!.id, 2);
  assert.deepEqual(treeKeys(tree), [1], 'only nodes with children expand');
  assert.deepEqual(branchIds(rows, 1).sort(), [1, 2]);
  assert.deepEqual(branchIds(rows, 4).sort(), [4, 5], 'a cycle ends the walk');
});

test('a menu route finds its entity by screen route, then view path, then router', () => {
  const eps = [
    { prefix: '/admin/dict/info', module: 'dict', screen: { route: '/dict/list' } },
    { prefix: '/admin/base/sys/user', module: 'base', screen: {} },
    { prefix: '/admin/shop/widget', module: 'shop', screen: {} },
    { prefix: '/admin/base/sys/conf', module: 'base' },
  ];
  assert.equal(entityForRoute(eps, '/dict/list', 'modules/dict/views/list.vue')?.prefix, '/admin/dict/info');
  assert.equal(entityForRoute(eps, '/sys/user', 'cool/modules/base/views/user/index.vue')?.prefix, '/admin/base/sys/user');
  assert.equal(entityForRoute(eps, '/shop/widget', null)?.prefix, '/admin/shop/widget');
  assert.equal(entityForRoute(eps, '/base/sys/conf', null), undefined, 'entities without a screen are never shown');
  assert.equal(entityForRoute(eps, '/nothing/here', 'modules/x/views/y.vue'), undefined);
});
