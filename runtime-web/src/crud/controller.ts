/**
 * The one place a CRUD screen's controller is put together (the console core, docs/development.md): the entity's `base/comm/schema` answer
 * (loaded once per prefix and request function, a failure forgotten so it can be retried), its screen model, the
 * data provider and the store. The generic screen, the sidebar's dialogs and any module view ask here.
 */
import type { Request } from '../core/request';
import { buildScreenModel } from './model';
import { createDataProvider } from './provider';
import { CrudStore } from './store';
import type { UrlBinding } from './store';
import type { EntitySchema, Row } from './types';

/** What a controller needs of the session: its request function and the user's permission keys. */
export interface CrudDeps {
  request: Request;
  hasPerm(key: string): boolean;
}

export interface CrudControllerOptions {
  /** The list parameters mirrored in the URL (the routed screen); absent: kept to the controller. */
  url?: UrlBinding;
  /** Parameters every request carries. */
  fixed?: Record<string, unknown>;
  /** Told after every successful write, before the refresh (module hooks: reload a dictionary…). */
  onWrite?: (store: CrudStore, rows: Row[]) => void;
}

const schemas = new WeakMap<Request, Map<string, Promise<EntitySchema>>>();

/** `GET /admin/base/comm/schema?prefix=`: once per request function and prefix; a failure is forgotten. */
export function loadEntitySchema(request: Request, prefix: string): Promise<EntitySchema> {
  let byPrefix = schemas.get(request);
  if (!byPrefix) schemas.set(request, (byPrefix = new Map()));
  const cache = byPrefix;
  let p = cache.get(prefix);
  if (!p) {
    p = request<EntitySchema>({ url: '/admin/base/comm/schema', method: 'GET', params: { prefix }, progress: false });
    cache.set(prefix, p);
    p.catch(() => cache.delete(prefix));
  }
  return p;
}

/** A controller over an entity answer already at hand (no request, no list load). */
export function controllerFor(deps: CrudDeps, entity: EntitySchema, options: CrudControllerOptions = {}): CrudStore {
  const { onWrite, ...rest } = options;
  const store: CrudStore = new CrudStore(createDataProvider(deps.request, entity), buildScreenModel(entity), {
    ...rest,
    hasPerm: (key) => deps.hasPerm(key),
    ...(onWrite ? { onWrite: (rows: Row[]) => onWrite(store, rows) } : {}),
  });
  return store;
}

/**
 * Loads the entity and builds its controller, then its first list — unless the screen opens on a sidebar's first
 * node and none is chosen yet (the sidebar chooses it, and that loads the list).
 */
export async function createCrudController(deps: CrudDeps, prefix: string, options: CrudControllerOptions = {}): Promise<CrudStore> {
  const store = controllerFor(deps, await loadEntitySchema(deps.request, prefix), options);
  const side = store.model.sidebar;
  if (!(side?.start === 'first' && store.params.filters[side.filter] === undefined)) void store.refresh();
  return store;
}
