import type { CrudContext } from './context.js';
import type { Cascade } from './operations/delete.js';

type Row = Record<string, unknown>;

/**
 * An entity's own behaviour inside the one generic write path, declared in its module's manifest
 * (docs/kernel-and-modules.md). The path still validates, scopes, audits and recycles; hooks only add.
 */
export interface EntityHooks {
  /** A body row before validation, on add and update (form conventions: an empty input means "none"). */
  normalise?(row: Row, action: 'add' | 'update'): Row;
  /** Validated rows before the transaction: refuse with an AppError (a parent must exist, no cycle). */
  beforeWrite?(c: CrudContext, rows: Row[], action: 'add' | 'update'): Promise<void>;
  /** Rows that go with the deleted ones (children, items), taken through the same recycle-bin snapshot. */
  deleting?: Cascade;
}

/** The body with each object row normalised (anything else is left for validation to report). */
export function normaliseBody(c: CrudContext, body: unknown, action: 'add' | 'update'): unknown {
  const fn = c.hooks?.normalise;
  if (!fn) return body;
  const one = (r: unknown) => (r && typeof r === 'object' && !Array.isArray(r) ? fn({ ...(r as Row) }, action) : r);
  return Array.isArray(body) ? body.map(one) : one(body);
}
