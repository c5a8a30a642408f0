import { lazy } from 'react';
import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../core/stores/context';
import { entityForRoute } from '../crud/resolve';
import type { AppRoute } from './types';
import { guarded } from './views';

const CrudScreen = lazy(() => import('../crud-view/CrudScreen'));

/** A menu route with no hand-written view: the generic CRUD screen of its entity (read from EPS at run time). */
export const GenericView = observer(function GenericView({ route, fallback }: { route: AppRoute; label?: string; fallback: ReactNode }) {
  const { eps } = useStores();
  const entry = entityForRoute(eps.entries, route.path, route.viewPath);
  if (!entry) return <>{fallback}</>;
  return <>{guarded(<CrudScreen prefix={entry.prefix} />, `${route.path}:${entry.prefix}`)}</>;
});
