/** `GET /admin/base/comm/schema?prefix=` once per entity and page load; a failure is forgotten so it can be retried. */
import type { Stores } from '../core/stores';
import { buildScreenModel } from '../crud/model';
import type { EpsSearch } from '../crud/model';
import { createDataProvider } from '../crud/provider';
import { CrudStore } from '../crud/store';
import type { EntitySchema } from '../crud/types';

const schemaCache = new Map<string, Promise<EntitySchema>>();

export function loadSchema(stores: Stores, prefix: string): Promise<EntitySchema> {
  let p = schemaCache.get(prefix);
  if (!p) {
    p = stores.request<EntitySchema>({ url: '/admin/base/comm/schema', method: 'GET', params: { prefix }, progress: false });
    schemaCache.set(prefix, p);
    p.catch(() => schemaCache.delete(prefix));
  }
  return p;
}

/** A controller for another entity's dialogs (a sidebar's own records): no URL, no list of its own until asked. */
export function entityStore(stores: Stores, entity: EntitySchema): CrudStore {
  const eps = stores.eps.entries.find((e) => e.prefix === entity.prefix);
  const model = buildScreenModel({ ...entity, screen: entity.screen ?? (eps?.screen as EntitySchema['screen']) }, (eps?.search ?? {}) as EpsSearch);
  return new CrudStore(createDataProvider(stores.request, entity), model, { hasPerm: (key) => stores.menu.hasPerm(key) });
}
