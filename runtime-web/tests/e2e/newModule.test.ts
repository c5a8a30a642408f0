/**
 * A new module added by one schema file plus the generator, served by a server started with the console
 * built before the schema existed: its menu appears and its screen lists, adds, edits and deletes.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ProjectPaths } from '@schema-admin/generator';
import { widgetProject } from '../../../runtime-server/src/testing/widgetProject.js';
import { loginThroughPage, screenshot, startHarness, WEB_DIST } from './harness';
import type { Harness } from './harness';

describe('a new module from one schema file, no web change', () => {
  let h: Harness;
  let paths: ProjectPaths;
  let builtAt: number;
  before(async () => {
    h = await startHarness();
    await h.close();
    builtAt = fs.statSync(path.join(WEB_DIST, 'index.html')).mtimeMs;
    // The console is built; now the schema is written and generated, then a server starts on it.
    paths = await widgetProject();
    h = await startHarness({ project: paths });
  });
  after(async () => {
    await h?.close();
    if (paths) fs.rmSync(paths.root, { recursive: true, force: true });
  });

  it('shows the menu and a working screen: list, add, edit, delete', async () => {
    const { page, consoleErrors } = await h.newPage();
    await loginThroughPage(page);
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText('商店', { exact: true }).click();
    await sidebar.getByText('小部件', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/shop/widget');
    await page.getByTestId('crud-table').getByText('暂无数据').waitFor();
    for (const label of ['名称', '价格', '颜色']) await page.locator('[data-testid="crud-table"] thead').getByText(label).waitFor();

    await page.getByTestId('crud-add').click();
    await page.locator('#root_name').fill('Sprocket');
    await page.locator('#root_price').fill('3.50');
    await page.getByTestId('crud-save').click();
    await page.getByText('保存成功').waitFor();
    const row = page.locator('[data-testid="crud-table"] tbody tr[data-row-id]');
    await row.first().getByText('Sprocket').waitFor();
    assert.match(await row.first().innerText(), /3\.50/);

    await row.first().locator('[data-op="edit"]').click();
    await page.locator('#root_name').fill('Sprocket XL');
    await page.getByTestId('crud-save').click();
    await page.getByText('保存成功').last().waitFor();
    await row.first().getByText('Sprocket XL').waitFor();
    const stored = await h.app.instance.services.knex('shop_widget').first();
    assert.equal(stored.name, 'Sprocket XL');
    await screenshot(page, 'crud-new-module');

    await row.first().locator('[data-op="delete"]').click();
    await page.locator('.semi-modal-footer button').last().click();
    await page.getByText('删除成功').waitFor();
    await page.getByTestId('crud-table').getByText('暂无数据').waitFor();
    assert.equal(Number((await h.app.instance.services.knex('shop_widget').count({ n: '*' }))[0]!.n), 0);

    assert.equal(fs.statSync(path.join(WEB_DIST, 'index.html')).mtimeMs, builtAt, 'the console was not rebuilt');
    // The module and entity labels follow the locale (from module.json and the schema's x-label).
    await page.getByTestId('locale-switch').click();
    await page.getByTestId('locale-en').click();
    await sidebar.getByText('Shop', { exact: true }).waitFor();
    await sidebar.getByText('Widgets', { exact: true }).waitFor();
    assert.deepEqual(consoleErrors, []);
  });
});
