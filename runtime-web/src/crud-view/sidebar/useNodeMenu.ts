/** The right-click (or keyboard) menu of a sidebar tree node: where it is open and the keys that drive it. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { Row } from '../../crud/types';
import { useTreeKeyboard } from '../../a11y/treeKeys';

export interface MenuAt {
  x: number;
  y: number;
  row: Row;
}

export function useNodeMenu(box: RefObject<HTMLElement>, rows: Row[] | undefined, hasNodeOps: { readonly current: boolean }) {
  const [menuAt, setMenuAt] = useState<MenuAt | undefined>();
  // The tree item the node menu was opened on: Escape gives it the focus back.
  const opener = useRef<HTMLElement | null>(null);
  const menuByKey = useCallback(
    (key: string, item: HTMLElement) => {
      const row = rows?.find((r) => String(r.id) === key);
      if (!row || !hasNodeOps.current) return;
      const at = item.getBoundingClientRect();
      opener.current = item;
      setMenuAt({ x: at.left + 16, y: at.bottom, row });
    },
    [rows],
  );
  useTreeKeyboard(box, { onMenu: menuByKey });
  useEffect(() => {
    if (!menuAt) return;
    const close = () => setMenuAt(undefined);
    const onKey = (e: KeyboardEvent) => {
      const items = [...document.querySelectorAll<HTMLButtonElement>('[data-testid="tree-context-menu"] button')];
      const at = items.indexOf(document.activeElement as HTMLButtonElement);
      if (e.key === 'Escape') {
        close();
        opener.current?.focus();
      } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        items[(at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
      }
    };
    window.addEventListener('click', close);
    window.addEventListener('scroll', close, true);
    window.addEventListener('keydown', onKey);
    // The first item takes the focus, so the menu works from the keyboard.
    document.querySelector<HTMLButtonElement>('[data-testid="tree-context-menu"] button')?.focus();
    return () => {
      window.removeEventListener('click', close);
      window.removeEventListener('scroll', close, true);
      window.removeEventListener('keydown', onKey);
    };
  }, [menuAt]);
  /** Opens the menu at a right click on a tree item. */
  const openAt = (e: { clientX: number; clientY: number; target: EventTarget }, row: Row) => {
    opener.current = (e.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]');
    setMenuAt({ x: e.clientX, y: e.clientY, row });
  };
  return { menuAt, setMenuAt, openAt };
}
