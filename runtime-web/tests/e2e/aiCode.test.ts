/**
 * The AI coding helper end to end with the offline drafter (no provider configured): describe → the draft
 * streams in → edit a field → preview → choose the parent menu → create in a scratch project → the new screen
 * opens and saves. Two more servers for what is fixed at start: one in production mode (the banner), one
 * with a slow stub provider (stopping a stream).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { ProjectPaths } from '@schema-admin/generator';
import { createApp } from '../../../runtime-server/src/app/createApp.js';
import { parts } from '../../../runtime-server/src/parts.js';
import type { AppInstance } from '../../../runtime-server/src/app/createApp.js';
import type { Config } from '../../../runtime-server/src/config.js';
import { sqliteTestDb } from '../../../runtime-server/src/testing/forEachDb.js';
import { scratchProject, treeOf } from '../../../runtime-server/src/testing/scratchProject.js';
import { solveCaptcha } from '../../../runtime-server/src/testing/solveCaptcha.js';
import { stubProvider } from '../../../runtime-server/src/testing/stubProvider.js';
import { loginThroughPage, screenshot, startHarness, switchLook, TEST_ADMIN_PASSWORD, WEB_DIST } from './harness';
import type { Harness } from './harness';

const quiet = { info: () => {}, warn: () => {}, error: console.error };

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

  /** Another server on its own SQLite database, signed in through the login page of the suite's browser; runs `use`, then stops it. */
  async function withServer(overrides: Partial<Config>, use: (page: Page, app: AppInstance) => Promise<void>): Promise<void> {
    const db = sqliteTestDb();
    const app = await createApp(await db.config({ schemasDir: paths.schemas, ...overrides }), parts, { webDir: WEB_DIST, logger: quiet });
    const server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const context = await h.browser.newContext({ viewport: { width: 1366, height: 820 }, baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      // A production server has no test captcha: the answer is solved from its database.
      await loginThroughPage(page, 'admin', TEST_ADMIN_PASSWORD, app.services.config.captchaFixedCode ?? ((id) => solveCaptcha(app.services.knex, id)));
      await use(page, app);
    } finally {
      await context.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await app.close();
      await db.cleanup();
    }
  }

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
    await switchLook(page, 'en', true);
    await page.getByText('Table preview').waitFor();
    await screenshot(page, 'ai-code-en-dark');
    await switchLook(page, 'zh-cn', false);

    // Parent menu: the demo directory instead of a new "library" one.
    const knex = h.app.instance.services.knex;
    const demoDir = Number(((await knex('base_sys_menu').where({ name: '示例管理', type: 0 }).first('id')) as { id: number }).id);
    await page.getByTestId('ai-parent').click();
    await page.locator('.semi-tree-option').filter({ hasText: /^示例管理$/ }).click();
    await page.getByTestId('ai-parent').getByText('示例管理').waitFor();
    await screenshot(page, 'ai-code-parent-zh-light');
    await switchLook(page, 'en', true);
    await page.getByTestId('ai-parent').getByText('Demos').waitFor();
    await screenshot(page, 'ai-code-parent-en-dark');
    await switchLook(page, 'zh-cn', false);
    await page.setViewportSize({ width: 420, height: 820 });
    await page.waitForTimeout(400); // the layout settles into its narrow form
    await page.getByTestId('ai-create').evaluate((el) => el.scrollIntoView({ block: 'end', inline: 'nearest' }));
    await screenshot(page, 'ai-code-parent-zh-narrow');
    await page.setViewportSize({ width: 1366, height: 820 });

    await page.getByTestId('ai-create').click();
    await page.waitForURL((u) => u.pathname !== '/helper/ai-code', { timeout: 60_000 });
    assert.ok(fs.existsSync(`${paths.schemas}/library/book.json`));
    // The sidebar shows the new page inside the chosen directory (Semi keeps a sub-menu's items in its <li>).
    const demoSub = page.locator('li.semi-navigation-sub-wrap').filter({ has: page.getByTestId(`menu-item-/${demoDir}`) });
    await demoSub.getByTestId('menu-item-/library/book').waitFor();
    assert.equal(await page.getByTestId('menu-item-/library').count(), 0, 'no directory made for the module');
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

  it('in production the helper says why it is disabled and neither drafts nor creates', async () => {
    await withServer({ nodeEnv: 'production', captchaFixedCode: undefined }, async (page) => {
      const before = treeOf(paths);
      await page.goto('/helper/ai-code');
      const banner = page.getByTestId('ai-disabled');
      await banner.getByText('只能在开发环境下生成代码（当前 NODE_ENV=production）').waitFor();
      await page.getByTestId('ai-description').fill('a book with title, price and stock');
      assert.equal(await page.getByTestId('ai-draft').isDisabled(), true, 'drafting is off');
      await screenshot(page, 'ai-code-production-zh-light');
      await switchLook(page, 'en', true);
      await banner.getByText('Code generation is available in development only (NODE_ENV=production)').waitFor();
      await screenshot(page, 'ai-code-production-en-dark');
      assert.deepEqual(treeOf(paths), before, 'nothing written');
    });
  });

  it('stopping a provider draft stops it on the server and leaves nothing drafted or created', async () => {
    const draft = { $id: 'library/loan', 'x-label': { 'zh-cn': '借阅', 'zh-tw': '借閱', en: 'Loan' }, properties: {} };
    const text = JSON.stringify(draft).padEnd(4000, ' ');
    const stub = await stubProvider(text, { pieces: 80, delayMs: 100 });
    try {
      await withServer({ ai: { baseUrl: stub.url, model: 'stub-model' } }, async (page, app) => {
        const before = treeOf(paths);
        const menus = (await app.services.knex('base_sys_menu').count({ n: '*' }))[0]!.n;
        await page.goto('/helper/ai-code');
        await page.getByTestId('ai-description').fill('library loans with borrower and due date');
        await page.getByTestId('ai-draft').click();
        await page.getByTestId('ai-source').getByText('AI 草稿（stub-model）').waitFor();
        await page.waitForFunction(() => (document.querySelector('.ai-code__log')?.textContent ?? '').includes('library/loan'));
        // The log is the provider's text as sent so far, pieces joined as they came: no server status line (it
        // would keep the request's language after a switch; the source tag says it) and no breaks between pieces.
        const log = (await page.locator('.ai-code__log').textContent()) ?? '';
        assert.ok(log.length > 0 && text.startsWith(log), `the provider's text so far: ${JSON.stringify(log.slice(0, 120))}`);
        await screenshot(page, 'ai-code-streaming-zh-light');
        await page.getByTestId('ai-cancel').click();
        await page.getByText('已停止生成').waitFor();
        for (let waited = 0; !stub.hungUp && waited < 5000; waited += 50) await page.waitForTimeout(50);
        assert.equal(stub.hungUp, true, 'the server dropped its provider call');
        const sent = stub.chunks;
        assert.ok(sent < 80, `the provider stopped early (${sent} of 80 chunks)`);
        await page.waitForTimeout(400);
        assert.equal(stub.chunks, sent, 'nothing more asked of the provider');
        assert.equal(await page.getByTestId('ai-cancel').count(), 0, 'the stop button is gone');
        assert.equal(await page.getByTestId('ai-fields').count(), 0, 'no draft offered');
        assert.equal(await page.getByTestId('ai-draft').isEnabled(), true, 'a new draft may start');
        assert.deepEqual(treeOf(paths), before, 'no schema written');
        assert.equal((await app.services.knex('base_sys_menu').count({ n: '*' }))[0]!.n, menus, 'no menu');
      });
    } finally {
      await stub.close();
    }
  });
});
