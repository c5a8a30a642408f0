/// <reference lib="dom" />
/**
 * Figures of the console's generic screens (a benchmark script, not a timed test): the login route's
 * gzipped JS, the time from a menu click to the first rows of a 20-row page (first and later visits), and the
 * longest main-thread task while scrolling a 10 000-row list. Real server (SQLite), Debian's Chromium.
 *   npx tsx scripts/web-figures.ts [--shots]   (--shots also writes zh-cn/en × light/dark screenshots of each screen)
 * PROFILE=1 prints where the scroll's CPU time goes (self time and caller chains); TRACE=1 what the long tasks hold.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import type { Page } from 'playwright-core';
import { generate } from '@schema-admin/generator';
import { ensureWebBuild } from './web-build.mjs';
import { sqliteTestDb, TEST_ADMIN_PASSWORD, TEST_CAPTCHA } from '../runtime-server/src/testing/forEachDb.js';
import { scratchProject } from '../runtime-server/src/testing/scratchProject.js';
import { startTestApp } from '../runtime-server/src/testing/testApp.js';
import { TABLES } from '../runtime-server/src/generated/tables.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = path.join(root, 'runtime-web', 'dist');
const shotsDir = path.join(root, 'test-artifacts', 'screenshots', 'screens');
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

const ROWS_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'perf/row',
  title: 'Row',
  type: 'object',
  'x-label': { 'zh-cn': '长列表', 'zh-tw': '長列表', en: 'Long list' },
  'x-table': 'perf_row',
  // No page: the screen lists every row (up to the server's 10 000-row list cap) in one virtual table.
  'x-api': ['add', 'list', 'update', 'delete'],
  properties: {
    name: { type: 'string', maxLength: 60, 'x-label': { 'zh-cn': '名称', 'zh-tw': '名稱', en: 'Name' } },
    amount: { type: 'number', default: 0, 'x-column': { type: 'decimal', precision: 10, scale: 2 }, 'x-label': { 'zh-cn': '金额', 'zh-tw': '金額', en: 'Amount' } },
    state: { type: 'integer', enum: [0, 1], default: 1, 'x-options': [{ value: 0, label: { 'zh-cn': '关', 'zh-tw': '關', en: 'Off' } }, { value: 1, label: { 'zh-cn': '开', 'zh-tw': '開', en: 'On' } }], 'x-label': { 'zh-cn': '状态', 'zh-tw': '狀態', en: 'State' } },
  },
  required: ['name'],
};

function loginJsGzip(): number {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  return files.reduce((n, f) => n + zlib.gzipSync(fs.readFileSync(path.join(dist, f))).length, 0);
}

async function login(page: Page, locale = 'zh-cn', dark = false): Promise<void> {
  await page.goto('/login');
  await page.evaluate(([l, d]) => {
    localStorage.setItem('locale', JSON.stringify(l));
    localStorage.setItem('dark', JSON.stringify(d));
  }, [locale, dark] as const);
  await page.goto('/login');
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill(TEST_ADMIN_PASSWORD);
  await page.getByTestId('login-captcha-input').fill(TEST_CAPTCHA);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === '/');
  await page.getByTestId('sidebar').waitFor();
}

/** ms from the click on a menu entry to the first table row on screen. */
async function clickToRows(page: Page, menu: string): Promise<number> {
  const start = await page.evaluate(() => performance.now());
  await page.getByTestId(`menu-item-${menu}`).click();
  await page.locator('[data-testid="crud-table"] tbody tr[data-row-id]').first().waitFor();
  return (await page.evaluate(() => performance.now())) - start;
}

