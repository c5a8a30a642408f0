import type { Knex } from 'knex';
import type { CrudContext } from './context.js';
import type { Cascade } from './operations/delete.js';
import type { LinkChange } from './relations.js';

type Row = Record<string, unknown>;

/**
 * A request row of entity row type `R`: its columns by name, values as validated from the wire (booleans, numbers,
 * arrays of a relation), not yet in database format.
 */
export type InputRow<R extends object = Row> = { [K in keyof R]?: unknown } & Row;

/** One row of an add or update, as the in-transaction hooks see it. */
export interface RowWrite<R extends object = Row> {
  /** The row's id (add: set once inserted, so only `afterWrite` sees it). */
  id?: number;
  /** The validated, normalised request row. */
  input: InputRow<R>;
  /** Update: the stored row before this write (database format), read inside the transaction. */
  before?: R & Row;
  /** Each `x-relation` of the entity by property name: ids before (update) and ids asked for (undefined: unchanged). */
  links: Map<string, LinkChange>;
}

/**
 * An entity's own behaviour inside the one generic write path, declared in its module's manifest
 * (docs/kernel-and-modules.md). The path still validates, scopes, audits and recycles; hooks only add.
 */
export interface EntityHooks<R extends object = Row> {
  /** A body row before validation, on add and update (form conventions: an empty input means "none"). */
  normalise?(row: Row, action: 'add' | 'update'): Row;
  /**
   * Update: a validated body row with the stored row as it is now (read before the transaction, unlocked): the row to
   * write (task: a cron task's interval is cleared, and the reverse, by the kind it will have). A row whose id is
   * not stored is left as it is (the write then answers "not found").
   */
  beforeUpdate?(row: InputRow<R>, stored: R & Row): InputRow<R>;
  /** Validated rows before the transaction: refuse with an AppError (a parent must exist, no cycle). */
  beforeWrite?(c: CrudContext, rows: InputRow<R>[], action: 'add' | 'update'): Promise<void>;
  /** Server-set values of read-only fields on add (the creator), as a handler's `extra`. */
  addValues?(c: CrudContext): Row;
  /**
   * First thing inside the write's transaction, before any row is read or locked: take the locks the later hooks
   * rely on, in a fixed order (rows of another table, so concurrent writes queue instead of deadlocking).
   */
  lockWrite?(c: CrudContext, trx: Knex.Transaction, writes: RowWrite<R>[], action: 'add' | 'update'): Promise<void>;
  /**
   * Inside the transaction, after scope and linked-id checks, before anything is written: refuse with an
   * AppError using the previous row and links (who may change it, what may be granted).
   */
  checkWrite?(c: CrudContext, trx: Knex.Transaction, writes: RowWrite<R>[], action: 'add' | 'update'): Promise<void>;
  /** Inside the transaction, after rows and links are written (revoke sessions, raise a version). */
  afterWrite?(c: CrudContext, trx: Knex.Transaction, writes: RowWrite<R>[], action: 'add' | 'update'): Promise<void>;
  /** Inside the delete transaction, before the scope check: refuse with an AppError (never yourself, never a stronger user). */
  beforeDelete?(c: CrudContext, trx: Knex.Transaction, ids: number[]): Promise<void>;
  /** Rows that go with the deleted ones (children, items), taken through the same recycle-bin snapshot. */
  deleting?: Cascade;
  /** Inside the delete transaction, after the rows went (the ids really deleted). */
  afterDelete?(c: CrudContext, trx: Knex.Transaction, ids: number[]): Promise<void>;
  /**
   * One more condition on every read of the entity (page, list, info, export, bulk edit's choice of rows), for a
   * visibility rule that is not an id list (the change audit: rows of records the caller may see). Undefined: none.
   * `action`: the route's action name (a data job's: its own action, e.g. `export`); menu: its list is the caller's menus.
   */
  readWhere?(c: CrudContext, action: string): Promise<((qb: Knex.QueryBuilder) => void) | undefined>;
  /**
   * After a generic write to the entity committed, whatever the path (route, bulk edit, import, recycle-bin restore):
   * tell this instance (task: the scheduler re-reads the tasks now). `services.changed(entity)` calls it.
   */
  afterCommit?(app: NonNullable<CrudContext['app']>): Promise<void> | void;
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

/** The context with the entity's `readWhere` condition applied (every generic read path calls this once). */
export async function withReadWhere(c: CrudContext, action: string): Promise<CrudContext> {
  const w = await c.hooks?.readWhere?.(c, action);
  if (!w) return c;
  const own = c.where;
  c.where = own ? (qb) => { own(qb); w(qb); } : w;
  return c;
}

/** Rows through the entity's `onRead` hook, if any. */
export async function readRows(c: CrudContext, rows: Row[], action: 'info' | 'list' | 'page'): Promise<Row[]> {
  return c.hooks?.onRead ? c.hooks.onRead(c, rows, action) : rows;
}

/**
 * One entity's hooks from several modules, composed in module order (docs/kernel-and-modules.md): a second
 * module's hooks add to the first's, never replace them. Checks run one after the other (the first refusal
 * wins), `normalise`, `beforeUpdate` and `onRead` are chained, `addValues` are merged (a later module's value wins), and
 * `deleting` cascades are concatenated.
 */
export function composeHooks(list: readonly EntityHooks[]): EntityHooks {
  if (list.length === 1) return list[0]!;
  const all = <K extends keyof EntityHooks>(k: K) => list.map((h) => h[k]).filter((f): f is NonNullable<EntityHooks[K]> => !!f);
  const out: EntityHooks = {};
  const normalise = all('normalise');
  if (normalise.length) out.normalise = (row, action) => normalise.reduce((r, f) => f(r, action), row);
  const beforeUpdate = all('beforeUpdate');
  if (beforeUpdate.length) out.beforeUpdate = (row, stored) => beforeUpdate.reduce((r, f) => f(r, stored), row);
  const afterCommit = all('afterCommit');
  if (afterCommit.length) out.afterCommit = async (app) => { for (const f of afterCommit) await f(app); };
  const addValues = all('addValues');
  if (addValues.length) out.addValues = (c) => Object.assign({}, ...addValues.map((f) => f(c)));
  const beforeWrite = all('beforeWrite');
  if (beforeWrite.length) out.beforeWrite = async (c, rows, action) => { for (const f of beforeWrite) await f(c, rows, action); };
  const lockWrite = all('lockWrite');
  if (lockWrite.length) out.lockWrite = async (c, trx, writes, action) => { for (const f of lockWrite) await f(c, trx, writes, action); };
  const checkWrite = all('checkWrite');
  if (checkWrite.length) out.checkWrite = async (c, trx, writes, action) => { for (const f of checkWrite) await f(c, trx, writes, action); };
  const afterWrite = all('afterWrite');
  if (afterWrite.length) out.afterWrite = async (c, trx, writes, action) => { for (const f of afterWrite) await f(c, trx, writes, action); };
  const beforeDelete = all('beforeDelete');
  if (beforeDelete.length) out.beforeDelete = async (c, trx, ids) => { for (const f of beforeDelete) await f(c, trx, ids); };
  const afterDelete = all('afterDelete');
  if (afterDelete.length) out.afterDelete = async (c, trx, ids) => { for (const f of afterDelete) await f(c, trx, ids); };
  const onRead = all('onRead');
  if (onRead.length) out.onRead = async (c, rows, action) => { let r = rows; for (const f of onRead) r = await f(c, r, action); return r; };
  const readWhere = all('readWhere');
  if (readWhere.length) {
    out.readWhere = async (c, action) => {
      const conds = (await Promise.all(readWhere.map((f) => f(c, action)))).filter((w) => !!w);
      return conds.length ? (qb) => { for (const w of conds) w(qb); } : undefined;
    };
  }
  const deleting = all('deleting');
  if (deleting.length) out.deleting = (async (trx, ids, recorder) => { for (const f of deleting) await f(trx, ids, recorder); }) satisfies Cascade;
  return out;
}

/** Every module's hooks by entity id, each entity's composed in module order. */
export function hooksByEntity(modules: readonly { hooks?: Record<string, EntityHooks | EntityHooks[]> }[]): Map<string, EntityHooks> {
  const lists = new Map<string, EntityHooks[]>();
  for (const m of modules) {
    for (const [id, h] of Object.entries(m.hooks ?? {})) lists.set(id, [...(lists.get(id) ?? []), ...(Array.isArray(h) ? h : [h])]);
  }
  return new Map([...lists].map(([id, list]) => [id, composeHooks(list)]));
}
