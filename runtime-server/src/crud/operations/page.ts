import { assertValid } from '../../core/validator.js';
import type { CrudContext } from '../context.js';
import { applyOrder, filteredQuery, mapRow, selectOutput } from '../query.js';
import type { ListInput } from '../query.js';
import { readRows } from '../hooks.js';

export interface PageResult {
  list: Record<string, unknown>[];
  pagination: { page: number; size: number; total: number };
}

/**
 * page: `{ page, size, order, sort, keyWord, …filters }` → `{ list, pagination }`.
 * `size` is capped by validation; export mode (`isExport`) returns up to `limits.listRows` rows.
 */
export async function page(c: CrudContext, body: unknown): Promise<PageResult> {
  const input = (body ?? {}) as ListInput;
  assertValid(c.rt.validators.filters, input, c.rt.labels);
  const pageNo = input.page ?? 1;
  const size = input.isExport
    ? Math.min(input.maxExportLimit || c.limits.listRows, c.limits.listRows)
    : (input.size ?? 20);
  const base = filteredQuery(c.knex, c.rt, input, c);
  const countRow = (await base.clone().count({ total: '*' }).first()) as { total: number | string } | undefined;
  const rows = (await applyOrder(selectOutput(base, c.rt), c.rt, input)
    .limit(size)
    .offset(input.isExport ? 0 : (pageNo - 1) * size)) as Record<string, unknown>[];
  return {
    list: await readRows(c, rows.map((r) => mapRow(c.rt, r)), 'page'),
    pagination: { page: input.isExport ? 1 : pageNo, size, total: Number(countRow?.total ?? 0) },
  };
}
