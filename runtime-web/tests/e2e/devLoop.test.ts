/**
 * Issue 39's dev loop in Chromium: the console is open and signed in against a server watching its project's
 * schemas/ (as `npm run dev` runs it). A schema file is written: within seconds the menu entry and the screen
 * appear and a record is added — no reload, no new sign-in, no console rebuild. A broken save afterwards shows
 * the generator's refusal in the banner while the screen keeps working.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ProjectPaths } from '@schema-admin/generator';
import { scratchProject } from '../../../runtime-server/src/testing/scratchProject.js';
import { FIRST_DRAFT } from '../../../scripts/testing/firstDraft.js';
import { loginThroughPage, screenshot, startHarness } from './harness';
import type { Harness } from './harness';

describe('npm run dev: a saved schema shows in the open console', () => {
  let h: Harness;
  let paths: ProjectPaths;
  before(async () => {
    paths = scratchProject();
    h = await startHarness({ project: paths, schemaWatch: true });
  });
  after(async () => {
    await h?.close();
    if (paths) fs.rmSync(paths.root, { recursive: true, force: true });
  });

  it('menu and screen appear within seconds of the save; a record is added; a broken save shows the banner', async () => {
    const { page, consoleErrors } = await h.newPage();
    await loginThroughPage(page);
    const sidebar = page.getByTestId('sidebar');
    await sidebar.waitFor();
    // The console follows the watcher before the save, so the save is all that changes.
    await page.waitForResponse((r) => r.url().includes('/admin/base/comm/devEvents')).catch(() => undefined);
    const file = path.join(paths.schemas, 'library', 'book.json');
    const t0 = performance.now();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, FIRST_DRAFT);
    await sidebar.getByText('library', { exact: true }).click({ timeout: 30_000 });
    await sidebar.getByText('图书', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/library/book');
    await page.getByTestId('crud-table').getByText('暂无数据').waitFor();
    const seconds = (performance.now() - t0) / 1000;
    console.log(`save → screen in the open console: ${seconds.toFixed(1)} s`);

    await page.getByTestId('crud-add').click();
    await page.locator('#root_title').fill('Call to Arms');
    await page.locator('#root_isbn').fill('978-7-111');
    await page.getByTestId('crud-save').click();
    await page.getByTestId('crud-table').getByText('Call to Arms').waitFor();
    await screenshot(page, 'dev-loop-new-screen');

    fs.writeFileSync(file, '{ "$id": "library/book", ');
    const banner = page.getByTestId('dev-schema-error');
    await banner.waitFor({ timeout: 30_000 });
    assert.match(await banner.innerText(), /schemas\/library\/book\.json/);
    assert.match(await banner.innerText(), /仍在使用上一个正确的版本/);
    await screenshot(page, 'dev-loop-refused');
    const rows = await h.app.post('/admin/library/book/page', { page: 1, size: 10 });
    assert.equal(rows.body.code, 1000, 'the last good state keeps serving');
    fs.writeFileSync(file, FIRST_DRAFT);
    await banner.waitFor({ state: 'detached', timeout: 30_000 });
    assert.deepEqual(consoleErrors, []);
  });
});
