import { AppError, ValidationError } from '../../core/errors.js';
import type { CrudContext } from '../context.js';
import { filteredQuery, mapRow, selectOutput } from '../query.js';
import { readRows } from '../hooks.js';
import { withLinks } from '../relations.js';

/** info: `?id=` → the row (secret fields never selected) with its x-relation ids; an unknown id is a clear error. */
export async function info(c: CrudContext, query: Record<string, unknown>): Promise<Record<string, unknown>> {
  const raw = query.id;
  const id = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (!Number.isSafeInteger(id) || (id as number) <= 0) {
    throw new ValidationError('error.parameter', { detail: 'id' });
  }
  const row = await selectOutput(filteredQuery(c.knex, c.rt, {}, c), c.rt).where('a.id', id as number).first();
  if (!row) throw new AppError('error.recordNotFound', { id: id as number });
  const [out] = await readRows(c, [await withLinks(c.knex, c, mapRow(c.rt, row as Record<string, unknown>))], 'info');
  return out!;
}
