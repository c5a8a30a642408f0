import { observer } from 'mobx-react-lite';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { matchPath, useLocation, useOutlet } from 'react-router-dom';
import { useStores } from '../core/stores/context';
import type { Transition } from '../core/theme';
import { TRANSITION_MS, transitionFrames } from './transition';

/** One page in the view area; hidden (not unmounted) while another page shows, animated when it appears. */
function PagePane({ active, transition, children }: { active: boolean; transition: Transition; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const frames = transitionFrames(transition);
    if (!active || !frames || !ref.current?.animate) return;
    const animation = ref.current.animate(frames, { duration: TRANSITION_MS, easing: 'cubic-bezier(0.2, 0, 0, 1)' });
    return () => animation.cancel();
    // Only a change of the visible page animates, not a change of the setting.
  }, [active]);
  return (
    <div ref={ref} className="sa-page" hidden={!active} data-active={active || undefined}>
      {children}
    </div>
  );
}

/**
 * The routed page with keep-alive: pages of menus marked `keepAlive` stay mounted (hidden) while their tab
 * is open, so their state (filters, scroll, form input) survives switching tabs; closing the tab drops them.
 */
export const PageView = observer(function PageView() {
  const { app, menu, process } = useStores();
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const cache = useRef(new Map<string, ReactNode>());

  const route = menu.routes.find((r) => !r.redirect && matchPath({ path: r.path, end: true }, pathname));
  const keep = route?.keepAlive === true && outlet !== null;
  if (keep) cache.current.set(pathname, outlet);
  // Home has no tab but is always reachable, so it stays cached; everything else lives as long as its tab.
  const open = new Set([...process.list.map((t) => t.path), '/']);
  for (const key of [...cache.current.keys()]) if (key !== pathname && !open.has(key)) cache.current.delete(key);

  const transition = app.theme.transition;
  return (
    <div className="sa-view" data-testid="page-view">
      {[...cache.current.entries()].map(([key, element]) => (
        <PagePane key={`keep:${key}`} active={key === pathname} transition={transition}>
          {element}
        </PagePane>
      ))}
      {!keep && (
        <PagePane key={`page:${pathname}`} active transition={transition}>
          {outlet}
        </PagePane>
      )}
    </div>
  );
});
