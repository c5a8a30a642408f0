/**
 * The base module's screens in Chromium against the real server (issue 13 part A): the department tree beside
 * the users (filter by branch, drag order saved, delete keeping the users, move users), a role granted through
 * its two-section dialog and enforced for a user who signs in with it, menu export → delete → import, a
 * rich-text param's preview and the request log's keep-days box. Screenshots of each screen, both languages,
 * light and dark.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { hashSecret } from '../../../runtime-server/src/core/secrets.js';
import { now } from '../../../runtime-server/src/db/values.js';
import { scratchProject } from '../../../runtime-server/src/testing/scratchProject.js';
import { loginThroughPage, screenshot, startHarness } from './harness';
import type { Harness } from './harness';

type Row = Record<string, unknown> & { id: number };

const tree = (page: Page) => page.getByTestId('crud-sidebar');
const node = (page: Page, name: string) => tree(page).locator('.semi-tree-option').filter({ has: page.getByText(name, { exact: true }) });
const rows = (page: Page) => page.locator('[data-testid="crud-table"] tbody tr[data-row-id]');
const toast = (page: Page, text: string | RegExp) => page.locator('.semi-toast-content').filter({ hasText: text }).first().waitFor();
const settle = (page: Page) => page.waitForFunction(() => !document.querySelector('[data-testid="crud-table"] .semi-spin-spinning'));
/** The usernames on screen that the test made (the seeded admin may be listed too). */
const usernames = async (page: Page) => {
  await settle(page);
  const headers = await page.locator('[data-testid="crud-table"] thead th').evaluateAll((ths) => ths.map((th) => th.getAttribute('data-column')));
  const i = headers.indexOf('username');
  const texts = await rows(page).evaluateAll((trs, index) => trs.map((tr) => (tr.children[index] as HTMLElement | undefined)?.innerText.trim() ?? ''), i);
  return texts.filter((t) => t.startsWith('e2e_')).sort();
};

