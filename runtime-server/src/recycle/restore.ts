import type { Knex } from 'knex';
import type { Locale } from '@schema-admin/generator';
import { AppError } from '../core/errors.js';
import type { Registry } from '../crud/entityRuntime.js';
import { mapUniqueViolation } from '../crud/dbErrors.js';
import { toDb } from '../db/values.js';
import { recordAudit, type AuditOrigin } from '../audit/audit.js';
import type { CapturedRows, RecycleEntityInfo } from './recorder.js';
import { TABLES } from '../generated/tables.js';
import { table } from '../db/table.js';
import { followExplicitIds } from '../db/idSequence.js';

/**
 * Re-inserts the snapshots `ids` (main rows, then their cascades) with their original ids, then
 * drops the snapshots — all in one transaction. A row whose id or unique key exists again makes the
 * whole restore fail with a message naming it, and nothing changes (no silent overwrite).
 * Returns the entities touched, so callers can refresh what depends on them.
 */
export async function restoreSnapshots(
  knex: Knex,
  registry: Registry,
  ids: number[],
  locale: Locale,
  origin?: AuditOrigin,
): Promise<string[]> {
  const touched = new Set<string>();
  await knex.transaction(async (trx) => {
    const records = await table(trx, TABLES.recycleData).whereIn('id', ids).orderBy('id', 'desc').select('id', 'entityInfo', 'data');
    const found = new Set(records.map((r) => r.id));
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw new AppError('error.recordNotFound', { id: missing });
    for (const rec of records) {
      const info = parse(rec.entityInfo) as RecycleEntityInfo;
      const groups: CapturedRows[] = [{ entity: info.entity, table: info.table, rows: parse(rec.data) as Record<string, unknown>[] }, ...(info.cascades ?? [])];
      for (const g of groups) {
        await insertRows(trx, registry, g, locale, origin);
        touched.add(g.entity);
      }
      await trx(TABLES.recycleData).where({ id: rec.id }).delete();
    }
  });
  return [...touched];
}

async function insertRows(trx: Knex.Transaction, registry: Registry, g: CapturedRows, locale: Locale, origin?: AuditOrigin): Promise<void> {
  const rt = registry.get(g.entity);
  if (!rt || rt.table !== g.table) throw new AppError('recycle.unknownEntity', { entity: g.entity });
  const audited: { id: number; after: Record<string, unknown> }[] = [];
  for (const row of g.rows) {
    const values: Record<string, unknown> = {};
    // Only columns the entity still has: a snapshot taken before a schema change restores what fits.
    for (const f of rt.model.fields) if (!f.secret && f.name in row) values[f.name] = toDb(f, row[f.name]);
    try {
      await trx(rt.table).insert(values);
    } catch (err) {
      const dup = mapUniqueViolation(err, rt, locale);
      if (dup) throw new AppError('recycle.conflict', { entity: rt.model.label[locale], id: String(row.id), reason: String(dup.params.label ?? '') });
      throw err;
    }
    audited.push({ id: Number(row.id), after: values });
  }
  await followExplicitIds(trx, rt.table);
  // A restore re-creates rows: audited as adds, in the restore's transaction.
  await recordAudit(trx, rt, 'add', audited, origin);
}

function parse(v: unknown): unknown {
  return typeof v === 'string' ? JSON.parse(v) : v;
}
