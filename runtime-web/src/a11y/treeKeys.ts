/**
 * Keyboard use of Semi's Tree, which draws `treeitem`s that cannot take focus (only a click or a right-click
 * reaches them): a roving tab stop (one item in the tab order: the last one used, else the selected, else the
 * first), arrows to move, open and close, Home/End, Space or Enter to choose or check (Semi's own click), and
 * the context-menu key or Shift+F10 for a node's menu — the WAI-ARIA tree pattern.
 */
import { useEffect } from 'react';
import type { RefObject } from 'react';

export interface TreeKeyOptions {
  /** The node's own menu, asked for by keyboard (what a right-click opens). */
  onMenu?(key: string, item: HTMLElement): void;
  /** False while the tree is not drawn yet (a spinner in its place): the keys attach once it is. */
  ready?: boolean;
}

const ITEM = '[role="treeitem"]';

export function useTreeKeyboard(ref: RefObject<HTMLElement | null>, options: TreeKeyOptions = {}): void {
  const { onMenu, ready = true } = options;
  useEffect(() => {
    const root = ref.current;
    if (!root || !ready) return;
    let active: string | undefined;
    const items = () => [...root.querySelectorAll<HTMLElement>(ITEM)].filter((i) => i.offsetParent !== null);
    const sync = () => {
      const all = items();
      const stop = all.find((i) => i.dataset.key === active) ?? all.find((i) => i.getAttribute('aria-selected') === 'true') ?? all[0];
      for (const i of root.querySelectorAll<HTMLElement>(ITEM)) {
        const want = i === stop ? '0' : '-1';
        if (i.getAttribute('tabindex') !== want) i.setAttribute('tabindex', want);
      }
    };
    const move = (to: HTMLElement | undefined) => {
      if (!to) return;
      active = to.dataset.key;
      sync();
      to.focus();
    };
    const toggle = (item: HTMLElement) => item.querySelector<HTMLElement>('.semi-tree-option-expand-icon')?.click();
    const onKey = (e: KeyboardEvent) => {
      const item = (e.target as HTMLElement).closest<HTMLElement>(ITEM);
      if (!item || !root.contains(item) || e.target !== item) return;
      const all = items();
      const at = all.indexOf(item);
      const level = Number(item.getAttribute('aria-level') ?? 1);
      const expanded = item.getAttribute('aria-expanded');
      let handled = true;
      if (e.key === 'ArrowDown') move(all[at + 1]);
      else if (e.key === 'ArrowUp') move(all[at - 1]);
      else if (e.key === 'Home') move(all[0]);
      else if (e.key === 'End') move(all[all.length - 1]);
      else if (e.key === 'ArrowRight') {
        if (expanded === 'false') toggle(item);
        else if (expanded === 'true') move(all[at + 1]);
      } else if (e.key === 'ArrowLeft') {
        if (expanded === 'true') toggle(item);
        else move(all.slice(0, at).reverse().find((i) => Number(i.getAttribute('aria-level') ?? 1) < level));
      } else if (e.key === ' ') {
        active = item.dataset.key;
        item.click();
      } else if ((e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) && onMenu && item.dataset.key) {
        onMenu(item.dataset.key, item);
      } else handled = false;
      if (handled) e.preventDefault();
    };
    const onFocus = (e: FocusEvent) => {
      const item = (e.target as HTMLElement).closest<HTMLElement>(ITEM);
      if (item && item.dataset.key !== active) {
        active = item.dataset.key;
        sync();
      }
    };
    sync();
    // Semi re-renders its items (filtering, expanding, selecting): keep exactly one tab stop among them.
    const watch = new MutationObserver(sync);
    watch.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-selected', 'aria-expanded'] });
    root.addEventListener('keydown', onKey);
    root.addEventListener('focusin', onFocus);
    return () => {
      watch.disconnect();
      root.removeEventListener('keydown', onKey);
      root.removeEventListener('focusin', onFocus);
    };
  }, [ref, onMenu, ready]);
}
