/**
 * Browser-test harness: the real server (createApp on port 0, SQLite in a temp folder, the test
 * captcha switch) serving the built console, and Debian's Chromium driven by playwright-core.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ProjectPaths } from '@schema-admin/generator';
import { ensureWebBuild } from '../../../scripts/web-build.mjs';
import { TEST_ADMIN_PASSWORD, TEST_CAPTCHA, sqliteTestDb } from '../../../runtime-server/src/testing/forEachDb.js';
import { startTestApp } from '../../../runtime-server/src/testing/testApp.js';
import type { TestApp } from '../../../runtime-server/src/testing/testApp.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The built console; SA_E2E_WEB_DIST serves another build (the accessibility suite's "before" figures were taken so). */
export const WEB_DIST = process.env.SA_E2E_WEB_DIST || path.resolve(here, '..', '..', 'dist');
export const SCREENSHOTS = path.resolve(here, '..', '..', '..', 'test-artifacts', 'screenshots');
export { TEST_ADMIN_PASSWORD, TEST_CAPTCHA };

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

export interface Harness {
  app: TestApp;
  baseUrl: string;
  browser: Browser;
  /** A fresh browser context (own localStorage) with one page; console errors are collected. */
  newPage(options?: { width?: number; height?: number }): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }>;
  close(): Promise<void>;
}

export async function startHarness(options: { project?: ProjectPaths; schemasDir?: string; schemaWatch?: boolean } = {}): Promise<Harness> {
  // No-op when dist is fresh: scripts/test.mjs builds once before the browser tests.
  if (!process.env.SA_E2E_WEB_DIST) ensureWebBuild();
  const db = sqliteTestDb();
  // schemasDir: where the coding endpoints write (a scratch project's copy in tests that create entities).
  // schemaWatch: the project's schemas/ are watched, as `npm run dev` does (coding/schemaWatch.ts).
  const overrides = { ...(options.schemasDir ? { schemasDir: options.schemasDir } : {}), ...(options.schemaWatch ? { schemaWatch: true } : {}) };
  const app = await startTestApp(await db.config(overrides), { webDir: WEB_DIST, ...(options.project ? { project: options.project } : {}) });
  const server = http.createServer(app.instance.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const contexts: BrowserContext[] = [];
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    browser,
    async newPage({ width = 1366, height = 820 } = {}) {
      const context = await browser.newContext({ viewport: { width, height }, baseURL: `http://127.0.0.1:${port}` });
      contexts.push(context);
      const page = await context.newPage();
      // Generous: the machine running CI may be busy; a real hang still fails well inside the suite budget.
      page.setDefaultTimeout(20_000);
      const consoleErrors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') consoleErrors.push(m.text());
      });
      page.on('pageerror', (e) => consoleErrors.push(String(e)));
      return { context, page, consoleErrors };
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close().catch(() => {});
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
      await app.close();
      await db.cleanup();
    },
  };
}

/**
 * Signs in through the login page: username, password, the captcha answer — the harness's fixed one unless
 * given, or found from the captcha id the page received (a production server has no fixed answer).
 */
export async function loginThroughPage(
  page: Page,
  username = 'admin',
  password = TEST_ADMIN_PASSWORD,
  captcha: string | ((captchaId: string) => Promise<string>) = TEST_CAPTCHA,
): Promise<void> {
  const issued = typeof captcha === 'string' ? undefined : page.waitForResponse((r) => r.url().includes('/admin/base/open/captcha'));
  await page.goto('/login');
  // The image itself, not its button: the page clears the code box when a captcha arrives, so a code typed
  // while the first one was still loading (a slow server) was wiped before the click.
  await page.getByTestId('login-captcha-img').locator('img').waitFor();
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  const answer = typeof captcha === 'string' ? captcha : await captcha(((await (await issued!).json()) as { data: { captchaId: string } }).data.captchaId);
  await page.getByTestId('login-captcha-input').fill(answer);
  // What the server answered, for the failure message: a sign-in that never lands should say why.
  let answered = 'no answer to the login request';
  const login = page
    .waitForResponse((r) => r.url().includes('/admin/base/open/login'))
    .then(async (r) => (answered = `login answered HTTP ${r.status()}: ${(await r.text()).slice(0, 300)}`))
    .catch(() => undefined);
  await page.getByTestId('login-submit').click();
  try {
    await page.waitForURL((u) => u.pathname === '/');
  } catch (err) {
    await Promise.race([login, new Promise((r) => setTimeout(r, 1000))]);
    const shown = await page.locator('.semi-toast-content, .semi-notification-notice, .login__error').allInnerTexts().catch(() => []);
    throw new Error(`sign-in of ${username} did not reach /: ${answered}; on the page: ${shown.join(' | ') || 'no message'} (${(err as Error).message.split('\n')[0]})`);
  }
  await page.getByTestId('main-layout').waitFor();
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/** Switches the console's language through the top bar and, when asked, into dark mode (waiting out the 400 ms reveal). */
export async function switchLook(page: Page, locale: 'zh-cn' | 'zh-tw' | 'en', dark?: boolean): Promise<void> {
  await page.getByTestId('locale-switch').click();
  await page.getByTestId(`locale-${locale}`).click();
  if (dark === undefined) return;
  const isDark = await page.evaluate(() => document.body.getAttribute('theme-mode') === 'dark');
  if (isDark === dark) return;
  await page.getByTestId('dark-switch').click();
  await page.waitForFunction((want) => (document.body.getAttribute('theme-mode') === 'dark') === want, dark);
  await page.waitForTimeout(500);
}
