/**
 * Dropping a `.cool` file on the console against the real server: every answer the server gives (docs/reference/product-spec.md §4)
 * — empty (installed), type 0 (invalid package), type 1 (already installed), type 2 (hook held by an
 * enabled plugin) — and type 3, which only a reference-family server sends (api-contract: "check passed").
 * The question names the plugin by its manifest's name, as the plugin list does.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createScopedAdmin } from '../../../runtime-server/src/testing/scopedAdmin.js';
import { packShipped, zipOf } from '../../../runtime-server/src/modules/plugin/testPackages.js';
import { loginThroughPage, screenshot, startHarness, switchLook } from './harness';
import type { Harness } from './harness';

/** Dispatches dragenter, dragover and drop of one file on the page body, as a file manager would. */
async function dropFile(page: Page, name: string, bytes: Buffer): Promise<void> {
  await page.evaluate(
    ({ name, b64 }) => {
      const bin = atob(b64);
      const data = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) data[i] = bin.charCodeAt(i);
      const dt = new DataTransfer();
      dt.items.add(new File([data], name, { type: 'application/octet-stream' }));
      const target = document.querySelector('[data-testid="main-layout"]') ?? document.body;
      for (const type of ['dragenter', 'dragover', 'drop']) {
        target.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
      }
    },
    { name, b64: bytes.toString('base64') },
  );
}

