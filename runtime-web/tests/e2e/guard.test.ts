/**
 * The route guard and the session in Chromium against the real server: sign-in redirects, 404/403
 * routing, one token refresh replaying the queued requests, expiry of both tokens and logout.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page, Request } from 'playwright-core';
import { seedUser } from '../../../runtime-server/src/testing/seedUser.js';
import { loginThroughPage, screenshot, startHarness } from './harness';
import type { Harness } from './harness';

const path = (page: Page): string => new URL(page.url()).pathname;

describe('route guard and session in the browser', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });

  it('without a token: pages go to /login, error pages stay reachable', async () => {
    const { page } = await h.newPage();
    for (const p of ['/', '/sys/user', '/my/info', '/no/such/page']) {
      await page.goto(p);
      await page.waitForURL((u) => u.pathname === '/login');
    }
    await page.goto('/404');
    await page.getByTestId('error-page-404').waitFor();
    assert.match(await page.getByTestId('error-page-404').innerText(), /找不到您要查找的页面/);
    await page.getByTestId('error-back-login').click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.goto('/502');
    assert.match(await page.getByTestId('error-page-502').innerText(), /马上回来/);
    await page.getByTestId('locale-en').click();
    await page.getByText('Be right back').waitFor();
  });

  it('logged in: an unknown path shows /404 and /login goes home', async () => {
    const { page } = await h.newPage();
    await loginThroughPage(page);
    await page.goto('/no/such/page');
    await page.waitForURL((u) => u.pathname === '/404');
    await page.getByTestId('error-page-404').waitFor();
    assert.equal(await page.getByTestId('tabs').count(), 0, 'error pages are outside the frame and never tabs');
    await screenshot(page, 'error-404');
    await page.getByTestId('error-back-home').click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('sidebar').waitFor();

    await page.goto('/login');
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('view-home').waitFor();
  });

  it("menu view paths with '/pages/' render as top-level pages, outside the frame and the tabs", async () => {
    const ts = new Date().toISOString().slice(0, 19).replace('T', ' ');
    await h.app.instance.services.knex('base_sys_menu').insert({
      name: '数据大屏', router: '/big/screen', viewPath: 'modules/demo/pages/screen/index.vue', type: 1, orderNum: 99, isShow: 1, keepAlive: 0, createTime: ts, updateTime: ts,
    });
    const { page } = await h.newPage();
    await loginThroughPage(page);
    await page.goto('/big/screen');
    await page.getByTestId('view-placeholder').waitFor();
    assert.equal(await page.getByTestId('main-layout').count(), 0);
    assert.match(await page.getByTestId('view-placeholder').innerText(), /数据大屏/);
    // In-app navigation (tabs live in memory): back in the frame, only the framed page is a tab.
    await page.evaluate(() => window.__schemaAdmin!.stores.app.navigate('/sys/user'));
    await page.getByTestId('tab-/sys/user').waitFor();
    assert.deepEqual(await page.evaluate(() => window.__schemaAdmin!.stores.process.list.map((t) => t.path)), ['/sys/user']);
  });

  it('an HTTP 403 from the API lands on /403', async () => {
    await seedUser(h.app, 'viewer', ['base:comm:person', 'base:comm:permmenu']);
    const { page } = await h.newPage();
    await loginThroughPage(page, 'viewer', 'user-pass1');
    const outcome = await page.evaluate(() =>
      window.__schemaAdmin!.stores.request({ url: '/admin/base/sys/user/page', method: 'POST', data: {} }).then(
        () => 'resolved',
        (e: { status?: number; code?: number }) => `rejected ${e.status ?? ''} ${e.code ?? ''}`,
      ),
    );
    assert.match(outcome, /^rejected 403/);
    await page.waitForURL((u) => u.pathname === '/403');
    assert.match(await page.getByTestId('error-page-403').innerText(), /您无权访问此页面/);
    // Still signed in: the way home is offered.
    await page.getByTestId('error-back-home').waitFor();
  });

  it('an expired access token: one refresh, the queued start-up requests replay with the new token', async () => {
    const { page } = await h.newPage();
    await loginThroughPage(page);
    const oldToken = await page.evaluate(() => JSON.parse(localStorage.getItem('token')!) as string);
    // The home page's own start-up calls finish first: a call the old page makes after the expiry is set would
    // refresh there, and the reload would then replay that page's refresh token (a replay revokes the session).
    await page.waitForLoadState('networkidle');
    // The access token is past its client-side expiry; the refresh token is still good.
    await page.evaluate(() => localStorage.setItem('token_deadtime', JSON.stringify(Date.now() - 1000)));

    const api: Request[] = [];
    const bodies = new Map<Request, Promise<unknown>>();
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) api.push(r);
    });
    // Bodies are read as they arrive: Chromium drops them once the page navigates.
    page.on('response', (r) => {
      if (r.url().includes('/admin/base/open/refreshToken')) bodies.set(r.request(), r.json().catch((e: Error) => ({ unreadable: e.message })));
    });
    await page.reload();
    await page.getByTestId('sidebar').waitFor();
    await page.waitForFunction(() => !!JSON.parse(localStorage.getItem('userInfo') ?? 'null'));
    await page.waitForLoadState('networkidle');

    const refreshes = api.filter((r) => r.url().includes('/admin/base/open/refreshToken'));
    assert.equal(refreshes.length, 1, `refresh calls: ${refreshes.map((r) => r.url()).join(', ')}`);
    const refreshed = (await bodies.get(refreshes[0]!)) as { code: number; data: { token: string } };
    assert.equal(refreshed.code, 1000);
    const newToken = refreshed.data.token;
    assert.notEqual(newToken, oldToken);

    const queued = api.filter((r) => /\/admin\/base\/comm\/(person|permmenu)|\/admin\/dict\/info\/data/.test(r.url()));
    assert.ok(queued.length >= 3, `queued: ${queued.map((r) => r.url()).join(', ')}`);
    for (const r of queued) {
      assert.equal(await r.headerValue('authorization'), newToken, r.url());
      assert.equal((await r.response())?.status(), 200, r.url());
    }
    assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('token')!)), newToken);
    assert.equal(path(page), '/');
  });

  it('both tokens expired: the session is dropped and the user lands on /login', async () => {
    const { page } = await h.newPage();
    await loginThroughPage(page);
    await page.evaluate(() => {
      localStorage.setItem('token_deadtime', JSON.stringify(Date.now() - 1000));
      localStorage.setItem('refreshToken_deadtime', JSON.stringify(Date.now() - 1000));
    });
    await page.goto('/sys/user');
    await page.waitForURL((u) => u.pathname === '/login');
    await page.waitForFunction(() => localStorage.getItem('token') === null && localStorage.getItem('userInfo') === null);
  });

  it('a view whose module fails to load reloads once, then shows the page error inside the frame', async () => {
    const { page } = await h.newPage();
    await loginThroughPage(page);
    // The personal center is a lazy chunk: make the server "lose" it, as after a redeploy.
    await page.route(/\/assets\/MyInfo-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto('/my/info');
    const error = page.getByTestId('view-error');
    await error.waitFor();
    await page.waitForFunction(() => /页面存在错误：/.test(document.querySelector('[data-testid="view-error"]')?.textContent ?? ''));
    assert.equal(loads, 2, 'the first dynamic import failure reloads the page once');
    assert.match((await error.textContent()) ?? '', /^页面存在错误：.*(dynamically imported module|Importing a module script)/);
    // The frame around it still works.
    await page.getByTestId('sidebar').waitFor();
    await page.unroute(/\/assets\/MyInfo-[^/]+\.js$/);
  });

  it('logout: confirms, ends the session on the server, clears local state and goes to /login', async () => {
    const { page } = await h.newPage();
    await loginThroughPage(page);
    await page.goto('/sys/user');
    await page.getByTestId('tab-/sys/user').waitFor();
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token')!) as string);
    assert.equal((await h.app.as(token).get('/admin/base/comm/person')).body.code, 1000);

    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.locator('.semi-modal-footer .semi-button-primary').click();
    await page.waitForURL((u) => u.pathname === '/login');
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    assert.equal(await page.evaluate(() => localStorage.getItem('menus')), null);
    const after = await h.app.as(token).get('/admin/base/comm/person');
    assert.equal(after.status, 401, 'the server session is gone too');

    // Dynamic routes went with the session: the page is not reachable until the next sign-in.
    await page.goto('/sys/user');
    await page.waitForURL((u) => u.pathname === '/login');
  });
});
