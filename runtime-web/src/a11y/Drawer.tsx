/**
 * Semi's SideSheet as a proper modal dialog: Escape closes it, Tab stays inside it, the dialog is named by its
 * title and focus goes back to where it was when it closes. Semi's Modal does all of this; its SideSheet does
 * none (docs/decisions.md, "Accessibility"), so every drawer of the console is this component.
 */
import { SideSheet } from '@douyinfe/semi-ui';
import type { SideSheetReactProps as SideSheetProps } from '@douyinfe/semi-ui/lib/es/sideSheet';
import FocusTrapHandle from '@douyinfe/semi-foundation/lib/es/utils/FocusHandle';
import { useEffect, useId } from 'react';
import { rememberOpener, restoreOpener } from './returnFocus';

export type DrawerProps = SideSheetProps & { 'data-testid'?: string };

/** Where focus was before a dialog opened: what it returns to on close (found again if a refresh replaced it). */
export function useReturnFocus(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    const opener = rememberOpener();
    // After Semi's own close handling, which may move focus to the body.
    return () => void setTimeout(() => restoreOpener(opener, true), 0);
  }, [open]);
}

export function Drawer({ visible, title, children, ...rest }: DrawerProps) {
  const labelId = useId();
  const open = !!visible;
  useReturnFocus(open);
  useEffect(() => {
    if (!open) return;
    let trap: FocusTrapHandle | undefined;
    // The sheet renders in a portal after this effect: find its dialog element by the title id it carries.
    const timer = setInterval(() => {
      const title = document.getElementById(labelId);
      const dialog = title?.closest<HTMLElement>('[role="dialog"]');
      if (!dialog) return;
      clearInterval(timer);
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-labelledby', labelId);
      trap = new FocusTrapHandle(dialog, { preventScroll: true });
      if (!dialog.contains(document.activeElement)) dialog.focus({ preventScroll: true });
    }, 16);
    return () => {
      clearInterval(timer);
      trap?.destroy();
    };
  }, [open, labelId]);
  return (
    <SideSheet closeOnEsc visible={visible} title={title ? <span id={labelId}>{title}</span> : <span id={labelId} />} {...rest}>
      {children}
    </SideSheet>
  );
}
