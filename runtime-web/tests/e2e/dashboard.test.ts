/**
 * The home dashboard on a real server: a fresh install shows its empty state; after known rows are
 * inserted the figures equal the database, and they change when rows are added.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { loginThroughPage, screenshot, startHarness } from './harness';
import type { Harness } from './harness';

const FMT = 'YYYY-MM-DD HH:mm:ss';

describe('dashboard (browser)', () => {
  let h: Harness;
  let page: Page;
  const knex = () => h.app.instance.services.knex;
  const text = async (id: string) => (await page.getByTestId(id).innerText()).trim();
  const count = async (table: string, where: (q: ReturnType<ReturnType<typeof knex>>) => unknown = () => {}) => {
    const q = knex()(table);
    where(q);
    return Number(((await q.count({ n: '*' }).first()) as { n: unknown }).n);
  };

  before(async () => {
    h = await startHarness();
    ({ page } = await h.newPage());
    await loginThroughPage(page);
  });
  after(async () => {
    await h?.close();
  });

  it('shows the empty state on a fresh install', async () => {
    await page.getByTestId('dash-users').waitFor();
    assert.equal(await text('dash-users'), '0');
    assert.equal(await text('dash-payments'), '0');
    await page.getByTestId('dash-empty').first().waitFor();
    await screenshot(page, 'dashboard-empty-zh-light');
  });

  it('equals the database after inserting known rows, and follows new rows', async () => {
    const now = dayjs();
    const stamp = (d: dayjs.Dayjs) => ({ createTime: d.format(FMT), updateTime: d.format(FMT) });
    await knex()('user_info').insert([
      { nickName: 'u1', status: 1, gender: 0, loginType: 0, ...stamp(now) },
      { nickName: 'u2', status: 2, gender: 0, loginType: 0, ...stamp(now.subtract(3, 'day')) },
    ]);
    const goods: number[] = [];
    for (const [title, type] of [['Phone', 1], ['Shirt', 2], ['Bread', 3]] as const) {
      const [id] = await knex()('demo_goods').insert({ title, type, price: 1, status: 1, stock: 0, ...stamp(now) });
      goods.push(Number(id));
    }
    const order = (goodsId: number, amount: string, status: number, payTime: dayjs.Dayjs | null, quantity = 1) => ({
      goodsId,
      amount,
      status,
      quantity,
      payTime: payTime ? payTime.format(FMT) : null,
      ...stamp(payTime ?? now),
    });
    await knex()('demo_order').insert([
      order(goods[0]!, '1200.00', 1, now, 2),
      order(goods[1]!, '80.50', 1, now.subtract(1, 'day')),
      order(goods[2]!, '12.30', 1, now.subtract(2, 'day')),
      order(goods[2]!, '5.00', 0, null),
    ]);
    // The request log is written in batches off the response path: what earlier requests queued is written now.
    await h.app.instance.services.telemetry.requestLog.flush();
    const logsBefore = await count('base_sys_log');
    await page.getByTestId('dash-refresh').click();
    await page.getByTestId('dash-ranking').locator('li').first().waitFor();
    assert.equal(await text('dash-users'), String(await count('user_info')));
    assert.equal(await text('dash-users'), '2');
    assert.equal(await text('dash-users-today'), '1');
    assert.equal(await text('dash-payments'), '3');
    assert.equal(await text('dash-sales'), '¥1,292.80');
    assert.equal(await text('dash-sales-today'), '¥1,200.00');
    assert.equal(await text('dash-conversion'), '75%');
    // Views: every request-log row written when the server answered; the summary's own row is queued after it.
    const views = Number((await text('dash-views')).replace(/,/g, ''));
    await h.app.instance.services.telemetry.requestLog.flush();
    const logsAfter = await count('base_sys_log');
    assert.ok(views >= logsBefore && views < logsAfter, `views ${views} within [${logsBefore}, ${logsAfter})`);
    const ranking = await page.getByTestId('dash-ranking').locator('li').allInnerTexts();
    assert.deepEqual(
      ranking.map((r) => r.split('\n')[1]),
      ['Phone', 'Shirt', 'Bread'],
    );
    const categories = await page.getByTestId('dash-category-item').allInnerTexts();
    assert.deepEqual(categories.map((c) => c.replace(/\s+/g, ' ').trim()), ['数码 ¥1,200.00', '服装 ¥80.50', '食品 ¥12.30']);
    await page.locator('[data-testid="dash-sales-chart"] canvas').first().waitFor();
    await page.waitForTimeout(500); // the charts' 300 ms entry animation
    // The bars and the slices are drawn in colour, not only the axes and labels (greys).
    for (const chart of ['dash-sales-chart', 'dash-category']) {
      const coloured = await page.locator(`[data-testid="${chart}"] canvas`).first().evaluate((c: HTMLCanvasElement) => {
        const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
        let n = 0;
        for (let i = 0; i < data.length; i += 4) {
          const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
          if (a > 200 && Math.max(r, g, b) - Math.min(r, g, b) > 60) n++;
        }
        return n;
      });
      assert.ok(coloured > 200, `${chart}: ${coloured} coloured pixels`);
    }
    await screenshot(page, 'dashboard-zh-light');

    await knex()('demo_order').insert(order(goods[1]!, '7.20', 1, now));
    await knex()('user_info').insert({ nickName: 'u3', status: 0, gender: 0, loginType: 0, ...stamp(now) });
    await page.getByTestId('dash-refresh').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="dash-payments"]')?.textContent === '4');
    assert.equal(await text('dash-users'), '3');
    assert.equal(await text('dash-users-today'), '2');
    assert.equal(await text('dash-sales-today'), '¥1,207.20');
  });

  it('switches the chart range and draws in English and dark mode', async () => {
    await page.getByRole('tab', { name: '全年' }).click();
    await page.locator('[data-testid="dash-sales-chart"] canvas').first().waitFor();
    await page.getByTestId('locale-switch').click();
    await page.getByTestId('locale-en').click();
    await page.getByText('Total sales').waitFor();
    await screenshot(page, 'dashboard-en-light');
    await page.getByTestId('dark-switch').click();
    await page.waitForFunction(() => document.body.getAttribute('theme-mode') === 'dark');
    await page.waitForTimeout(600);
    await screenshot(page, 'dashboard-en-dark');
    await page.getByTestId('locale-switch').click();
    await page.getByTestId('locale-zh-cn').click();
    await page.getByText('总销售额').waitFor();
    await page.waitForTimeout(500); // the charts redraw with their 300 ms animation
    await screenshot(page, 'dashboard-zh-dark');
    await page.getByTestId('dark-switch').click();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(600);
    await screenshot(page, 'dashboard-zh-narrow');
    await page.setViewportSize({ width: 1366, height: 820 });
  });

  it('tells an admin without the dashboard permission so', async () => {
    const { createScopedAdmin } = await import('../../../runtime-server/src/testing/scopedAdmin.js');
    await createScopedAdmin(h.app, { username: 'noboard', perms: ['demo:goods:page'], departmentIds: [] });
    const { context, page: other } = await h.newPage({ width: 390, height: 800 });
    await loginThroughPage(other, 'noboard', 'Scoped-pass1');
    await other.getByTestId('dash-no-permission').waitFor();
    await screenshot(other, 'dashboard-no-permission-narrow');
    await context.close();
  });
});
