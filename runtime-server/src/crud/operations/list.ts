import { AppError } from '../../core/errors.js';
import { assertValid } from '../../core/validator.js';
import type { CrudContext } from '../context.js';
import { applyOrder, filteredQuery, mapRow, selectOutput } from '../query.js';
import type { ListInput } from '../query.js';
import { readRows } from '../hooks.js';

/** list: every matching row, ordered; more than `limits.listRows` is an error (use page), never a silent cut. */
export async function list(c: CrudContext, body: unknown): Promise<Record<string, unknown>[]> {
  const sent = (body ?? {}) as ListInput;
  assertValid(c.rt.validators.filters, sent, c.rt.labels);
  const input = withDefaultSort(c, sent, 'list');
  const qb = applyOrder(selectOutput(filteredQuery(c.knex, c.rt, input, c), c.rt), c.rt, input).limit(c.limits.listRows + 1);
  const rows = (await qb) as Record<string, unknown>[];
  if (rows.length > c.limits.listRows) throw new AppError('error.listTooLarge', { max: c.limits.listRows });
  return readRows(c, rows.map((r) => mapRow(c.rt, r)), 'list');
}

/**
 * The request as it orders: the action's `defaultSort` (x-api) when the request names no order. Applied after the
 * request was checked as sent, so a body the document refuses is refused.
 */
export function withDefaultSort(c: Pick<CrudContext, 'rt'>, input: ListInput, action: 'list'): ListInput {
  const sort = c.rt.model.actions.find((a) => a.name === action)?.defaultSort;
  return sort && !input.order ? { ...input, order: sort.field, sort: sort.order } : input;
}
