import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildMenuTree, menuRoutes, type MenuItem } from '../core/stores';
import { REVEAL_MS, revealFrames, revealRadius } from './darkReveal';
import { layoutMessages } from './locales';
import { firstPage, frameClasses, visibleMenu } from './menuView';
import { routeLabel } from './routeLabel';
import { transitionFrames } from './transition';

const item = (id: number, parentId: number | null, type: number, name: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  id,
  parentId,
  type,
  name,
  router: null,
  viewPath: null,
  icon: null,
  orderNum: id,
  isShow: true,
  keepAlive: true,
  ...extra,
});

// A permmenu answer in the shape the server sends: home, a directory with a hidden page, an empty directory.
const items: MenuItem[] = [
  item(1, null, 1, '首页', { router: '/', viewPath: 'modules/demo/views/home/index.vue', isShow: false }),
  item(2, null, 0, '系统管理', { router: '/sys' }),
  item(3, 2, 0, '权限管理'),
  item(4, 3, 1, '用户列表', { router: '/sys/user', viewPath: 'modules/base/views/user/index.vue' }),
  item(5, 4, 2, '新增', { perms: 'base:sys:user:add' }),
  item(6, 3, 1, '隐藏页', { router: '/sys/hidden', isShow: 0 }),
  item(7, null, 0, '空目录'),
  item(8, 7, 1, '只隐藏', { router: '/empty/hidden', isShow: false }),
  item(9, null, 1, '个人中心', { router: '/my/info', isShow: false }),
];

describe('sidebar menu', () => {
  const tree = buildMenuTree(items);

  it('shows only isShow entries and drops directories left empty', () => {
    const shown = visibleMenu(tree);
    assert.deepEqual(
      shown.map((n) => n.name),
      ['系统管理'],
    );
    const sys = shown[0]!;
    assert.deepEqual(
      sys.children.map((n) => n.name),
      ['权限管理'],
    );
    assert.deepEqual(
      sys.children[0]!.children.map((n) => n.path),
      ['/sys/user'],
    );
    // The store's tree is not modified by the filter.
    assert.equal(tree.find((n) => n.id === 2)!.children[0]!.children.length, 2);
  });

  it("sends a group click to the group's first visible page, or nowhere", () => {
    const sys = tree.find((n) => n.id === 2)!;
    assert.equal(firstPage(sys.children)?.path, '/sys/user');
    const empty = tree.find((n) => n.id === 7)!;
    assert.equal(firstPage(empty.children), undefined);
  });
});

describe('frame classes', () => {
  it('carries the screen class and the folded and phone states', () => {
    assert.equal(frameClasses('xs', true, true), 'sa-frame is-xs is-collapsed is-mini');
    assert.equal(frameClasses('xl', false, false), 'sa-frame is-xl is-expanded');
  });
});

describe('light/dark reveal', () => {
  it('lasts 400 ms and grows to the farthest corner', () => {
    assert.equal(REVEAL_MS, 400);
    assert.equal(revealRadius(0, 0, 300, 400), 500);
    assert.equal(revealRadius(300, 400, 300, 400), 500);
    assert.equal(revealRadius(150, 200, 300, 400), 250);
    assert.deepEqual(revealFrames(10, 20, 99), ['circle(0px at 10px 20px)', 'circle(99px at 10px 20px)']);
  });
});

describe('page transition', () => {
  it('slides by default, fades, or does nothing', () => {
    assert.match(JSON.stringify(transitionFrames('slide')), /translateX/);
    assert.deepEqual(transitionFrames('fade'), [{ opacity: 0 }, { opacity: 1 }]);
    assert.equal(transitionFrames('none'), undefined);
  });
});

describe('route labels', () => {
  const routes = menuRoutes(buildMenuTree(items));
  const t = (k: string) => `T(${k})`;

  it('names menu pages by their menu entry and static views by their translated label', () => {
    assert.equal(routeLabel('/sys/user', routes, t), '用户列表');
    assert.equal(routeLabel('/my/info', routes, t), 'T(app:my.title)');
    assert.equal(routeLabel('/demo/test/route/7/x', routes, t), 'T(app:demo.routeTitle)');
    assert.equal(routeLabel('/nowhere', routes, t, 'fallback'), 'fallback');
  });
});

describe('layout strings', () => {
  const keys = (o: object, prefix = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

  it('exist in zh-cn, zh-tw and en with the same keys, none empty', () => {
    const zh = keys(layoutMessages['zh-cn']).sort();
    assert.deepEqual(keys(layoutMessages['zh-tw']).sort(), zh);
    assert.deepEqual(keys(layoutMessages.en).sort(), zh);
    for (const l of ['zh-cn', 'zh-tw', 'en'] as const) {
      for (const k of zh) {
        const v = k.split('.').reduce<unknown>((o, part) => (o as Record<string, unknown>)[part], layoutMessages[l]);
        assert.ok(typeof v === 'string' && v.trim(), `${l} ${k}`);
      }
    }
  });
});
