/**
 * What a first-time admin meets (issue: an accessible, polished console), each asserted in the browser: one
 * meaning per label on the menu screen, menu names in the UI language, the next dictionary type after a
 * delete, plugin logos as images, a cancellable import; and keyboard-only work with visible focus.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { loginThroughPage, screenshot, startHarness, switchLook } from './harness';
import type { Harness } from './harness';

/** A 1×1 PNG as the reference family stores plugin logos: bare base64. */
const SKIP_LABEL = '跳过有错误的行';
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('a polished first look, in the browser', () => {
  let h: Harness;
  let page: Page;
  before(async () => {
    h = await startHarness();
    ({ page } = await h.newPage({ width: 1440, height: 900 }));
    await loginThroughPage(page);
  });
  after(async () => {
    await h?.close();
  });

  const toolbarLabels = async () => (await page.locator('[data-testid="crud-screen"] .crud-toolbar > button, [data-testid="crud-screen"] .crud-toolbar > span > button').allInnerTexts()).map((s) => s.trim()).filter(Boolean);

  it('the menu screen has one meaning per label: menu export/import apart from the data export/import', async () => {
    await page.goto('/sys/menu');
    await page.locator('.crud-toolbar [data-action="export"]').waitFor();
    const labels = await toolbarLabels();
    assert.equal(new Set(labels).size, labels.length, `no label twice: ${labels.join(', ')}`);
    assert.equal((await page.locator('.crud-toolbar [data-action="export"]').innerText()).trim(), '导出菜单');
    assert.equal((await page.locator('.crud-toolbar [data-action="import"]').innerText()).trim(), '导入菜单');
    assert.equal((await page.getByTestId('crud-export').innerText()).trim(), '导出');
  });

  it('menu names follow the UI language in the menu table and in the role dialog, as in the sidebar', async () => {
    await switchLook(page, 'en');
    await page.getByTestId('sidebar').getByText('System', { exact: true }).waitFor();
    const names = page.locator('[data-testid="crud-table"] tbody td[aria-colindex]');
    await page.locator('[data-testid="crud-table"] tbody').getByText('System', { exact: true }).first().waitFor();
    assert.equal(await page.locator('[data-testid="crud-table"] tbody').getByText('系统管理', { exact: true }).count(), 0, 'no seeded zh-cn name left');
    assert.ok((await names.count()) > 0);
    await page.goto('/sys/role');
    await page.getByTestId('crud-add').click();
    const tree = page.locator('.semi-modal .crud-check-tree').first();
    await tree.getByText('System', { exact: true }).first().waitFor();
    assert.equal(await tree.getByText('系统管理', { exact: true }).count(), 0);
    await page.keyboard.press('Escape');
    await page.locator('.semi-modal').first().waitFor({ state: 'hidden' });
    await switchLook(page, 'zh-cn');
  });

  it('deleting the chosen dictionary type moves to the next type, not to "all"', async () => {
    const knex = h.app.instance.services.knex;
    const at = { createTime: '2026-01-01 00:00:00', updateTime: '2026-01-01 00:00:00' };
    await knex('dict_type').insert([
      { name: '甲类型', key: 'a11yFirst', ...at },
      { name: '乙类型', key: 'a11ySecond', ...at },
    ]);
    const first = (await knex('dict_type').where({ key: 'a11yFirst' }).first('id')) as { id: number };
    const second = (await knex('dict_type').where({ key: 'a11ySecond' }).first('id')) as { id: number };
    await page.goto(`/dict/list?f.typeId=${first.id}`);
    const side = page.getByTestId('crud-sidebar');
    await side.getByText('甲类型').click({ button: 'right' });
    await page.locator('[data-testid="tree-context-menu"] [data-op="delete"]').click();
    await page.locator('.semi-modal').getByRole('button', { name: '确定' }).click();
    await page.waitForURL((u) => u.searchParams.get('f.typeId') === String(second.id));
    await side.getByText('甲类型').waitFor({ state: 'detached' });
    assert.match((await side.locator('.semi-tree-option-selected').innerText()).trim(), /^乙类型/);
  });

  it('the plugin list shows a logo as a picture, not its base64 text', async () => {
    const knex = h.app.instance.services.knex;
    await knex('plugin_info').insert({ name: 'Logo plugin', keyName: 'a11yLogo', version: '1.0.0', author: 'a11y', status: 0, logo: PNG_BASE64, createTime: '2026-01-01 00:00:00', updateTime: '2026-01-01 00:00:00' });
    await page.goto('/helper/plugins');
    const row = page.locator('tr[data-row-id]', { hasText: 'a11yLogo' });
    await row.waitFor();
    const src = await row.locator('img').first().getAttribute('src');
    assert.ok(src?.startsWith('data:image/png;base64,iVBOR'), String(src));
    assert.ok(!(await row.innerText()).includes('iVBOR'), 'no base64 text in the row');
  });

  it('an import can be cancelled from its dialog; the server stops it part-way', async () => {
    const knex = h.app.instance.services.knex;
    const count = async () => Number((await knex('demo_goods').count({ n: '*' }))[0]!.n);
    const before = await count();
    const lines = ['标题,价格,状态', ...Array.from({ length: 90000 }, (_, i) => `Bulk ${i},1.00,启用`)];
    await page.goto('/demo/goods');
    await page.getByTestId('crud-import').click();
    await page.getByTestId('import-file').setInputFiles({ name: 'goods.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
    // Batch by batch ("skip rows with errors"): the all-or-nothing mode holds one transaction, and on SQLite's
    // single connection the cancel is written only after it (server: dataJob/importJob.ts).
    // The preview of a large file takes a while on a busy machine. 90 000 rows: under IMPORT_MAX_ROWS (100 000).
    await page.getByTestId('import-preview').waitFor({ timeout: 90_000 });
    await page.locator('[data-testid="import-body"] .semi-radio', { hasText: SKIP_LABEL }).click();
    await page.getByTestId('import-start').click();
    // By keyboard: the dialog re-renders on every progress poll.
    await page.getByTestId('import-cancel').focus();
    await page.keyboard.press('Enter');
    // Ended (done 2, failed 3, cancelled 4): it must be the cancel that ended it.
    await page.locator('[data-testid="import-progress"]:is([data-status="2"], [data-status="3"], [data-status="4"])').waitFor({ timeout: 60_000 });
    assert.equal(await page.getByTestId('import-progress').getAttribute('data-status'), '4', await page.getByTestId('import-progress').innerText());
    assert.match(await page.getByTestId('import-progress').innerText(), /导入已取消/);
    assert.equal(await page.getByTestId('import-cancel').count(), 0, 'no cancel once it has ended');
    const written = (await count()) - before;
    assert.ok(written < 90000, `stopped part-way: ${written} of 90000 rows written`);
    await page.keyboard.press('Escape');
  });
});

/** Where focus is: its test id or tag, name and whether a visible focus indicator is drawn. */
async function focused(page: Page): Promise<{ id: string; text: string; ring: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return { id: '', text: '', ring: false };
    // The element's own outline or shadow, or (Semi inputs) the focus state its wrapper draws. No named
    // helper: tsx would wrap it in one the page does not have.
    let ring = false;
    for (const e of [el, el.parentElement, el.parentElement?.parentElement]) {
      if (!e) continue;
      const css = getComputedStyle(e);
      if ((css.outlineStyle !== 'none' && parseFloat(css.outlineWidth) > 0) || css.boxShadow !== 'none' || /-focus\b/.test(e.className.toString())) ring = true;
    }
    return { id: el.dataset.testid ?? el.id ?? el.tagName, text: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40), ring };
  });
}

