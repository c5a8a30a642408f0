import { matchPath } from 'react-router-dom';
import { STATIC_PAGES, STATIC_VIEWS } from './staticRoutes';
import { IGNORED_PATHS } from './types';
import type { AppRoute } from './types';

/** A menu entry's view path decides where and how it renders (docs/reference/product-spec.md §2 menu-driven routing rules). */
export function toDynamicRoute(menuRoute: AppRoute): AppRoute {
  const viewPath = menuRoute.viewPath ?? undefined;
  const iframe = viewPath && /^https?:\/\//i.test(viewPath) ? viewPath : undefined;
  const isPage = !iframe && !!viewPath && viewPath.includes('/pages/');
  return {
    ...menuRoute,
    meta: {
      ...menuRoute.meta,
      keepAlive: menuRoute.keepAlive ?? menuRoute.meta?.keepAlive,
      dynamic: true,
      ...(isPage ? { isPage: true } : {}),
      ...(iframe ? { iframeUrl: iframe } : {}),
    },
  };
}

export function matches(route: AppRoute, pathname: string): boolean {
  return matchPath({ path: route.path, end: true }, pathname) !== null;
}

export type Resolution =
  | { kind: 'static'; route: AppRoute }
  | { kind: 'registered'; route: AppRoute }
  | { kind: 'unregistered'; route: AppRoute }
  | { kind: 'none' };

/**
 * Finds what a path shows: a static route, a menu route already registered, a menu route still to
 * register, or nothing. Static routes win so a menu cannot shadow `/login` or the error pages.
 */
export function resolvePath(pathname: string, registered: readonly AppRoute[], menuRoutes: readonly AppRoute[]): Resolution {
  const path = normalisePath(pathname);
  const fixed = [...STATIC_PAGES, ...STATIC_VIEWS].find((r) => matches(r, path));
  if (fixed) return { kind: 'static', route: fixed };
  const done = registered.find((r) => matches(r, path));
  if (done) return { kind: 'registered', route: done };
  const menu = menuRoutes.find((r) => r.path !== '/' && matches(r, path));
  if (menu) return { kind: 'unregistered', route: toDynamicRoute(menu) };
  return { kind: 'none' };
}

export function normalisePath(pathname: string): string {
  const p = pathname.replace(/\/{2,}/g, '/');
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p || '/';
}

export type GuardDecision =
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string }
  | { kind: 'register'; route: AppRoute }
  | { kind: 'render'; route: AppRoute | undefined; trackTab: boolean };

export interface GuardInput {
  pathname: string;
  /** The initial load (session restore, menus) has finished. */
  ready: boolean;
  /** A token is stored (possibly expired but refreshable). */
  hasToken: boolean;
  /** The stored access token is expired (within the 2 s margin). */
  tokenExpired: boolean;
  registered: readonly AppRoute[];
  menuRoutes: readonly AppRoute[];
}

/** The guard of docs/reference/product-spec.md §2 as a pure function, so it can be tested without a browser. */
export function decide(input: GuardInput): GuardDecision {
  const path = normalisePath(input.pathname);
  const ignored = (IGNORED_PATHS as readonly string[]).includes(path);
  if (!input.hasToken) {
    if (ignored) return { kind: 'render', route: resolvePath(path, [], []).kind === 'static' ? staticOf(path) : undefined, trackTab: false };
    return { kind: 'redirect', to: '/login' };
  }
  if (!input.ready) return { kind: 'wait' };
  if (path === '/login' && !input.tokenExpired) return { kind: 'redirect', to: '/' };
  const found = resolvePath(path, input.registered, input.menuRoutes);
  switch (found.kind) {
    case 'none':
      return { kind: 'redirect', to: '/404' };
    case 'unregistered':
      if (found.route.redirect) return { kind: 'redirect', to: found.route.redirect };
      return { kind: 'register', route: found.route };
    default: {
      const r = found.route;
      // Full-screen pages have no tab bar to return to, so they are not tabs either.
      return { kind: 'render', route: r, trackTab: r.meta?.process !== false && !r.meta?.isHome && !r.meta?.isPage && !ignored };
    }
  }
}

function staticOf(path: string): AppRoute | undefined {
  return STATIC_PAGES.find((r) => r.path === path);
}
