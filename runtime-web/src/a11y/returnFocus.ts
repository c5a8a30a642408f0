/**
 * Focus back to what opened an overlay, even when the list re-rendered it meanwhile: Semi's Modal returns
 * focus to the element it saw at opening, which a table refresh may have replaced (focus then falls to the
 * page). The opener is found again by its row and operation (`data-row-id`, `data-op`) when detached.
 */
export interface Opener {
  element: HTMLElement | null;
  selector?: string;
}

export function rememberOpener(): Opener {
  const element = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  const row = element?.closest<HTMLElement>('[data-row-id]');
  const op = element?.dataset.op;
  const selector = row && op ? `[data-row-id="${CSS.escape(row.dataset.rowId ?? '')}"] [data-op="${CSS.escape(op)}"]` : undefined;
  return { element, ...(selector ? { selector } : {}) };
}

/** After the overlay has closed: only when focus was lost to the page, never taking it from where it went. */
export function restoreOpener(opener: Opener | undefined): void {
  if (!opener) return;
  const active = document.activeElement;
  if (active && active !== document.body) return;
  const target = opener.element?.isConnected ? opener.element : opener.selector ? document.querySelector<HTMLElement>(opener.selector) : null;
  target?.focus();
}
