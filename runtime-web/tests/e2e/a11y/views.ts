/**
 * What the axe suite visits: every page of the super-admin's menu (read from the running console) and the
 * overlays users open, each with the steps that open it by the console's own controls.
 */
import type { Locator, Page } from 'playwright-core';

export interface Look {
  name: string;
  locale: 'zh-cn' | 'en';
  dark: boolean;
  width: number;
  height: number;
}

/** zh-cn light and en dark, wide and phone-sized. */
export const LOOKS: Look[] = [
  { name: 'zh-cn light 1440', locale: 'zh-cn', dark: false, width: 1440, height: 900 },
  { name: 'en dark 1440', locale: 'en', dark: true, width: 1440, height: 900 },
  { name: 'zh-cn light 390', locale: 'zh-cn', dark: false, width: 390, height: 844 },
  { name: 'en dark 390', locale: 'en', dark: true, width: 390, height: 844 },
];

/** Requests in flight on a page (fetch, XHR, lazy chunks, images), for waiting until a view has settled. */
export function trackRequests(page: Page): () => number {
  const open = new Set<unknown>();
  const watched = new Set(['fetch', 'xhr', 'script', 'stylesheet', 'image']);
  page.on('request', (r) => watched.has(r.resourceType()) && open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return () => open.size;
}

/** Waits until no request has been open for 150 ms and no spinner shows (bounded: a stuck view is scanned as it is). */
export async function settle(page: Page, inFlight: () => number, { quietMs = 150, maxMs = 6000 } = {}): Promise<void> {
  const start = Date.now();
  let quietSince = Date.now();
  while (Date.now() - start < maxMs) {
    if (inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) {
      const spinning = await page.evaluate(() =>
        [...document.querySelectorAll('.semi-spin-spinning, [aria-busy="true"]')].some((el) => (el as HTMLElement).offsetParent !== null),
      );
      if (!spinning) break;
      quietSince = Date.now();
    }
    await page.waitForTimeout(40);
  }
  // Two frames for React to paint what the last answer brought.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * Client-side navigation through the console's router (no reload: axe stays injected, the shell stays
 * mounted). Other tabs are closed so kept-alive pages do not pile up hidden in the document axe walks.
 */
export async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    const { app, process } = (window as unknown as { __schemaAdmin: { stores: { app: { navigate(p: string): void }; process: { closeOthers(): void } } } }).__schemaAdmin.stores;
    app.navigate(p);
    process.closeOthers();
  }, path);
  // A menu page may redirect (a directory to its first page): wait for the router to leave the old path only.
  await page.waitForFunction((p) => window.location.pathname === p || !document.querySelector('[data-testid="page-view"]'), path, { timeout: 3000 }).catch(() => undefined);
}

/** Menu pages the signed-in user sees in the sidebar (visible pages, no directories), in menu order. */
export async function menuPages(page: Page): Promise<{ path: string; name: string }[]> {
  // The menu arrives after the frame shows.
  await page.waitForFunction(() => (window as unknown as { __schemaAdmin: { stores: { menu: { tree: unknown[] } } } }).__schemaAdmin.stores.menu.tree.length > 0);
  return page.evaluate(() => {
    type Node = { type?: number; isShow?: boolean; path: string; name: string; children?: Node[] };
    const stores = (window as unknown as { __schemaAdmin: { stores: { menu: { tree: Node[] } } } }).__schemaAdmin.stores;
    const out: { path: string; name: string }[] = [];
    // A stack, not a named helper: tsx wraps named functions in a helper the page does not have.
    const stack: Node[] = [...stores.menu.tree].reverse();
    while (stack.length) {
      const n = stack.pop()!;
      if (n.type === 2 || n.isShow === false) continue;
      if (n.type === 0) stack.push(...[...(n.children ?? [])].reverse());
      else out.push({ path: n.path, name: n.name });
    }
    return out;
  });
}

/** The one visible element of a kind (Semi keeps closed overlays in the DOM, hidden). */
export function visible(page: Page, selector: string): Locator {
  return page.locator(`${selector}:visible`).last();
}

/** Clicks a row operation of the first row (table on wide screens, card on narrow ones, or its "more" menu). */
export async function rowOp(page: Page, op: string): Promise<void> {
  const scope = visible(page, '[data-testid="crud-screen"]');
  const direct = scope.locator(`:is(tr[data-row-id], .crud-card[data-row-id]) [data-op="${op}"]:visible`).first();
  if (await direct.count()) return direct.click();
  await scope.locator(':is(tr[data-row-id], .crud-card[data-row-id]) [data-op="more"]:visible, tr[data-row-id] .crud-ops button[aria-label]:visible').first().click();
  await page.locator(`.semi-dropdown-menu [data-op="${op}"]:visible`).click();
}

const OPEN_LAYERS = '.semi-modal-wrap, .semi-sidesheet-inner, .semi-popover-wrapper, .semi-dropdown-wrapper';

/** Class names of overlay layers on screen (a closed side sheet stays in the DOM, moved out of the viewport). */
function openLayers(page: Page): Promise<string[]> {
  return page.locator(OPEN_LAYERS).evaluateAll((els) =>
    els
      .filter((e) => {
        const r = e.getBoundingClientRect();
        const css = getComputedStyle(e);
        return r.width > 0 && r.height > 0 && r.right > 0 && r.left < innerWidth && r.bottom > 0 && r.top < innerHeight && css.visibility !== 'hidden' && css.display !== 'none';
      })
      .map((e) => e.className),
  );
}

/** Presses Escape until no overlay is left open (a picker inside a dialog needs two), bounded. */
export async function closeOverlays(page: Page, { byMouseToo = false } = {}): Promise<void> {
  for (let i = 0; i < 4; i++) {
    if (!(await openLayers(page)).length) return;
    await page.keyboard.press('Escape');
    await page.waitForTimeout(60);
  }
  // Measuring the console as it was: what Escape did not close, its close button does.
  for (let i = 0; byMouseToo && i < 3 && (await openLayers(page)).length; i++) {
    const button = page.locator('.semi-sidesheet-close:visible, .semi-modal-close:visible').last();
    if (await button.count()) await button.click().catch(() => undefined);
    else await page.mouse.click(2, 2);
    await page.waitForTimeout(100);
  }
  const left = await openLayers(page);
  if (left.length) throw new Error(`Escape left overlays open: ${left.join(' | ')}`);
}

/**
 * Animations and transitions cut to 1 ms (they still run and end, so components that wait for their end
 * still mount and unmount): overlays are opaque at once and contrast is measured on final colours without
 * waiting out each fade.
 */
export async function quickMotion(page: Page): Promise<void> {
  await page.addStyleTag({
    content: '*, *::before, *::after { animation-duration: 1ms !important; animation-delay: 0s !important; transition-duration: 1ms !important; transition-delay: 0s !important; }',
  });
}
