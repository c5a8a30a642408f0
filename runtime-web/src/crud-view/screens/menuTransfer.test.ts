import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countMenus, exportFileName, menusOfFile } from './menuTransfer';

describe('menu files', () => {
  const tree = [
    {
      name: 'A',
      type: 0,
      childMenus: [{ name: 'A1', type: 1, childMenus: [{ name: 'p', type: 2 }] }],
    },
  ];
  it('accepts an exported array or {menus}', () => {
    assert.equal(menusOfFile(tree), tree);
    assert.equal(menusOfFile({ menus: tree }), tree);
    assert.equal(countMenus(tree), 3);
  });
  it('refuses anything else', () => {
    for (const bad of [null, [], {}, [{ name: 'x' }], [{ name: 'x', type: 5 }], [{ name: 'x', type: 0, childMenus: [{ type: 1 }] }], 'str'])
      assert.equal(menusOfFile(bad), undefined);
  });
  it('names the file like the reference family', () => {
    assert.equal(exportFileName('菜单数据', new Date(2026, 0, 5, 7, 8, 9)), '菜单数据 01-05 07_08_09.json');
  });
});
