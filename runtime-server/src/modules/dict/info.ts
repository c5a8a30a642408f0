import type { Handler } from '../../core/handler.js';
import type { EntityHooks } from '../../crud/hooks.js';
import { fromDb } from '../../db/values.js';
import { ENTITIES, TABLES } from '../../generated/tables.js';
import { table } from '../../db/table.js';
import type { AppServices } from '../../app/services.js';
import { reusableJson } from '../../core/reusableJson.js';

const NUMERIC = /^-?\d+(\.\d+)?$/;

/**
 * `POST /admin/dict/info/data {types?}` → `{ <typeKey>: [{id, name, typeId, parentId, orderNum, value}] }`,
 * ordered by orderNum then createTime; numeric values become numbers (docs/reference/api-contract.md §6.7, without the
 * reference's `" "` → 0 slip). No or empty `types` = every type. Two queries whatever the count.
 */
export const data: Handler = async ({ services, body }) => {
  const types = [...new Set(((body as { types?: string[] } | undefined)?.types ?? []).filter(Boolean))].sort();
  // Cached per instance until a dictionary write anywhere (module.ts readCaches), its JSON text kept too.
  return services.caches.readCache('dict').get(types.join('\n'), async () => reusableJson(await loadData(services, types)));
};

async function loadData(services: AppServices, types: string[]): Promise<Record<string, unknown[]>> {
  const { knex } = services;
  const typeQuery = table(knex, TABLES.dictType).select('id', 'key').orderBy('id');
  if (types.length) typeQuery.whereIn('key', types);
  const typeRows = await typeQuery;
  const result: Record<string, unknown[]> = {};
  for (const t of typeRows) result[t.key] = [];
  if (!typeRows.length) return result;
  const keyOf = new Map(typeRows.map((t) => [t.id, t.key]));
  const info = services.schema.registry.get(ENTITIES.dictInfo)!;
  const columns = ['id', 'name', 'typeId', 'parentId', 'orderNum', 'value'] as const;
  const rows = await table(knex, TABLES.dictInfo)
    .whereIn('typeId', [...keyOf.keys()])
    .select(...columns)
    .orderBy([{ column: 'orderNum', order: 'asc' }, { column: 'createTime', order: 'asc' }, { column: 'id', order: 'asc' }]);
  for (const r of rows) {
    const item: Record<string, unknown> = {};
    for (const k of columns) item[k] = fromDb(info.fields.get(k)!, r[k]);
    const v = item.value;
    if (typeof v === 'string' && NUMERIC.test(v.trim())) item.value = Number(v);
    result[keyOf.get(r.typeId)!]?.push(item);
  }
  return result;
}

/** `GET /admin/dict/info/types` (open): the dictionary types, for clients that list them before login. */
export const types: Handler = async ({ services }) => {
  const type = services.schema.registry.get(ENTITIES.dictType)!;
  const rows = await table(services.knex, TABLES.dictType).select('id', 'name', 'key').orderBy('id');
  return rows.map((r) => ({ id: fromDb(type.fields.get('id')!, r.id), name: r.name, key: r.key }));
};

export const dictInfoHooks: EntityHooks = {
  /**
   * `delete {ids}`: the items and all their descendants (children by parentId), in one recycle-bin
   * snapshot, so no child is orphaned and a restore brings the subtree back.
   */
  async deleting(trx, ids, recorder) {
    let level = ids;
    const seen = new Set(ids);
    while (level.length) {
      const children = (await table(trx, TABLES.dictInfo).whereIn('parentId', level).select('id'))
        .map((r) => r.id)
        .filter((id) => !seen.has(id));
      children.forEach((id) => seen.add(id));
      if (children.length) await recorder.take(trx, ENTITIES.dictInfo, (q) => q.whereIn('id', children));
      level = children;
    }
  },
};
