import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildMenuTree } from '../../core/stores';
import type { MenuItem } from '../../core/stores';
import { directoryOptions } from './parentMenus';

const item = (id: number, parentId: number | null, type: 0 | 1 | 2, name: string, orderNum = id): MenuItem =>
  ({ id, parentId, type, name, router: type === 1 ? `/p${id}` : null, orderNum, isShow: true, keepAlive: true, icon: null, viewPath: null, perms: null });

describe('AI helper parent menu choice', () => {
  it('offers the directories only, nested as in the menu, in menu order', () => {
    const tree = buildMenuTree([
      item(1, null, 0, 'System', 2),
      item(2, 1, 0, 'Access'),
      item(3, 2, 1, 'Users'),
      item(4, 3, 2, 'add'),
      item(5, null, 0, 'Demo', 1),
      item(6, null, 1, 'Home'),
      item(7, 1, 1, 'Params'),
    ]);
    assert.deepEqual(directoryOptions(tree), [
      { key: '5', value: 5, label: 'Demo', children: [] },
      { key: '1', value: 1, label: 'System', children: [{ key: '2', value: 2, label: 'Access', children: [] }] },
    ]);
  });
});