/** Waits for focus to come back to a row's operation button; a timeout says where focus is instead. */
async function focusBackOn(page: Page, op: string): Promise<void> {
  try {
    await page.waitForFunction((o) => (document.activeElement as HTMLElement | null)?.dataset.op === o, op, { timeout: 10_000 });
  } catch {
    const where = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? `${el.tagName} ${el.outerHTML.slice(0, 160)}, in a dialog: ${el.closest('[role="dialog"]') !== null}` : 'none';
    });
    const rows = await page.locator(`[data-op="${op}"]`).count();
    assert.fail(`focus not back on the row's "${op}" button (${rows} such buttons on the page); focus is on ${where}`);
  }
}

/** Tabs until `match` has focus (bounded), checking every stop shows a focus indicator. */
async function tabTo(page: Page, match: (f: { id: string; text: string }) => boolean, max = 60, shift = false): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    if (f.id !== 'BODY') assert.ok(f.ring, `visible focus on ${f.id} "${f.text}"`);
    if (match(f)) return;
  }
  throw new Error('never reached by Tab');
}

describe('keyboard only', () => {
  let h: Harness;
  let page: Page;
  before(async () => {
    h = await startHarness();
    ({ page } = await h.newPage({ width: 1440, height: 900 }));
  });
  after(async () => {
    await h?.close();
  });

  it('signs in, reaches a screen from the sidebar, searches, adds with a validation error fixed, edits, deletes, and every overlay closes with Escape back to its opener', async () => {
    // Sign in by keyboard: the fields in order, Enter submits.
    await page.goto('/login');
    await page.getByTestId('login-captcha-img').locator('img').waitFor();
    await page.getByTestId('login-username').focus();
    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    const { TEST_ADMIN_PASSWORD, TEST_CAPTCHA } = await import('./harness');
    await page.keyboard.type(TEST_ADMIN_PASSWORD);
    await tabTo(page, (f) => f.id === 'login-captcha-input');
    await page.keyboard.type(TEST_CAPTCHA);
    await page.keyboard.press('Enter');
    await page.getByTestId('main-layout').waitFor();
    assert.match(await page.title(), /Schema Admin/);

    // The skip link comes first and moves focus into the page.
    await page.keyboard.press('Tab');
    assert.equal((await focused(page)).id, 'skip-to-main');
    await screenshot(page, 'keyboard-skip-link-zh-light');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'sa-main');

    // The sidebar by keyboard: open "示例管理", then "商品列表".
    await page.getByTestId('sidebar').locator('button', { hasText: '示例管理' }).focus();
    await page.keyboard.press('Enter');
    await tabTo(page, (f) => f.id === 'menu-item-/demo/goods');
    await screenshot(page, 'keyboard-sidebar-focus-zh-light');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/demo/goods');
    await page.locator('[data-testid="crud-screen"]').waitFor();
    assert.match(await page.title(), /商品列表/);

    // Add: Enter on the add button, save empty → errors announced; fill, save.
    await page.getByTestId('crud-add').focus();
    await page.keyboard.press('Enter');
    await page.locator('#root_title').waitFor();
    await page.getByTestId('crud-save').focus();
    await page.keyboard.press('Enter');
    await page.locator('#root_title__error').waitFor();
    assert.ok(await page.locator('.semi-modal [role="alert"], .semi-modal [aria-live]').count(), 'validation errors in a live region');
    await page.locator('#root_title').focus();
    await page.keyboard.type('Keyboard goods');
    await page.locator('#root_price').focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('12.5');
    // A select: Enter opens it, arrows move, Enter picks.
    await page.locator('[data-field="type"] [role="combobox"]').focus();
    await page.keyboard.press('Enter');
    await page.locator('.semi-select-option').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.locator('.semi-select-option').first().waitFor({ state: 'hidden' });
    // A switch: Space toggles it.
    const status = page.locator('[data-field="status"] [role="switch"]');
    const was = await status.getAttribute('aria-checked');
    await status.focus();
    await page.keyboard.press('Space');
    assert.notEqual(await status.getAttribute('aria-checked'), was, 'the switch toggled by keyboard');
    // A number: typed over its value.
    await page.locator('#root_stock').focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('7');
    await screenshot(page, 'keyboard-form-focus-zh-light');
    await page.getByTestId('crud-save').focus();
    await page.keyboard.press('Enter');
    await page.getByText('保存成功').first().waitFor();
    const saved = await h.app.instance.services.knex('demo_goods').where({ title: 'Keyboard goods' }).first();
    assert.ok(saved, 'saved by keyboard');
    assert.equal(Number(saved.price), 12.5);
    assert.equal(Number(saved.stock), 7);
    assert.ok(saved.type !== null && saved.type !== undefined, 'a type picked by keyboard');
    assert.equal(Number(saved.status), was === 'true' ? 0 : 1);

    // Search by keyboard.
    await page.locator('[data-testid="crud-screen"] input[placeholder="标题"]').focus();
    await page.keyboard.type('Keyboard');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.search.includes('Keyboard'));
    const row = page.locator(`[data-testid="crud-table"] tr[data-row-id="${saved.id}"]:visible`).first();
    await row.waitFor();
    await screenshot(page, 'keyboard-search-zh-light');

    // Edit the row by keyboard, Escape closes the dialog and focus returns to the edit button.
    const edit = row.locator('[data-op="edit"]');
    await edit.focus();
    await page.keyboard.press('Enter');
    await page.locator('#root_title').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('#root_title').waitFor({ state: 'detached' });
    await focusBackOn(page, 'edit');

    // The history drawer: Escape closes it, focus back on its button.
    const history = row.locator('[data-op="history"]');
    await history.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('crud-history').waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') !== null);
    // Focus stays in the drawer while tabbing.
    for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
    assert.ok(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null), 'focus trapped in the drawer');
    await page.keyboard.press('Escape');
    await focusBackOn(page, 'history');

    // Delete by keyboard: the confirmation takes focus, Enter on its confirm button deletes.
    const del = row.locator('[data-op="delete"]');
    await del.focus();
    await page.keyboard.press('Enter');
    await page.locator('.semi-modal').getByRole('button', { name: '确定' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('删除成功').first().waitFor();
    assert.equal(await h.app.instance.services.knex('demo_goods').where({ id: saved.id }).first(), undefined);

    // The same focus ring in English and dark mode.
    await switchLook(page, 'en', true);
    await page.getByTestId('crud-refresh').focus();
    await page.keyboard.press('Tab');
    assert.ok((await focused(page)).ring, 'visible focus in dark mode');
    await screenshot(page, 'keyboard-toolbar-focus-en-dark');
    await page.getByTestId('sidebar').locator('a[data-testid="menu-item-/demo/order"]').focus();
    await screenshot(page, 'keyboard-sidebar-focus-en-dark');
  });

  it('fills every widget of the form showcase by keyboard (en dark): text, decimal, number, switch, select, date, date-time, cron, icon, image upload, password, JSON, textarea, rich text', async () => {
    // Playwright turns on file-chooser interception when the first listener is added, asynchronously: added
    // here, long before a button opens one (else the first chooser may open for real and block the next).
    page.on('filechooser', () => undefined);
    await page.goto('/demo/crud');
    await switchLook(page, 'en', true);
    const formTab = page.getByRole('tab', { name: 'Form widgets' });
    await formTab.focus();
    await page.keyboard.press('Enter');
    const form = page.locator('.crud-demo-form');
    await form.locator('#root_title').waitFor();
    const section = async (name: string) => {
      await form.getByRole('tab', { name }).focus();
      await page.keyboard.press('Enter');
    };
    const typeInto = async (selector: string, text: string) => {
      await form.locator(selector).focus();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(text);
    };
    // Basics: a too-short title first, so the validation error is met and fixed.
    await typeInto('#root_title', 'K');
    await typeInto('#root_price', '99.5');
    await typeInto('#root_stock', '5');
    await page.keyboard.press('ArrowUp');
    await form.locator('#root_status').focus();
    await page.keyboard.press('Space');
    await form.locator('#root_onSale').focus();
    await page.keyboard.press('Space');
    await form.locator('#root_level').focus();
    await page.keyboard.press('Enter');
    await page.locator('.semi-select-option').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.locator('.semi-select-option').first().waitFor({ state: 'hidden' });
    // Time: dates typed into the picker's input, Enter takes them, Escape closes the panel.
    await section('Time');
    for (const [field, text] of [['day', '2026-11-28'], ['at', '2026-11-28 10:30:00']] as const) {
      const box = form.locator(`[data-field="${field}"] [role="combobox"]`);
      assert.equal(await box.getAttribute('aria-label'), field === 'day' ? 'Date' : 'Date and time', 'the picker is named by its field, in the UI language');
      await box.locator('input').focus();
      await page.keyboard.type(text);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
    }
    await typeInto('#root_cron', '0 0 3 * * *');
    // Icon and images: an icon option is a button; an upload button opens the file chooser.
    await section('Icon and images');
    await form.getByTestId('icon-option-home').focus();
    await page.keyboard.press('Enter');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    for (const field of ['cover', 'images']) {
      const button = form.locator(`.crud-upload[data-field="${field}"] button`).first();
      await button.focus();
      await page.waitForFunction((name) => document.activeElement?.getAttribute('aria-label') === name, await button.getAttribute('aria-label'));
      const [chooser] = await Promise.all([page.waitForEvent('filechooser', { timeout: 8000 }), page.keyboard.press('Enter')]);
      await chooser.setFiles({ name: `${field}.png`, mimeType: 'image/png', buffer: png });
      await form.locator(`.crud-upload[data-field="${field}"] img`).first().waitFor();
    }
    // More: the password's show button is named in English here and shows the text; JSON, textarea, rich text.
    await section('More');
    await typeInto('#root_password', 'secret123');
    const toggle = form.getByRole('button', { name: 'Show password' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    assert.equal(await form.locator('#root_password').getAttribute('type'), 'text');
    assert.equal(await form.getByRole('button', { name: 'Hide password' }).count(), 1);
    assert.equal((await form.locator('label[for="root_meta"]').innerText()).trim(), 'Extra data', 'a free-form JSON field is drawn, with its label');
    await typeInto('#root_meta', '{"shelf": 4}');
    await typeInto('#root_remark', 'typed remark');
    await form.locator('[data-field="content"] [contenteditable="true"]').focus();
    await page.keyboard.type('Rich ');
    await page.keyboard.press('ControlOrMeta+B');
    await page.keyboard.type('bold');
    await screenshot(page, 'keyboard-widgets-en-dark');
    // Validate: the short title is refused and announced; fixed, the form is valid.
    const validate = page.getByTestId('crud-demo-validate');
    await validate.focus();
    await page.keyboard.press('Enter');
    await form.locator('#root_title__error').waitFor();
    await section('Basics');
    await typeInto('#root_title', 'Keyboard showcase');
    await validate.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Valid', { exact: true }).first().waitFor();
    const value = JSON.parse(await page.getByTestId('crud-demo-value').innerText()) as Record<string, unknown>;
    assert.equal(value.title, 'Keyboard showcase');
    assert.equal(Number(value.price), 99.5);
    assert.equal(value.stock, 6, 'typed 5, ArrowUp made it 6');
    assert.equal(value.status, 0, 'the switch started on');
    assert.equal(value.onSale, true);
    assert.ok([1, 2, 3].includes(value.level as number), `a level picked: ${String(value.level)}`);
    assert.equal(value.day, '2026-11-28');
    assert.equal(value.at, '2026-11-28 10:30:00');
    assert.equal(value.cron, '0 0 3 * * *');
    assert.equal(value.icon, 'icon-home');
    assert.match(String(value.cover), /\.png$/);
    assert.ok(Array.isArray(value.images) && value.images.length === 1, 'one image in the set');
    assert.equal(value.password, 'secret123');
    assert.deepEqual(value.meta, { shelf: 4 });
    assert.equal(value.remark, 'typed remark');
    // Whether the space typed before Ctrl+B lands before or inside the bold run is the editor's timing (seen both
    // ways in Chromium under load); one space, and "bold" bold, either way.
    assert.match(String(value.content), /Rich(?: <(strong|b)>|<(strong|b)> )bold<\/(strong|b)>/);
  });

  it('trees by keyboard: one tab stop, arrows, Enter chooses a department, Shift+F10 opens its menu, Space checks a role\'s menus', async () => {
    await page.goto('/sys/user');
    await switchLook(page, 'zh-cn', false);
    const side = page.getByTestId('crud-sidebar');
    await side.locator('[role="treeitem"]').nth(1).waitFor();
    assert.equal(await side.locator('[role="treeitem"][tabindex="0"]').count(), 1, 'one tab stop in the tree');
    // From the tree's filter box, Tab reaches the tree; ArrowDown moves to the first department.
    await side.locator('input').first().focus();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('role')), 'treeitem');
    assert.ok((await focused(page)).ring, 'visible focus on the tree item');
    await page.keyboard.press('ArrowDown');
    const dept = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.key);
    assert.ok(dept && dept !== '__all', `a department has the focus: ${String(dept)}`);
    const listed = page.waitForRequest((r) => r.url().endsWith('/admin/base/sys/user/page') && JSON.stringify(r.postDataJSON()).includes('departmentIds'));
    await page.keyboard.press('Enter');
    await listed;
    assert.equal(await side.locator(`[role="treeitem"][data-key="${dept}"]`).getAttribute('aria-selected'), 'true');
    await screenshot(page, 'keyboard-tree-focus-zh-light');
    // Its node menu by keyboard; arrows move inside it; Escape gives the focus back to the node.
    await page.keyboard.press('Shift+F10');
    await page.getByTestId('tree-context-menu').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('role')), 'menuitem');
    const first = await page.evaluate(() => document.activeElement?.textContent);
    await page.keyboard.press('ArrowDown');
    assert.notEqual(await page.evaluate(() => document.activeElement?.textContent), first, 'ArrowDown moved in the menu');
    await page.keyboard.press('Escape');
    await page.getByTestId('tree-context-menu').waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.key), dept);

    // The role dialog's menu tree: Space checks the focused menu; saved by keyboard.
    await page.goto('/sys/role');
    await page.getByTestId('crud-add').waitFor();
    await page.getByTestId('crud-add').focus();
    await page.keyboard.press('Enter');
    await page.locator('#root_name').waitFor();
    await page.locator('#root_name').focus();
    await page.keyboard.type('Keyboard role');
    await page.locator('#root_label').focus();
    await page.keyboard.type('kb_role');
    const menus = page.locator('.semi-modal [data-field="menuIdList"]');
    const stop = menus.locator('[role="treeitem"][tabindex="0"]');
    await stop.waitFor();
    await stop.focus();
    await page.keyboard.press('End');
    const leaf = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.key);
    await page.keyboard.press('Space');
    await page.waitForFunction((key) => document.querySelector(`.semi-modal [data-field="menuIdList"] [role="treeitem"][data-key="${key}"]`)?.getAttribute('aria-checked') === 'true', leaf);
    await page.getByTestId('crud-save').focus();
    await page.keyboard.press('Enter');
    await page.getByText('保存成功').first().waitFor();
    const role = await h.app.instance.services.knex('base_sys_role').where({ label: 'kb_role' }).first();
    assert.ok(role, 'the role was saved');
    const links = await h.app.instance.services.knex('base_sys_role_menu').where({ roleId: role.id }).pluck('menuId');
    assert.ok(links.map(String).includes(String(leaf)), `the checked menu ${String(leaf)} is linked: ${links.join(',')}`);
  });
});
