/**
 * A new admin's path, end to end in Chromium (issue 16 item 6), through the UI only: the server is started
 * the way `npm start` starts it — `node scripts/start.mjs` (the `start` script of package.json: it builds the
 * console only when stale, already done by the test runner, then runs the server) — on an EMPTY data folder
 * with no ADMIN_PASSWORD, so the admin's password is read from the start-up output as a new user reads it.
 * CAPTCHA_FIXED_CODE answers the captcha. Then: sign in, change the password in the personal centre, sign
 * out, sign in with the new one; create a department, a role limited to the user list's page/info buttons and
 * to that department, and a user of that role in it; sign in as him: the sidebar, the rows and the buttons
 * are only what the role allows. The server is only read (HTTP, as admin) to assert.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM_ARGS, loginThroughPage, screenshot } from './harness';
import { testDatabases } from '../../../runtime-server/src/testing/forEachDb.js';
import type { TestDb } from '../../../runtime-server/src/testing/forEachDb.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const CAPTCHA = '5307';
const NEW_PASSWORD = 'Journey-2nd';
const USER = { username: 'journey_clerk', password: 'clerk-pass-1' };
const DEPT = '旅程部';
const ROLE = '旅程只读';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const rows = (page: Page) => page.locator('[data-testid="crud-table"] tbody tr[data-row-id]');
const settle = (page: Page) => page.waitForFunction(() => !document.querySelector('[data-testid="crud-table"] .semi-spin-spinning'));
const toast = (page: Page, text: string | RegExp) => page.locator('.semi-toast-content').filter({ hasText: text }).first().waitFor();
const sidebarNode = (page: Page, name: string) =>
  page.getByTestId('crud-sidebar').locator('.semi-tree-option').filter({ has: page.getByText(name, { exact: true }) });

const signIn = (page: Page, username: string, password: string) => loginThroughPage(page, username, password, CAPTCHA);

async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await page.getByTestId('logout-confirm').click();
  await page.waitForURL((u) => u.pathname === '/login');
}

/** Checks, in a role dialog's menu tree, the permission `name` listed under the page `pageName`. */
async function checkPermission(page: Page, pageName: string, name: string): Promise<void> {
  const options = page.locator('.crud-field[data-field="menuIdList"] .semi-tree-option');
  const texts = (await options.allInnerTexts()).map((s) => s.trim());
  const at = texts.indexOf(pageName);
  assert.ok(at >= 0, `${pageName} in the menu tree`);
  const i = texts.indexOf(name, at + 1);
  assert.ok(i > at, `${name} under ${pageName}`);
  await options.nth(i).locator('.semi-checkbox').click();
}

// On the embedded SQLite (`npm start` as a new user runs it), and once on an empty PostgreSQL database named by
// DATABASE_URL: the same path, screens and answers on the third database.
const TARGETS: (TestDb | undefined)[] = [undefined, ...testDatabases().filter((d) => d.name === 'postgres')];

