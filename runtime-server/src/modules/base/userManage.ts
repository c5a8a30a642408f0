import type { Knex } from 'knex';
import type { ActionContext } from '../../core/handler.js';
import { AppError } from '../../core/errors.js';
import { USER_ROLE, chunks, truthy } from './userRoles.js';
import { roleIdsOfUser } from './roleIds.js';
import { ENTITIES, TABLES } from '../../generated/tables.js';

const USER = TABLES.baseSysUser;

/** Who changes users: the caller, their data scope, and the users' tenant for them (a user CrudContext is one). */
export interface Manager {
  actor?: { userId: number; isSuper: boolean };
  departmentScope?: number[];
  tenant?: number;
}

/** The Manager of a handler's request (the user entity's tenant for its caller). */
export function managerOf(ctx: ActionContext): Manager {
  const tenant = ctx.crud(ENTITIES.baseSysUser).tenant;
  return { ...(ctx.actor ? { actor: ctx.actor } : {}), ...(ctx.departmentScope ? { departmentScope: ctx.departmentScope } : {}), ...(tenant !== undefined ? { tenant } : {}) };
}

/**
 * Users a non-super actor may change: inside their data scope, not a super-admin, holding no role the
 * actor lacks (changing a stronger user's password would be taking over their rights). `mustExist`:
 * an unknown id is an error (update, move); delete ignores already-deleted ids, as the generic one.
 * The one rule for every path that changes, moves or deletes users (user update/move/delete, department delete).
 */
export async function assertManageable(ctx: Manager, trx: Knex.Transaction, ids: number[], mustExist: boolean): Promise<void> {
  const rows: { id: unknown; username: string; departmentId: unknown; isSuper: unknown }[] = [];
  // Another tenant's users do not exist for this caller, on every path that moves or deletes users.
  const tenant = ctx.tenant;
  for (const part of chunks(ids)) {
    const q = trx(USER).whereIn('id', part).select('id', 'username', 'departmentId', 'isSuper');
    if (tenant !== undefined) q.where('tenantId', tenant);
    rows.push(...(await q));
  }
  if ((mustExist || tenant !== undefined) && rows.length !== ids.length) {
    const found = new Set(rows.map((r) => Number(r.id)));
    throw new AppError('error.recordNotFound', { id: ids.find((id) => !found.has(id))! });
  }
  const actor = ctx.actor;
  // No caller is the system itself (seeds): only requests are limited.
  if (!actor || actor.isSuper) return;
  const scope = ctx.departmentScope ?? [];
  const outside = rows.find((r) => r.departmentId === null || !scope.includes(Number(r.departmentId)));
  // Outside the caller's scope answers like a missing user (no oracle for what lies beyond it).
  if (outside) throw new AppError('error.recordNotFound', { id: Number(outside.id) });
  const superUser = rows.find((r) => truthy(r.isSuper));
  if (superUser) throw new AppError('user.superProtected', { username: superUser.username });
  const mine = new Set(await roleIdsOfUser(trx, actor.userId));
  for (const part of chunks(rows)) {
    const held = (await trx(USER_ROLE.table).whereIn('userId', part.map((r) => Number(r.id))).select('userId', 'roleId')) as { userId: unknown; roleId: unknown }[];
    const stronger = held.find((h) => !mine.has(Number(h.roleId)));
    // The refusal does not name who holds the stronger role.
    if (stronger) throw new AppError('user.outranks');
  }
}
