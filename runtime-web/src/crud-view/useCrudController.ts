/** The thin React side of `crud/controller.ts`: the session's deps, the URL binding, the mount's lifetime. */
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Stores } from '../core/stores';
import { useStores } from '../core/stores/context';
import { createCrudController } from '../crud/controller';
import type { CrudDeps } from '../crud/controller';
import type { CrudStore } from '../crud/store';
import { useRegistry } from './useRegistry';

export function crudDeps(stores: Stores): CrudDeps {
  return { request: stores.request, hasPerm: (key) => stores.menu.hasPerm(key) };
}

/** Loads the entity and builds its controller once per mount; `syncUrl` mirrors its list parameters in the URL. */
export function useCrudController(prefix: string, syncUrl = true): { store?: CrudStore; error?: string } {
  const stores = useStores();
  const registry = useRegistry();
  const location = useLocation();
  const navigate = useNavigate();
  const [state, setState] = useState<{ store?: CrudStore; error?: string }>({});
  useEffect(() => {
    let alive = true;
    const path = location.pathname;
    createCrudController(crudDeps(stores), prefix, {
      onWrite: (store, rows) => registry.afterWrite(store, rows, stores),
      url: syncUrl
        ? {
            read: () => window.location.search,
            // Only while this screen is the one shown (kept-alive screens stay quiet).
            write: (q) => {
              if (window.location.pathname !== path) return;
              const next = q ? `?${q}` : '';
              if (next !== window.location.search) navigate({ pathname: path, search: next }, { replace: true });
            },
          }
        : undefined,
    }).then(
      (store) => alive && setState({ store }),
      (err: Error) => alive && setState({ error: err.message }),
    );
    return () => {
      alive = false;
    };
    // The screen is built once per mount; the URL is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prefix, stores, registry]);
  return state;
}
