/**
 * The plugin demo pages (docs/reference/product-spec.md §2 labels) and the dynamic route demo, on a real server.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { loginThroughPage, screenshot, startHarness } from './harness';
import type { Harness } from './harness';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const LABELS = ['基础上传', '多图上传', '小图', '文件上传', '拖拽上传', '自定义内容', '上传校验', '文件空间', '左右布局', '顶部详情'];

describe('demo pages (browser)', () => {
  let h: Harness;
  let page: Page;
  const tab = (name: string) => page.getByRole('tab', { name, exact: true });

  before(async () => {
    h = await startHarness();
    ({ page } = await h.newPage());
    await loginThroughPage(page);
    await page.goto('/demo/plugins');
    await page.getByTestId('view-plugin-demos').waitFor();
  });
  after(async () => {
    await h?.close();
  });

  it('has a tab for every demo the spec names', async () => {
    for (const label of LABELS) assert.equal(await tab(label).count(), 1, label);
  });

  it('basic upload stores a file on the server and shows its URL', async () => {
    await page.locator('[data-testid="demo-cover"] input[type="file"]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await page.waitForFunction(() => /upload\/.+\.png/.test(document.querySelector('[data-testid="demo-cover-value"]')?.textContent ?? ''));
    const url = JSON.parse(await page.getByTestId('demo-cover-value').innerText()) as string;
    const res = await fetch(new URL(url, h.baseUrl));
    assert.equal(res.status, 200);
    await screenshot(page, 'demo-basic-zh-light');
  });

  it('drag-and-drop upload and the upload check (refusing a non-image)', async () => {
    await tab('拖拽上传').click();
    await page.locator('[data-testid="demo-drag"] input[type="file"]').first().setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG });
    await page.waitForFunction(() => /upload\//.test(document.querySelector('[data-testid="demo-drag"] [data-testid="demo-upload-value"]')?.textContent ?? ''));
    await tab('上传校验').click();
    await page.locator('[data-testid="demo-check"] input[type="file"]').first().setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await page.getByText('「notes.txt」未通过校验：不是 PNG/JPG 图片').waitFor();
    assert.equal(await page.locator('[data-testid="demo-check"] [data-testid="demo-upload-value"]').innerText(), '[]');
  });

  it('left-right layout lists dictionary types and the chosen type’s items', async () => {
    await tab('左右布局').click();
    await page.locator('[data-testid="demo-left-right"]').getByText('goodsType').click();
    await page.getByTestId('demo-dict-items').getByText('服装').waitFor();
    const rows = await page.locator('[data-testid="demo-dict-items"] tbody tr').allInnerTexts();
    assert.deepEqual(rows.map((r) => r.split('\t')[0]!.trim()), ['数码', '服装', '食品']);
  });

  it('top detail shows a goods record and its orders; English and dark', async () => {
    const knex = h.app.instance.services.knex;
    const ts = '2026-01-02 10:00:00';
    const [goodsId] = await knex('demo_goods').insert({ title: 'Lamp', price: 9.9, status: 1, stock: 3, createTime: ts, updateTime: ts });
    await knex('demo_order').insert({ goodsId: Number(goodsId), amount: '19.80', quantity: 2, status: 1, payTime: ts, createTime: ts, updateTime: ts });
    await page.reload();
    await tab('顶部详情').click();
    await page.getByTestId('demo-top-detail').getByText('19.80').waitFor();
    await page.getByTestId('locale-switch').click();
    await page.getByTestId('locale-en').click();
    await page.getByText('Orders of these goods').waitFor();
    await page.getByTestId('dark-switch').click();
    await page.waitForFunction(() => document.body.getAttribute('theme-mode') === 'dark');
    await page.waitForTimeout(500); // the 400 ms circular reveal
    await screenshot(page, 'demo-top-detail-en-dark');
    await page.getByTestId('dark-switch').click();
    await page.getByTestId('locale-switch').click();
    await page.getByTestId('locale-zh-cn').click();
  });

  it('the dynamic route demo shows its parameters, the name being optional', async () => {
    await page.goto('/demo/test/route/42/alice');
    assert.equal(await page.getByTestId('route-param-id').innerText(), '42');
    assert.equal(await page.getByTestId('route-param-name').innerText(), 'alice');
    await page.goto('/demo/test/route/7');
    assert.equal(await page.getByTestId('route-param-id').innerText(), '7');
    assert.notEqual(await page.getByTestId('route-param-name').innerText(), '');
  });
});
