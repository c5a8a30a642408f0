import type { Knex } from 'knex';
import type { Config } from '../config.js';
import type { AuditOrigin } from '../audit/audit.js';
import type { EntityRuntime } from '../crud/entityRuntime.js';
import type { SessionState } from './sessions.js';

/**
 * Menu trees as exchanged by `menu/export`, `menu/import` and the boot seed `schemas/base/seed/menus.json`
 * (docs/reference/api-contract.md §6.5, §7.5): a node is a menu row without `id`, `parentId`, `createTime`,
 * `updateTime`, plus its children in `childMenus`.
 */
export interface MenuNode {
  name: string;
  router?: string | null;
  /** Comma-separated permission keys (`base:sys:user:add,base:sys:user:list`). */
  perms?: string | null;
  /** 0 directory, 1 page, 2 permission button. */
  type: 0 | 1 | 2;
  icon?: string | null;
  orderNum?: number;
  viewPath?: string | null;
  keepAlive?: boolean;
  isShow?: boolean;
  childMenus?: MenuNode[];
}

/**
 * A seeded menu row an earlier version wrote differently: the row with this `name` and `type` gets each field of
 * `set` changed from its old value `[from, to]` — only while it still holds `from`, so a value an admin changed
 * stays as edited, and a second run changes nothing.
 */
export interface MenuFix {
  name: string;
  type: 0 | 1 | 2;
  set: Record<'router' | 'viewPath' | 'icon', [string | null, string | null]>;
}

/**
 * Users, roles, menus and departments as the kernel needs them (docs/kernel-and-modules.md, "Identity"): the
 * kernel authenticates, authorizes, scopes and seeds through this port and names none of their tables; one
 * module's manifest provides it (`identity`; this repository: the base module, `modules/base/identity.ts`).
 */
export interface IdentityProvider {
  /** A session (the kernel's `base_sys_session`) joined with its user, in one read: what the guard checks. */
  loadSession(knex: Knex, sid: number): Promise<SessionState | undefined>;
  /** Permission keys of a non-super user (route `perm`s). */
  permsOf(knex: Knex, userId: number): Promise<Set<string>>;
  /** Department ids a non-super user may see (`x-data-scope`), ascending. */
  departmentScope(knex: Knex, userId: number): Promise<number[]>;
  /** Display names of users by id (who made a change in a record's history); an unknown id is left out. */
  userNames(knex: Knex, ids: number[]): Promise<Map<number, string | null>>;
  /** On every start, after migrations and seeds: what the first start creates (the super-admin); idempotent. */
  bootstrap(knex: Knex, config: Config, logger: Pick<Console, 'info' | 'warn'>): Promise<void>;
  /** Inserts the missing nodes of a menu tree (seed files, the coding lane's menus); idempotent. */
  importMenus(
    trx: Knex | Knex.Transaction,
    menus: MenuNode[],
    ts: string,
    /** Set for an admin's import: every inserted menu is recorded as an add (seeds pass nothing). */
    audit?: { rt: EntityRuntime; origin: AuditOrigin },
    /** Where the roots go (default: top level). */
    rootParentId?: number | null,
  ): Promise<{ inserted: number; existing: number }>;
  /** Applies seed corrections of shipped menus; answers how many fields changed. */
  fixMenus(trx: Knex.Transaction, fixes: MenuFix[], ts: string): Promise<number>;
}

/** Dictionary items by type key (`x-dict`): the labels of exported and imported cells (a module's `dictionaries`). */
export type DictionarySource = (knex: Knex, keys: string[]) => Promise<{ key: string; value: unknown; name: string }[]>;

/** Without a module that owns users, nobody signs in: every session is unknown. */
export const NO_IDENTITY: IdentityProvider = {
  loadSession: async () => undefined,
  permsOf: async () => new Set(),
  departmentScope: async () => [],
  userNames: async () => new Map(),
  bootstrap: async () => {},
  importMenus: async () => ({ inserted: 0, existing: 0 }),
  fixMenus: async () => 0,
};

/** Without a module that holds dictionaries, dictionary values are shown and read as they are. */
export const NO_DICTIONARIES: DictionarySource = async () => [];
