/**
 * The generic CRUD screen in Chromium against the real server (goods demo): list, keyword and filters,
 * sort, paging, a filtered URL reloaded, add with validation errors, an edit that round-trips every field,
 * history, delete and multi-delete, column settings kept on the server, both languages.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { loginThroughPage, screenshot, startHarness } from './harness';
import type { Harness } from './harness';

const url = (page: Page) => new URL(page.url());
const rows = (page: Page) => page.locator('[data-testid="crud-table"] tbody tr[data-row-id]');
const cellTexts = async (page: Page, column: string) => {
  const headers = await page.locator('[data-testid="crud-table"] thead th').evaluateAll((ths) => ths.map((th) => th.getAttribute('data-column')));
  const index = headers.indexOf(column);
  assert.ok(index >= 0, `column ${column} in ${headers.join(',')}`);
  return rows(page).evaluateAll((trs, i) => trs.map((tr) => (tr.children[i] as HTMLElement | undefined)?.innerText.trim() ?? ''), index);
};
/** Until the rows shown answer the parameters in the URL (not a spinner's timing: it may not have shown yet). */
const settle = (page: Page) =>
  page.waitForFunction(() => {
    const screen = document.querySelector('[data-testid="crud-screen"]');
    return !!screen && screen.getAttribute('aria-busy') !== 'true' && screen.getAttribute('data-shown-query') === location.search.replace(/^\?/, '');
  });

