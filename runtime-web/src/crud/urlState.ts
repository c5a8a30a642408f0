/**
 * A screen's list parameters ⇄ the URL query, so a filtered, sorted, paged list survives a reload and can be
 * shared as a link. Standard keys keep their wire names; filters are `f.<field>` (repeated for a list).
 */
import type { FieldMeta } from './types';
import { parseWhere } from './where';
import type { WhereNode } from './where';

export interface CrudParams {
  page: number;
  size: number;
  keyWord?: string;
  order?: string;
  sort?: 'asc' | 'desc';
  /** fieldEq / fieldLike / sidebar values by request parameter name. */
  filters: Record<string, unknown>;
  /** The advanced filter (crud/where.ts), kept in the URL as JSON under `w`. */
  where?: WhereNode;
}

export const PAGE_SIZES = [10, 20, 30, 40, 50, 100] as const;
export const DEFAULT_PARAMS: CrudParams = { page: 1, size: 20, filters: {} };

const blank = (v: unknown): boolean => v === undefined || v === null || v === '';
/** An empty list, or a range with neither end, filters nothing. */
const empty = (v: unknown): boolean => blank(v) || (Array.isArray(v) && v.every(blank));

export function toQuery(p: CrudParams, defaults: Partial<CrudParams> = {}): string {
  const q = new URLSearchParams();
  if (p.page !== 1) q.set('page', String(p.page));
  if (p.size !== (defaults.size ?? DEFAULT_PARAMS.size)) q.set('size', String(p.size));
  if (p.keyWord) q.set('keyWord', p.keyWord);
  if (p.order && (p.order !== defaults.order || p.sort !== defaults.sort)) {
    q.set('order', p.order);
    if (p.sort) q.set('sort', p.sort);
  }
  for (const [k, v] of Object.entries(p.filters).sort(([a], [b]) => a.localeCompare(b))) {
    if (empty(v)) continue;
    // A range's open end is written as an empty value, so `[null, 5]` comes back as it went.
    for (const x of Array.isArray(v) ? v : [v]) q.append(`f.${k}`, blank(x) ? '' : String(x));
  }
  if (p.where) q.set('w', JSON.stringify(p.where));
  return q.toString();
}

/**
 * Reads parameters back, typing each filter by its field (numbers, booleans); unknown keys are ignored.
 * Names in `ranges` come back as `[from, to]` with `null` for an open end.
 */
export function fromQuery(
  search: string,
  fields: readonly FieldMeta[],
  defaults: Partial<CrudParams> = {},
  allowed?: ReadonlySet<string>,
  ranges: ReadonlySet<string> = new Set(),
): CrudParams {
  const q = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const byName = new Map(fields.map((f) => [f.name, f]));
  const int = (v: string | null, d: number, max: number) => {
    const n = v === null ? NaN : Number(v);
    return Number.isSafeInteger(n) && n >= 1 && n <= max ? n : d;
  };
  const size = int(q.get('size'), defaults.size ?? DEFAULT_PARAMS.size, 1000);
  const out: CrudParams = {
    page: int(q.get('page'), 1, 1_000_000),
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : defaults.size ?? DEFAULT_PARAMS.size,
    filters: { ...(defaults.filters ?? {}) },
  };
  const where = parseWhere(q.get('w'));
  if (where) out.where = where;
  const kw = q.get('keyWord');
  if (kw) out.keyWord = kw.slice(0, 200);
  const order = q.get('order');
  const sort = q.get('sort');
  if (order && byName.has(order)) {
    out.order = order;
    if (sort === 'asc' || sort === 'desc') out.sort = sort;
  } else if (defaults.order) {
    out.order = defaults.order;
    if (defaults.sort) out.sort = defaults.sort;
  }
  const seen = new Set<string>();
  for (const key of q.keys()) {
    if (!key.startsWith('f.') || seen.has(key)) continue;
    seen.add(key);
    const name = key.slice(2);
    if (allowed && !allowed.has(name)) continue;
    if (ranges.has(name)) {
      const [from = '', to = ''] = q.getAll(key);
      const range = [from, to].map((v) => (v === '' ? null : typed(byName.get(name), v.slice(0, 40))));
      if (!range.every(blank)) out.filters[name] = range;
      continue;
    }
    const values = q.getAll(key).map((v) => typed(byName.get(name), v));
    out.filters[name] = values.length > 1 || name.endsWith('Ids') ? values : values[0];
  }
  return out;
}

function typed(f: FieldMeta | undefined, v: string): unknown {
  if (f?.type === 'boolean') return v === 'true' || v === '1';
  const numeric = !f || ['integer', 'bigint', 'number'].includes(f.type) || (f.options ?? []).some((o) => typeof o.value === 'number');
  if (numeric && /^-?\d+(\.\d+)?$/.test(v) && (f || /^\d{1,15}$/.test(v))) return Number(v);
  return v;
}

/** The request body of `page`/`list`: wire names, empty values dropped. */
export function toRequest(p: CrudParams, paged = true): Record<string, unknown> {
  const body: Record<string, unknown> = paged ? { page: p.page, size: p.size } : {};
  if (p.keyWord) body.keyWord = p.keyWord;
  if (p.order) {
    body.order = p.order;
    body.sort = p.sort ?? 'desc';
  }
  for (const [k, v] of Object.entries(p.filters)) if (!empty(v)) body[k] = v;
  if (p.where) body.where = p.where;
  return body;
}
