/** Screen classes (docs/reference/product-spec.md §1/§9): under 768 xs, under 992 sm, under 1200 md, under 1920 xl, else full. */
export type Screen = 'xs' | 'sm' | 'md' | 'xl' | 'full';

export const SCREENS: readonly Screen[] = ['xs', 'sm', 'md', 'xl', 'full'];

export function screenOf(width: number): Screen {
  if (width < 768) return 'xs';
  if (width < 992) return 'sm';
  if (width < 1200) return 'md';
  if (width < 1920) return 'xl';
  return 'full';
}

/** The side menu starts folded on narrow screens and on touch devices. */
export function foldMenu(width: number, touch: boolean): boolean {
  return touch || width < 768;
}

/** Phone-sized layout ("mini"): overlay sidebar, label-top forms, full-screen dialogs. */
export function isMini(width: number): boolean {
  return width < 768;
}

/** Whether the browser reports a touch-first pointer; false under Node. */
export function isTouchDevice(): boolean {
  const w = globalThis as { matchMedia?: (q: string) => { matches: boolean }; navigator?: { maxTouchPoints?: number } };
  if (typeof w.matchMedia === 'function' && w.matchMedia('(pointer: coarse)').matches) return true;
  return (w.navigator?.maxTouchPoints ?? 0) > 0 && typeof w.matchMedia === 'function' && w.matchMedia('(hover: none)').matches;
}