async function main(): Promise<void> {
  ensureWebBuild();
  const paths = scratchProject();
  fs.mkdirSync(path.join(paths.schemas, 'perf'), { recursive: true });
  fs.writeFileSync(path.join(paths.schemas, 'perf', 'row.json'), JSON.stringify(ROWS_SCHEMA));
  await generate(paths);
  const db = sqliteTestDb();
  const app = await startTestApp(await db.config(), { webDir: dist, project: paths });
  const knex = app.instance.services.knex;
  const ts = '2026-01-01 00:00:00';
  const rows = Array.from({ length: 10_000 }, (_, i) => ({ name: `row ${i + 1}`, amount: `${i}.${String(i % 100).padStart(2, '0')}`, state: i % 2, createTime: ts, updateTime: ts }));
  for (let i = 0; i < rows.length; i += 500) await knex('perf_row').insert(rows.slice(i, i + 500));
  await knex(TABLES.demoGoods).insert(Array.from({ length: 40 }, (_, i) => ({ title: `Goods ${i}`, price: `${i}.50`, status: 1, stock: i, createTime: ts, updateTime: ts })));
  const server = http.createServer(app.instance.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 820 }, baseURL: base });
    const page = await context.newPage();
    await login(page);
    // The goods menu sits in a folded group: open it first.
    await page.getByTestId('sidebar').getByText('示例管理', { exact: true }).click();
    const first = await clickToRows(page, '/demo/goods');
    await page.getByTestId('tab-close-/demo/goods').click();
    await page.waitForURL((u) => u.pathname === '/');
    const again = await clickToRows(page, '/demo/goods');

    await page.goto('/perf/row');
    await page.locator('[data-testid="crud-table"] [data-row-id]').first().waitFor();
    const cdp = process.env.PROFILE ? await context.newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    if (process.env.TRACE) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    const scroll = await page.evaluate(async () => {
      const longest: number[] = [];
      const t0 = performance.now();
      const starts: number[] = [];
      const obs = new PerformanceObserver((list) => list.getEntries().forEach((e) => (longest.push(e.duration), starts.push(Math.round(e.startTime - t0)))));
      obs.observe({ entryTypes: ['longtask'] });
      const el = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="crud-table"] *')).reduce((a, b) => (b.scrollHeight - b.clientHeight > a.scrollHeight - a.clientHeight ? b : a));
      const total = el.scrollHeight - el.clientHeight;
      let frames = 0;
      while (performance.now() - t0 < 3000) {
        el.scrollTop = (total * (performance.now() - t0)) / 3000;
        frames++;
        await new Promise((r) => requestAnimationFrame(() => r(null)));
      }
      el.scrollTop = total;
      await new Promise((r) => setTimeout(r, 300));
      obs.disconnect();
      const rendered = document.querySelectorAll('[data-testid="crud-table"] [data-row-id]').length;
      const domNodes = document.getElementsByTagName('*').length;
      return { longest: Math.max(0, ...longest), longTasks: longest.length, longTaskAtMs: starts, frames, scrollHeight: el.scrollHeight, rendered, domNodes };
    });
    if (process.env.TRACE) {
      // What the long tasks spend their time on: the timeline events inside each task over 50 ms.
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: { name: string; ph: string; ts: number; dur?: number; tid: number }[] };
      // Complete events, plus begin/end pairs (Layout and style recalculation are recorded as pairs).
      const events = trace.traceEvents.filter((e) => e.ph === 'X' && e.dur !== undefined);
      const open = new Map<string, (typeof trace.traceEvents)[number][]>();
      for (const e of trace.traceEvents) {
        const key = `${e.tid}|${e.name}`;
        if (e.ph === 'B') open.set(key, [...(open.get(key) ?? []), e]);
        else if (e.ph === 'E') {
          const b = open.get(key)?.pop();
          if (b) events.push({ ...b, ph: 'X', dur: e.ts - b.ts });
        }
      }
      const long = events.filter((e) => e.name === 'RunTask' && e.dur! > 50_000);
      const inside = new Map<string, number>();
      for (const t of long) {
        for (const e of events) {
          if (e.tid === t.tid && e !== t && e.ts >= t.ts && e.ts + e.dur! <= t.ts + t.dur! && e.name !== 'RunTask') inside.set(e.name, (inside.get(e.name) ?? 0) + e.dur! / 1000);
        }
      }
      console.log(`long tasks: ${long.map((t) => Math.round(t.dur! / 1000)).join(', ')} ms`);
      console.log([...inside.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, v]) => `${v.toFixed(1)} ms\t${k}`).join('\n'));
    }
    if (cdp) {
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; hitCount: number }[] } };
      const self = new Map<string, number>();
      for (const n of profile.nodes) {
        const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
        self.set(key, (self.get(key) ?? 0) + n.hitCount);
      }
      console.log([...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v}\t${k}`).join('\n'));
      // Who calls the hottest frames: self samples by caller chain (4 frames up).
      const parent = new Map<number, number>();
      for (const n of profile.nodes as { id: number; children?: number[] }[]) for (const c of n.children ?? []) parent.set(c, n.id);
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const name = (id: number) => {
        const f = byId.get(id)!.callFrame;
        return `${f.functionName || '(anon)'}@${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`;
      };
      const chains = new Map<string, number>();
      for (const n of profile.nodes) {
        if (!n.hitCount || !n.callFrame.url) continue;
        const chain = [name(n.id)];
        for (let id = parent.get(n.id), i = 0; id !== undefined && i < 4; id = parent.get(id), i++) chain.push(name(id));
        chains.set(chain.join(' < '), (chains.get(chain.join(' < ')) ?? 0) + n.hitCount);
      }
      console.log([...chains.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${v}\t${k}`).join('\n'));
    }
    const total = await page.getByTestId('crud-total').count();
    const figures = {
      loginRouteJsGzipKB: +(loginJsGzip() / 1024).toFixed(1),
      menuClickToFirstRowsMs: { firstVisit: Math.round(first), laterVisit: Math.round(again) },
      scroll10000Rows: { longestTaskMs: Math.round(scroll.longest), longTasks: scroll.longTasks, longTaskAtMs: scroll.longTaskAtMs, frames: scroll.frames, rowsInDom: scroll.rendered, domNodes: scroll.domNodes, scrollHeightPx: scroll.scrollHeight },
      pagedFooter: total > 0,
    };
    console.log(JSON.stringify(figures, null, 2));

    if (process.argv.includes('--shots')) {
      fs.mkdirSync(shotsDir, { recursive: true });
      const screens = ['/demo/goods', '/sys/param', '/sys/log', '/sys/audit', '/user/list', '/user/address', '/lock/device', '/perf/row'];
      for (const [locale, dark] of [['zh-cn', false], ['en', false], ['zh-cn', true], ['en', true]] as const) {
        const ctx = await browser.newContext({ viewport: { width: 1366, height: 820 }, baseURL: base });
        const p = await ctx.newPage();
        await login(p, locale, dark);
        for (const s of screens) {
          await p.goto(s);
          await p.getByTestId('crud-screen').waitFor();
          await p.waitForTimeout(700);
          await p.screenshot({ path: path.join(shotsDir, `${s.slice(1).replace(/\//g, '-')}-${locale}-${dark ? 'dark' : 'light'}.png`) });
        }
        await ctx.close();
      }
      console.log(`screenshots in ${path.relative(root, shotsDir)}`);
    }
  } finally {
    await browser.close();
    server.close();
    await app.close();
    await db.cleanup();
    fs.rmSync(paths.root, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
