/**
 * axe-core (WCAG 2.1 A/AA rules) over every page of the super-admin's menu and the overlays users open, in
 * zh-cn light and en dark, 1440 and 390 px wide: no critical or serious violation anywhere.
 *
 * Built for CI time: one server and one browser page for the whole suite, axe injected once per look,
 * client-side navigation between views. `A11Y_REPORT=1` writes the per-view table to
 * test-artifacts/a11y/ and only reports (how the "before" figures were taken).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { describeFindings, injectAxe, scan, table } from './a11y/axe';
import type { ScanResult } from './a11y/axe';
import { closeOverlays, go, LOOKS, quickMotion, menuPages, rowOp, settle, trackRequests, visible } from './a11y/views';
import type { Look } from './a11y/views';
import { loginThroughPage, SCREENSHOTS, startHarness } from './harness';
import type { Harness } from './harness';

const REPORT = process.env.A11Y_REPORT === '1';
/** While working on one part: A11Y_LOOKS=0,2 (indexes into LOOKS), A11Y_ONLY=routes|overlays, A11Y_MATCH=text in a view name. */
const ONLY_LOOKS = process.env.A11Y_LOOKS?.split(',').map(Number);
const ONLY = process.env.A11Y_ONLY;
const MATCH = process.env.A11Y_MATCH;
const OVERLAY = '.semi-portal';
const PAGE = '[data-testid="page-view"] .sa-page[data-active]';

interface Overlay {
  name: string;
  route: string;
  /** Opens the overlay from the route's view; returns the selectors to scan (the overlay layers by default). */
  open(page: Page): Promise<string[] | void>;
  /** Closes it (Escape unless said otherwise). */
  close?(page: Page): Promise<void>;
}

const click = (page: Page, testId: string) => visible(page, `[data-testid="${testId}"]`).click();

const OVERLAYS: Overlay[] = [
  { name: 'goods: add dialog', route: '/demo/goods', open: (p) => click(p, 'crud-add') },
  { name: 'goods: edit dialog', route: '/demo/goods', open: (p) => rowOp(p, 'edit') },
  {
    name: 'goods: file-space picker',
    route: '/demo/goods',
    async open(p) {
      await rowOp(p, 'edit');
      await visible(p, '[data-field="exampleImages"] [data-testid="space-pick"]').click();
      await visible(p, '[data-testid="space-drop"]').waitFor();
    },
  },
  {
    name: 'goods: advanced search',
    route: '/demo/goods',
    async open(p) {
      await click(p, 'crud-adv-search');
      await click(p, 'where-add-condition');
    },
  },
  { name: 'goods: history', route: '/demo/goods', open: (p) => rowOp(p, 'history') },
  { name: 'goods: delete confirm', route: '/demo/goods', open: (p) => rowOp(p, 'delete') },
  { name: 'goods: import', route: '/demo/goods', open: (p) => click(p, 'crud-import') },
  { name: 'goods: export', route: '/demo/goods', open: (p) => click(p, 'crud-export') },
  { name: 'goods: column settings', route: '/demo/goods', open: (p) => click(p, 'crud-columns-btn') },
  { name: 'goods: views menu', route: '/demo/goods', open: (p) => click(p, 'crud-views') },
  { name: 'role: dialog with trees', route: '/sys/role', open: (p) => click(p, 'crud-add') },
  {
    name: 'demo/crud: every widget',
    route: '/demo/crud',
    async open(p) {
      await visible(p, '[data-testid="view-crud-demo"] .semi-tabs-tab:nth-child(3)').click();
      await visible(p, '[data-testid="crud-demo-validate"]').waitFor();
      return [PAGE];
    },
    async close() {},
  },
  {
    name: 'task: log',
    route: '/task/list',
    async open(p) {
      await visible(p, '[data-action="log"]').click();
      await visible(p, '[data-testid="task-log"]').waitFor();
    },
  },
  {
    name: 'device: panel',
    route: '/lock/device',
    async open(p) {
      await rowOp(p, 'action:limitApp');
      await visible(p, '[data-testid="lock-panel-body"]').waitFor();
    },
  },
  { name: 'top bar: theme drawer', route: '/', open: (p) => click(p, 'theme-settings') },
  { name: 'top bar: user menu', route: '/', open: (p) => click(p, 'user-menu') },
];

