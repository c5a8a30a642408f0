import { useEffect } from 'react';

/** Closes a context menu (while `open` is set) on any click or scroll elsewhere. */
export function useCloseOnOutside(open: unknown, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    window.addEventListener('click', close);
    window.addEventListener('scroll', close, true);
    return () => {
      window.removeEventListener('click', close);
      window.removeEventListener('scroll', close, true);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
}
