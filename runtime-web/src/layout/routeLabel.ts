import { matchPath } from 'react-router-dom';
import type { MenuRoute } from '../core/stores';
import { STATIC_VIEWS } from '../router/staticRoutes';

/**
 * The label of the page at `path`: a menu entry's name, else the translated label of a static view
 * (`/my/info`, the route demo), else `fallback`.
 */
export function routeLabel(
  path: string,
  routes: readonly MenuRoute[],
  translate: (key: string) => string,
  fallback?: string,
): string {
  const matches = (pattern: string) => matchPath({ path: pattern, end: true }, path) !== null;
  const fixed = STATIC_VIEWS.find((r) => r.path !== '/' && matches(r.path));
  if (fixed?.meta?.labelKey) return translate(`app:${fixed.meta.labelKey}`);
  const menu = routes.find((r) => !r.redirect && matches(r.path));
  if (menu) return menu.meta.label;
  return fallback ?? path;
}
