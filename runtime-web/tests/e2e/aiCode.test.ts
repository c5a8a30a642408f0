/**
 * The AI coding helper end to end with the offline drafter (no provider configured): describe → the draft
 * streams in → edit a field → preview → create in a scratch project → the new screen opens and saves.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { ProjectPaths } from '@schema-admin/generator';
import { scratchProject } from '../../../runtime-server/src/testing/scratchProject.js';
import { loginThroughPage, screenshot, startHarness } from './harness';
import type { Harness } from './harness';

describe('AI coding helper (browser)', () => {
  let h: Harness;
  let paths: ProjectPaths;

  before(async () => {
    paths = scratchProject();
    h = await startHarness({ schemasDir: paths.schemas });
  });
  after(async () => {
    await h?.close();
    if (paths) fs.rmSync(paths.root, { recursive: true, force: true });
  });

  it('drafts offline, edits, previews, creates the module and its screen saves a record', async () => {
    const { page } = await h.newPage();
    await loginThroughPage(page);
    await page.goto('/helper/ai-code');
    // Development mode: the module list loads and nothing says the helper is disabled.
    await page.getByTestId('ai-module').locator('input').click();
    await page.getByRole('option', { name: 'demo', exact: true }).waitFor();
    assert.equal(await page.getByTestId('ai-disabled').count(), 0);
    await page.getByTestId('ai-description').fill('a book with title, price and stock');
    await page.getByTestId('ai-module').locator('input').fill('library');
    await page.getByTestId('ai-entity').fill('book');
    await page.getByTestId('ai-draft').click();
    await page.getByTestId('ai-source').waitFor();
    assert.match(await page.getByTestId('ai-source').innerText(), /离线草稿/);
    await page.getByTestId('ai-fields').getByRole('textbox', { name: 'en stock' }).waitFor();
    // Rename the English label of stock: the preview follows.
    await page.getByTestId('ai-fields').getByRole('textbox', { name: 'en stock' }).fill('Copies');
    await page.getByTestId('ai-fields').getByRole('textbox', { name: 'zh-cn stock' }).fill('册数');
    await page.getByTestId('ai-preview-table').getByText('册数').waitFor();
    await page.getByTestId('ai-preview-form').getByText('册数').first().waitFor();
    await screenshot(page, 'ai-code-zh-light');
    await page.getByTestId('locale-switch').click();
    await page.getByTestId('locale-en').click();
    await page.getByTestId('dark-switch').click();
    await page.waitForFunction(() => document.body.getAttribute('theme-mode') === 'dark');
    await page.getByText('Table preview').waitFor();
    await page.waitForTimeout(500); // the 400 ms circular reveal
    await screenshot(page, 'ai-code-en-dark');
    await page.getByTestId('dark-switch').click();
    await page.getByTestId('locale-switch').click();
    await page.getByTestId('locale-zh-cn').click();

    await page.getByTestId('ai-create').click();
    await page.waitForURL((u) => u.pathname !== '/helper/ai-code', { timeout: 60_000 });
    assert.ok(fs.existsSync(`${paths.schemas}/library/book.json`));
    const table = page.getByTestId('crud-table');
    await table.locator('thead').getByText('册数').waitFor();
    await page.getByRole('button', { name: '新增' }).first().click();
    const dialog = page.locator('.semi-modal-content').last();
    await dialog.getByRole('textbox').first().fill('Dune');
    await dialog.getByRole('button', { name: /确定|保存/ }).click();
    await table.getByText('Dune').waitFor();
    const rows = (await h.app.instance.services.knex('library_book').select('title')) as { title: string }[];
    assert.deepEqual(rows.map((r) => r.title), ['Dune']);
  });
});
