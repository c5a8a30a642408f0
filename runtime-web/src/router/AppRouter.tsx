import { useEffect, useLayoutEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { useStores } from '../core/stores/context';
import MainLayout from '../layout';
import ErrorPage from '../pages/error/ErrorPage';
import Login from '../pages/login/Login';
import { DynamicRoutes } from './registry';
import { decide, normalisePath } from './resolve';
import { STATIC_VIEWS } from './staticRoutes';
import { ERROR_CODES } from './types';
import type { AppRoute } from './types';
import { guarded, Loading, viewElement } from './views';
import RouteDemo from '../pages/demo/RouteDemo';

const HOME: AppRoute = { path: '/', viewPath: 'modules/demo/views/home/index.vue' };

/** History-mode router (docs/reference/product-spec.md §2) with the guard in front of every route. */
export function AppRouter(): ReactNode {
  return (
    <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <GuardedRoutes />
    </BrowserRouter>
  );
}

const GuardedRoutes = observer(function GuardedRoutes() {
  const { app, user, menu, process } = useStores();
  const { t } = useTranslation('app');
  const location = useLocation();
  const navigate = useNavigate();
  const registry = useMemo(() => new DynamicRoutes(), []);

  // Stores navigate (logout → /login, HTTP 403 → /403 …) through the router, not a page load.
  useLayoutEffect(() => app.setNavigator((path, options) => navigate(path, options)), [app, navigate]);
  // Logout clears the dynamic routes with the session.
  useEffect(() => reaction(() => user.token, (token) => !token && registry.clear()), [user, registry]);

  const signedIn = user.isLoggedIn;
  const decision = decide({
    pathname: location.pathname,
    ready: app.ready,
    hasToken: signedIn,
    tokenExpired: user.session.tokenExpired(),
    registered: registry.routes,
    menuRoutes: menu.routes as AppRoute[],
  });

  const labelOf = (route: AppRoute | undefined): string | undefined => {
    if (!route) return undefined;
    // The live menu entry's label: it follows a locale switch, the registered copy does not.
    const live = menu.routes.find((m) => m.path === route.path);
    if (live) return live.meta.label;
    if (route.meta?.label) return route.meta.label;
    return route.meta?.labelKey ? t(route.meta.labelKey) : undefined;
  };

  const pending = decision.kind === 'register' ? decision.route : undefined;
  useLayoutEffect(() => {
    if (pending) registry.add(pending);
  }, [pending, registry]);

  // Every guarded navigation opens or activates its tab (home, error pages and no-process routes excepted).
  const shown = decision.kind === 'render' ? decision : undefined;
  const path = normalisePath(location.pathname);
  const fullPath = path + location.search + location.hash;
  const label = labelOf(shown?.route) ?? path;
  const keepAlive = shown?.route?.meta?.keepAlive === true;
  const isHome = shown?.route?.meta?.isHome === true;
  const track = shown?.trackTab ?? false;
  useLayoutEffect(() => {
    if (!shown) return;
    process.add({ path, fullPath, meta: { label, keepAlive, process: track, isHome } });
  }, [shown !== undefined, path, fullPath, label, keepAlive, track, isHome, process]);
  // The document title follows the route (what a screen reader announces on a page change, and the browser tab).
  const titleLabel = location.pathname === '/login' ? t('login.submit') : shown ? label : undefined;
  const appName = app.info.name;
  useEffect(() => {
    document.title = titleLabel && titleLabel !== '/' ? `${titleLabel} - ${appName}` : appName;
  }, [titleLabel, appName]);
  // A token held with both lifetimes over: drop the stale session (docs/reference/product-spec.md §2 guard rule 5).
  useEffect(() => {
    if (user.token && !signedIn) user.clear();
  }, [user, signedIn]);

  if (decision.kind === 'wait') return <Loading />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;

  // A route being registered renders with the others at once: showing a loader instead would unmount
  // the frame and every kept-alive page on each page's first visit.
  const dynamic = pending && !registry.routes.some((r) => r.path === pending.path) ? [...registry.routes, pending] : registry.routes;
  const home = menu.routeOf('/');
  const views = [...STATIC_VIEWS.filter((r) => r.path !== '/'), ...dynamic.filter((r) => !r.meta?.isPage)];
  const pages = dynamic.filter((r) => r.meta?.isPage);
  return (
    <Routes>
      <Route path="/login" element={<Login />} />
      {ERROR_CODES.map((code) => (
        <Route key={code} path={`/${code}`} element={<ErrorPage code={code} />} />
      ))}
      {pages.map((r) => (
        <Route key={r.path} path={r.path} element={<div className="app-page">{viewElement(r, labelOf(r))}</div>} />
      ))}
      <Route path="/" element={<MainLayout />}>
        <Route index element={viewElement(home?.viewPath ? (home as AppRoute) : HOME, home?.meta.label)} />
        {views.map((r) => (
          <Route key={r.path} path={r.path} element={r.name === 'demo-route' ? guarded(<RouteDemo />, r.path) : viewElement(r, labelOf(r))} />
        ))}
      </Route>
      <Route path="*" element={<Navigate to={signedIn ? '/404' : '/login'} replace />} />
    </Routes>
  );
});
