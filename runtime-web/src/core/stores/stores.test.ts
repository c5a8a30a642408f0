import assert from 'node:assert/strict';
import { test } from 'node:test';
import { currentLocale, i18n, setLocale, t } from '../i18n';
import { semiLocale } from '../../app/semiLocale';
import { createStorage, memoryBackend } from '../storage';
import { DictStore, toOptions } from './dict';
import { createStores } from './index';
import { buildMenuTree, menuRoutes } from './menu';
import type { MenuItem } from './menu';
import { ProcessStore } from './process';

const item = (id: number, parentId: number | null, type: number, name: string, router: string | null, orderNum: number, extra: Partial<MenuItem> = {}): MenuItem => ({
  id, parentId, type, name, router, orderNum, viewPath: type === 1 ? `modules/x/views/${id}.vue` : null, icon: null, isShow: true, keepAlive: true, ...extra,
});

test('menu tree: sorted by orderNum, permission rows dropped, first page becomes / with a redirect from its path', () => {
  const items = [
    item(10, null, 0, 'System', '/sys', 2),
    item(11, 10, 1, 'Users', '/sys/user', 2),
    item(12, 10, 1, 'Roles', 'sys/role', 1),
    item(13, 12, 2, 'add', null, 1, { perms: 'base:sys:role:add' }),
    item(20, null, 0, 'Docs', null, 3),
    item(21, 20, 1, 'Site', '/doc', 1, { viewPath: 'https://example.com', isShow: 0 as unknown as boolean }),
    item(22, 20, 1, 'Full', '/full', 2, { viewPath: 'modules/x/pages/full.vue', keepAlive: null }),
  ];
  const tree = buildMenuTree(items);
  assert.deepEqual(tree.map((n) => n.name), ['System', 'Docs']);
  assert.deepEqual(tree[0]!.children.map((n) => n.name), ['Roles', 'Users']);
  assert.equal(tree[0]!.children[0]!.children.length, 0, 'type 2 dropped');
  assert.equal(tree[1]!.path, '/20', 'no router → /<id>');
  const roles = tree[0]!.children[0]!;
  assert.equal(roles.path, '/', 'first page in tree order is home');
  assert.equal(roles.meta.isHome, true);
  const routes = menuRoutes(tree);
  assert.deepEqual(routes.map((r) => [r.path, r.redirect ?? null]), [
    ['/', null], ['/sys/role', '/'], ['/sys/user', null], ['/doc', null], ['/full', null],
  ]);
  const site = routes.find((r) => r.path === '/doc')!;
  assert.equal(site.isShow, false);
  assert.equal(site.meta.iframeUrl, 'https://example.com');
  const full = routes.find((r) => r.path === '/full')!;
  assert.equal(full.meta.isPage, true);
  assert.equal(full.keepAlive, false);
  assert.equal(routes[0]!.name, 'Roles-12');
});

test('tabs: home, error pages and no-process routes are not tracked; close current / others / all', () => {
  const p = new ProcessStore();
  p.add({ path: '/', meta: { isHome: true } });
  p.add({ path: '/404' });
  p.add({ path: '/login' });
  p.add({ path: '/x', meta: { process: false } });
  assert.equal(p.list.length, 0);
  p.add({ path: '/sys/user', meta: { label: 'Users', keepAlive: true } });
  p.add({ path: '/sys/role', fullPath: '/sys/role?a=1', meta: { label: 'Roles' } });
  p.add({ path: '/demo/crud', meta: { label: 'Crud', keepAlive: true } });
  p.add({ path: '/sys/user', meta: { label: 'Users', keepAlive: true } });
  assert.deepEqual(p.list.map((t) => t.path), ['/sys/user', '/sys/role', '/demo/crud']);
  assert.equal(p.active, '/sys/user');
  assert.deepEqual(p.keepAliveKeys, ['/sys/user', '/demo/crud']);
  assert.equal(p.close('/sys/role'), undefined, 'closing another tab does not navigate');
  assert.equal(p.closeCurrent(), '/demo/crud', 'closing the active one goes to the last tab');
  p.add({ path: '/sys/role', fullPath: '/sys/role?a=1' });
  p.add({ path: '/sys/menu' });
  p.closeOthers();
  assert.deepEqual(p.list.map((t) => t.path), ['/sys/menu']);
  assert.equal(p.closeCurrent(), '/', 'last tab closed → home');
  p.add({ path: '/a' });
  assert.equal(p.closeAll(), '/');
  assert.equal(p.list.length, 0);
});

test('dictionary options: label = name, value falls back to id when empty', () => {
  const opts = toOptions([
    { id: 1, name: 'A', value: 'a' },
    { id: 2, name: 'B', value: '' },
    { id: 3, name: 'C', value: null },
    { id: 4, name: 'D', value: 0 },
  ]);
  assert.deepEqual(opts.map((o) => [o.label, o.value]), [['A', 'a'], ['B', 2], ['C', 3], ['D', 0]]);
  const d = new DictStore();
  d.set({ t1: [{ id: 1, name: 'A', value: 'a' }] });
  d.set({ t2: [{ id: 9, name: 'Z' }] }, false);
  assert.deepEqual(d.get('t1').map((o) => o.label), ['A']);
  assert.equal(d.labelOf('t2', 9), 'Z');
  assert.equal(d.labelOf('t2', '9'), 'Z');
  assert.deepEqual(d.get('missing'), []);
});

