import type { EntityRuntime } from '../crud/entityRuntime.js';
import { restrictWhere } from './whereRestrict.js';

/** What a saved view holds of a screen (schemas/base/sys-view.json `$defs/state`). */
export interface ViewState {
  keyWord?: string | null;
  filters?: Record<string, unknown>;
  where?: unknown;
  order?: string | null;
  sort?: 'asc' | 'desc' | null;
  size?: number;
  columns?: { key: string; hidden?: boolean; width?: number; fixed?: 'left' | 'right' }[];
}

/**
 * A view as the current schema allows it: filters on query parameters the entity still has, conditions and
 * columns on its current output columns, a sort on a sortable column. What is left out is named in `dropped`.
 */
export function restrictState(rt: EntityRuntime, state: ViewState): { state: ViewState; dropped: string[] } {
  const dropped = new Set<string>();
  const q = rt.model.query;
  const params = new Set([...q.fieldEq, ...q.fieldLike, ...q.fieldRange].map((f) => f.param));
  const out: ViewState = {};
  if (typeof state.keyWord === 'string' && state.keyWord) out.keyWord = state.keyWord;
  if (state.filters && typeof state.filters === 'object') {
    const filters: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(state.filters)) {
      if (params.has(k)) filters[k] = v;
      else dropped.add(k);
    }
    out.filters = filters;
  }
  if (state.where) {
    const r = restrictWhere(state.where, new Set(rt.whereFields.keys()));
    r.dropped.forEach((d) => dropped.add(d));
    if (r.where) out.where = r.where;
  }
  if (state.order) {
    if (rt.sortable.has(state.order)) {
      out.order = state.order;
      if (state.sort) out.sort = state.sort;
    } else dropped.add(state.order);
  }
  if (state.size) out.size = state.size;
  if (Array.isArray(state.columns)) {
    const names = new Set(rt.output.map((o) => o.name));
    out.columns = state.columns.filter((c) => {
      if (names.has(c.key)) return true;
      dropped.add(c.key);
      return false;
    });
  }
  return { state: out, dropped: [...dropped] };
}