describe('accessibility: axe WCAG 2.1 A/AA over every route and overlay', () => {
  let h: Harness;
  let page: Page;
  let inFlight: () => number;
  let routes: { path: string; name: string }[] = [];
  const all: ScanResult[] = [];
  const started = Date.now();

  before(async () => {
    h = await startHarness();
    // Rows for the row overlays (edit, history, delete) and a device for its panel.
    const knex = h.app.instance.services.knex;
    const ts = '2026-01-01 00:00:00';
    await knex('demo_goods').insert({ title: 'Axe goods', price: '9.90', status: 1, stock: 3, createTime: ts, updateTime: ts });
    const added = await h.app.post('/admin/lock/deviceLockController/add', { serialNumber: 'SN-A11Y', userName: 'Ada' });
    assert.equal(added.body.code, 1000, JSON.stringify(added.body));
    ({ page } = await h.newPage({ width: 1440, height: 900 }));
    inFlight = trackRequests(page);
    page.setDefaultTimeout(10_000);
    await loginThroughPage(page);
    routes = await menuPages(page);
    assert.ok(routes.length > 20, `the super-admin's menu has its pages (${routes.length})`);
  });
  /** The table so far, under test-artifacts/a11y/ (the report file in report mode, the last-run file otherwise). */
  function writeReport(rows: readonly ScanResult[] = all): void {
    const dir = path.join(path.dirname(SCREENSHOTS), 'a11y');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, REPORT ? 'report.md' : 'last.md'), `${table(rows)}\n\nwall time ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    fs.writeFileSync(path.join(dir, REPORT ? 'report.json' : 'last.json'), JSON.stringify(rows, null, 1));
  }
  after(async () => {
    await h?.close();
  });

  async function setLook(look: Look): Promise<void> {
    await page.setViewportSize({ width: look.width, height: look.height });
    await page.evaluate(({ locale, dark }) => {
      const { app } = (window as unknown as { __schemaAdmin: { stores: { app: { setLocale(l: string): void; setDark(d: boolean): void; setMenuCollapsed(c: boolean): void; mini: boolean } } } }).__schemaAdmin.stores;
      app.setLocale(locale);
      app.setDark(dark);
    }, look);
    await page.waitForFunction((l) => document.documentElement.lang.toLowerCase() === l && (document.body.getAttribute('theme-mode') === 'dark') === look.dark, look.locale).catch(() => undefined);
    // The dark reveal animates for 400 ms; contrast is measured on the settled colours.
    await page.waitForTimeout(450);
  }

  for (const look of LOOKS.filter((_, i) => !ONLY_LOOKS || ONLY_LOOKS.includes(i))) {
    it(`${look.name}: menu pages and overlays have no critical or serious violation`, async () => {
      await setLook(look);
      await injectAxe(page);
      await quickMotion(page);
      const results: ScanResult[] = [];
      let shellScanned = false;
      for (const r of ONLY === 'overlays' ? [] : routes.filter((x) => !MATCH || x.path.includes(MATCH))) {
        await go(page, r.path);
        await settle(page, inFlight);
        // The frame (sidebar, top bar, tabs) is the same on every page: the whole document once, then the page.
        results.push(await scan(page, `${look.name} ${r.path}`, shellScanned ? [PAGE] : []));
        shellScanned = true;
        if (REPORT) writeReport([...all, ...results]);
      }
      for (const o of ONLY === 'routes' ? [] : OVERLAYS.filter((x) => !MATCH || x.name.includes(MATCH))) {
        await go(page, o.route);
        await settle(page, inFlight);
        let include: string[] | void;
        try {
          include = await o.open(page);
        } catch (err) {
          if (!REPORT) throw new Error(`${look.name}: could not open ${o.name}: ${(err as Error).message.split('\n')[0]}`);
          results.push({ view: `${look.name} ${o.name} (did not open: ${(err as Error).message.split('\n')[0]})`, counts: { critical: 0, serious: 0, moderate: 0, minor: 0 }, findings: [] });
          await page.screenshot({ path: path.join(path.dirname(SCREENSHOTS), 'a11y', `unopened-${o.name.replace(/\W+/g, '-')}.png`) });
          await closeOverlays(page, { byMouseToo: true }).catch(() => undefined);
          continue;
        }
        await settle(page, inFlight);
        results.push(await scan(page, `${look.name} ${o.name}`, include || [OVERLAY]));
        if (REPORT) writeReport([...all, ...results]);
        if (o.close) await o.close(page);
        await closeOverlays(page, { byMouseToo: REPORT }).catch(async (err: Error) => {
          await page.screenshot({ path: path.join(path.dirname(SCREENSHOTS), 'a11y', `unclosed-${o.name.replace(/\W+/g, '-')}.png`) });
          throw new Error(`${look.name} ${o.name}: ${err.message}`);
        });
      }
      all.push(...results);
      writeReport();
      if (REPORT) return;
      const failing = describeFindings(results);
      assert.equal(failing, '', `critical or serious axe violations:\n${failing}`);
    });
  }
});