test('app store: theme and dark mode persist; the screen class folds the menu', () => {
  const backend = memoryBackend();
  const storage = createStorage(backend);
  const s = createStores({ storage, navigate: () => {}, toast: () => {} });
  assert.deepEqual(s.app.theme, { name: 'default', color: '#4165d7', isGroup: false, transition: 'slide' });
  s.app.setTheme({ name: 'bohe' });
  assert.equal(s.app.theme.color, '#3EB489');
  s.app.setTheme({ color: '#123456' });
  assert.equal(s.app.theme.name, 'custom');
  s.app.setTheme({ isGroup: true, transition: 'none' });
  assert.deepEqual(storage.get('theme'), { name: 'custom', color: '#123456', isGroup: true, transition: 'none' });
  s.app.toggleDark();
  const again = createStores({ storage, navigate: () => {}, toast: () => {} });
  assert.equal(again.app.dark, true);
  assert.equal(again.app.theme.color, '#123456');

  s.app.setScreen(500, false);
  assert.equal(s.app.screen, 'xs');
  assert.equal(s.app.menuCollapsed, true);
  s.app.setScreen(1300, false);
  assert.equal(s.app.screen, 'xl');
  assert.equal(s.app.menuCollapsed, false);
  s.app.setScreen(1300, true);
  assert.equal(s.app.menuCollapsed, true, 'touch folds');
});

test('locale: persisted, translated, Semi locale per language', () => {
  const storage = createStorage(memoryBackend());
  const s = createStores({ storage, navigate: () => {}, toast: () => {} });
  s.app.setLocale('zh-tw');
  assert.equal(currentLocale(), 'zh-tw');
  assert.equal(storage.get('locale'), 'zh-tw');
  setLocale('en');
  assert.equal(createStores({ storage, navigate: () => {}, toast: () => {} }).app.locale, 'en');
  storage.set('locale', 'zh-tw');
  assert.equal(createStores({ storage, navigate: () => {}, toast: () => {} }).app.locale, 'zh-tw', 'a stored locale is applied at start');
  assert.equal(currentLocale(), 'zh-tw');
  assert.equal(t('core:sessionExpired'), '登入狀態已失效，請重新登入');
  assert.equal(semiLocale().code, 'zh-TW');
  s.app.setLocale('en');
  assert.equal(t('core:sessionExpired'), 'Your session has expired, please sign in again');
  assert.equal(semiLocale('en').code, 'en-US');
  assert.equal(semiLocale('zh-cn').code, 'zh-CN');
  setLocale('zh-cn');
  assert.equal(t('core:sessionExpired'), '登录状态已失效，请重新登录');
  assert.equal(i18n.language, 'zh-cn');
  assert.throws(() => setLocale('fr' as 'en'), /Unknown locale/);
});

test('logout clears tokens, user info, menus, tabs and goes to /login even when the server call fails', async () => {
  const storage = createStorage(memoryBackend());
  const navigations: string[] = [];
  const s = createStores({ storage, navigate: (p) => navigations.push(p), toast: () => {}, baseUrl: 'http://127.0.0.1:1/api', fetch });
  s.user.setTokens({ token: 't', refreshToken: 'r', expire: 100, refreshExpire: 200 });
  s.user.setInfo({ id: 1, username: 'admin' });
  s.menu.set({ menus: [item(1, null, 1, 'Home', '/home', 0)], perms: ['a:b'] });
  s.process.add({ path: '/sys/user' });
  const original = console.error;
  console.error = () => {};
  try {
    await s.user.logout();
  } finally {
    console.error = original;
  }
  assert.equal(s.user.token, undefined);
  assert.equal(s.user.info, undefined);
  assert.equal(storage.peek('token'), undefined);
  assert.equal(storage.get('userInfo'), undefined);
  assert.deepEqual(s.menu.routes, []);
  assert.equal(storage.get('perms'), undefined);
  assert.equal(s.process.list.length, 0);
  assert.deepEqual(navigations, ['/login']);
});

test('seeded menu names follow the locale; names an admin typed stay as typed', () => {
  const storage = createStorage(memoryBackend());
  const s = createStores({ storage, toast: () => {}, baseUrl: 'http://127.0.0.1:1/api', fetch });
  s.menu.set({ menus: [item(1, null, 0, '系统管理', '/sys', 0), item(2, 1, 1, '用户列表', '/sys/user', 1), item(3, 1, 1, '我的报表', '/sys/report', 2)], perms: [] });
  try {
    s.app.setLocale('en');
    assert.deepEqual(s.menu.tree.map((n) => n.name), ['System']);
    assert.deepEqual(s.menu.routes.filter((r) => !r.redirect).map((r) => r.meta.label), ['Users', '我的报表']);
    s.app.setLocale('zh-tw');
    assert.equal(s.menu.tree[0]?.children[0]?.name, '使用者列表');
  } finally {
    s.app.setLocale('zh-cn');
  }
  assert.equal(s.menu.tree[0]?.name, '系统管理');
});

test('menu tree: the reference family\'s plugin router is shown at the spec\'s path', () => {
  const tree = buildMenuTree([item(1, null, 1, 'Home', '/home', 0), item(2, null, 1, '插件列表', '/helper/plugins/serve', 1), item(3, null, 1, 'Other', '/helper/plugins/x', 2)]);
  assert.deepEqual(tree.map((n) => n.path), ['/', '/helper/plugins', '/helper/plugins/x']);
});