describe('generic CRUD screen (goods) in the browser', () => {
  let h: Harness;
  let page: Page;
  let consoleErrors: string[];
  before(async () => {
    h = await startHarness();
    const knex = h.app.instance.services.knex;
    const ts = (i: number) => `2026-01-01 00:00:${String(i).padStart(2, '0')}`;
    await knex('demo_goods').insert(
      Array.from({ length: 27 }, (_, i) => ({
        title: `Goods ${String(i + 1).padStart(2, '0')}`,
        price: `${i + 1}.25`,
        status: (i + 1) % 2,
        type: (i % 3) + 1,
        stock: i + 1,
        description: i === 4 ? 'special blue tea' : `plain ${i + 1}`,
        createTime: ts(i + 1),
        updateTime: ts(i + 1),
      })),
    );
    ({ page, consoleErrors } = await h.newPage());
    await loginThroughPage(page);
  });
  after(async () => {
    await h?.close();
  });

  it('opens from the menu with Chinese headers, 20 rows, newest first, exact decimals', async () => {
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText('示例管理', { exact: true }).click();
    await sidebar.getByText('商品列表', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/demo/goods');
    await rows(page).first().waitFor();
    const headers = await page.locator('[data-testid="crud-table"] thead').innerText();
    for (const label of ['标题', '价格', '类型', '状态', '库存', '创建时间', '操作']) assert.match(headers, new RegExp(label));
    assert.equal(await rows(page).count(), 20);
    assert.deepEqual((await cellTexts(page, 'title')).slice(0, 2), ['Goods 27', 'Goods 26']);
    assert.equal((await cellTexts(page, 'price'))[0], '27.25');
    assert.match(await page.getByTestId('crud-total').innerText(), /27/);
    await screenshot(page, 'crud-goods-zh-light');
  });

  it('searches by keyword on Enter, filters by an option, sorts and pages, all mirrored in the URL', async () => {
    await page.getByTestId('crud-keyword').fill('blue');
    await page.getByTestId('crud-keyword').press('Enter');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('keyWord') === 'blue');
    await settle(page);
    assert.deepEqual(await cellTexts(page, 'title'), ['Goods 05']);
    await page.getByTestId('crud-reset').click();
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('keyWord'));
    await settle(page);

    await page.locator('[data-filter="status"]').click();
    await page.getByRole('option', { name: '启用' }).click();
    await page.waitForFunction(() => new URL(location.href).searchParams.get('f.status') === '1');
    await settle(page);
    assert.equal(await rows(page).count(), 14);
    assert.ok((await cellTexts(page, 'stock')).every((s) => Number(s) % 2 === 1), 'only enabled (odd) goods');

    // A dictionary filter: goods types come from the goodsType dictionary.
    await page.locator('[data-filter="type"]').click();
    const typeName = (await page.getByRole('option').first().innerText()).trim();
    await page.getByRole('option').first().click();
    await page.waitForFunction(() => new URL(location.href).searchParams.has('f.type'));
    await settle(page);
    assert.ok((await cellTexts(page, 'type')).every((t) => t === typeName), `only ${typeName}`);
    assert.ok((await rows(page).count()) > 0);
    await page.locator('[data-filter="type"]').hover();
    await page.locator('[data-filter="type"] .semi-select-clear').click();
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('f.type'));
    await settle(page);

    await page.locator('th[data-column="price"]').click();
    await page.waitForFunction(() => new URL(location.href).searchParams.get('order') === 'price');
    await settle(page);
    const sort = url(page).searchParams.get('sort');
    const prices = (await cellTexts(page, 'price')).map(Number);
    const sorted = [...prices].sort((a, b) => (sort === 'asc' ? a - b : b - a));
    assert.deepEqual(prices, sorted, `sorted ${sort}`);

    await page.locator('[data-filter="title"]').fill('Goods 1');
    await page.locator('[data-filter="title"]').press('Enter');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('f.title') === 'Goods 1');
    await settle(page);
    assert.ok((await cellTexts(page, 'title')).every((t) => t.startsWith('Goods 1')));

    // The same URL in a new visit shows the same list.
    const before = await cellTexts(page, 'title');
    await page.reload();
    await rows(page).first().waitFor();
    await settle(page);
    assert.deepEqual(await cellTexts(page, 'title'), before);
    assert.equal(await page.locator('[data-filter="title"]').inputValue(), 'Goods 1');

    await page.getByTestId('crud-reset').click();
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('f.status'));
    await settle(page);
    await page.locator('.semi-page-item').filter({ hasText: /^2$/ }).click();
    await page.waitForFunction(() => new URL(location.href).searchParams.get('page') === '2');
    await settle(page);
    assert.equal(await rows(page).count(), 7);
    // The index column (x-screen.index) numbers rows across pages: page 2 of 20 starts at 21.
    assert.deepEqual(await cellTexts(page, '__index'), ['21', '22', '23', '24', '25', '26', '27']);
  });

  it('filters by a number range and a date range from the advanced search, kept in the URL', async () => {
    await page.getByRole('button', { name: '高级搜索' }).click();
    const drawer = page.locator('.semi-sidesheet');
    await drawer.getByLabel('价格 最小').fill('10');
    await drawer.getByLabel('价格 最大').fill('12.5');
    await drawer.getByRole('button', { name: '搜索' }).click();
    await page.waitForFunction(() => new URL(location.href).searchParams.getAll('f.price').join('|') === '10|12.5');
    await settle(page);
    assert.deepEqual((await cellTexts(page, 'price')).sort(), ['10.25', '11.25', '12.25']);

    // A date range arrives by link: whole seconds 5..9 of the seeded times, both ends inclusive.
    await page.goto(`${h.baseUrl}/demo/goods?f.createTime=2026-01-01+00:00:05&f.createTime=2026-01-01+00:00:09`);
    await rows(page).first().waitFor();
    await settle(page);
    assert.deepEqual((await cellTexts(page, 'title')).sort(), ['Goods 05', 'Goods 06', 'Goods 07', 'Goods 08', 'Goods 09']);
    await page.getByRole('button', { name: '高级搜索' }).click();
    assert.match(await drawer.locator('[data-filter="createTime"] input').first().inputValue(), /2026-01-01/);
    await drawer.getByRole('button', { name: '清空' }).click();
    await drawer.getByRole('button', { name: '搜索' }).click();
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('f.createTime'));
    await settle(page);
    assert.equal(await rows(page).count(), 20);
  });

  it('adds with validation errors first (aria-invalid, messages), then saves', async () => {
    await page.getByTestId('crud-add').click();
    await page.getByTestId('crud-save').click();
    const title = page.locator('#root_title');
    await page.waitForFunction(() => document.querySelector('#root_title')?.getAttribute('aria-invalid') === 'true');
    assert.match(await page.locator('[data-field="title"]').innerText(), /标题不能为空/);
    await title.fill('Brand new');
    await page.locator('#root_price').fill('12.345');
    await page.getByTestId('crud-save').click();
    await page.getByText('价格最多 2 位小数').waitFor();
    await page.locator('#root_price').fill('1234.50');
    await page.locator('#root_stock').fill('8');
    await page.locator('#root_price').press('Enter');
    await page.getByText('保存成功').waitFor();
    await page.locator('.semi-modal').waitFor({ state: 'hidden' });
    const created = await h.app.instance.services.knex('demo_goods').where({ title: 'Brand new' }).first();
    assert.equal(String(created.price), '1234.5', 'the decimal as typed');
    assert.equal(Number(created.stock), 8);
  });

  it('an edit saved unchanged round-trips every field, decimals included; history shows the change', async () => {
    const knex = h.app.instance.services.knex;
    const row = await knex('demo_goods').where({ title: 'Brand new' }).first();
    const info = async () => (await h.app.get('/admin/demo/goods/info', { id: row.id })).body.data;
    const before = await info();
    await page.goto('/demo/goods?f.title=Brand');
    await page.locator(`tr[data-row-id="${row.id}"] [data-op="edit"]`).click();
    await page.locator('#root_title').waitFor();
    assert.equal(await page.locator('#root_price').inputValue(), '1234.50');
    await page.getByTestId('crud-save').click();
    await page.getByText('保存成功').last().waitFor();
    const same = await info();
    delete same.updateTime;
    delete before.updateTime;
    assert.deepEqual(same, before);

    await page.locator(`tr[data-row-id="${row.id}"] [data-op="edit"]`).click();
    await page.locator('#root_price').fill('99.90');
    await page.getByTestId('crud-save').click();
    await page.getByText('保存成功').last().waitFor();
    assert.equal((await info()).price, '99.90');
    await page.locator(`tr[data-row-id="${row.id}"] [data-op="history"]`).click();
    const drawer = page.getByTestId('crud-history');
    await drawer.locator('.crud-history-new').first().waitFor();
    await screenshot(page, 'crud-goods-history');
    assert.match(await drawer.innerText(), /1234\.50/);
    assert.match(await drawer.innerText(), /99\.90/);
    assert.match(await drawer.innerText(), /新增/);
    await page.keyboard.press('Escape');
  });

  it('deletes one row and several rows, each after a confirmation', async () => {
    const knex = h.app.instance.services.knex;
    const count = async () => Number((await knex('demo_goods').count({ n: '*' }))[0]!.n);
    const start = await count();
    await page.goto('/demo/goods');
    await rows(page).first().waitFor();
    await rows(page).first().locator('[data-op="delete"]').click();
    await page.getByText('此操作将永久删除选中数据，是否继续？').waitFor();
    await page.locator('.semi-modal-footer button').last().click();
    await page.getByText('删除成功').waitFor();
    assert.equal(await count(), start - 1);

    await rows(page).nth(0).locator('input.crud-check').click();
    await rows(page).nth(1).locator('input.crud-check').click();
    await page.getByTestId('crud-multi-delete').click();
    await page.locator('.semi-modal-footer button').last().click();
    await page.waitForFunction(async () => true);
    await page.getByText('删除成功').last().waitFor();
    await page.waitForTimeout(300);
    assert.equal(await count(), start - 3);
  });

  it('keeps column settings on the server across sign-out and sign-in', async () => {
    await page.getByTestId('crud-columns-btn').click();
    const panel = page.getByTestId('crud-column-settings');
    const saved = page.waitForResponse((r) => r.url().includes('/admin/base/comm/settingSave'));
    await panel.locator('[data-column="stock"] .semi-checkbox').click();
    await page.waitForFunction(() => !document.querySelector('th[data-column="stock"]'));
    assert.equal((await (await saved).json()).code, 1000);
    await page.getByTestId('crud-columns-btn').click();
    await page.evaluate(() => window.__schemaAdmin!.stores.user.logout());
    await page.waitForURL((u) => u.pathname === '/login');
    await page.evaluate(() => localStorage.clear());
    await loginThroughPage(page);
    await page.goto('/demo/goods');
    await rows(page).first().waitFor();
    await page.locator('th[data-column="price"]').waitFor();
    assert.equal(await page.locator('th[data-column="stock"]').count(), 0, 'stock still hidden');
    assert.equal(await page.locator('th[data-column="price"]').count(), 1);
  });

  it('shows English headers and messages after a locale switch, and works in dark mode', async () => {
    await page.getByTestId('locale-switch').click();
    await page.getByTestId('locale-en').click();
    await page.locator('th[data-column="title"]').getByText('Title').waitFor();
    const headers = await page.locator('[data-testid="crud-table"] thead').innerText();
    for (const label of ['Title', 'Price', 'Type', 'Status', 'Created at', 'Actions']) assert.match(headers, new RegExp(label));
    assert.doesNotMatch(await page.locator('.crud-toolbar').innerText(), /[\u4e00-\u9fff]/);
    await screenshot(page, 'crud-goods-en-light');
    await page.getByTestId('dark-switch').click();
    await page.waitForFunction(() => document.body.getAttribute('theme-mode') === 'dark');
    await page.waitForTimeout(500);
    await screenshot(page, 'crud-goods-en-dark');
    await page.getByTestId('dark-switch').click();
    await page.getByTestId('locale-switch').click();
    await page.getByTestId('locale-zh-cn').click();
  });

  it('/demo/crud shows a paged table, a tree table and every form widget with its validation', async () => {
    await page.goto('/demo/crud');
    await page.getByTestId('view-crud-demo').locator('[data-entity="demo/goods"]').waitFor();
    await page.getByText('树形表格', { exact: true }).click();
    await page.locator('[data-entity="base/sys/menu"] [data-row-id]').first().waitFor();
    // A directory's expand icon sits in its first data column, indented there — not stacked on the checkbox.
    const expandCell = page.locator('[data-entity="base/sys/menu"] [data-row-id]').first().locator('td', { has: page.locator('.semi-table-expand-icon') });
    assert.equal(await expandCell.count(), 1, 'one cell holds the expand icon');
    assert.equal(await expandCell.locator('.semi-checkbox').count(), 0, 'not the selection cell');
    assert.match(await expandCell.innerText(), /\S/, 'the cell shows the row’s first field');
    await page.getByText('表单控件', { exact: true }).click();
    // Grouped fields in tabs: open another tab, then a failed submit brings back the tab holding the error.
    await page.getByRole('tab', { name: '图标与图片' }).click();
    await page.getByTestId('crud-demo-validate').click();
    await page.getByText('标题不能为空').waitFor();
    await page.locator('#root_title').fill('Demo');
    await page.locator('#root_price').fill('1.999');
    await page.getByTestId('crud-demo-validate').click();
    await page.getByText('价格最多 2 位小数').waitFor();
    await page.locator('#root_price').fill('1.99');
    await page.getByTestId('crud-demo-validate').click();
    await page.getByText('校验通过').waitFor();
    assert.match(await page.getByTestId('crud-demo-value').innerText(), /"price": "1\.99"/);
  });

  it('manages a sidebar entity (dictionary types) with the same generic screen, and the sidebar follows', async () => {
    await page.goto('/dict/list');
    await page.locator('.crud-sidebar').getByText('商品类型').waitFor();
    await page.getByTestId('crud-sidebar-manage').click();
    const sheet = page.locator('.semi-sidesheet [data-entity="dict/type"]');
    await sheet.locator('[data-row-id]').first().waitFor();
    await sheet.getByTestId('crud-add').click();
    await page.locator('.semi-modal #root_name').fill('颜色');
    await page.locator('.semi-modal #root_key').fill('color');
    await page.getByTestId('crud-save').click();
    await page.getByText('保存成功').waitFor();
    await sheet.locator('[data-row-id]').filter({ hasText: 'color' }).waitFor();
    await page.locator('.semi-sidesheet .semi-sidesheet-close').click();
    await page.locator('.crud-sidebar').getByText('颜色').waitFor();
    assert.equal((await h.app.instance.services.knex('dict_type').where({ key: 'color' })).length, 1);
  });

  it('filters by a referenced record picked by its label (addresses of one end user)', async () => {
    const knex = h.app.instance.services.knex;
    const at = { createTime: '2026-01-02 00:00:00', updateTime: '2026-01-02 00:00:00' };
    const [alice] = await knex('user_info').insert({ nickName: 'Alice Ref', phone: '13800000001', status: 1, ...at }, ['id']);
    const [bob] = await knex('user_info').insert({ nickName: 'Bob Ref', phone: '13800000002', status: 1, ...at }, ['id']);
    const aliceId = Number(typeof alice === 'object' ? alice.id : alice);
    const bobId = Number(typeof bob === 'object' ? bob.id : bob);
    await knex('user_address').insert([
      { userId: aliceId, contact: 'Alice home', phone: '13800000001', address: 'A street 1', ...at },
      { userId: aliceId, contact: 'Alice work', phone: '13800000001', address: 'A street 2', ...at },
      { userId: bobId, contact: 'Bob home', phone: '13800000002', address: 'B street 1', ...at },
    ]);
    await page.goto('/user/address');
    await rows(page).first().waitFor();
    await settle(page);
    assert.equal(await rows(page).count(), 3);
    await page.locator('[data-filter="userId"]').click();
    await page.getByRole('option', { name: 'Alice Ref' }).click();
    await page.waitForFunction((id) => new URL(location.href).searchParams.get('f.userId') === String(id), aliceId);
    await settle(page);
    assert.deepEqual((await cellTexts(page, 'contact')).sort(), ['Alice home', 'Alice work']);
    // The list cell shows the referenced record by its label, not its id.
    assert.ok((await cellTexts(page, 'userId')).every((t) => t === 'Alice Ref'));
  });

  it('references to a table too large to list (10 001 goods): labels of the rows shown, a picker that searches', async () => {
    const knex = h.app.instance.services.knex;
    // Bulk SQL, as the bench seeds: more goods than a `list` answers (limits.listRows, 10 000).
    await knex.raw(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10001)
      INSERT INTO demo_goods (title, price, status, type, stock, description, createTime, updateTime)
      SELECT 'Bulk goods ' || printf('%05d', i), '1.00', 1, 1, 1, 'bulk', '2025-01-01 00:00:00', '2025-01-01 00:00:00' FROM n`);
    assert.equal((await h.app.post('/admin/demo/goods/list', {})).body.code, 1001, 'the whole list is refused');
    const idOf = async (title: string) => Number((await knex('demo_goods').where({ title }).first('id')).id);
    const at = { createTime: '2026-02-01 00:00:00', updateTime: '2026-02-01 00:00:00' };
    const [carol] = await knex('user_info').insert({ nickName: 'Carol Scale', phone: '13800000003', status: 1, ...at }, ['id']);
    const carolId = Number(typeof carol === 'object' ? carol.id : carol);
    await knex('demo_order').insert({ goodsId: await idOf('Bulk goods 09876'), userId: carolId, quantity: 2, amount: '2.00', status: 1, ...at });
    await page.goto('/demo/order');
    await rows(page).first().waitFor();
    await settle(page);
    // The goods title through the page's join; the customer looked up by the ids on the page.
    await page.waitForFunction(() => !document.querySelector('[data-testid="crud-table"] tbody')?.textContent?.includes('#'));
    assert.deepEqual(await cellTexts(page, 'goodsId'), ['Bulk goods 09876']);
    assert.deepEqual(await cellTexts(page, 'userId'), ['Carol Scale']);
    // The add form's goods picker finds a goods row by its title on the server.
    await page.getByTestId('crud-add').click();
    await page.locator('.crud-field[data-field="goodsId"] .semi-select').click();
    await page.keyboard.type('goods 00123');
    await page.locator('.semi-select-option').filter({ hasText: 'Bulk goods 00123' }).click();
    // The picked goods keeps its label once the list of found ones is gone.
    await page.locator('.crud-field[data-field="goodsId"] .semi-select-selection-text').filter({ hasText: 'Bulk goods 00123' }).waitFor();
    await page.getByTestId('crud-save').click();
    await page.getByText('保存成功').waitFor();
    await page.locator('.semi-modal').waitFor({ state: 'hidden' });
    await settle(page);
    const saved = await knex('demo_order').orderBy('id', 'desc').first('goodsId');
    assert.equal(Number(saved.goodsId), await idOf('Bulk goods 00123'));
    await page.waitForFunction(() => document.querySelector('[data-testid="crud-table"] tbody')?.textContent?.includes('Bulk goods 00123'));
    await screenshot(page, 'crud-orders-large-reference');
  });

  it('shows cards instead of a wide table under 768 px', async () => {
    await page.goto('/demo/goods');
    await page.setViewportSize({ width: 420, height: 800 });
    await page.getByTestId('crud-cards').waitFor();
    assert.ok((await page.locator('.crud-card').count()) > 0);
    await screenshot(page, 'crud-goods-narrow');
    await page.setViewportSize({ width: 1366, height: 820 });
    assert.deepEqual(consoleErrors.filter((e) => !/favicon/.test(e)), []);
  });
});
