import type { Knex } from 'knex';
import type { CrudContext } from './context.js';
import type { Cascade } from './operations/delete.js';
import type { LinkChange } from './relations.js';

type Row = Record<string, unknown>;

/** One row of an add or update, as the in-transaction hooks see it. */
export interface RowWrite {
  /** The row's id (add: set once inserted, so only `afterWrite` sees it). */
  id?: number;
  /** The validated, normalised request row. */
  input: Row;
  /** Update: the stored row before this write (database format), read inside the transaction. */
  before?: Row;
  /** Each `x-relation` of the entity by property name: ids before (update) and ids asked for (undefined: unchanged). */
  links: Map<string, LinkChange>;
}

/**
 * An entity's own behaviour inside the one generic write path, declared in its module's manifest
 * (docs/kernel-and-modules.md). The path still validates, scopes, audits and recycles; hooks only add.
 */
export interface EntityHooks {
  /** A body row before validation, on add and update (form conventions: an empty input means "none"). */
  normalise?(row: Row, action: 'add' | 'update'): Row;
  /** Validated rows before the transaction: refuse with an AppError (a parent must exist, no cycle). */
  beforeWrite?(c: CrudContext, rows: Row[], action: 'add' | 'update'): Promise<void>;
  /** Server-set values of read-only fields on add (the creator), as a handler's `extra`. */
  addValues?(c: CrudContext): Row;
  /**
   * Inside the transaction, after scope and linked-id checks, before anything is written: refuse with an
   * AppError using the previous row and links (who may change it, what may be granted).
   */
  checkWrite?(c: CrudContext, trx: Knex.Transaction, writes: RowWrite[], action: 'add' | 'update'): Promise<void>;
  /** Inside the transaction, after rows and links are written (revoke sessions, raise a version). */
  afterWrite?(c: CrudContext, trx: Knex.Transaction, writes: RowWrite[], action: 'add' | 'update'): Promise<void>;
  /** Inside the delete transaction, before the scope check: refuse with an AppError (never yourself, never a stronger user). */
  beforeDelete?(c: CrudContext, trx: Knex.Transaction, ids: number[]): Promise<void>;
  /** Rows that go with the deleted ones (children, items), taken through the same recycle-bin snapshot. */
  deleting?: Cascade;
  /** Inside the delete transaction, after the rows went (the ids really deleted). */
  afterDelete?(c: CrudContext, trx: Knex.Transaction, ids: number[]): Promise<void>;
  /** Rows answered by info, list and page, before they leave (names of linked rows, fields some callers may not see). */
  onRead?(c: CrudContext, rows: Row[], action: 'info' | 'list' | 'page'): Promise<Row[]>;
}

/** The body with each object row normalised (anything else is left for validation to report). */
export function normaliseBody(c: CrudContext, body: unknown, action: 'add' | 'update'): unknown {
  const fn = c.hooks?.normalise;
  if (!fn) return body;
  const one = (r: unknown) => (r && typeof r === 'object' && !Array.isArray(r) ? fn({ ...(r as Row) }, action) : r);
  return Array.isArray(body) ? body.map(one) : one(body);
}

/** Rows through the entity's `onRead` hook, if any. */
export async function readRows(c: CrudContext, rows: Row[], action: 'info' | 'list' | 'page'): Promise<Row[]> {
  return c.hooks?.onRead ? c.hooks.onRead(c, rows, action) : rows;
}