describe('base module screens in the browser', () => {
  let h: Harness;
  let page: Page;
  let consoleErrors: string[];
  const dept: Record<string, number> = {};
  const user: Record<string, number> = {};

  const list = async (prefix: string): Promise<Row[]> => {
    const res = await h.app.post(`/admin/${prefix}/list`, {});
    assert.equal(res.body.code, 1000, JSON.stringify(res.body));
    return res.body.data as Row[];
  };

  // Parse and create writes a schema file: into a scratch copy of the project, never the real schemas.
  const project = scratchProject();
  before(async () => {
    h = await startHarness({ schemasDir: project.schemas });
    const knex = h.app.instance.services.knex;
    const ts = now();
    const [cool] = await knex('base_sys_department').where({ name: 'COOL' }).select('id');
    const addDept = async (name: string, parentId: number, orderNum: number) =>
      (dept[name] = Number((await knex('base_sys_department').insert({ name, parentId, orderNum, createTime: ts, updateTime: ts }))[0]));
    await addDept('E2E', Number(cool.id), 9);
    await addDept('E2E-A', dept.E2E!, 1);
    await addDept('E2E-B', dept.E2E!, 2);
    await addDept('E2E-C', dept.E2E!, 3);
    const password = await hashSecret('e2e-pass-1');
    for (const [username, d] of [['e2e_b1', 'E2E-B'], ['e2e_b2', 'E2E-B'], ['e2e_c1', 'E2E-C']] as const) {
      user[username] = Number(
        (await knex('base_sys_user').insert({ username, name: username, password, passwordV: 1, isSuper: 0, status: 1, departmentId: dept[d], createTime: ts, updateTime: ts }))[0],
      );
    }
    ({ page, consoleErrors } = await h.newPage());
    await loginThroughPage(page);
  });
  after(async () => {
    await h?.close();
    fs.rmSync(project.root, { recursive: true, force: true });
  });

  it('users: no department chosen at first, a node shows its branch, drag order is saved', async () => {
    await page.goto('/sys/user');
    await node(page, 'E2E').waitFor();
    assert.deepEqual(await usernames(page), ['e2e_b1', 'e2e_b2', 'e2e_c1'], 'all users in scope at start');
    assert.match(await tree(page).locator('.crud-sidebar__head').innerText(), /组织架构/);
    const headers = await page.locator('[data-testid="crud-table"] thead').innerText();
    for (const label of ['头像', '用户名', '姓名', '昵称', '角色', '状态', '手机号', '备注', '创建时间']) assert.match(headers, new RegExp(label));
    await node(page, 'E2E-C').click();
    await page.waitForFunction(() => new URL(location.href).searchParams.has('f.departmentIds'));
    assert.deepEqual(await usernames(page), ['e2e_c1']);
    await node(page, 'E2E').click();
    await settle(page);
    assert.deepEqual(await usernames(page), ['e2e_b1', 'e2e_b2', 'e2e_c1'], 'a parent shows its descendants');
    await screenshot(page, 'base-user-zh-light');

    await tree(page).getByTestId('tree-reorder').click();
    await node(page, 'E2E-C').dragTo(node(page, 'E2E-A'), { targetPosition: { x: 30, y: 2 } });
    await page.waitForFunction(() => {
      const names = [...document.querySelectorAll('[data-testid="crud-sidebar"] .semi-tree-option')].map((n) => n.textContent?.trim());
      return names.indexOf('E2E-C') >= 0 && names.indexOf('E2E-C') < names.indexOf('E2E-A');
    });
    await tree(page).getByTestId('tree-order-save').click();
    await toast(page, '排序已保存');
    const saved = (await list('base/sys/department')).filter((d) => d.parentId === dept.E2E).sort((a, b) => Number(a.orderNum) - Number(b.orderNum));
    assert.deepEqual(saved.map((d) => d.name), ['E2E-C', 'E2E-A', 'E2E-B'], 're-read from the server');
    await page.reload();
    await node(page, 'E2E-A').waitFor();
    const shown = await tree(page).locator('.semi-tree-option').allInnerTexts();
    assert.ok(shown.indexOf('E2E-C') < shown.indexOf('E2E-A') && shown.indexOf('E2E-A') < shown.indexOf('E2E-B'), shown.join(','));
  });

  it('users: move selected users to another department', async () => {
    await settle(page);
    await rows(page).first().waitFor();
    await page.locator(`tr[data-row-id="${user.e2e_c1}"] input.crud-check`).check();
    await page.locator('.crud-toolbar [data-action="move"]').click();
    await page.locator('.semi-modal .semi-tree-select').click();
    await page.locator('.semi-tree-select-popover .semi-tree-option').filter({ hasText: /^E2E-A$/ }).click();
    await page.getByTestId('crud-action-submit').click();
    await toast(page, '操作成功');
    const users = await list('base/sys/user');
    assert.equal(users.find((u) => u.id === user.e2e_c1)!.departmentId, dept['E2E-A']);
  });

  it('users: deleting a department and keeping its users moves them to the parent', async () => {
    await node(page, 'E2E-B').click({ button: 'right' });
    const menu = page.getByTestId('tree-context-menu');
    assert.deepEqual(await menu.locator('[role="menuitem"]').allInnerTexts(), ['新增子级', '编辑', '删除', '新增成员']);
    await screenshot(page, 'base-user-tree-menu-zh-light');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await node(page, 'E2E-B').click({ button: 'right' });
    await menu.locator('[data-op="delete"]').click();
    await page.getByTestId('tree-delete-keep').waitFor();
    await screenshot(page, 'base-user-tree-delete-zh-light');
    await page.getByTestId('tree-delete-keep').click();
    await toast(page, '已删除，其中的用户已移到上级部门');
    const depts = await list('base/sys/department');
    assert.ok(!depts.some((d) => d.id === dept['E2E-B']), 'department gone');
    const users = await list('base/sys/user');
    for (const u of ['e2e_b1', 'e2e_b2']) assert.equal(users.find((x) => x.id === user[u])!.departmentId, dept.E2E, `${u} moved to the parent`);
    await node(page, 'E2E-B').waitFor({ state: 'detached' });
  });

  it('users: the node menu adds a child department and opens the add-user dialog for a member', async () => {
    await node(page, 'E2E').click({ button: 'right' });
    await page.getByTestId('tree-context-menu').locator('[data-op="addChild"]').click();
    await page.locator('#root_name').fill('E2E-D');
    await page.locator('.crud-field[data-field="parentId"]').getByText('E2E', { exact: true }).waitFor();
    await page.getByTestId('crud-save').click();
    await node(page, 'E2E-D').waitFor();
    const d = (await list('base/sys/department')).find((x) => x.name === 'E2E-D')!;
    assert.equal(d.parentId, dept.E2E);

    await node(page, 'E2E-D').click({ button: 'right' });
    await page.getByTestId('tree-context-menu').locator('[data-op="addMember"]').click();
    await page.locator('#root_username').waitFor();
    // The member dialog names the department (once the picker has its list).
    await page.locator('.crud-field[data-field="departmentId"]').getByText('E2E-D', { exact: true }).waitFor();
    await screenshot(page, 'base-user-add-member-zh-light');
    await page.locator('.semi-modal-footer').getByText('取消', { exact: true }).click();
  });

  it('roles: one dialog with function and data permissions; the grant is enforced for a user of that role, whose user dialog names roles it cannot list', async () => {
    await page.goto('/sys/role');
    await rows(page).first().waitFor();
    await page.getByTestId('crud-add').click();
    await page.locator('#root_name').fill('E2E 只看用户');
    await page.locator('#root_label').fill('e2e_viewer');
    const sections = await page.locator('.semi-modal').innerText();
    assert.match(sections, /功能权限[\s\S]*数据权限/);
    const menus = page.locator('.crud-field[data-field="menuIdList"]');
    await menus.locator('input').first().fill('用户');
    await menus.locator('.semi-tree-option').filter({ hasText: /^用户列表$/ }).first().locator('.semi-checkbox').click();
    await menus.locator('input').first().fill('');
    const depts = page.locator('.crud-field[data-field="departmentIdList"]');
    await depts.locator('.semi-tree-option').filter({ hasText: /^E2E-A$/ }).locator('.semi-checkbox').click();
    await screenshot(page, 'base-role-dialog-zh-light');
    await page.getByTestId('crud-save').click();
    await toast(page, '保存成功');

    const role = (await list('base/sys/role')).find((r) => r.label === 'e2e_viewer')!;
    const info = (await h.app.get('/admin/base/sys/role/info', { id: role.id })).body.data as { menuIdList: number[]; departmentIdList: number[] };
    const allMenus = await list('base/sys/menu');
    const byName = (n: string) => allMenus.find((m) => m.name === n)!.id;
    const userList = allMenus.find((m) => m.router === '/sys/user')!.id;
    for (const id of [userList, byName('权限管理'), byName('系统管理')]) assert.ok(info.menuIdList.includes(id), `menu ${id} granted (checked or half-checked)`);
    for (const m of allMenus.filter((x) => x.parentId === userList)) assert.ok(info.menuIdList.includes(m.id), `permission ${String(m.name)} under the user list`);
    assert.ok(!info.menuIdList.includes(byName('角色列表')));
    assert.deepEqual(info.departmentIdList, [dept['E2E-A']]);

    // A user of that role, added through the user dialog (password asked on add, roles multi-select).
    await page.goto('/sys/user');
    await rows(page).first().waitFor();
    await page.getByTestId('crud-add').click();
    await page.locator('#root_username').fill('e2e_viewer_user');
    await page.getByTestId('crud-save').click();
    await page.locator('#root_password__error').waitFor();
    await page.locator('#root_password').fill('viewer-pass-1');
    await page.locator('.crud-field[data-field="roleIdList"] .semi-select').click();
    await page.locator('.semi-select-option').filter({ hasText: 'E2E 只看用户' }).click();
    await page.keyboard.press('Escape');
    await page.locator('.crud-field[data-field="departmentId"] .semi-tree-select').click();
    await page.locator('.semi-tree-select-popover .semi-tree-option').filter({ hasText: /^E2E-A$/ }).click();
    await screenshot(page, 'base-user-dialog-zh-light');
    await page.getByTestId('crud-save').click();
    await toast(page, '保存成功');
    await page.locator('td').filter({ hasText: /^E2E 只看用户$/ }).first().waitFor();

    const { context, page: other } = await h.newPage();
    await loginThroughPage(other, 'e2e_viewer_user', 'viewer-pass-1');
    await other.getByTestId('sidebar').getByText('用户列表').waitFor();
    const side = await other.getByTestId('sidebar').innerText();
    assert.match(side, /用户列表/);
    for (const hidden of ['角色列表', '菜单列表', '参数列表', '请求日志']) assert.doesNotMatch(side, new RegExp(hidden));
    await other.goto('/sys/user');
    await rows(other).first().waitFor();
    assert.deepEqual(await usernames(other), ['e2e_c1', 'e2e_viewer_user'], 'data scope: only department E2E-A');
    assert.equal(await other.getByTestId('crud-add').count(), 1, 'add is granted with the user list');
    await screenshot(other, 'base-user-as-viewer-zh-light');
    // A user in scope holding a role this admin cannot list (neither held nor created): the dialog still names it
    // (the info answer's roleList), never shows its id.
    const knex = h.app.instance.services.knex;
    const ts = now();
    const [auditRole] = await knex('base_sys_role').insert({ name: 'E2E 审计', label: 'e2e_audit', relevance: 0, createTime: ts, updateTime: ts });
    await knex('base_sys_user_role').insert({ userId: user.e2e_c1, roleId: auditRole, createTime: ts, updateTime: ts });
    const viewerApi = h.app.as((await h.app.login('e2e_viewer_user', 'viewer-pass-1')).token);
    const listed = (await viewerApi.post('/admin/base/sys/role/list', {})).body.data as Row[] | undefined;
    assert.ok(!(listed ?? []).some((r) => r.id === Number(auditRole)), 'not in the role list this admin gets');
    await rows(other).filter({ hasText: 'e2e_c1' }).locator('[data-op="edit"]').click();
    const held = other.locator('.crud-field[data-field="roleIdList"] .semi-select');
    await held.locator('.semi-tag').first().waitFor();
    assert.deepEqual((await held.locator('.semi-tag').allInnerTexts()).map((x) => x.trim()), ['E2E 审计']);
    await screenshot(other, 'base-user-dialog-as-viewer-zh-light');
    await context.close();
  });

  it('roles: a non-super admin sees and can grant only the menus and departments he holds', async () => {
    const knex = h.app.instance.services.knex;
    const ts = now();
    const menus = await knex('base_sys_menu').select('id', 'name', 'parentId', 'router');
    const roleList = menus.find((m) => m.router === '/sys/role')!;
    const up = (id: unknown) => menus.find((m) => m.id === id);
    const held = [roleList.id, up(roleList.parentId)!.id, up(up(roleList.parentId)!.parentId)!.id, ...menus.filter((m) => m.parentId === roleList.id).map((m) => m.id)];
    const [roleId] = await knex('base_sys_role').insert({ name: 'E2E 管理角色', label: 'e2e_mgr_role', relevance: 0, createTime: ts, updateTime: ts });
    await knex('base_sys_role_menu').insert(held.map((menuId) => ({ roleId, menuId, createTime: ts, updateTime: ts })));
    await knex('base_sys_role_department').insert({ roleId, departmentId: dept.E2E, createTime: ts, updateTime: ts });
    const [userId] = await knex('base_sys_user').insert({
      username: 'e2e_mgr',
      password: await hashSecret('mgr-pass-1'),
      passwordV: 1,
      isSuper: 0,
      status: 1,
      departmentId: dept.E2E,
      createTime: ts,
      updateTime: ts,
    });
    await knex('base_sys_user_role').insert({ userId, roleId, createTime: ts, updateTime: ts });

    const { context, page: mgr } = await h.newPage();
    await loginThroughPage(mgr, 'e2e_mgr', 'mgr-pass-1');
    await mgr.goto('/sys/role');
    await mgr.getByTestId('crud-add').click();
    const menuTree = mgr.locator('.crud-field[data-field="menuIdList"]');
    await menuTree.locator('.semi-tree-option').filter({ hasText: /^角色列表$/ }).waitFor();
    const menuNames = await menuTree.locator('.semi-tree-option').allInnerTexts();
    assert.ok(!menuNames.some((n) => ['用户列表', '菜单列表', '参数列表'].includes(n.trim())), menuNames.join(','));
    const deptTree = mgr.locator('.crud-field[data-field="departmentIdList"]');
    await deptTree.locator('.semi-tree-option').filter({ hasText: /^E2E$/ }).waitFor();
    const deptNames = (await deptTree.locator('.semi-tree-option').allInnerTexts()).map((n) => n.trim());
    assert.ok(!deptNames.includes('COOL') && !deptNames.includes('测试'), deptNames.join(','));
    await screenshot(mgr, 'base-role-dialog-as-manager-zh-light');
    await context.close();
  });

  it('menus: export chosen menus to JSON, delete them, import the file back (the shell menu follows)', async () => {
    const add = async (body: Record<string, unknown>) => {
      const res = await h.app.post('/admin/base/sys/menu/add', body);
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      return Number(res.body.data.id ?? res.body.data);
    };
    const dir = await add({ name: 'E2E导出', type: 0, parentId: null, orderNum: 99, router: '/e2e', isShow: true });
    const pageMenu = await add({ name: 'E2E页面', type: 1, parentId: dir, orderNum: 1, router: '/e2e/page', viewPath: 'modules/demo/views/goods.vue', isShow: true, keepAlive: true });
    await add({ name: 'E2E权限', type: 2, parentId: pageMenu, orderNum: 1, perms: 'base:sys:user:page,base:sys:user:list' });

    await page.goto('/sys/menu');
    await rows(page).first().waitFor();
    await page.getByTestId('sidebar').getByText('E2E导出').waitFor();
    await screenshot(page, 'base-menu-zh-light');
    await page.locator('.crud-toolbar [data-action="export"]').click();
    await page.getByTestId('menu-export-submit').click();
    await toast(page, '请选择要导出的菜单');
    await page.getByTestId('menu-export-tree').locator('.semi-tree-option').filter({ hasText: /^E2E导出$/ }).locator('.semi-checkbox').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('menu-export-submit').click()]);
    assert.match(download.suggestedFilename(), /^菜单数据 \d\d-\d\d \d\d_\d\d_\d\d\.json$/);
    const file = await download.path();
    const exported = JSON.parse(fs.readFileSync(file, 'utf8')) as { name: string; childMenus?: { name: string; childMenus?: { name: string; perms: string }[] }[] }[];
    assert.equal(exported.length, 1);
    assert.equal(exported[0]!.name, 'E2E导出');
    assert.equal(exported[0]!.childMenus![0]!.name, 'E2E页面');
    assert.equal(exported[0]!.childMenus![0]!.childMenus![0]!.perms, 'base:sys:user:page,base:sys:user:list');

    assert.equal((await h.app.post('/admin/base/sys/menu/delete', { ids: [dir] })).body.code, 1000);
    await page.getByTestId('crud-refresh').click();
    await page.getByTestId('sidebar').getByText('E2E导出').waitFor({ state: 'detached' });
    assert.ok(!(await list('base/sys/menu')).some((m) => String(m.name).startsWith('E2E')));

    await page.locator('.crud-toolbar [data-action="import"]').click();
    await page.getByTestId('menu-import-file').setInputFiles(file);
    const preview = page.getByTestId('menu-import-preview');
    await preview.getByText('E2E权限').waitFor();
    assert.match(await preview.innerText(), /\(3\)/);
    await screenshot(page, 'base-menu-import-zh-light');
    await page.getByTestId('menu-import-submit').click();
    await toast(page, '导入成功');
    const menus = await list('base/sys/menu');
    const d = menus.find((m) => m.name === 'E2E导出')!;
    const p = menus.find((m) => m.name === 'E2E页面')!;
    const perm = menus.find((m) => m.name === 'E2E权限')!;
    assert.deepEqual([p.parentId, perm.parentId, p.router, perm.perms], [d.id, p.id, '/e2e/page', 'base:sys:user:page,base:sys:user:list']);
    await page.getByTestId('sidebar').getByText('E2E导出').waitFor();
  });

  it('menus: the dialog follows the type; permissions are picked from the EPS keys', async () => {
    await page.locator('.crud-toolbar').getByTestId('crud-add').click();
    await page.locator('.crud-field[data-field="router"]').waitFor();
    assert.equal(await page.locator('.crud-field[data-field="perms"]').count(), 0, 'a directory has no permissions');
    await page.locator('#root_name').fill('E2E目录');
    await page.locator('#root_router').fill('e2e-no-slash');
    await page.getByTestId('crud-save').click();
    await page.locator('#root_router__error').waitFor();
    assert.equal((await list('base/sys/menu')).filter((m) => m.name === 'E2E目录').length, 0, 'nothing saved');
    await page.locator('.crud-field[data-field="type"] .semi-select').click();
    await page.locator('.semi-select-option').filter({ hasText: /^权限$/ }).click();
    await page.locator('.crud-field[data-field="perms"]').waitFor();
    assert.equal(await page.locator('.crud-field[data-field="router"]').count(), 0, 'a permission has no route');
    await page.locator('.crud-field[data-field="perms"] .semi-tree-select').click();
    await page.locator('.semi-tree-select-popover input').first().fill('user:move');
    await page.locator('.semi-tree-select-popover .semi-tree-option').filter({ hasText: /^base:sys:user:move$/ }).click();
    // A click outside the popover closes it (the dialog does not close on its mask).
    await page.mouse.click(8, 400);
    await page.locator('.semi-tree-select-popover').waitFor({ state: 'hidden' });
    assert.match(await page.locator('.crud-field[data-field="perms"]').innerText(), /base:sys:user:move/);
    await page.locator('#root_name').fill('E2E转移');
    await screenshot(page, 'base-menu-dialog-zh-light');
    await page.getByTestId('crud-save').click();
    await toast(page, '保存成功');
    const m = (await list('base/sys/menu')).find((x) => x.name === 'E2E转移')!;
    assert.deepEqual([m.type, m.perms], [2, 'base:sys:user:move']);
  });

  it('menus: parse and create asks for entity data, a structure and a parent, parses a schema, then creates it with its menu', async () => {
    await page.goto('/sys/menu');
    await rows(page).first().waitFor();
    await page.locator('.crud-toolbar [data-action="create"]').click();
    await page.getByTestId('menu-create').click();
    await toast(page, '请输入实体数据');
    const entity = page.getByTestId('menu-parse-entity');
    await entity.fill('[1, 2]');
    await page.getByTestId('menu-parse').click();
    await toast(page, '数据结构不正确');
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'demo/e2eNote',
      title: 'Note',
      type: 'object',
      'x-label': { 'zh-cn': '便签', 'zh-tw': '便籤', en: 'Note' },
      'x-table': 'demo_e2e_note',
      'x-api': ['add', 'delete', 'update', 'info', 'page'],
      properties: { text: { type: 'string', maxLength: 100, 'x-label': { 'zh-cn': '内容', 'zh-tw': '內容', en: 'Text' } } },
      required: ['text'],
    };
    await entity.fill(JSON.stringify(schema));
    await page.getByTestId('menu-create').click();
    await toast(page, '请选择上级节点');
    await page.getByTestId('menu-parse').click();
    const result = page.getByTestId('menu-parse-result');
    await result.waitFor();
    assert.match(await result.innerText(), /\/admin\/demo\/e2eNote[\s\S]*demo_e2e_note[\s\S]*text/);
    await screenshot(page, 'base-menu-parse-zh-light');

    // Create: the schema file is written (in this suite's scratch copy) and its menu lands under the chosen parent.
    await page.locator('.semi-modal .semi-tree-select').click();
    await page.locator('.semi-tree-select-popover .semi-tree-option').filter({ hasText: /^系统管理$/ }).click();
    await page.getByRole('textbox', { name: '菜单名称' }).fill('E2E便签');
    await page.getByTestId('menu-create').click();
    await toast(page, '已创建，重启后生效');
    const written = JSON.parse(fs.readFileSync(path.join(project.schemas, 'demo', 'e2e-note.json'), 'utf8')) as Record<string, unknown>;
    assert.deepEqual([written.$id, written['x-table']], ['demo/e2eNote', 'demo_e2e_note'], 'the schema file is written');
    const created = (await list('base/sys/menu')).find((m) => m.name === 'E2E便签')!;
    const parent = (await list('base/sys/menu')).find((m) => m.name === '系统管理')!;
    assert.deepEqual([created.type, created.parentId, created.router], [1, parent.id, '/demo/e2eNote']);
    await page.getByTestId('sidebar').getByText('E2E便签', { exact: true }).waitFor();
  });

  it('params: a rich-text param opens as its html page', async () => {
    await page.goto('/sys/param');
    await rows(page).first().waitFor();
    const rich = (await h.app.post('/admin/base/sys/param/page', { keyWord: 'rich' })).body.data.list[0] as Row;
    await screenshot(page, 'base-param-zh-light');
    const [popup] = await Promise.all([page.context().waitForEvent('page'), page.locator(`tr[data-row-id="${rich.id}"] [data-op="action:html"]`).click()]);
    await popup.waitForLoadState();
    assert.match(popup.url(), /\/admin\/base\/open\/html\?key=rich$/);
    assert.match(await popup.locator('body').innerText(), /示例内容/);
    await popup.close();
    const text = (await h.app.post('/admin/base/sys/param/page', { keyWord: 'text' })).body.data.list[0] as Row;
    assert.equal(text.dataType, 0);
    assert.equal(await page.locator(`tr[data-row-id="${text.id}"] [data-op="action:html"]`).count(), 0, 'no preview for a string param');
  });

  it('request log: keep days read and saved, IPs as tags, read-only with no selection column', async () => {
    // A request whose logged body is longer than a cell (written by the log's batch writer, so waited for).
    const long = 'ALongKeywordWithNoPlaceToBreakThatRunsPastTheParametersColumn';
    await h.app.post('/admin/base/sys/user/page', { keyWord: long });
    for (let i = 0; i < 50 && !JSON.stringify((await h.app.post('/admin/base/sys/log/page', { size: 50 })).body.data.list).includes(long); i++) await new Promise((r) => setTimeout(r, 100));
    await page.goto('/sys/log');
    await rows(page).first().waitFor();
    const box = page.locator('.crud-keep-days input');
    await page.waitForFunction(() => (document.querySelector('.crud-keep-days input') as HTMLInputElement | null)?.value === '31');
    await box.fill('45');
    await box.press('Enter');
    await toast(page, '已保存');
    assert.equal((await h.app.get('/admin/base/sys/log/getKeep')).body.data, '45');
    await page.reload();
    await page.waitForFunction(() => (document.querySelector('.crud-keep-days input') as HTMLInputElement | null)?.value === '45');
    assert.ok((await rows(page).first().locator('.semi-tag').count()) >= 1, 'the IP as a tag');
    // A long request body stays inside its cell (it ran over the IP column): clipped, the whole text in its popover.
    const past = await page.evaluate(() =>
      [...document.querySelectorAll('.crud-json-trigger')].filter((b) => b.getBoundingClientRect().right > (b.closest('td')?.getBoundingClientRect().right ?? 0) + 0.5).length,
    );
    assert.equal(past, 0, 'parameters past their cell');
    assert.ok((await page.locator('.crud-json-trigger', { hasText: '…' }).count()) >= 1, 'a long body is shortened');
    assert.equal(await page.getByTestId('crud-add').count(), 0);
    assert.equal(await page.locator('[data-op="edit"]').count(), 0);
    // No bulk action applies here (clear and keep days take no rows): no selection column.
    assert.equal(await page.locator('[data-testid="crud-table"] input.crud-check').count(), 0);
    await screenshot(page, 'base-log-zh-light');
    const before = (await h.app.post('/admin/base/sys/log/page', {})).body.data.pagination.total as number;
    await page.locator('.crud-toolbar [data-action="clear"]').click();
    const ok = page.locator('.semi-modal-footer button').filter({ hasText: '确定' }).last();
    await ok.waitFor();
    await ok.click();
    await toast(page, '操作成功');
    const afterClear = (await h.app.post('/admin/base/sys/log/page', {})).body.data.pagination.total as number;
    assert.ok(afterClear < before && afterClear < 10, `cleared: ${before} → ${afterClear}`);
  });

  it('every screen in both languages, light and dark', async () => {
    const screens = ['/sys/user', '/sys/role', '/sys/menu', '/sys/param', '/sys/log'];
    for (const [locale, dark] of [['en', true], ['en', false], ['zh-cn', true]] as const) {
      await page.getByTestId('locale-switch').click();
      await page.getByTestId(`locale-${locale}`).click();
      const isDark = (await page.locator('body').getAttribute('theme-mode')) === 'dark';
      if (isDark !== dark) await page.getByTestId('dark-switch').click();
      for (const s of screens) {
        await page.goto(s);
        await rows(page).first().waitFor();
        await settle(page);
        if (locale === 'en') assert.doesNotMatch(await page.locator('.crud-toolbar').innerText(), /[\u4e00-\u9fff]/, `${s} toolbar in English`);
        await screenshot(page, `base${s.replace(/\//g, '-').replace('-sys', '')}-${locale}-${dark ? 'dark' : 'light'}`);
      }
    }
    await page.goto('/sys/role');
    await rows(page).first().waitFor();
    await page.locator('[data-op="edit"]').first().click();
    await page.locator('.crud-field[data-field="menuIdList"] .semi-tree-option').first().waitFor();
    await screenshot(page, 'base-role-dialog-zh-cn-dark');
    await page.locator('.semi-modal-footer').getByText('取消', { exact: true }).click();
    await page.getByTestId('locale-switch').click();
    await page.getByTestId('locale-en').click();
    await page.locator('[data-op="edit"]').first().click();
    await page.locator('.crud-field[data-field="menuIdList"] .semi-tree-option').first().waitFor();
    assert.match(await page.locator('.semi-modal').innerText(), /Function permissions[\s\S]*Data permissions/);
    await screenshot(page, 'base-role-dialog-en-dark');
    await page.locator('.semi-modal-footer').getByText('Cancel', { exact: true }).click();
    // Narrow (< 768 px): the department tree sits above the cards.
    const { context, page: phone } = await h.newPage({ width: 390, height: 800 });
    await loginThroughPage(phone);
    await phone.goto('/sys/user');
    await node(phone, 'E2E').waitFor();
    await screenshot(phone, 'base-user-zh-cn-narrow');
    await context.close();
    assert.deepEqual(consoleErrors.filter((e) => !/favicon|status of 4\d\d/.test(e)), []);
  });
});
