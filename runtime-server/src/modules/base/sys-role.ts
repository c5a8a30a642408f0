import type { Knex } from 'knex';
import { AppError } from '../../core/errors.js';
import type { CrudContext } from '../../crud/context.js';
import type { EntityHooks, RowWrite } from '../../crud/hooks.js';
import { chunks, menuIdsOfUser, namesById, reachOf, truthy } from './userRoles.js';
import { roleIdsOfUser } from './roleIds.js';
import { ENTITIES, TABLES } from '../../generated/tables.js';

/**
 * `/admin/base/sys/role` (docs/reference/api-contract.md §6.3): the generic CRUD with these hooks (modules/base/module.ts).
 * `menuIdList` and `departmentIdList` are x-relation properties (schemas/base/sys-role.json): the link tables are the
 * truth, the stored JSON columns a copy. A non-super actor sees the roles they created or hold (modules/base/visibility.ts),
 * changes only roles they created and do not hold, and can grant only menus they have and departments inside their own
 * data scope (docs/reference/api-contract.md §8 #14: no privilege escalation through role editing).
 */

type Db = Knex | Knex.Transaction;
type RoleRow = { id: unknown; name: string; userId: unknown };

interface Grants {
  menus: number[];
  departments: number[];
  relevance: boolean;
}

/**
 * A non-super actor may add only menus reachable through their own roles and only departments (after relevance
 * adds descendants) inside their data scope. Grants the role already had (`prev`) stay allowed, so editing a
 * role's name never fails on them. That the ids exist was checked by the generic path (x-relation).
 */
async function assertGrantable(c: CrudContext, db: Db, next: Grants, prev?: Grants): Promise<void> {
  const actor = c.actor;
  if (!actor || actor.isSuper) return;
  const had = new Set(prev?.menus ?? []);
  const mine = await menuIdsOfUser(db, actor.userId);
  const foreignMenus = next.menus.filter((id) => !had.has(id) && !mine.has(id));
  if (foreignMenus.length) {
    const names = await namesById(db, TABLES.baseSysMenu, foreignMenus);
    throw new AppError('role.menuNotGrantable', { names: foreignMenus.map((id) => `${names.get(id) ?? ''}(${id})`).join(', ') });
  }
  const reach = await reachOf(db, next.departments, next.relevance);
  const before = prev ? await reachOf(db, prev.departments, prev.relevance) : new Set<number>();
  const scope = new Set(c.departmentScope ?? []);
  const outside = [...reach].filter((id) => !before.has(id) && !scope.has(id));
  if (outside.length) {
    const names = await namesById(db, TABLES.baseSysDepartment, outside);
    throw new AppError('role.departmentNotGrantable', { names: outside.map((id) => names.get(id) ?? id).join(', ') });
  }
}

/** A non-super actor changes only roles they created, and never one they hold (self-escalation). */
async function assertMayChange(c: CrudContext, db: Db, roles: RoleRow[]): Promise<void> {
  const actor = c.actor;
  if (!actor || actor.isSuper) return;
  const held = new Set(await roleIdsOfUser(db, actor.userId));
  for (const r of roles) {
    if (held.has(Number(r.id))) throw new AppError('role.ownRole', { name: r.name });
    if (r.userId === null || Number(r.userId) !== actor.userId) throw new AppError('error.recordNotFound', { id: Number(r.id) });
  }
}

async function rolesByIds(db: Db, ids: number[]): Promise<RoleRow[]> {
  const out: RoleRow[] = [];
  for (const part of chunks(ids)) out.push(...((await db(TABLES.baseSysRole).whereIn('id', part).select('id', 'name', 'userId')) as RoleRow[]));
  return out;
}

/** The grants a write asks for: each list as given, else as it was (`prev`). */
function grantsOf(w: RowWrite, prev: Grants | undefined): Grants {
  return {
    menus: w.links.get('menuIdList')?.next ?? prev?.menus ?? [],
    departments: w.links.get('departmentIdList')?.next ?? prev?.departments ?? [],
    relevance: typeof w.input.relevance === 'boolean' ? w.input.relevance : (prev?.relevance ?? false),
  };
}

export const roleHooks: EntityHooks = {
  /** The creator is the caller (userId is read-only: never taken from the body). */
  addValues: (c) => ({ userId: c.actor?.userId ?? null }),

  /** Before anything else, as the role endpoints always did: the role exists and the caller may change it. */
  async beforeWrite(c, rows, action) {
    if (action !== 'update') return;
    const ids = rows.map((r) => Number(r.id));
    const found = new Map((await rolesByIds(c.knex, ids)).map((r) => [Number(r.id), r]));
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw new AppError('error.recordNotFound', { id: missing });
    await assertMayChange(c, c.knex, [...found.values()]);
  },

  async checkWrite(c, trx, writes) {
    for (const w of writes) {
      const prev: Grants | undefined = w.before
        ? { menus: w.links.get('menuIdList')!.before, departments: w.links.get('departmentIdList')!.before, relevance: truthy(w.before.relevance) }
        : undefined;
      await assertGrantable(c, trx, grantsOf(w, prev), prev);
    }
  },

  async beforeDelete(c, trx, ids) {
    await assertMayChange(c, trx, await rolesByIds(trx, ids));
  },

  /** The users' links to deleted roles go into the same recycle-bin snapshot (menus and departments are its relations). */
  async deleting(trx, ids, recorder) {
    for (const part of chunks(ids)) await recorder.take(trx, ENTITIES.baseSysUserRole, (q) => q.whereIn('roleId', part));
  },
};
