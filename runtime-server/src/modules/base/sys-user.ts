import { auditedUpdate, originOf } from '../../audit/audit.js';
import type { Handler } from '../../core/handler.js';
import { AppError } from '../../core/errors.js';
import { bumpAuthEpoch } from '../../auth/authz.js';
import { revokeUserSessions } from '../../auth/sessions.js';
import { now } from '../../db/values.js';
import type { CrudContext } from '../../crud/context.js';
import type { EntityHooks } from '../../crud/hooks.js';
import { add as genericAdd } from '../../crud/operations/add.js';
import { checkDef, chunks, missingIds, namesById, oneObject, roleNamesByUser, rolesOfUser } from './userRoles.js';
import { roleIdsOfUser } from './roleIds.js';
import { assertManageable, managerOf } from './userManage.js';
import { canonicalUsername } from '../../auth/username.js';
import { ENTITIES, TABLES } from '../../generated/tables.js';

/**
 * `/admin/base/sys/user` (docs/reference/api-contract.md §6.2): the generic CRUD with these hooks
 * (modules/base/module.ts); `roleIdList` is an x-relation (schemas/base/sys-user.json). Every write checks, for a
 * non-super actor: the target users lie in the actor's data scope, none is a super-admin, none holds a role the
 * actor lacks, and any role assigned is one the actor holds — so user editing can never raise anyone's privileges
 * above the actor's own (docs/reference/api-contract.md §8 #14, #17). Links and session revocation change in the
 * same transaction as the row; the generic route raises the auth epoch (base is an auth source).
 */

type Row = Record<string, unknown>;

/**
 * A non-super actor never sees the super-admin flag. The row is copied without it rather than `delete`d: a deleted
 * property turns the object into a dictionary, larger and slower to serialise (a heap profile of the page of 20
 * users: the decoration's allocations went from about 60 to 45 KB per request).
 */
function present(c: CrudContext, row: Row): Row {
  if (c.actor?.isSuper) return row;
  const { isSuper: _isSuper, ...rest } = row;
  return rest;
}

/** departmentName and roleName (comma-joined) of page/list rows: two queries, whatever the row count. */
async function decorate(c: CrudContext, rows: Row[]): Promise<Row[]> {
  const departments = await namesById(c.knex, TABLES.baseSysDepartment, rows.map((r) => r.departmentId));
  const roles = await roleNamesByUser(c.knex, rows.map((r) => Number(r.id)));
  return rows.map((r) =>
    present(c, {
      ...r,
      departmentName: r.departmentId === null ? null : (departments.get(Number(r.departmentId)) ?? null),
      roleName: (roles.get(Number(r.id)) ?? []).join(','),
    }),
  );
}

/**
 * info: departmentName and `roleList` (`{id, name}` of each role held) beside roleIdList: a scoped admin who may
 * not list roles still sees the names, as the page's `roleName` shows them.
 */
async function decorateOne(c: CrudContext, row: Row): Promise<Row> {
  const departments = await namesById(c.knex, TABLES.baseSysDepartment, [row.departmentId]);
  const roleList = await rolesOfUser(c.knex, Number(row.id));
  return present(c, {
    ...row,
    roleIdList: roleList.map((r) => r.id),
    roleList,
    departmentName: row.departmentId === null ? null : (departments.get(Number(row.departmentId)) ?? null),
  });
}

/** Roles a request assigns must exist and, for a non-super actor, be roles the actor holds. */
async function assertAssignable(c: CrudContext, roleIds: number[]): Promise<void> {
  if (!roleIds.length) return;
  const missing = await missingIds(c.knex, TABLES.baseSysRole, roleIds);
  if (missing.length) throw new AppError('user.roleNotFound', { ids: missing.join(',') });
  if (!c.actor || c.actor.isSuper) return;
  const mine = new Set(await roleIdsOfUser(c.knex, c.actor.userId));
  const foreign = roleIds.filter((id) => !mine.has(id));
  if (foreign.length) {
    const names = await namesById(c.knex, TABLES.baseSysRole, foreign);
    throw new AppError('user.roleNotGrantable', { names: foreign.map((id) => names.get(id) ?? id).join(', ') });
  }
}

export const userHooks: EntityHooks = {
  /** An empty password on update means unchanged (the edit form sends it back empty); usernames are canonical. */
  normalise(row, action) {
    if (action === 'update' && (row.password === '' || row.password === null)) delete row.password;
    if (row.username !== undefined) row.username = canonicalUsername(String(row.username));
    return row;
  },

  /** Never disable yourself; roles assigned exist and are the actor's (before the transaction, as always). */
  async beforeWrite(c, rows, action) {
    for (const row of rows) {
      if (action === 'update' && c.actor && row.id === c.actor.userId && row.status === 0) throw new AppError('user.disableSelf');
      const roleIds = row.roleIdList as number[] | null | undefined;
      if (roleIds) await assertAssignable(c, roleIds);
    }
  },

  async checkWrite(c, trx, writes, action) {
    if (action === 'update') await assertManageable(c, trx, writes.map((w) => w.id!), true);
  },

  /** A new password raises passwordV and revokes the user's sessions (their tokens die on every instance); so does status 0. */
  async afterWrite(c, trx, writes, action) {
    if (action !== 'update') return;
    for (const w of writes) {
      const id = w.id!;
      if (typeof w.input.password === 'string') {
        // passwordV is read-only to requests; raising it is part of the audited change.
        await auditedUpdate(trx, c.registry!.get(ENTITIES.baseSysUser)!, [id], { passwordV: trx.raw('?? + 1', ['passwordV']) }, c.origin);
      }
      if (typeof w.input.password === 'string' || w.input.status === 0) await revokeUserSessions(trx, id);
    }
  },

  /** Never yourself, never a user the actor may not manage (already-deleted ids are ignored, as the generic delete does). */
  async beforeDelete(c, trx, ids) {
    if (c.actor && ids.includes(c.actor.userId)) throw new AppError('user.deleteSelf');
    await assertManageable(c, trx, ids, false);
  },

  /** The users' settings go into the same recycle-bin snapshot (their role links are the x-relation's). */
  async deleting(trx, ids, recorder) {
    for (const part of chunks(ids)) await recorder.take(trx, ENTITIES.baseSysUserSetting, (q) => q.whereIn('userId', part));
  },

  async afterDelete(_c, trx, ids) {
    for (const id of ids) await revokeUserSessions(trx, id);
  },

  async onRead(c, rows, action) {
    return action === 'info' ? [await decorateOne(c, rows[0]!)] : decorate(c, rows);
  },
};

/**
 * `add`: the generic add (with the hooks above) answering the new id as a bare number (contract); the password is
 * required here, and the creator is the caller.
 */
export const add: Handler = async (ctx) => {
  const body = oneObject(ctx.body);
  checkDef(ctx, 'userAdd', body);
  // A scoped admin's new user needs a department in that scope (a department-less user would vanish from their view).
  if (ctx.departmentScope && body.departmentId === undefined) body.departmentId = null;
  const { id } = await genericAdd(ctx.crud(), body, { userId: ctx.actor!.userId });
  await bumpAuthEpoch(ctx.services.knex);
  return id;
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
    await assertManageable(managerOf(ctx), trx, ids, true);
    await auditedUpdate(trx, ctx.services.schema.registry.get(ENTITIES.baseSysUser)!, ids, { departmentId: input.departmentId, updateTime: now() }, originOf(ctx));
    await bumpAuthEpoch(trx);
  });
  return undefined;
};

