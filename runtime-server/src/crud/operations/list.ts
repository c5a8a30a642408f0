import { AppError } from '../../core/errors.js';
import { assertValid } from '../../core/validator.js';
import type { CrudContext } from '../context.js';
import { applyOrder, filteredQuery, mapRow, selectOutput } from '../query.js';
import type { ListInput } from '../query.js';
import { readRows } from '../hooks.js';

/** list: every matching row, ordered; more than `limits.listRows` is an error (use page), never a silent cut. */
export async function list(c: CrudContext, body: unknown): Promise<Record<string, unknown>[]> {
  const input = (body ?? {}) as ListInput;
  assertValid(c.rt.validators.filters, input, c.rt.labels);
  const qb = applyOrder(selectOutput(filteredQuery(c.knex, c.rt, input, c), c.rt), c.rt, input).limit(c.limits.listRows + 1);
  const rows = (await qb) as Record<string, unknown>[];
  if (rows.length > c.limits.listRows) throw new AppError('error.listTooLarge', { max: c.limits.listRows });
  return readRows(c, rows.map((r) => mapRow(c.rt, r)), 'list');
}
