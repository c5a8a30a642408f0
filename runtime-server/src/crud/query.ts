import type { Knex } from 'knex';
import { ValidationError } from '../core/errors.js';
import type { DataScope } from './context.js';
import type { EntityRuntime } from './entityRuntime.js';
import { fromDb } from '../db/values.js';
import { applyWhere } from './filterLanguage.js';

/** Filters of a page/list request (validated by `validators.filters`). */
export interface ListInput {
  page?: number;
  size?: number;
  order?: string;
  sort?: string;
  keyWord?: string | number | null;
  isExport?: boolean;
  maxExportLimit?: number;
  /** The advanced filter (crud/filterLanguage.ts). */
  where?: unknown;
  [param: string]: unknown;
}

// '!' escapes LIKE wildcards the same way on SQLite and MariaDB (neither treats it specially).
const ESCAPE = '!';
function likePattern(value: string): string {
  return `%${value.replace(/[!%_]/g, (c) => ESCAPE + c)}%`;
}

function like(qb: Knex.QueryBuilder, column: string, value: string, or: boolean): void {
  const raw = `?? LIKE ? ESCAPE '${ESCAPE}'`;
  if (or) qb.orWhereRaw(raw, [column, likePattern(value)]);
  else qb.whereRaw(raw, [column, likePattern(value)]);
}

/** Is a filter value "given"? `0` and `false` are; `''`, null and `[]` are not (as the reference). */
function given(v: unknown): boolean {
  if (v === undefined || v === null || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  return true;
}

/** FROM + joins + WHERE of a page/list request; selects nothing yet. */
export function filteredQuery(
  knex: Knex | Knex.Transaction,
  rt: EntityRuntime,
  input: ListInput,
  restrict: { scope?: DataScope; tenant?: number; visible?: DataScope; where?: (qb: Knex.QueryBuilder) => void } = {},
): Knex.QueryBuilder {
  const q = rt.model.query;
  const qb = knex({ a: rt.table });
  // Tenant and data scope are part of the WHERE clause of every read: no filter combination escapes them.
  if (restrict.tenant !== undefined) qb.where('a.tenantId', restrict.tenant);
  if (restrict.scope) qb.whereIn(`a.${restrict.scope.column}`, restrict.scope.ids);
  if (restrict.visible) qb.whereIn(`a.${restrict.visible.column}`, restrict.visible.ids);
  if (restrict.where) restrict.where(qb);
  for (const j of q.join) qb.leftJoin({ [j.alias]: j.table }, `${j.alias}.id`, `a.${j.on}`);
  const kw = input.keyWord;
  if (kw !== undefined && kw !== null && kw !== '' && q.keyWordLikeFields.length) {
    qb.where((w) => {
      for (const col of q.keyWordLikeFields) like(w, col, String(kw), true);
    });
  }
  for (const f of q.fieldEq) {
    const v = input[f.param];
    if (!given(v)) continue;
    const field = fieldOf(rt, f.column);
    if (Array.isArray(v)) qb.whereIn(f.column, v.map((x) => toParam(field, x)));
    else qb.where(f.column, toParam(field, v));
  }
  for (const f of q.fieldLike) {
    const v = input[f.param];
    if (!given(v)) continue;
    if (Array.isArray(v)) {
      qb.where((w) => {
        for (const x of v) like(w, f.column, String(x), true);
      });
    } else like(qb, f.column, String(v), false);
  }
  for (const f of q.fieldRange) {
    const v = input[f.param];
    if (!Array.isArray(v)) continue;
    const field = fieldOf(rt, f.column);
    const [from, to] = v as unknown[];
    if (given(from)) qb.where(f.column, '>=', rangeParam(field, from));
    if (given(to)) qb.where(f.column, '<=', rangeParam(field, to));
  }
  applyWhere(qb, rt.whereFields, rt.labels, input.where);
  return qb;
}

function fieldOf(rt: EntityRuntime, column: string) {
  const [alias, name] = column.split('.') as [string, string];
  return alias === 'a' ? rt.fields.get(name) : rt.output.find((o) => o.column === column)?.field;
}

function toParam(field: ReturnType<typeof fieldOf>, v: unknown): Knex.Value {
  if (field?.type === 'boolean' && typeof v === 'boolean') return v ? 1 : 0;
  return v as Knex.Value;
}

/** A range bound as the column stores it: decimals as exact strings (never a float), times as given. */
function rangeParam(field: ReturnType<typeof fieldOf>, v: unknown): Knex.Value {
  if (field?.type === 'decimal' && typeof v === 'number') return v.toFixed(field.scale ?? 2);
  return v as Knex.Value;
}

/** Selects exactly the output columns (never `*`: secret columns must not leave the database). */
export function selectOutput(qb: Knex.QueryBuilder, rt: EntityRuntime): Knex.QueryBuilder {
  return qb.select(rt.output.map((o) => `${o.column} as ${o.name}`));
}

/**
 * ORDER BY: the schema's default order, then the request's `order`/`sort` (comma lists allowed,
 * only output columns), else `createTime desc`; `id` last so paging is stable.
 */
export function applyOrder(qb: Knex.QueryBuilder, rt: EntityRuntime, input: ListInput): Knex.QueryBuilder {
  const used = new Set<string>();
  const by = (column: string, dir: 'asc' | 'desc') => {
    if (used.has(column)) return;
    used.add(column);
    qb.orderBy(column, dir);
  };
  for (const o of rt.model.query.order) by(o.column, o.direction);
  const orders = (input.order ?? '').split(',').map((s) => s.trim().replace(/^a\./, '')).filter(Boolean);
  const sorts = (input.sort ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  if (orders.length && sorts.length && sorts.length !== orders.length && !(sorts.length === 1)) {
    throw new ValidationError('error.sortMismatch');
  }
  orders.forEach((name, i) => {
    const column = rt.sortable.get(name);
    if (!column) {
      throw new ValidationError('error.orderColumn', { column: name.slice(0, 60), allowed: [...rt.sortable.keys()].join(', ') });
    }
    const dir = sorts[i] ?? sorts[0] ?? 'desc';
    if (dir !== 'asc' && dir !== 'desc') throw new ValidationError('error.sortMismatch');
    by(column, dir);
  });
  if (!orders.length) by('a.createTime', 'desc');
  by('a.id', 'desc');
  return qb;
}

/** A database row → the wire row, each value in the one format both databases share. */
export function mapRow(rt: EntityRuntime, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const o of rt.output) out[o.name] = fromDb(o.field, row[o.name]);
  return out;
}
