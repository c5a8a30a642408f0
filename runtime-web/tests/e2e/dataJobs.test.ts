/**
 * Data in and out on the generic goods screen in Chromium against the real server: export with chosen
 * columns and the screen's filter as a server job (progress, download), the no-column refusal, a nested
 * filter built in the advanced-search drawer and kept in the URL, both languages, light and dark.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { parse } from 'csv-parse/sync';
import { bumpAuthEpoch } from '../../../runtime-server/src/auth/authz.js';
import { hashSecret } from '../../../runtime-server/src/core/secrets.js';
import { now } from '../../../runtime-server/src/db/values.js';
import { loginThroughPage, screenshot, startHarness } from './harness';
import type { Harness } from './harness';

/** Clicks an option of the open dropdown and waits until the dropdown has gone (Semi animates it out). */
async function pick(page: Page, name: string): Promise<void> {
  const option = page.locator('.semi-select-option').filter({ hasText: new RegExp(`^${name}$`) });
  await option.click();
  await option.waitFor({ state: 'detached' });
}

const rows = (page: Page) => page.locator('[data-testid="crud-table"] tbody tr[data-row-id]');

describe('data in and out on a generic screen (goods) in the browser', () => {
  let h: Harness;
  let page: Page;
  let consoleErrors: string[];
  let exported = '';
  before(async () => {
    h = await startHarness();
    const knex = h.app.instance.services.knex;
    const ts = '2026-01-01 00:00:00';
    await knex('demo_goods').insert(
      Array.from({ length: 30 }, (_, i) => ({
        title: `Item ${String(i + 1).padStart(2, '0')}`,
        price: `${i + 1}.50`,
        status: (i + 1) % 2,
        type: (i % 3) + 1,
        stock: i + 1,
        createTime: ts,
        updateTime: ts,
      })),
    );
    // A role holding the goods menu (with its ancestors and buttons) and one member of it.
    const goods = await knex('base_sys_menu').where({ router: '/demo/goods' }).first('id', 'parentId');
    const menuIds = new Set<number>([Number(goods.id)]);
    for (let p = goods.parentId; p; p = (await knex('base_sys_menu').where({ id: p }).first('parentId'))?.parentId) menuIds.add(Number(p));
    for (const c of await knex('base_sys_menu').where({ parentId: goods.id }).select('id')) menuIds.add(Number(c.id));
    const stamp = { createTime: now(), updateTime: now() };
    const [roleId] = await knex('base_sys_role').insert({ name: 'Goods viewers', label: 'goods-viewers', relevance: 0, ...stamp });
    for (const menuId of menuIds) await knex('base_sys_role_menu').insert({ roleId, menuId, ...stamp });
    const [userId] = await knex('base_sys_user').insert({ username: 'viewer', name: 'Viewer', password: await hashSecret('Viewer-pass1'), passwordV: 1, isSuper: 0, status: 1, ...stamp });
    await knex('base_sys_user_role').insert({ userId, roleId, ...stamp });
    await bumpAuthEpoch(knex);
    ({ page, consoleErrors } = await h.newPage());
    await loginThroughPage(page);
  });
  after(async () => {
    await h?.close();
  });

  it('exports the filtered rows with the chosen columns as CSV through a server job', async () => {
    await page.goto('/demo/goods?f.status=1&order=stock&sort=asc');
    await rows(page).first().waitFor();
    await page.getByTestId('crud-export').click();
    const dialog = page.getByTestId('export-body');
    await dialog.waitFor();
    // Every visible column is preselected; none chosen is refused with the spec's message.
    const boxes = dialog.locator('[data-testid="export-columns"] .semi-checkbox');
    assert.ok((await boxes.count()) >= 5);
    await dialog.getByText('全选', { exact: true }).click();
    await page.getByTestId('export-start').click();
    await dialog.getByText('导出至少需要选择一列').waitFor();
    await screenshot(page, 'export-zh-light-nocolumn');
    await dialog.locator('[data-column="title"]').click();
    await dialog.locator('[data-column="price"]').click();
    await dialog.locator('[data-column="status"]').click();
    await dialog.getByText('CSV', { exact: true }).click();
    await page.getByTestId('export-start').click();
    await page.getByTestId('export-download').waitFor();
    assert.match(await page.getByTestId('export-progress').innerText(), /15/);
    await screenshot(page, 'export-zh-light-done');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
    assert.match(download.suggestedFilename(), /^商品-\d{14}\.csv$/);
    const file = await download.path();
    exported = file!;
    const table = parse(fs.readFileSync(file!, 'utf8'), { bom: true }) as string[][];
    assert.deepEqual(table[0], ['标题', '价格', '状态']);
    assert.equal(table.length, 16, '15 enabled goods and the header');
    assert.deepEqual(table[1], ['Item 01', '1.50', '启用']);
    await page.getByTestId('export-close').click();
  });

  it('re-imports the exported file with a key column: rows updated, none duplicated', async () => {
    const knex = h.app.instance.services.knex;
    await knex('demo_goods').where({ title: 'Item 01' }).update({ price: '99.00' });
    await page.getByTestId('crud-import').click();
    await page.getByTestId('import-body').waitFor();
    await page.getByTestId('import-file').setInputFiles({ name: 'goods.csv', mimeType: 'text/csv', buffer: fs.readFileSync(exported) });
    await page.getByText('共 15 行：15 行可导入，0 行有错误').waitFor();
    await page.locator('[data-testid="import-body"] .semi-select').click();
    await pick(page, '标题');
    await screenshot(page, 'import-preview-zh-light');
    await page.getByTestId('import-start').click();
    await page.getByText('导入完成，处理 15 行。').waitFor();
    assert.equal(Number((await knex('demo_goods').count({ n: '*' }))[0]!.n), 30, 'no duplicates');
    const one = await knex('demo_goods').where({ title: 'Item 01' }).first('price');
    assert.equal(Number(one.price), 1.5, 'the exported price came back');
    await page.getByRole('button', { name: '关闭' }).last().click();
  });

  it('bulk edits the selected rows; the history of each shows it', async () => {
    // Still on the enabled goods sorted by stock: Item 01, Item 03, …
    await rows(page).nth(0).locator('input.crud-check').click();
    await rows(page).nth(1).locator('input.crud-check').click();
    await page.getByTestId('crud-bulk-edit').click();
    await page.getByTestId('bulk-field').click();
    await pick(page, '状态');
    await page.locator('[data-bulk-set="0"] [data-testid="where-value"]').click();
    await pick(page, '禁用');
    await screenshot(page, 'bulk-edit-zh-light');
    await page.getByTestId('bulk-apply').click();
    await page.getByText('已修改 2 条').waitFor();
    const knex = h.app.instance.services.knex;
    const changed = await knex('demo_goods').whereIn('title', ['Item 01', 'Item 03']).select('status');
    assert.deepEqual(changed.map((r: { status: number }) => Number(r.status)), [0, 0]);
    const audits = await knex('base_sys_audit').where({ entity: 'demo/goods', action: 'update' }).where('url', 'like', '%bulkUpdate%').count({ n: '*' });
    assert.equal(Number(audits[0]!.n), 2, 'one audit row per record');
    // Back as they were for the tests below.
    await knex('demo_goods').whereIn('title', ['Item 01', 'Item 03']).update({ status: 1 });
  });

  it('builds a nested filter in the advanced-search drawer, kept in the URL', async () => {
    await page.goto('/demo/goods');
    await rows(page).first().waitFor();
    await page.getByTestId('crud-adv-search').click();
    const builder = page.getByTestId('where-builder');
    await builder.waitFor();
    await builder.getByTestId('where-add-condition').click();
    await builder.locator('[data-where-cond="0.0"] [data-testid="where-value"] input').fill('Item 1');
    await builder.getByTestId('where-add-group').click();
    const inner = builder.locator('[data-where-group="0.1"]');
    await inner.locator('[data-where-cond="0.1.0"] [data-testid="where-field"]').click();
    await pick(page, '库存');
    await inner.locator('[data-where-cond="0.1.0"] [data-testid="where-op"]').click();
    await pick(page, '大于');
    await inner.locator('[data-where-cond="0.1.0"] [data-testid="where-value"] input').fill('15');
    await inner.getByTestId('where-add-condition').first().click();
    await inner.locator('[data-where-cond="0.1.1"] [data-testid="where-value"] input').fill('Item 12');
    await screenshot(page, 'where-builder-zh-light');
    await page.getByTestId('crud-adv-apply').click();
    await page.waitForFunction(() => new URL(location.href).searchParams.has('w'));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="crud-table"] tbody tr[data-row-id]').length === 5);
    // The title cell by its header's position (the screen may show selection and index columns before it).
    const titles = async () => {
      const at = await page.locator('[data-testid="crud-table"] thead th').evaluateAll((ths) => ths.findIndex((th) => th.getAttribute('data-column') === 'title'));
      assert.ok(at >= 0, 'a title column');
      return rows(page).evaluateAll((trs, i) => trs.map((tr) => (tr.children[i] as HTMLElement | undefined)?.innerText.trim() ?? ''), at);
    };
    const want = ['Item 12', 'Item 16', 'Item 17', 'Item 18', 'Item 19'];
    assert.deepEqual((await titles()).filter((x) => x.startsWith('Item')).sort(), want);
    const where = JSON.parse(new URL(page.url()).searchParams.get('w')!);
    assert.deepEqual(where, {
      and: [
        { field: 'title', op: 'contains', value: 'Item 1' },
        { or: [{ field: 'stock', op: 'gt', value: 15 }, { field: 'title', op: 'contains', value: 'Item 12' }] },
      ],
    });
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="crud-table"] tbody tr[data-row-id]').length === 5);
    assert.match(await page.getByTestId('crud-adv-search').innerText(), /\(3\)/);
  });

  it('saves the filter as a view, shares it with a role; a member signs in and loads it', async () => {
    await page.getByTestId('crud-views').click();
    await page.getByTestId('view-save-as').click();
    await page.getByTestId('view-name').fill('Items over 15');
    await page.getByTestId('view-ok').click();
    await page.getByText('视图：Items over 15').waitFor();
    await page.getByTestId('crud-views').click();
    await page.getByTestId('view-share').click();
    await page.getByTestId('view-share-role').click();
    await pick(page, 'Goods viewers');
    await screenshot(page, 'view-share-zh-light');
    await page.getByTestId('view-ok').click();
    await page.getByText('视图已保存').first().waitFor();

    const other = await h.newPage();
    await loginThroughPage(other.page, 'viewer', 'Viewer-pass1');
    await other.page.goto('/demo/goods');
    await rows(other.page).first().waitFor();
    assert.equal(await rows(other.page).count(), 20, 'unfiltered until a view is chosen');
    await other.page.getByTestId('crud-views').click();
    await other.page.locator('[data-view="Items over 15"]').click();
    await other.page.waitForFunction(() => document.querySelectorAll('[data-testid="crud-table"] tbody tr[data-row-id]').length === 5);
    assert.ok(new URL(other.page.url()).searchParams.has('w'), 'the view\'s filter is in the URL');
    await other.page.getByTestId('crud-views').click();
    await other.page.getByTestId('view-save-as').waitFor();
    assert.equal(await other.page.getByTestId('view-share').getAttribute('aria-disabled'), 'true', 'only the owner shares it');
    await screenshot(other.page, 'view-member-zh-light');
    assert.deepEqual(other.consoleErrors, []);
    await other.context.close();
  });

  it('reads in English and in dark mode; the export applies the built filter', async () => {
    await page.getByTestId('locale-switch').click();
    await page.getByTestId('locale-en').click();
    await page.getByTestId('dark-switch').click();
    await page.waitForFunction(() => document.body.getAttribute('theme-mode') === 'dark');
    await page.getByTestId('crud-export').click();
    await page.getByText('Export data', { exact: true }).waitFor();
    await page.getByTestId('export-start').click();
    await page.getByTestId('export-download').waitFor();
    // The nested filter built above is still on: the export applies it.
    assert.match(await page.getByTestId('export-progress').innerText(), /Export finished: 5 rows/);
    await screenshot(page, 'export-en-dark-done');
    await page.getByTestId('export-close').click();
    assert.deepEqual(consoleErrors, []);
  });
});