for (const target of TARGETS) describe(`a new user’s path: npm start on an empty ${target ? 'PostgreSQL database' : 'data folder'} → limited user`, () => {
  let server: ChildProcess;
  const shot = (p: Page, name: string) => screenshot(p, target ? `${name}-${target.name}` : name);
  let output = '';
  let baseUrl = '';
  let dataDir = '';
  let browser: Browser;
  let adminPassword = '';
  const consoleErrors: string[] = [];

  /** Reads the server as the admin of the given page (its token from localStorage); a query string means GET. */
  const read = async (page: Page, url: string, body: unknown = {}) => {
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null') as string);
    const get = url.includes('?');
    const res = await fetch(`${baseUrl}/api${url}`, {
      method: get ? 'GET' : 'POST',
      headers: { Authorization: token, 'Content-Type': 'application/json' },
      ...(get ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as { code: number; data: unknown; message?: string };
    assert.equal(json.code, 1000, `${url}: ${JSON.stringify(json)}`);
    return json.data;
  };

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-journey-'));
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), CAPTCHA_FIXED_CODE: CAPTCHA };
    for (const k of ['ADMIN_PASSWORD', 'DATABASE_URL', 'NODE_ENV', 'NODE_TEST_CONTEXT', 'NODE_OPTIONS']) delete env[k];
    if (target) env.DATABASE_URL = (await target.config({}, { empty: true })).databaseUrl;
    // Its own process group: the start script's child (the server) is stopped with it.
    server = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const ready = new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (/listening on http:\/\/127\.0\.0\.1:\d+/.test(output)) resolve();
      };
      server.stdout!.on('data', onData);
      server.stderr!.on('data', onData);
      server.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
    });
    const timeout = setTimeout(() => server.kill('SIGKILL'), 45_000);
    await ready;
    clearTimeout(timeout);
    baseUrl = `http://127.0.0.1:${port}`;
    const printed = /generated password \(shown once\): (\S+)/.exec(output);
    assert.ok(printed, `the start-up output names the admin password:\n${output}`);
    adminPassword = printed[1]!;
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  });

  after(async () => {
    await browser?.close().catch(() => {});
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
      process.kill(-server.pid!, 'SIGTERM');
      const forced = setTimeout(() => process.kill(-server.pid!, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(forced);
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    await target?.cleanup();
  });

  const newPage = async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 820 }, baseURL: baseUrl });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    page.on('pageerror', (e) => consoleErrors.push(String(e)));
    return { context, page };
  };

  it('walks the path: first sign-in, new password, department, role, user, the user sees only what his role allows', async () => {
    const { context, page } = await newPage();

    // 1. The printed password signs the admin in; he changes it in the personal centre.
    await signIn(page, 'admin', adminPassword);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-info').click();
    await page.getByTestId('view-my-info').waitFor();
    await page.getByTestId('my-old-password').fill(adminPassword);
    await page.getByTestId('my-new-password').fill(NEW_PASSWORD);
    await shot(page, 'journey-my-info-zh-cn-light');
    await page.getByTestId('my-save').click();
    await toast(page, '修改成功');
    await signOut(page);
    // The old password is refused now, the new one signs in (the code typed once the captcha is in: its arrival
    // clears the box).
    await page.getByTestId('login-captcha-img').locator('img').waitFor();
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill(adminPassword);
    await page.getByTestId('login-captcha-input').fill(CAPTCHA);
    await page.getByTestId('login-submit').click();
    await toast(page, '账户或密码不正确');
    assert.equal(new URL(page.url()).pathname, '/login');
    await signIn(page, 'admin', NEW_PASSWORD);

    // 2. A department under the root, from the user screen's organisation tree.
    await page.goto('/sys/user');
    await rows(page).first().waitFor();
    const seeded = (await read(page, '/admin/base/sys/department/list')) as { id: number; name: string; parentId: number | null }[];
    const root = seeded.find((d) => d.parentId === null)!;
    await sidebarNode(page, root.name).click({ button: 'right' });
    await page.getByTestId('tree-context-menu').locator('[data-op="addChild"]').click();
    await page.locator('#root_name').fill(DEPT);
    await page.getByTestId('crud-save').click();
    await sidebarNode(page, DEPT).waitFor();
    const depts = (await read(page, '/admin/base/sys/department/list')) as { id: number; name: string; parentId: number | null }[];
    const dept = depts.find((d) => d.name === DEPT)!;
    assert.equal(dept?.parentId, root.id, 'the department is stored under the root');

    // 3. A role: the user list with only its page, info and department-list buttons; data scope: that department.
    await page.goto('/sys/role');
    await rows(page).first().waitFor();
    await page.getByTestId('crud-add').click();
    await page.locator('#root_name').fill(ROLE);
    await page.locator('#root_label').fill('journey_ro');
    await page.locator('.crud-field[data-field="menuIdList"] .semi-tree-option').first().waitFor();
    for (const perm of ['分页查询', '单个信息', '部门列表']) await checkPermission(page, '用户列表', perm);
    await page.locator('.crud-field[data-field="departmentIdList"] .semi-tree-option').filter({ hasText: new RegExp(`^${DEPT}$`) }).locator('.semi-checkbox').click();
    await shot(page, 'journey-role-dialog-zh-cn-light');
    await page.getByTestId('crud-save').click();
    await toast(page, '保存成功');
    const roles = (await read(page, '/admin/base/sys/role/list')) as { id: number; label: string }[];
    const role = roles.find((r) => r.label === 'journey_ro')!;
    const info = (await read(page, `/admin/base/sys/role/info?id=${role.id}`)) as { menuIdList: number[]; departmentIdList: number[] };
    assert.deepEqual(info.departmentIdList, [dept.id]);

    // 4. A user in that department holding the role.
    await page.goto('/sys/user');
    await rows(page).first().waitFor();
    await page.getByTestId('crud-add').click();
    await page.locator('#root_username').fill(USER.username);
    await page.locator('#root_name').fill('旅程职员');
    await page.locator('#root_password').fill(USER.password);
    await page.locator('.crud-field[data-field="roleIdList"] .semi-select').click();
    await page.locator('.semi-select-option').filter({ hasText: ROLE }).click();
    await page.keyboard.press('Escape');
    await page.locator('.crud-field[data-field="departmentId"] .semi-tree-select').click();
    await page.locator('.semi-tree-select-popover .semi-tree-option').filter({ hasText: new RegExp(`^${DEPT}$`) }).click();
    await shot(page, 'journey-user-dialog-zh-cn-light');
    await page.getByTestId('crud-save').click();
    await toast(page, '保存成功');
    const all = ((await read(page, '/admin/base/sys/user/page', { size: 100 })) as { list: { username: string; departmentId: number }[] }).list;
    const inDept = all.filter((u) => u.departmentId === dept.id).map((u) => u.username).sort();
    assert.deepEqual(inDept, [USER.username]);
    assert.ok(all.length > inDept.length, 'the admin sees users outside that department');
    await signOut(page);
    await context.close();

    // 5. The new user: menus, rows and buttons are only what the role allows.
    const { context: clerkContext, page: clerk } = await newPage();
    await signIn(clerk, USER.username, USER.password);
    const side = clerk.getByTestId('sidebar');
    await side.getByText('用户列表').waitFor();
    const sideText = await side.innerText();
    for (const hidden of ['角色列表', '菜单列表', '参数列表', '请求日志']) assert.doesNotMatch(sideText, new RegExp(hidden), `${hidden} not in the sidebar`);
    // Without the dashboard among his menus, his first page (the user list) is his home, at '/' (menu.ts).
    assert.equal(new URL(clerk.url()).pathname, '/');
    await clerk.getByTestId('crud-sidebar').waitFor();
    await rows(clerk).first().waitFor();
    await settle(clerk);
    const shown = await rows(clerk).allInnerTexts();
    assert.equal(shown.length, inDept.length, shown.join(' | '));
    assert.match(shown.join('\n'), new RegExp(USER.username));
    assert.doesNotMatch(shown.join('\n'), /\badmin\b/, 'the admin, outside his department, is not listed');
    await sidebarNode(clerk, DEPT).waitFor();
    assert.equal(await clerk.getByTestId('crud-add').count(), 0, 'no add button');
    assert.equal(await clerk.locator('[data-op="delete"]').count(), 0, 'no delete button on rows');
    assert.equal(await clerk.locator('[data-op="edit"]').count(), 0, 'no edit button on rows');
    await shot(clerk, 'journey-clerk-users-zh-cn-light');
    // His one row button opens the record read-only; the department tree offers him no node menu.
    await rows(clerk).first().locator('[data-op="info"]').click();
    // (It used to send him to the 403 page: the role picker's lookup of roles he may not list.)
    await clerk.locator('#root_username').waitFor();
    assert.equal(await clerk.locator('#root_username').inputValue(), USER.username);
    assert.ok(await clerk.locator('#root_username').isDisabled(), 'details are read-only');
    assert.equal(await clerk.getByTestId('crud-save').count(), 0, 'no save in details');
    await shot(clerk, 'journey-clerk-details-zh-cn-light');
    assert.equal(new URL(clerk.url()).pathname, '/', 'still on his page');
    await clerk.keyboard.press('Escape');
    await clerk.locator('#root_username').waitFor({ state: 'detached' });
    await sidebarNode(clerk, DEPT).click({ button: 'right' });
    assert.equal(await clerk.getByTestId('tree-context-menu').count(), 0, 'no department add/edit/delete');

    // Reading is granted, so is exporting what he reads: the file holds his department's rows only.
    await clerk.getByTestId('crud-export').click();
    const exportDialog = clerk.getByTestId('export-body');
    await exportDialog.getByText('CSV', { exact: true }).click();
    await clerk.getByTestId('export-start').click();
    await clerk.getByTestId('export-download').waitFor();
    const [download] = await Promise.all([clerk.waitForEvent('download'), clerk.getByTestId('export-download').click()]);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    assert.match(csv, new RegExp(USER.username));
    assert.doesNotMatch(csv, /\badmin\b/, 'the export keeps the data scope');
    await clerk.getByTestId('export-close').click();

    // The same screen in English, dark.
    await clerk.getByTestId('locale-switch').click();
    await clerk.getByTestId('locale-en').click();
    await clerk.getByTestId('locale-en').waitFor({ state: 'hidden' });
    await clerk.getByTestId('dark-switch').click();
    await clerk.waitForFunction(() => document.body.getAttribute('theme-mode') === 'dark');
    // The switch reveals the new theme through an animated view transition: shoot once it has ended.
    await clerk.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    await side.getByText('Users', { exact: true }).waitFor();
    assert.doesNotMatch(await clerk.locator('.crud-toolbar').innerText(), /[\u4e00-\u9fff]/, 'toolbar in English');
    await shot(clerk, 'journey-clerk-users-en-dark');
    await clerk.getByTestId('locale-switch').click();
    await clerk.getByTestId('locale-zh-cn').click();
    await clerk.getByTestId('locale-zh-cn').waitFor({ state: 'hidden' });
    await side.getByText('用户列表').waitFor();
    await shot(clerk, 'journey-clerk-users-zh-cn-dark');
    await clerk.getByTestId('dark-switch').click();
    await clerk.waitForFunction(() => document.body.getAttribute('theme-mode') !== 'dark');
    await clerk.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    await clerk.getByTestId('locale-switch').click();
    await clerk.getByTestId('locale-en').click();
    await clerk.getByTestId('locale-en').waitFor({ state: 'hidden' });
    await side.getByText('Users', { exact: true }).waitFor();
    await shot(clerk, 'journey-clerk-users-en-light');
    await clerkContext.close();

    assert.deepEqual(consoleErrors.filter((e) => !/favicon|status of 4\d\d/.test(e)), []);
  });
});
