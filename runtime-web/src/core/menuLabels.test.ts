import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { menuLabel, SEEDED_MENU_NAMES } from './menuLabels';

interface SeedMenu { name: string; type?: number; childMenus?: SeedMenu[] }

function shownNames(menus: SeedMenu[], out = new Set<string>()): Set<string> {
  for (const m of menus) {
    if (m.type !== 2) out.add(m.name);
    shownNames(m.childMenus ?? [], out);
  }
  return out;
}

describe('menu labels', () => {
  it('translates every seeded directory and page name (buttons are never shown)', () => {
    const seed = JSON.parse(fs.readFileSync(new URL('../../../schemas/base/seed/menus.json', import.meta.url), 'utf8')) as { menus: SeedMenu[] };
    const names = shownNames(seed.menus);
    assert.ok(names.size > 20);
    for (const name of names) {
      assert.ok(SEEDED_MENU_NAMES.includes(name), `seeded menu "${name}" has no translation`);
      assert.notEqual(menuLabel(name, 'en'), name, `"${name}" in English`);
    }
  });

  it('keeps zh-cn and admin-typed names as they are', () => {
    assert.equal(menuLabel('系统管理', 'zh-cn'), '系统管理');
    assert.equal(menuLabel('系统管理', 'zh-tw'), '系統管理');
    assert.equal(menuLabel('系统管理', 'en'), 'System');
    assert.equal(menuLabel('我的报表', 'en'), '我的报表');
  });
});
