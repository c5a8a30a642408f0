/**
 * The console shell in Chromium against the real server: sign-in, menu tree, tabs, locale, dark mode,
 * reload keeping state, personal center and the route demo.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { loginThroughPage, screenshot, startHarness, TEST_ADMIN_PASSWORD, TEST_CAPTCHA } from './harness';
import type { Harness } from './harness';

/** Any code but the fixed answer. */
const wrongCode = (right: string): string => (right === '0000' ? '1111' : '0000');

describe('console shell in the browser', () => {
  let h: Harness;
  let page: Page;
  let consoleErrors: string[];
  before(async () => {
    h = await startHarness();
    ({ page, consoleErrors } = await h.newPage());
  });
  after(async () => {
    await h?.close();
  });

  it('login page: validates the fields, refuses a wrong code with a new captcha', async () => {
    await page.goto('/');
    await page.waitForURL((u) => u.pathname === '/login');
    const img = page.getByTestId('login-captcha-img').locator('img');
    await img.waitFor();
    await screenshot(page, 'login');

    await page.getByTestId('login-submit').click();
    assert.equal(await page.getByTestId('login-error-username').textContent(), '用户名不能为空');
    assert.equal(await page.getByTestId('login-error-password').textContent(), '密码不能为空');
    assert.equal(await page.getByTestId('login-error-verifyCode').textContent(), '图片验证码不能为空');

    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill('12345');
    await page.getByTestId('login-captcha-input').fill('0000');
    await page.getByTestId('login-submit').click();
    assert.equal(await page.getByTestId('login-error-password').textContent(), '密码长度为 6 到 16 位');
    assert.equal(await page.getByTestId('login-error-username').count(), 0);

    // A wrong code: the server's message as a toast, and a fresh captcha.
    const before = await img.getAttribute('src');
    await page.getByTestId('login-password').fill(TEST_ADMIN_PASSWORD);
    await page.getByTestId('login-captcha-input').fill(wrongCode(TEST_CAPTCHA));
    await page.getByTestId('login-submit').click();
    await page.locator('.semi-toast-content').filter({ hasText: /验证码/ }).first().waitFor();
    await page.waitForFunction((src) => document.querySelector('[data-testid="login-captcha-img"] img')?.getAttribute('src') !== src, before);
    assert.equal(new URL(page.url()).pathname, '/login');

    // Clicking the image fetches another one.
    const current = await img.getAttribute('src');
    await page.getByTestId('login-captcha-img').click();
    await page.waitForFunction((src) => document.querySelector('[data-testid="login-captcha-img"] img')?.getAttribute('src') !== src, current);

    // Switching the language keeps what was typed and the captcha it answers: a text change is no new captcha
    // (a late translation load used to fetch one and clear the typed code, so a quick sign-in went nowhere).
    const shown = await img.getAttribute('src');
    let fetched = 0;
    const count = (r: { url(): string }) => void (r.url().includes('/admin/base/open/captcha') && fetched++);
    page.on('request', count);
    await page.getByTestId('login-captcha-input').fill('1234');
    await page.getByTestId('locale-en').click();
    await page.getByText('A schema-driven admin console').waitFor();
    await page.waitForTimeout(500);
    page.off('request', count);
    assert.equal(fetched, 0, 'no captcha fetched on a language switch');
    assert.equal(await img.getAttribute('src'), shown);
    assert.equal(await page.getByTestId('login-captcha-input').inputValue(), '1234');
    assert.equal(await page.getByTestId('login-username').inputValue(), 'admin');
    await page.getByTestId('locale-zh-cn').click();
  });

  it('signs in with the captcha switch and shows the menu tree from permmenu', async () => {
    await loginThroughPage(page);
    const sidebar = page.getByTestId('sidebar');
    for (const dir of ['系统管理', '数据管理', '扩展管理', '用户管理', '设备管理', '示例管理', '框架教程']) {
      await sidebar.getByText(dir, { exact: true }).waitFor();
    }
    // Hidden entries (home, personal center) are not in the menu.
    assert.equal(await sidebar.getByText('个人中心', { exact: true }).count(), 0);
    await sidebar.getByText('系统管理', { exact: true }).click();
    await sidebar.getByText('权限管理', { exact: true }).click();
    await sidebar.getByText('用户列表', { exact: true }).first().waitFor();
    await sidebar.getByText('角色列表', { exact: true }).waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null'));
    assert.equal(typeof stored, 'string');
  });

  it('opens pages from the menu as tabs and closes them', async () => {
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText('用户列表', { exact: true }).first().click();
    await page.waitForURL((u) => u.pathname === '/sys/user');
    // A schema-backed menu renders the generic CRUD screen of its entity.
    await page.locator('[data-testid="crud-screen"][data-entity="base/sys/user"]').waitFor();
    await page.getByTestId('tab-/sys/user').waitFor();

    await sidebar.getByText('角色列表', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/sys/role');
    await sidebar.getByText('数据管理', { exact: true }).click();
    await sidebar.getByText('字典管理', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/dict/list');
    const tabs = page.getByTestId('tabs');
    await tabs.getByTestId('tab-/dict/list').waitFor();
    assert.equal(await tabs.locator('[data-testid^="tab-/"]').count(), 3);
    await screenshot(page, 'main-light');

    // Close the active tab: back to the last one left.
    await page.getByTestId('tab-close-/dict/list').click();
    await page.waitForURL((u) => u.pathname === '/sys/role');
    assert.equal(await tabs.locator('[data-testid^="tab-/"]').count(), 2);
    // Close a tab that is not active: the page stays.
    await page.getByTestId('tab-close-/sys/user').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid^="tab-/"]').length === 1);
    assert.equal(new URL(page.url()).pathname, '/sys/role');

    await page.getByTestId('tab-/sys/role').waitFor();
    await page.goto('/sys/user');
    await page.getByTestId('tab-/sys/user').waitFor();
    await page.getByTestId('tabs-close-all').click();
    await page.waitForURL((u) => u.pathname === '/');
    assert.equal(await tabs.locator('[data-testid^="tab-/"]').count(), 0);
  });

  it('an http view path opens in an embedded frame', async () => {
    await page.goto('/tutorial/doc');
    const frame = page.getByTestId('view-iframe').locator('iframe');
    await frame.waitFor({ state: 'attached' });
    assert.equal(await frame.getAttribute('src'), 'https://cool-js.com');
  });

  it('switches the locale and every visible shell string follows', async () => {
    // An empty list: every string on screen is the console's own.
    await page.goto('/demo/goods');
    await page.getByTestId('crud-table').getByText('暂无数据').waitFor();
    const zhText = await page.getByTestId('main-layout').innerText();
    await page.getByTestId('locale-switch').click();
    await page.getByTestId('locale-en').click();
    await page.getByTestId('crud-table').getByText('No data').waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    const enText = await page.getByTestId('main-layout').innerText();
    assert.notEqual(enText, zhText);
    assert.doesNotMatch(enText, /暂无数据/);
    // Menus (sidebar, breadcrumb, tabs) included: seeded menu names are translated too.
    const nickName = await page.evaluate(() => String(window.__schemaAdmin!.stores.user.info?.nickName ?? ''));
    const shell = enText.split('\n').filter((line) => !nickName.startsWith(line.trim()) || !line.trim()).join('\n');
    assert.doesNotMatch(shell, /[\u4e00-\u9fff]/, shell);
    // Semi's own strings follow too (empty-state illustration text is ours; check the stored choice).
    assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('locale') ?? 'null')), 'en');
    // Requests now carry the language header: the server answers its messages in English.
    const message = await page.evaluate(async () => {
      const s = window.__schemaAdmin!.stores;
      return s.request({ url: '/admin/base/sys/user/info', params: { id: 'x' } }).then(
        () => '',
        (e: Error) => e.message,
      );
    });
    assert.doesNotMatch(message, /[\u4e00-\u9fff]/, message);
  });

  it('switches to dark mode with the circular reveal and back', async () => {
    await page.getByTestId('dark-switch').click();
    await page.waitForFunction(() => document.body.getAttribute('theme-mode') === 'dark');
    await page.waitForTimeout(500);
    await screenshot(page, 'main-dark');
    assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('dark') ?? 'false')), true);
  });

  it('keeps sign-in, locale, dark mode and the page across a reload', async () => {
    await page.reload();
    await page.getByTestId('crud-screen').waitFor();
    assert.equal(new URL(page.url()).pathname, '/demo/goods');
    assert.equal(await page.evaluate(() => document.body.getAttribute('theme-mode')), 'dark');
    await page.getByTestId('crud-table').getByText('No data').waitFor();
    await page.getByTestId('sidebar').waitFor();
    // Back to light and Chinese for the remaining tests.
    await page.getByTestId('dark-switch').click();
    await page.waitForFunction(() => document.body.getAttribute('theme-mode') !== 'dark');
    await page.getByTestId('locale-switch').click();
    await page.getByTestId('locale-zh-cn').click();
    await page.getByTestId('crud-table').getByText('暂无数据').waitFor();
  });

  it('personal center: nickname required, avatar under 100k, saves the nickname', async () => {
    await page.goto('/my/info');
    await page.getByTestId('view-my-info').waitFor();
    await page.getByTestId('tab-/my/info').waitFor();
    await page.getByTestId('my-nickname').fill('');
    await page.getByTestId('my-save').click();
    assert.equal(await page.getByTestId('my-error-nickName').textContent(), '昵称不能为空');

    await page.getByTestId('my-new-password').fill('abc');
    await page.getByTestId('my-nickname').fill('Ops Lead');
    await page.getByTestId('my-save').click();
    assert.equal(await page.getByTestId('my-error-oldPassword').textContent(), '原密码不能为空');
    assert.equal(await page.getByTestId('my-error-password').textContent(), '密码长度为 6 到 16 位');
    await page.getByTestId('my-new-password').fill('');

    await page.getByTestId('my-avatar-file').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(100 * 1024 + 1) });
    await page.locator('.semi-toast-content').filter({ hasText: '文件不能大于 100k' }).first().waitFor();

    // A small image uploads and becomes the avatar on save.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/admin/base/comm/upload'));
    await page.getByTestId('my-avatar-file').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: png });
    assert.equal((await (await uploaded).json()).code, 1000);
    await page.getByTestId('view-my-info').locator('.semi-avatar img').waitFor();

    await page.getByTestId('my-save').click();
    await page.locator('.semi-toast-content').filter({ hasText: '修改成功' }).first().waitFor();
    const person = await h.app.get('/admin/base/comm/person');
    assert.equal(person.body.data.nickName, 'Ops Lead');
    assert.match(person.body.data.headImg, /^\/api\/upload\/\d{8}\/.*face\.png$/);
    // The top bar follows the new nickname.
    await page.getByTestId('user-menu').getByText('Ops Lead').waitFor();
  });

  it('the route demo shows its parameters, with the name optional', async () => {
    await page.goto('/demo/test/route/7/widget');
    assert.equal(await page.getByTestId('route-param-id').textContent(), '7');
    assert.equal(await page.getByTestId('route-param-name').textContent(), 'widget');
    await page.goto('/demo/test/route/8');
    assert.equal(await page.getByTestId('route-param-id').textContent(), '8');
    assert.equal(await page.getByTestId('route-param-name').textContent(), '（未提供）');
  });

  it('a captcha that cannot be fetched says so', async () => {
    const { page: other } = await h.newPage();
    await other.route('**/api/admin/base/open/captcha**', (route) => route.abort('connectionrefused'));
    await other.goto('/login');
    await other.locator('.semi-toast-content').filter({ hasText: '获取验证码失败' }).first().waitFor();
    await other.getByTestId('locale-en').click();
    await other.unroute('**/api/admin/base/open/captcha**');
    await other.route('**/api/admin/base/open/captcha**', (route) => route.abort('connectionrefused'));
    await other.getByTestId('login-captcha-img').click();
    await other.locator('.semi-toast-content').filter({ hasText: 'Failed to obtain verification code' }).first().waitFor();
    assert.equal(await other.getByTestId('login-submit').textContent(), 'Sign in');
  });

  it('logged no start-up or page errors in the browser console', () => {
    assert.deepEqual(consoleErrors, []);
  });
});
