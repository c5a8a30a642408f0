import { ValidationError } from '../../core/errors.js';
import type { CrudContext } from '../context.js';

/** `{ ids: [1, 2] }` or `{ ids: "1,2" }` → positive integer ids; anything else is a 1002 error. */
export function parseIds(body: unknown, max: number): number[] {
  const raw = (body as { ids?: unknown } | null)?.ids;
  const list = typeof raw === 'string' ? raw.split(',').map((s) => s.trim()) : typeof raw === 'number' ? [raw] : raw;
  if (!Array.isArray(list) || list.length === 0) throw new ValidationError('error.idsRequired');
  if (list.length > max) throw new ValidationError('error.batchTooLarge', { max });
  const ids = list.map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v));
  if (!ids.every((v) => Number.isSafeInteger(v) && (v as number) > 0)) throw new ValidationError('error.idsRequired');
  return [...new Set(ids as number[])];
}

/** delete: removes the rows in one transaction; returns how many existed. */
export async function remove(c: CrudContext, body: unknown): Promise<number> {
  const ids = parseIds(body, c.limits.batchRows);
  return c.knex.transaction(async (trx) => Number(await trx(c.rt.table).whereIn('id', ids).delete()));
}
