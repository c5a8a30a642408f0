import type { Knex } from 'knex';
import type { Locale } from '@schema-admin/generator';
import type { DeleteOrigin } from '../recycle/recorder.js';
import type { EntityRuntime, Registry } from './entityRuntime.js';
import type { EntityHooks } from './hooks.js';
import type { Limits } from './limits.js';
import type { AppServices } from '../app/services.js';

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
  app?: AppServices;
  /** The caller's data-scope department ids whatever the entity (undefined = unrestricted), for hooks. */
  departmentScope?: number[];
  /** The entity's hooks (its module's manifest), run by the generic add, update and delete. */
  hooks?: EntityHooks;
  /** One more condition on every read (rows of `a`), for handlers whose rule is not an id list. */
  where?: (qb: Knex.QueryBuilder) => void;
}

/** An entity's own visibility rule: the rows (by `column`) a non-super caller may see; undefined = all. */
export type VisibilityRule = (actor: { userId: number; isSuper: boolean }, knex: Knex) => Promise<DataScope | undefined>;

export interface DataScope {
  /** The entity's x-data-scope column. */
  column: string;
  ids: number[];
}
