import type { ActionContext, Handler } from '../../core/handler.js';
import { AppError } from '../../core/errors.js';
import { assertValid } from '../../core/validator.js';
import { bumpAuthEpoch } from '../../auth/authz.js';
import { add as genericAdd } from '../../crud/operations/add.js';
import { parseIds, remove as genericRemove } from '../../crud/operations/delete.js';
import { info as genericInfo } from '../../crud/operations/info.js';
import { update as genericUpdate } from '../../crud/operations/update.js';
import {
  ROLE_DEPARTMENT,
  ROLE_MENU,
  linked,
  menuIdsOfUser,
  missingIds,
  namesById,
  oneObject,
  reachOf,
  replaceLinks,
  roleIdsOf,
  truthy,
} from './userRoles.js';
import { ENTITIES, TABLES } from '../../generated/tables.js';

/**
 * `/admin/base/sys/role` (docs/reference/api-contract.md §6.3). The relation tables (role_menu, role_department) are
 * the truth; the JSON columns keep a copy. A non-super actor sees the roles they created or hold,
 * changes only roles they created and do not hold, and can grant only menus they have and
 * departments inside their own data scope (docs/reference/api-contract.md §8 #14: no privilege escalation through role editing).
 */

const ROLE = TABLES.baseSysRole;

interface Grants {
  menus: number[];
  departments: number[];
  relevance: boolean;
}

const idList = (v: unknown): number[] => (Array.isArray(v) ? [...new Set(v.map(Number))] : []);

// page and list are the generic ones: the role visibility rule (modules/base/visibility.ts, declared in
// modules/base/module.ts) limits them to the roles the caller may see.

/** `info`: the role plus menuIdList and departmentIdList rebuilt from the relation tables. */
export const info: Handler = async (ctx) => {
  const row = await genericInfo(ctx.crud(), ctx.query);
  const { knex } = ctx.services;
  const id = Number(row.id);
  return { ...row, menuIdList: await linked(knex, ROLE_MENU, id), departmentIdList: await linked(knex, ROLE_DEPARTMENT, id) };
};

/**
 * Menus and departments must exist; a non-super actor may add only menus reachable through their
 * own roles and only departments (after relevance adds descendants) inside their data scope.
 * Grants the role already had (`prev`) stay allowed, so editing a role's name never fails on them.
 */
async function assertGrantable(ctx: ActionContext, next: Grants, prev?: Grants): Promise<void> {
  const { knex } = ctx.services;
  const noMenu = await missingIds(knex, TABLES.baseSysMenu, next.menus);
  if (noMenu.length) throw new AppError('role.menuNotFound', { ids: noMenu.join(',') });
  const noDepartment = await missingIds(knex, TABLES.baseSysDepartment, next.departments);
  if (noDepartment.length) throw new AppError('role.departmentNotFound', { ids: noDepartment.join(',') });
  const actor = ctx.actor!;
  if (actor.isSuper) return;

  const had = new Set(prev?.menus ?? []);
  const mine = await menuIdsOfUser(knex, actor.userId);
  const foreignMenus = next.menus.filter((id) => !had.has(id) && !mine.has(id));
  if (foreignMenus.length) {
    const names = await namesById(knex, TABLES.baseSysMenu, foreignMenus);
    throw new AppError('role.menuNotGrantable', { names: foreignMenus.map((id) => `${names.get(id) ?? ''}(${id})`).join(', ') });
  }

  const reach = await reachOf(knex, next.departments, next.relevance);
  const before = prev ? await reachOf(knex, prev.departments, prev.relevance) : new Set<number>();
  const scope = new Set(ctx.departmentScope ?? []);
  const outside = [...reach].filter((id) => !before.has(id) && !scope.has(id));
  if (outside.length) {
    const names = await namesById(knex, TABLES.baseSysDepartment, outside);
    throw new AppError('role.departmentNotGrantable', { names: outside.map((id) => names.get(id) ?? id).join(', ') });
  }
}

/** A non-super actor changes only roles they created, and never one they hold (self-escalation). */
async function assertMayChange(ctx: ActionContext, roles: { id: unknown; name: string; userId: unknown }[]): Promise<void> {
  const actor = ctx.actor!;
  if (actor.isSuper) return;
  const held = new Set(await roleIdsOf(ctx.services.knex, actor.userId));
  for (const r of roles) {
    if (held.has(Number(r.id))) throw new AppError('role.ownRole', { name: r.name });
    if (r.userId === null || Number(r.userId) !== actor.userId) throw new AppError('error.recordNotFound', { id: Number(r.id) });
  }
}

