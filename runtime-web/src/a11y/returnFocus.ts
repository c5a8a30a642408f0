/**
 * Focus back to what opened an overlay, even when the list re-rendered it meanwhile: Semi's Modal returns
 * focus to the element it saw at opening, which a table refresh may have replaced (focus then falls to the
 * page). The opener is found again by its row and operation (`data-row-id`, `data-op`) when detached, and
 * for a short while after closing focus that falls to the page again (the row replaced once more by a
 * refresh still under way) is put back.
 */
export interface Opener {
  element: HTMLElement | null;
  selector?: string;
}

/** How long after closing a replaced opener is still looked for. */
const WATCH_MS = 1500;
const STEP_MS = 50;

export function rememberOpener(): Opener {
  const element = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  const row = element?.closest<HTMLElement>('[data-row-id]');
  const op = element?.dataset.op;
  const selector = row && op ? `[data-row-id="${CSS.escape(row.dataset.rowId ?? '')}"] [data-op="${CSS.escape(op)}"]` : undefined;
  return { element, ...(selector ? { selector } : {}) };
}

/** Focus on the page itself, or on an element no longer shown (inside an overlay that has closed). */
function lost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.getClientRects().length;
}

/** The opener as it is on the page now: itself while attached, else the first shown match (a hidden tab may hold one too). */
function find(opener: Opener): HTMLElement | null {
  if (opener.element?.isConnected && opener.element.getClientRects().length) return opener.element;
  if (!opener.selector) return null;
  for (const el of document.querySelectorAll<HTMLElement>(opener.selector)) if (el.getClientRects().length) return el;
  return null;
}

/**
 * After the overlay has closed: only when focus was lost to the page, never taking it from where it went;
 * `force` when the overlay may still hold focus as it goes (a drawer sliding out).
 */
export function restoreOpener(opener: Opener | undefined, force = false): void {
  if (!opener) return;
  if (force || lost()) find(opener)?.focus({ preventScroll: true });
  if (!opener.selector) return;
  const until = Date.now() + WATCH_MS;
  const watch = () => {
    if (!lost()) {
      // Focus is somewhere: keep watching only while it is on the opener, which a refresh may still replace.
      if (document.activeElement !== find(opener) || Date.now() > until) return;
    } else find(opener)?.focus({ preventScroll: true });
    if (Date.now() <= until) setTimeout(watch, STEP_MS);
  };
  setTimeout(watch, STEP_MS);
}
