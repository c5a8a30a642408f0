/**
 * The device-lock controller on a real server (simulated lock driver): loss mode from the row and from the
 * panel, each command with its confirmation and result, the history, the one-time secret, permissions.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { bumpAuthEpoch } from '../../../runtime-server/src/auth/authz.js';
import { createScopedAdmin } from '../../../runtime-server/src/testing/scopedAdmin.js';
import { loginThroughPage, screenshot, startHarness } from './harness';
import type { Harness } from './harness';

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('device-lock controller (browser)', () => {
  let h: Harness;
  let page: Page;
  let deviceId: number;
  const device = async () => (await h.app.instance.services.knex('lock_device').where({ id: deviceId }).first()) as Record<string, unknown>;
  const commands = async () =>
    ((await h.app.instance.services.knex('lock_command').where({ deviceId }).orderBy('id').select('command', 'success')) as { command: string; success: unknown }[]).map(
      (c) => `${c.command}:${Number(c.success)}`,
    );
  const confirmWith = async (p: Page, text: RegExp) => {
    const modal = p.locator('.semi-modal-content', { has: p.getByTestId('lock-confirm') });
    await modal.waitFor();
    assert.match(await modal.getByTestId('lock-confirm').innerText(), text);
    await modal.getByTestId('lock-confirm-ok').click();
    await modal.waitFor({ state: 'detached' });
  };
  const rowAction = async (p: Page, op: string) => {
    const row = p.locator(`tr[data-row-id="${deviceId}"]`);
    const direct = row.locator(`[data-op="action:${op}"]`);
    if (await direct.count()) return direct.click();
    await row.locator('.crud-ops button[aria-label]').last().click();
    await p.locator(`.semi-dropdown-item[data-op="action:${op}"]`).click();
  };

  before(async () => {
    h = await startHarness();
    const added = await h.app.post('/admin/lock/deviceLockController/add', { serialNumber: 'SN-0001', userName: 'Alice', phone: '13800000000', channel: 'web' });
    assert.equal(added.body.code, 1000, JSON.stringify(added.body));
    deviceId = added.body.data.id as number;
    await h.app.post('/admin/lock/deviceLockController/add', { serialNumber: 'SN-0002', userName: 'Bob' });
    ({ page } = await h.newPage());
    await loginThroughPage(page);
    await page.goto('/lock/device');
    await page.locator(`tr[data-row-id="${deviceId}"]`).waitFor().catch(async (e: unknown) => {
      await screenshot(page, 'lock-debug');
      throw e;
    });
  });
  after(async () => {
    await h?.close();
  });

  it('switches loss mode on from the row after a confirmation naming the device', async () => {
    await rowAction(page, 'loss');
    await confirmWith(page, /SN-0001.*丢失模式|丢失模式.*SN-0001/);
    await page.getByText('丢失模式 已开启').first().waitFor();
    assert.equal(Number((await device()).lossMode), 1);
    assert.deepEqual(await commands(), ['loss:1']);
  });

  it('opens the panel from a row command, confirms it there and shows state and history', async () => {
    await rowAction(page, 'clearPassword');
    await confirmWith(page, /SN-0001/);
    await page.getByTestId('lock-panel-body').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="lock-history"] tbody tr').length === 2);
    assert.equal(await page.getByTestId('lock-loss-state').innerText(), '已开启');
    assert.notEqual(await page.getByTestId('lock-last-command').innerText(), '从未');
    const firstRow = await page.locator('[data-testid="lock-history"] tbody tr').first().innerText();
    assert.match(firstRow, /清除密码\s+成功/);
    assert.deepEqual(await commands(), ['loss:1', 'clearPassword:1']);
    await screenshot(page, 'lock-panel-zh-light');
  });

  it('switches loss mode off from the panel; the history shows the command', async () => {
    await page.getByTestId('lock-loss-switch').click();
    await confirmWith(page, /SN-0001/);
    await page.waitForFunction(() => document.querySelector('[data-testid="lock-loss-state"]')?.textContent === '已关闭');
    assert.match(await page.locator('[data-testid="lock-history"] tbody tr').first().innerText(), /丢失模式\s+成功/);
    assert.equal(Number((await device()).lossMode), 0);
  });

  it('limits apps and sets an uploaded wallpaper', async () => {
    const input = page.getByTestId('lock-apps-input').locator('input');
    await input.fill('com.example.game');
    await input.press('Enter');
    await page.getByTestId('lock-limitApp').click();
    await confirmWith(page, /com\.example\.game/);
    await page.waitForFunction(() => document.querySelector('[data-testid="lock-apps"]')?.textContent === 'com.example.game');
    assert.deepEqual(JSON.parse(String((await device()).limitedApps)), ['com.example.game']);

    await page.getByTestId('lock-wallpaper-input').setInputFiles({ name: 'wall.png', mimeType: 'image/png', buffer: PNG });
    await confirmWith(page, /SN-0001/);
    await page.locator('[data-testid="lock-wallpaper"] img').waitFor();
    assert.match(String((await device()).wallpaper), /^\/upload\/.+\.png$/);
  });

  it('rotates the callback secret, shows it once, and the device can call back with it', async () => {
    await page.getByTestId('lock-rotateSecret').click();
    await confirmWith(page, /SN-0001/);
    const secret = (await page.getByTestId('lock-secret').innerText()).trim();
    assert.ok(secret.length > 20);
    await page.getByTestId('lock-secret-close').click();
    const cb = await h.app.anon.post('/admin/lock/deviceLockController/callback', { serialNumber: 'SN-0001', secret, info: 'hello' });
    assert.equal(cb.body.code, 1000, JSON.stringify(cb.body));
    assert.equal((await device()).callbackInfo, 'hello');
  });

  it('reads in English and dark mode', async () => {
    await page.getByTestId('lock-panel-close').click();
    await page.getByTestId('lock-panel-body').waitFor({ state: 'hidden' });
    await page.getByTestId('locale-switch').click();
    await page.getByTestId('locale-en').click();
    await page.getByTestId('dark-switch').click();
    await page.waitForFunction(() => document.body.getAttribute('theme-mode') === 'dark');
    await rowAction(page, 'getWallpaper');
    await confirmWith(page, /wallpaper/);
    await page.getByText(/The device reports wallpaper/).waitFor();
    await screenshot(page, 'lock-panel-en-dark');
    await page.getByTestId('lock-panel-close').click();
    await page.getByTestId('lock-panel-body').waitFor({ state: 'hidden' });
    await page.getByTestId('dark-switch').click();
    await page.getByTestId('locale-switch').click();
    await page.getByTestId('locale-zh-cn').click();
  });

  it('shows only the commands an admin holds', async () => {
    const locker = await createScopedAdmin(h.app, {
      username: 'locker',
      perms: ['lock:deviceLockController:page', 'lock:deviceLockController:info', 'lock:deviceLockController:loss', 'lock:deviceLockController:clearPassword'],
      departmentIds: [],
    });
    // The device-lock menu itself, so the page is among the admin's routes.
    const knex = h.app.instance.services.knex;
    const menu = (await knex('base_sys_menu').where({ router: '/lock/device' }).first('id')) as { id: number };
    await knex('base_sys_role_menu').insert({ roleId: locker.roleId, menuId: menu.id, createTime: '2026-01-01 00:00:00', updateTime: '2026-01-01 00:00:00' });
    await bumpAuthEpoch(knex);
    const { context, page: p } = await h.newPage();
    await loginThroughPage(p, 'locker', 'Scoped-pass1');
    await p.goto('/lock/device');
    await p.locator(`tr[data-row-id="${deviceId}"]`).waitFor();
    await rowAction(p, 'clearPassword');
    await confirmWith(p, /SN-0001/);
    await p.getByTestId('lock-panel-body').waitFor();
    assert.equal(await p.getByTestId('lock-clearPassword').count(), 1);
    assert.equal(await p.getByTestId('lock-rotateSecret').count(), 0);
    assert.equal(await p.getByTestId('lock-wallpaper').count(), 1);
    assert.equal(await p.getByTestId('lock-setWallpaper').count(), 0);
    assert.equal(await p.getByTestId('lock-history').count(), 0, 'no lock:command:page, no history');
    assert.equal(await p.getByTestId('lock-loss-switch').isDisabled(), false);
    await context.close();
  });
});
