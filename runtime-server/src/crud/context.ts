import type { Knex } from 'knex';
import type { Locale } from '@schema-admin/generator';
import type { DeleteOrigin, RecycleRecorder } from '../recycle/recorder.js';
import type { EntityRuntime, Registry } from './entityRuntime.js';
import type { Limits } from './limits.js';
import type { App } from '../core/app.js';

/** What a CRUD operation needs; built by the HTTP adapter, by seeds, or by handlers. */
export interface CrudContext {
  knex: Knex;
  rt: EntityRuntime;
  limits: Limits;
  locale: Locale;
  /** Every entity's runtime: deletes snapshot cascaded rows of other entities too. */
  registry?: Registry;
  /** Who is deleting, through which request: stored with recycle-bin snapshots. */
  origin?: DeleteOrigin;
  /** Tenant of the caller for a tenant-scoped entity: reads filter on it, writes stamp or require it. */
  tenant?: number;
  /** The caller is a super-admin (history of a deleted record is theirs only). */
  superAdmin?: boolean;
  /** Data scope: rows are limited to those whose `column` is one of `ids` (absent = unrestricted). */
  scope?: DataScope;
  /** The entity's own visibility rule for the caller (e.g. roles: created or held), applied like a scope. */
  visible?: DataScope;
  /** The signed-in caller, for hooks whose rule depends on who asks (absent for seeds and jobs). */
  actor?: { userId: number; isSuper: boolean; tenantId?: number | null };
  /** The app's services, for hooks whose rule reads permissions or other entities' rules (absent for seeds). */
  app?: App;
  /** The caller's data-scope department ids whatever the entity (undefined = unrestricted), for hooks. */
  departmentScope?: number[];
  /** The entity's hooks (its module's manifest), run by the generic add, update and delete. */
  hooks?: EntityHooks;
  /** One more condition on every read (rows of `a`), for handlers whose rule is not an id list. */
  where?: (qb: Knex.QueryBuilder) => void;
  /** PostgreSQL: the selective part of each needle of the request (crud/query.ts `searchParts`). */
  searchParts?: Map<string, string>;
}

/** An entity's own visibility rule: the rows (by `column`) a non-super caller may see; undefined = all. */
export type VisibilityRule = (actor: { userId: number; isSuper: boolean }, knex: Knex) => Promise<DataScope | undefined>;

export interface DataScope {
  /** The entity's x-data-scope column. */
  column: string;
  ids: number[];
}

/** Deletes rows that go with the main ones (relations, subtrees) through the same recorder. */
export type Cascade = (trx: Knex.Transaction, ids: number[], recorder: RecycleRecorder) => Promise<void>;

/** One relation of one row in a write: the ids it had (update) and the ids asked for (undefined: unchanged). */
export interface LinkChange {
  before: number[];
  next: number[] | undefined;
}

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
   * tell this instance (task: the scheduler re-reads the tasks now). `services.caches.changed(entity)` calls it.
   */
  afterCommit?(app: NonNullable<CrudContext['app']>): Promise<void> | void;
  /** Rows answered by info, list and page, before they leave (names of linked rows, fields some callers may not see). */
  onRead?(c: CrudContext, rows: Row[], action: 'info' | 'list' | 'page'): Promise<Row[]>;
}
