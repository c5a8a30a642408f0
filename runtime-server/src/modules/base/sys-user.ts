import { auditedUpdate, originOf } from '../../audit/audit.js';
import type { ActionContext, Handler } from '../../core/handler.js';
import { AppError } from '../../core/errors.js';
import { bumpAuthEpoch } from '../../auth/authz.js';
import { revokeUserSessions } from '../../auth/sessions.js';
import { now } from '../../db/values.js';
import { add as genericAdd } from '../../crud/operations/add.js';
import { parseIds, remove as genericRemove } from '../../crud/operations/delete.js';
import { info as genericInfo } from '../../crud/operations/info.js';
import { list as genericList } from '../../crud/operations/list.js';
import { page as genericPage } from '../../crud/operations/page.js';
import { update as genericUpdate } from '../../crud/operations/update.js';
import { USER_ROLE, checkDef, chunks, missingIds, namesById, oneObject, replaceLinks, roleIdsOf, roleNamesByUser, rolesOfUser } from './userRoles.js';
import { assertManageable } from './userManage.js';
import { canonicalUsername } from '../../auth/username.js';
import { ENTITIES, TABLES } from '../../generated/tables.js';

/**
 * `/admin/base/sys/user` (docs/reference/api-contract.md §6.2). Every write checks, for a non-super actor: the target
 * users lie in the actor's data scope, none is a super-admin, none holds a role the actor lacks, and
 * any role assigned is one the actor holds — so user editing can never raise anyone's privileges
 * above the actor's own (docs/reference/api-contract.md §8 #14, #17). Relations, session revocation and the auth epoch change in
 * the same transaction as the row.
 */

type Row = Record<string, unknown>;

/** A non-super actor never sees the super-admin flag. */
function present(ctx: ActionContext, row: Row): Row {
  if (!ctx.actor?.isSuper) delete row.isSuper;
  return row;
}

/** Adds departmentName and roleName (comma-joined) to page/list rows: two queries, whatever the row count. */
async function decorate(ctx: ActionContext, rows: Row[]): Promise<Row[]> {
  const { knex } = ctx.services;
  const departments = await namesById(knex, TABLES.baseSysDepartment, rows.map((r) => r.departmentId));
  const roles = await roleNamesByUser(knex, rows.map((r) => Number(r.id)));
  return rows.map((r) =>
    present(ctx, {
      ...r,
      departmentName: r.departmentId === null ? null : (departments.get(Number(r.departmentId)) ?? null),
      roleName: (roles.get(Number(r.id)) ?? []).join(','),
    }),
  );
}

/** `page`: the generic page (data scope in SQL; `departmentIds` is an IN filter), decorated. */
export const page: Handler = async (ctx) => {
  const result = await genericPage(ctx.crud(), ctx.body);
  return { ...result, list: await decorate(ctx, result.list) };
};

/** `list`: as page, without paging (never a password: secret columns are not selected). */
export const list: Handler = async (ctx) => decorate(ctx, await genericList(ctx.crud(), ctx.body));

/**
 * `info`: the row (inside the data scope) plus roleIdList, departmentName and `roleList` (`{id, name}` of each
 * role held): a scoped admin who may not list roles still sees the names, as the page's `roleName` shows them.
 */
export const info: Handler = async (ctx) => {
  const row = await genericInfo(ctx.crud(), ctx.query);
  const { knex } = ctx.services;
  const departments = await namesById(knex, TABLES.baseSysDepartment, [row.departmentId]);
  const roleList = await rolesOfUser(knex, Number(row.id));
  return present(ctx, {
    ...row,
    roleIdList: roleList.map((r) => r.id),
    roleList,
    departmentName: row.departmentId === null ? null : (departments.get(Number(row.departmentId)) ?? null),
  });
};

/** Roles a request assigns must exist and, for a non-super actor, be roles the actor holds. */
async function assertAssignable(ctx: ActionContext, roleIds: number[]): Promise<void> {
  if (!roleIds.length) return;
  const { knex } = ctx.services;
  const missing = await missingIds(knex, TABLES.baseSysRole, roleIds);
  if (missing.length) throw new AppError('user.roleNotFound', { ids: missing.join(',') });
  if (ctx.actor!.isSuper) return;
  const mine = new Set(await roleIdsOf(knex, ctx.actor!.userId));
  const foreign = roleIds.filter((id) => !mine.has(id));
  if (foreign.length) {
    const names = await namesById(knex, TABLES.baseSysRole, foreign);
    throw new AppError('user.roleNotGrantable', { names: foreign.map((id) => names.get(id) ?? id).join(', ') });
  }
}

