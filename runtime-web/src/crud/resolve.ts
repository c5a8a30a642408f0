/**
 * Which entity a menu route shows with the generic screen: the EPS entry whose `screen.route` is the menu's
 * router; else the view path `modules/<module>/views/<entity>[/index].vue`; else the router `/<module>/<entity>`.
 */
import type { EpsEntry } from '../core/eps';

const hasScreen = (e: EpsEntry) => !!e.screen && typeof e.screen === 'object';

export function entityForRoute(entries: readonly EpsEntry[], router: string, viewPath?: string | null): EpsEntry | undefined {
  const withScreen = entries.filter(hasScreen);
  const byRoute = withScreen.find((e) => (e.screen as { route?: string }).route === router);
  if (byRoute) return byRoute;
  const m = viewPath ? /^(?:cool\/|src\/)?modules\/([\w-]+)\/views\/([\w-]+)(?:\/index)?\.(?:vue|tsx)$/.exec(viewPath.replace(/^\/+/, '')) : null;
  if (m) {
    const [, module, name] = m;
    const hit = withScreen.find((e) => e.module === module && (e.prefix.endsWith(`/${name}`) || (e.info as { type?: { name?: string } } | undefined)?.type?.name === name));
    if (hit) return hit;
  }
  const parts = router.split('/').filter(Boolean);
  if (parts.length >= 2) return withScreen.find((e) => e.prefix === `/admin/${parts.join('/')}`);
  return undefined;
}
