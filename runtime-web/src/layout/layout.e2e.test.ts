/**
 * The main frame in Chromium against the real server (W-app's harness): sidebar from permmenu, keep-alive
 * of tab pages, breadcrumb, fold, the 400 ms circular light/dark reveal, the theme drawer (preset, custom
 * colour, grouping, transition), the user menu and the phone-sized layout.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { loginThroughPage, screenshot, startHarness } from '../../tests/e2e/harness';
import type { Harness } from '../../tests/e2e/harness';
import { themeVariables } from '../core/theme';

const frameClass = (page: Page) => page.getByTestId('main-layout').getAttribute('class');
const cssVar = (page: Page, name: string) => page.evaluate((n) => document.body.style.getPropertyValue(n), name);
const stored = (page: Page, key: string) => page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as unknown, key);

async function openUserList(page: Page): Promise<void> {
  await page.getByTestId('menu-item-/sys').click();
  await page.getByTestId('sidebar').getByText('权限管理', { exact: true }).click();
  await page.getByTestId('menu-item-/sys/user').click();
  await page.waitForURL((u) => u.pathname === '/sys/user');
}

describe('main frame in the browser', () => {
  let h: Harness;
  let page: Page;
  let consoleErrors: string[];
  before(async () => {
    h = await startHarness();
    ({ page, consoleErrors } = await h.newPage());
    await loginThroughPage(page);
  });
  after(async () => {
    await h?.close();
  });

  it('lays out the frame for a desktop width with the menu unfolded', async () => {
    assert.equal(await frameClass(page), 'sa-frame is-xl is-expanded');
    // Hidden entries (home, personal center) and permission rows are not in the sidebar.
    assert.equal(await page.getByTestId('menu-item-/my/info').count(), 0);
    assert.equal(await page.getByTestId('breadcrumb').count(), 0, 'no breadcrumb on home');
  });

  it('keeps a keepAlive page mounted while another tab shows, and drops it when its tab closes', async () => {
    await openUserList(page);
    // The URL changes before React commits the new pane: mark the user list's own pane once it shows.
    await page.waitForFunction(() =>
      !!document.querySelector('[data-testid=page-view] .sa-page:not([hidden]) [data-entity="base/sys/user"]'),
    );
    await page.evaluate(() => {
      const pane = document.querySelector('[data-testid=page-view] .sa-page:not([hidden])') as HTMLElement & { __mark?: string };
      pane.__mark = 'user-list';
    });
    // The role page's first visit registers its route: the frame and the kept page stay mounted meanwhile.
    await page.getByTestId('menu-item-/sys/role').click();
    await page.waitForURL((u) => u.pathname === '/sys/role');
    // The URL changes before React commits the role page (its route registers on this first visit): wait for it.
    await page.waitForFunction(() => (document.querySelector('[data-testid=breadcrumb]') as HTMLElement | null)?.innerText.includes('角色列表'));
    // Shown: the role page; kept hidden: the user list (and home, which is always reachable).
    assert.equal(await page.locator('[data-testid=page-view] .sa-page:not([hidden])').count(), 1);
    assert.ok((await page.locator('[data-testid=page-view] .sa-page[hidden]').count()) >= 1);
    assert.match((await page.getByTestId('breadcrumb').innerText()).replace(/\s+/g, ''), /首页\/系统管理\/权限管理\/角色列表/);

    await page.getByTestId('tab-/sys/user').click();
    await page.waitForURL((u) => u.pathname === '/sys/user');
    await page.waitForFunction(() =>
      !!document.querySelector('[data-testid=page-view] .sa-page:not([hidden]) [data-entity="base/sys/user"]'),
    );
    const mark = await page.evaluate(
      () =>
        (document.querySelector('[data-testid=page-view] .sa-page:not([hidden])') as HTMLElement & { __mark?: string }).__mark,
    );
    assert.equal(mark, 'user-list', 'the same page element came back, not a new mount');

    const panes = () => page.locator('[data-testid=page-view] .sa-page').count();
    const before = await panes();
    await page.getByTestId('tab-close-/sys/user').click();
    await page.waitForURL((u) => u.pathname === '/sys/role');
    // The closed tab's page is unmounted (waited for: the URL changes before React commits).
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=page-view] .sa-page').length === n, before - 1, { timeout: 5000 });
    assert.equal(await panes(), before - 1);
    const marked = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid=page-view] .sa-page')].some((el) => (el as HTMLElement & { __mark?: string }).__mark === 'user-list'),
    );
    assert.equal(marked, false);
    await screenshot(page, 'layout-light');
  });

  it('folds and unfolds the sidebar', async () => {
    await page.getByTestId('menu-fold').click();
    assert.equal(await frameClass(page), 'sa-frame is-xl is-collapsed');
    await page.waitForFunction(() => document.querySelector('[data-testid=sidebar]')!.getBoundingClientRect().width <= 64);
    await screenshot(page, 'layout-folded');
    await page.getByTestId('menu-fold').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=sidebar]')!.getBoundingClientRect().width >= 200);
  });

  it('switches to dark with a 400 ms circular reveal from the button, and back', async () => {
    await page.evaluate(() => {
      const w = window as unknown as { __reveals: Array<{ frames: unknown; duration: unknown; pseudo: unknown }> };
      w.__reveals = [];
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (
        this: Element,
        frames: Keyframe[] | PropertyIndexedKeyframes | null,
        options?: number | KeyframeAnimationOptions,
      ) {
        if (typeof options === 'object' && options.pseudoElement)
          w.__reveals.push({ frames, duration: options.duration, pseudo: options.pseudoElement });
        return animate.call(this, frames, options);
      };
    });
    assert.equal(
      await page.evaluate(() => typeof (document as Document & { startViewTransition?: unknown }).startViewTransition),
      'function',
    );
    await page.getByTestId('dark-switch').click();
    await page.waitForFunction(() => document.body.getAttribute('theme-mode') === 'dark');
    await page.waitForFunction(() => !document.documentElement.classList.contains('sa-dark-reveal'));
    const reveals = (await page.evaluate(() => (window as unknown as { __reveals: unknown[] }).__reveals)) as Array<{
      frames: { clipPath: string[] };
      duration: number;
      pseudo: string;
    }>;
    assert.equal(reveals.length, 1);
    assert.equal(reveals[0]!.duration, 400);
    assert.equal(reveals[0]!.pseudo, '::view-transition-new(root)');
    assert.match(reveals[0]!.frames.clipPath[0]!, /^circle\(0px at [\d.]+px [\d.]+px\)$/);
    assert.equal(await stored(page, 'dark'), true);
    await screenshot(page, 'layout-dark');
    await page.getByTestId('dark-switch').click();
    await page.waitForFunction(() => document.body.getAttribute('theme-mode') !== 'dark');
  });

  it('theme drawer: a preset, a custom colour, menu grouping and the page transition persist', async () => {
    await page.getByTestId('theme-settings').click();
    await page.getByTestId('theme-preset-zitan').click();
    // The palette is the chosen colour; primary text is that colour made readable (AA) on the light surfaces.
    assert.equal(await cssVar(page, '--semi-blue-5'), '208,55,141');
    assert.equal(await cssVar(page, '--semi-color-primary'), themeVariables('#d0378d', false)['--semi-color-primary']);
    assert.notEqual(await cssVar(page, '--semi-color-primary'), '#d0378d', 'lightish pink darkened for text');
    assert.deepEqual(await stored(page, 'theme'), { name: 'zitan', color: '#d0378d', isGroup: false, transition: 'slide' });

    await page.getByTestId('theme-custom-color').fill('#123456');
    assert.equal(await cssVar(page, '--semi-color-primary'), '#123456');
    assert.equal(((await stored(page, 'theme')) as { name: string }).name, 'custom');

    await page.getByTestId('theme-transition-fade').click();
    await page.getByTestId('theme-group').click();
    assert.deepEqual(await stored(page, 'theme'), { name: 'custom', color: '#123456', isGroup: true, transition: 'fade' });
    await page.locator('.semi-sidesheet-close').click();

    // Grouped: the top bar lists the top-level directories, the sidebar shows one group.
    const groups = page.getByTestId('menu-groups');
    await groups.getByText('数据管理', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/dict/list');
    assert.equal(await page.getByTestId('menu-item-/sys').count(), 0);
    await page.getByTestId('menu-item-/dict/list').waitFor();

    await page.getByTestId('theme-settings').click();
    await page.getByTestId('theme-group').click();
    await page.getByTestId('theme-preset-default').click();
    await page.getByTestId('theme-transition-slide').click();
    await page.locator('.semi-sidesheet-close').click();
    assert.deepEqual(await stored(page, 'theme'), { name: 'default', color: '#4165d7', isGroup: false, transition: 'slide' });
    await page.getByTestId('menu-item-/sys').waitFor();
  });

  it('translates the frame: locale switch to English and back', async () => {
    // Picks a locale and waits for the menu to finish closing before the next pick.
    const pick = async (code: string) => {
      await page.getByTestId('locale-switch').click();
      await page.getByTestId(`locale-${code}`).click();
      await page.getByTestId(`locale-${code}`).waitFor({ state: 'hidden' });
    };
    await pick('en');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    assert.equal(await page.getByTestId('tabs-close-all').getAttribute('aria-label'), 'Close all');
    assert.equal(await page.getByTestId('menu-fold').getAttribute('aria-label'), 'Collapse menu');
    assert.match(await page.getByTestId('breadcrumb').innerText(), /^Home/);
    await pick('zh-tw');
    assert.equal(await page.getByTestId('tabs-close-all').getAttribute('aria-label'), '關閉全部');
    await pick('zh-cn');
    assert.equal(await page.getByTestId('tabs-close-all').getAttribute('aria-label'), '关闭全部');
  });

  it('user menu: personal center, then logout after confirming', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-info').click();
    await page.waitForURL((u) => u.pathname === '/my/info');
    await page.getByTestId('user-info').waitFor({ state: 'hidden' });
    await page.getByTestId('tab-/my/info').waitFor();
    assert.match(await page.getByTestId('tab-/my/info').innerText(), /个人中心/);

    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('logout-confirm').click();
    await page.waitForURL((u) => u.pathname === '/login');
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
  });

  it('at 600 px: phone classes, the menu folded off-screen, opened over a mask and closed by a pick', async () => {
    const phone = await h.newPage({ width: 600, height: 800 });
    await loginThroughPage(phone.page);
    const p = phone.page;
    assert.equal(await frameClass(p), 'sa-frame is-xs is-collapsed is-mini');
    const right = await p.evaluate(() => document.querySelector('[data-testid=sidebar]')!.getBoundingClientRect().right);
    assert.ok(right <= 0, `sidebar off-screen, right edge at ${right}`);
    await screenshot(p, 'layout-600');

    await p.getByTestId('menu-fold').click();
    assert.equal(await frameClass(p), 'sa-frame is-xs is-expanded is-mini');
    await p.locator('.sa-frame__mask').waitFor();
    await p.getByTestId('menu-item-/sys').click();
    await p.getByTestId('sidebar').getByText('权限管理', { exact: true }).click();
    await p.getByTestId('menu-item-/sys/role').click();
    await p.waitForURL((u) => u.pathname === '/sys/role');
    assert.equal(await frameClass(p), 'sa-frame is-xs is-collapsed is-mini');
    assert.equal(await p.locator('.sa-frame__mask').count(), 0);
    assert.deepEqual(
      phone.consoleErrors.filter((e) => !/Failed to load resource/.test(e)),
      [],
    );
  });

  it('logged no errors in the browser console', () => {
    assert.deepEqual(
      consoleErrors.filter((e) => !/Failed to load resource/.test(e)),
      [],
    );
  });
});