/** `add`: role fields + menuIdList + departmentIdList; the creator is the caller. Answers `{ id }`. */
export const add: Handler = async (ctx) => {
  const body = oneObject(ctx.body);
  const rt = ctx.services.registry.get(ctx.entity.id)!;
  assertValid(rt.validators.add, body, rt.labels); // the lists are well-formed before they are checked
  const grants: Grants = { menus: idList(body.menuIdList), departments: idList(body.departmentIdList), relevance: body.relevance === true };
  await assertGrantable(ctx, grants);
  return ctx.services.knex.transaction(async (trx) => {
    const { id } = await genericAdd({ ...ctx.crud(), knex: trx }, body, {
      userId: ctx.actor!.userId,
      menuIdList: grants.menus,
      departmentIdList: grants.departments,
    });
    await replaceLinks(trx, ROLE_MENU, id as number, grants.menus, ctx);
    await replaceLinks(trx, ROLE_DEPARTMENT, id as number, grants.departments, ctx);
    await bumpAuthEpoch(trx);
    return { id };
  });
};

/** `update`: a list present in the body (even empty) replaces that relation; an absent one is kept. */
export const update: Handler = async (ctx) => {
  const body = oneObject(ctx.body);
  delete body.userId; // the creator never changes
  const rt = ctx.services.registry.get(ctx.entity.id)!;
  assertValid(rt.validators.update, body, rt.labels);
  const id = body.id as number;
  const { knex } = ctx.services;
  const role = (await knex(ROLE).where({ id }).first('id', 'name', 'userId', 'relevance')) as
    | { id: unknown; name: string; userId: unknown; relevance: unknown }
    | undefined;
  if (!role) throw new AppError('error.recordNotFound', { id });
  await assertMayChange(ctx, [role]);
  const prev: Grants = { menus: await linked(knex, ROLE_MENU, id), departments: await linked(knex, ROLE_DEPARTMENT, id), relevance: truthy(role.relevance) };
  const menusGiven = body.menuIdList !== undefined;
  const departmentsGiven = body.departmentIdList !== undefined;
  const next: Grants = {
    menus: menusGiven ? idList(body.menuIdList) : prev.menus,
    departments: departmentsGiven ? idList(body.departmentIdList) : prev.departments,
    relevance: typeof body.relevance === 'boolean' ? body.relevance : prev.relevance,
  };
  await assertGrantable(ctx, next, prev);
  if (menusGiven) body.menuIdList = next.menus;
  if (departmentsGiven) body.departmentIdList = next.departments;
  await knex.transaction(async (trx) => {
    await genericUpdate({ ...ctx.crud(), knex: trx }, body);
    if (menusGiven) await replaceLinks(trx, ROLE_MENU, id, next.menus, ctx);
    if (departmentsGiven) await replaceLinks(trx, ROLE_DEPARTMENT, id, next.departments, ctx);
    await bumpAuthEpoch(trx);
  });
  return undefined;
};

/** `delete`: the roles and every relation row naming them (menus, departments, users), in one transaction. */
export const remove: Handler = async (ctx) => {
  const ids = parseIds(ctx.body, ctx.services.limits.batchRows);
  const { knex } = ctx.services;
  await assertMayChange(ctx, (await knex(ROLE).whereIn('id', ids).select('id', 'name', 'userId')) as { id: unknown; name: string; userId: unknown }[]);
  await knex.transaction(async (trx) => {
    // Relation rows go into the role's recycle-bin snapshot, so a restore brings them back too.
    await genericRemove({ ...ctx.crud(), knex: trx }, { ids }, async (t, found, recorder) => {
      await recorder.take(t, ENTITIES.baseSysRoleMenu, (q) => q.whereIn('roleId', found));
      await recorder.take(t, ENTITIES.baseSysRoleDepartment, (q) => q.whereIn('roleId', found));
      await recorder.take(t, ENTITIES.baseSysUserRole, (q) => q.whereIn('roleId', found));
    });
    await bumpAuthEpoch(trx);
  });
  return undefined;
};