describe('plugin drop-install (browser)', () => {
  let h: Harness;
  let page: Page;
  const plugins = async () =>
    (await h.app.instance.services.knex('plugin_info').orderBy('id').select('keyName', 'status', 'version')) as { keyName: string; status: number; version: string }[];
  /** The open confirmation holding `testId`; clicks its OK or Cancel button. */
  const answer = async (testId: string, button: 'ok' | 'cancel') => {
    const modal = page.locator('.semi-modal-content', { has: page.getByTestId(testId) });
    await modal.waitFor();
    await modal.getByTestId(`plugin-drop-${button}`).click();
    await modal.waitFor({ state: 'detached' });
  };
  let taskDemo: Buffer;

  before(async () => {
    h = await startHarness();
    ({ page } = await h.newPage());
    await loginThroughPage(page);
    taskDemo = await packShipped('task-demo');
  });
  after(async () => {
    await h?.close();
  });

  it('empty answer: asks with the plugin name from its manifest, installs, then offers the plugin page', async () => {
    await dropFile(page, 'taskDemo.cool', taskDemo);
    const ask = page.getByTestId('plugin-drop-ask');
    await ask.waitFor();
    assert.equal(await ask.innerText(), '检测到插件「Task demo」，是否安装？');
    await page.waitForTimeout(300); // the dialog's entry animation
    await screenshot(page, 'plugin-drop-ask-zh-light');
    const refreshed = page.evaluate(() => new Promise<string>((resolve) => window.addEventListener('plugin:refresh', (e) => resolve((e as CustomEvent).detail.keyName), { once: true })));
    await answer('plugin-drop-ask', 'ok');
    await page.getByText('插件「Task demo」已安装').waitFor();
    assert.equal(await refreshed, 'taskDemo');
    assert.deepEqual((await plugins()).map((p) => p.keyName), ['taskDemo']);
    await answer('plugin-drop-done', 'cancel');
  });

  it('type 1 (installed already): a warning with continue, then the forced retry overwrites', async () => {
    const v2 = await packShipped('task-demo', { version: '1.0.1' });
    await dropFile(page, 'taskDemo.cool', v2);
    await answer('plugin-drop-ask', 'ok');
    const warning = page.getByTestId('plugin-drop-warning');
    await warning.waitFor();
    assert.match(await warning.innerText(), /1\.0\.0.*1\.0\.1|1\.0\.1.*1\.0\.0/);
    await screenshot(page, 'plugin-drop-warning-zh-light');
    assert.deepEqual((await plugins()).map((p) => p.version), ['1.0.0'], 'nothing written before the confirmation');
    await answer('plugin-drop-warning', 'ok');
    await page.getByText('插件「Task demo」已安装').waitFor();
    assert.deepEqual((await plugins()).map((p) => [p.keyName, p.version]), [['taskDemo', '1.0.1']]);
    await answer('plugin-drop-done', 'cancel');
  });

  it('type 0 (invalid package): an error confirmation, and the forced retry shows the server refusal', async () => {
    const broken = await zipOf([{ name: 'README.md', data: 'no manifest' }]);
    await dropFile(page, 'broken.cool', broken);
    assert.equal(await page.getByTestId('plugin-drop-ask').innerText(), '检测到插件「broken」，是否安装？', 'no manifest: the file name');
    await answer('plugin-drop-ask', 'ok');
    await page.getByTestId('plugin-drop-error').waitFor();
    await screenshot(page, 'plugin-drop-error-zh-light');
    await answer('plugin-drop-error', 'ok');
    await page.getByText(/插件安装失败：/).waitFor();
    assert.equal((await plugins()).length, 1);
  });

  it('type 2 (hook held by an enabled plugin): a warning, then installed disabled; the alert opens the plugin page', async () => {
    await dropFile(page, 'uploadLocalRoot.cool', await packShipped('upload-local-root'));
    await answer('plugin-drop-ask', 'ok');
    await answer('plugin-drop-done', 'cancel');
    const holder = (await h.app.instance.services.knex('plugin_info').where({ keyName: 'uploadLocalRoot' }).first('id')) as { id: number };
    const enabled = await h.app.post('/admin/plugin/info/update', { id: holder.id, status: 1 });
    assert.equal(enabled.body.code, 1000, JSON.stringify(enabled.body));

    await dropFile(page, 'uploadOther.cool', await packShipped('upload-local-root', { keyName: 'uploadOther', name: 'Other storage' }));
    await answer('plugin-drop-ask', 'ok');
    const warning = page.getByTestId('plugin-drop-warning');
    await warning.waitFor();
    assert.match(await warning.innerText(), /upload/);
    await answer('plugin-drop-warning', 'ok');
    await page.getByText('插件「Other storage」已安装').waitFor();
    const rows = await plugins();
    assert.deepEqual(rows.map((p) => [p.keyName, p.status]), [['taskDemo', 0], ['uploadLocalRoot', 1], ['uploadOther', 0]]);
    await answer('plugin-drop-done', 'ok');
    await page.waitForURL((u) => u.pathname === '/helper/plugins');
  });

  it('cancelling the first question posts nothing; English texts', async () => {
    await switchLook(page, 'en', true);
    await dropFile(page, 'another.cool', taskDemo);
    const ask = page.getByTestId('plugin-drop-ask');
    await ask.waitFor();
    assert.equal(await ask.innerText(), 'Plugin “Task demo” detected. Install it?', 'the manifest names it, not the file');
    await page.waitForTimeout(300); // the dialog's entry animation
    await screenshot(page, 'plugin-drop-ask-en-dark');
    await answer('plugin-drop-ask', 'cancel');
    assert.equal((await plugins()).length, 3);
    await switchLook(page, 'zh-cn', false);
  });

  it('type 3 (check passed): the forced retry follows at once, without a question', async () => {
    // This server never answers 3 (api-contract: "never returned"), a reference-family server may: the first,
    // unforced answer is replaced by one at the network edge; the forced retry reaches the real server.
    const posts: string[] = [];
    await page.route('**/admin/plugin/info/install', async (route) => {
      const forced = /name="force"\r\n\r\ntrue/.test(route.request().postDataBuffer()?.toString('latin1') ?? '');
      posts.push(String(forced));
      if (forced) return route.continue();
      return route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 1000, message: 'success', data: { type: 3, message: '' } }) });
    });
    try {
      await dropFile(page, 'taskThree.cool', await packShipped('task-demo', { keyName: 'taskThree', name: 'Task three' }));
      await answer('plugin-drop-ask', 'ok');
      // On the plugin page (where the type 2 case went) success is a message, not the offer to open it.
      await page.getByText('插件「Task three」安装成功').waitFor();
      assert.deepEqual(posts, ['false', 'true'], 'one unforced post, then one forced');
      assert.equal(await page.locator('[data-testid="plugin-drop-warning"], [data-testid="plugin-drop-error"]').count(), 0, 'no question asked');
      assert.deepEqual((await plugins()).map((p) => p.keyName), ['taskDemo', 'uploadLocalRoot', 'uploadOther', 'taskThree']);
      await page.getByTestId('crud-table').getByText('Task three').waitFor(); // the open list reloaded on the refresh event
    } finally {
      await page.unroute('**/admin/plugin/info/install');
    }
  });

  it('an admin who is not a super-admin is told so and nothing is posted', async () => {
    await createScopedAdmin(h.app, { username: 'plain', perms: ['plugin:info:page'], departmentIds: [] });
    const { context, page: other } = await h.newPage();
    await loginThroughPage(other, 'plain', 'Scoped-pass1');
    await dropFile(other, 'taskDemo.cool', taskDemo);
    await other.getByText('只有超级管理员可以安装插件').waitFor();
    assert.equal(await other.getByTestId('plugin-drop-ask').count(), 0);
    await context.close();
  });
});
