import type { Handler } from '../../core/handler.js';
import { restoreSnapshots } from '../../recycle/restore.js';

/**
 * `POST /admin/recycle/data/restore {ids}`: re-inserts each snapshot's rows and cascades with their
 * ids, all or nothing; dependent caches (permissions) are refreshed for the entities restored.
 */
export const restore: Handler = async ({ services, body, locale, actor, koa }) => {
  const { ids } = body as { ids: number[] };
  const touched = await restoreSnapshots(services.knex, services.schema.registry, ids, locale, { userId: actor?.userId ?? null, url: koa.path });
  for (const entity of touched) await services.caches.changed(entity);
  return undefined;
};