/** `add`: user fields + roleIdList; the password is required. Answers the new id as a bare number (contract). */
export const add: Handler = async (ctx) => {
  const body = oneObject(ctx.body);
  checkDef(ctx, 'userAdd', body);
  body.username = canonicalUsername(String(body.username));
  // A scoped admin's new user needs a department in that scope (a department-less user would vanish from their view).
  if (ctx.departmentScope && body.departmentId === undefined) body.departmentId = null;
  const roleIds = (body.roleIdList as number[] | null | undefined) ?? [];
  await assertAssignable(ctx, roleIds);
  return ctx.services.knex.transaction(async (trx) => {
    // userId is the creator: set here, never taken from the body.
    const { id } = await genericAdd({ ...ctx.crud(), knex: trx }, body, { userId: ctx.actor!.userId });
    await replaceLinks(trx, USER_ROLE, id as number, roleIds, ctx);
    await bumpAuthEpoch(trx);
    return id;
  });
};

/**
 * `update`: user fields + optional roleIdList (present = replace, [] = none). A new password raises
 * passwordV and revokes the user's sessions (their tokens die on every instance); so does status 0.
 */
export const update: Handler = async (ctx) => {
  const body = oneObject(ctx.body);
  if (body.password === '' || body.password === null) delete body.password; // unchanged
  delete body.userId; // the creator never changes
  checkDef(ctx, 'userUpdate', body);
  if (body.username !== undefined) body.username = canonicalUsername(String(body.username));
  const id = body.id as number;
  const actor = ctx.actor!;
  if (id === actor.userId && body.status === 0) throw new AppError('user.disableSelf');
  const roleIds = body.roleIdList as number[] | null | undefined;
  if (roleIds) await assertAssignable(ctx, roleIds);
  await ctx.services.knex.transaction(async (trx) => {
    await assertManageable(ctx, trx, [id], true);
    await genericUpdate({ ...ctx.crud(), knex: trx }, body);
    if (typeof body.password === 'string') {
      // passwordV is read-only to requests; raising it is part of the audited change.
      await auditedUpdate(trx, ctx.services.registry.get(ENTITIES.baseSysUser)!, [id], { passwordV: trx.raw('?? + 1', ['passwordV']) }, originOf(ctx));
    }
    if (typeof body.password === 'string' || body.status === 0) await revokeUserSessions(trx, id);
    if (roleIds) await replaceLinks(trx, USER_ROLE, id, roleIds, ctx);
    await bumpAuthEpoch(trx);
  });
  return undefined;
};

/** `delete`: never yourself; the users' role rows go and their sessions are revoked, in one transaction. */
export const remove: Handler = async (ctx) => {
  const ids = parseIds(ctx.body, ctx.services.limits.batchRows);
  if (ids.includes(ctx.actor!.userId)) throw new AppError('user.deleteSelf');
  await ctx.services.knex.transaction(async (trx) => {
    await assertManageable(ctx, trx, ids, false);
    // The users' role links go into the same recycle-bin snapshot, so a restore brings them back.
    const deleted: number[] = [];
    await genericRemove({ ...ctx.crud(), knex: trx }, { ids }, async (t, found, recorder) => {
      deleted.push(...found);
      for (const part of chunks(found)) {
        await recorder.take(t, ENTITIES.baseSysUserRole, (q) => q.whereIn('userId', part));
        await recorder.take(t, ENTITIES.baseSysUserSetting, (q) => q.whereIn('userId', part));
      }
    });
    for (const id of deleted) await revokeUserSessions(trx, id);
    await bumpAuthEpoch(trx);
  });
  return undefined;
};

/** `move` `{ departmentId, userIds }`: the target department must exist and lie in the actor's scope. */
export const move: Handler = async (ctx) => {
  const input = ctx.body as { departmentId: number; userIds: number[] }; // validated by $defs/move
  const ids = [...new Set(input.userIds)];
  await ctx.services.knex.transaction(async (trx) => {
    if (!(await trx(TABLES.baseSysDepartment).where({ id: input.departmentId }).first('id'))) {
      throw new AppError('user.departmentNotFound', { id: input.departmentId });
    }
    if (ctx.departmentScope && !ctx.departmentScope.includes(input.departmentId)) {
      throw new AppError('error.outOfScope', { id: input.departmentId });
    }
    await assertManageable(ctx, trx, ids, true);
    await auditedUpdate(trx, ctx.services.registry.get(ENTITIES.baseSysUser)!, ids, { departmentId: input.departmentId, updateTime: now() }, originOf(ctx));
    await bumpAuthEpoch(trx);
  });
  return undefined;
};
