import type { Knex } from 'knex';
import { AppError, ValidationError } from '../../core/errors.js';
import type { Cascade, CrudContext } from '../context.js';
import { RecycleRecorder } from '../../recycle/recorder.js';
import { takeLinks } from '../relations.js';

/** Largest id an `increments` column holds (a 32-bit signed integer on every dialect, generator's emit.ts). */
export const MAX_ID = 2147483647;

/**
 * `{ ids: [1, 2] }` or `{ ids: "1,2" }` → positive integer ids within the id column's range; anything else is a
 * 1002 error, as for every other operation's id (their schemas carry the same bound).
 */
export function parseIds(body: unknown, max: number): number[] {
  const raw = (body as { ids?: unknown } | null)?.ids;
  const list = typeof raw === 'string' ? raw.split(',').map((s) => s.trim()) : typeof raw === 'number' ? [raw] : raw;
  if (!Array.isArray(list) || list.length === 0) throw new ValidationError('error.idsRequired');
  if (list.length > max) throw new ValidationError('error.batchTooLarge', { max });
  const ids = list.map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v));
  if (!ids.every((v) => Number.isSafeInteger(v) && (v as number) > 0 && (v as number) <= MAX_ID)) throw new ValidationError('error.idsRequired');
  return [...new Set(ids as number[])];
}

export type { Cascade } from '../context.js';

/**
 * delete: removes the rows in one transaction and returns how many existed. Rows outside the
 * caller's data scope refuse the whole request (nothing is deleted). For a recycle-enabled entity
 * the full rows (secrets left out), their x-relation link rows and every cascade's rows are snapshotted into the recycle bin in
 * the same transaction, with the actor, URL and parameters.
 */
export async function remove(c: CrudContext, body: unknown, cascade: Cascade | undefined = c.hooks?.deleting): Promise<number> {
  const ids = parseIds(body, c.limits.batchRows);
  return c.knex.transaction(async (trx) => {
    await c.hooks?.beforeDelete?.(c, trx, ids);
    await assertInScope(trx, c, ids);
    const registry = c.registry ?? new Map([[c.rt.model.id, c.rt]]);
    const recorder = new RecycleRecorder(registry, c.origin ?? { userId: null, url: '', params: null }, c.rt.model.id);
    // Only rows that exist for this caller count: another tenant's ids are simply not there, and
    // cascades start from the rows really deleted, never from ids the request merely named.
    const present = trx(c.rt.table).whereIn('id', ids);
    if (c.tenant !== undefined) present.where('tenantId', c.tenant);
    const found = ((await present.select('id')) as { id: number }[]).map((r) => Number(r.id));
    if (!found.length) return 0;
    const n = await recorder.take(trx, c.rt.model.id, (q) => q.whereIn('id', found));
    await takeLinks(trx, c, found, recorder);
    if (cascade) await cascade(trx, found, recorder);
    await c.hooks?.afterDelete?.(c, trx, found);
    await recorder.save(trx);
    return n;
  });
}

/**
 * Every existing row among `ids` lies inside the caller's data scope and the entity's visibility rule; one
 * outside answers like a missing one (no oracle).
 */
export async function assertInScope(trx: Knex | Knex.Transaction, c: CrudContext, ids: number[]): Promise<void> {
  for (const s of [c.scope, c.visible]) {
    if (!s) continue;
    const outside = await trx(c.rt.table)
      .whereIn('id', ids)
      .where((q) => q.whereNotIn(s.column, s.ids).orWhereNull(s.column))
      .first('id');
    if (outside) throw new AppError('error.recordNotFound', { id: Number(outside.id) });
  }
}
