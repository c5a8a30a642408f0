import { lazy, Suspense } from 'react';
import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Spin } from '@douyinfe/semi-ui';
import IframeView from '../pages/iframe/IframeView';
import Placeholder from '../pages/placeholder/Placeholder';
import { GenericView } from './GenericView';
import { ViewBoundary } from './ViewBoundary';
import type { AppRoute } from './types';

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * Hand-written views by the server's view path (menu `viewPath`, with or without a `cool/` or `src/`
 * prefix). Every other view path is a schema-backed screen rendered by the generic CRUD page (GenericView).
 */
const loaders = new Map<string, Loader>(
  (
    [
      ['modules/demo/views/home/index.vue', () => import('../pages/dashboard/Dashboard')],
      ['modules/base/views/info.vue', () => import('../pages/my/MyInfo')],
      ['modules/demo/views/crud/index.vue', () => import('../pages/demo/CrudDemo')],
      // Calls the tenant demo entity's actions (its buttons come from the schema): no table to show.
      ['modules/demo/views/tenant.vue', () => import('../crud-view/modules/TenantDemo')],
      ['modules/lock/views/device/index.vue', () => import('../pages/lock/DeviceLock')],
      ['modules/demo/views/plugins/index.vue', () => import('../pages/demo/PluginDemos')],
      ['modules/helper/views/ai-code.vue', () => import('../pages/helper/AiCode')],
    ] as const
  ).map(([path, loader]) => [normaliseViewPath(path), loader]),
);
const lazies = new Map<string, LazyExoticComponent<ComponentType>>();

/** Lets later screens (generic CRUD, dashboard, AI coder…) claim a view path. */
export function registerView(viewPath: string, loader: Loader): void {
  loaders.set(normaliseViewPath(viewPath), loader);
  lazies.delete(normaliseViewPath(viewPath));
}

/**
 * One key per view: without a leading `/`, `cool/` or `src/`, and `x/index.vue` the same as `x.vue` (the
 * reference family names both ways: `modules/base/views/role.vue`, `modules/demo/views/home/index.vue`).
 */
export function normaliseViewPath(viewPath: string): string {
  return viewPath
    .replace(/^\/+/, '')
    .replace(/^(cool|src)\//, '')
    .replace(/\/index\.(vue|tsx)$/, '.$1');
}

function lazyFor(viewPath: string): LazyExoticComponent<ComponentType> | undefined {
  const key = normaliseViewPath(viewPath);
  const cached = lazies.get(key);
  if (cached) return cached;
  const loader = loaders.get(key);
  if (!loader) return undefined;
  const component = lazy(loader);
  lazies.set(key, component);
  return component;
}

export function Loading(): ReactNode {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
      <Spin size="large" />
    </div>
  );
}

/** Wraps a lazily loaded view with its loading state and the module-failure boundary. */
export function guarded(node: ReactNode, key: string): ReactNode {
  return (
    <ViewBoundary resetKey={key}>
      <Suspense fallback={<Loading />}>{node}</Suspense>
    </ViewBoundary>
  );
}

/** The element a route renders, decided by its view path (docs/reference/product-spec.md §2 menu-driven routing rules). */
export function viewElement(route: AppRoute, label?: string): ReactNode {
  if (route.meta?.iframeUrl) return <IframeView url={route.meta.iframeUrl} title={label} />;
  if (!route.viewPath) return <Navigate to="/404" replace />;
  const View = lazyFor(route.viewPath);
  if (View) return guarded(<View />, route.path);
  return <GenericView route={route} label={label} fallback={<Placeholder title={label} viewPath={route.viewPath} />} />;
}
