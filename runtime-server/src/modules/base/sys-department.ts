import { auditedUpdate, originOf } from '../../audit/audit.js';
import type { ActionContext, Handler } from '../../core/handler.js';
import { AppError } from '../../core/errors.js';
import type { EntityHooks } from '../../crud/hooks.js';
import type { BaseSysDepartmentRow } from '../../generated/rows.js';
import { bumpAuthEpoch } from '../../auth/authz.js';
import { revokeUserSessions } from '../../auth/sessions.js';
import { parseIds } from '../../crud/operations/delete.js';
import { withParentNames } from '../../crud/tree.js';
import { now } from '../../db/values.js';
import { RecycleRecorder } from '../../recycle/recorder.js';
import { assertManageable, managerOf } from './userManage.js';
import { chunks, findCycle, loadParents as loadTree, nearestAncestor, withDescendants } from '../../crud/tree.js';
import type { Parents } from '../../crud/tree.js';
import { ENTITIES, TABLES } from '../../generated/tables.js';
import { table } from '../../db/table.js';

const TABLE = TABLES.baseSysDepartment;

const outOfScope = (id: number | string) => new AppError('error.outOfScope', { id });

/**
 * Refuses a parent map in which one of `changed` is its own ancestor. The tree was acyclic before,
 * so any new cycle passes through a changed department.
 */
function assertAcyclic(parents: Parents, changed: Iterable<number>): void {
  const id = findCycle(parents, changed);
  if (id !== undefined) throw new AppError('dept.cycle', { id });
}

/**
 * A parent given in a write must exist, and a data-scoped admin may only hang departments under
 * departments of their scope (otherwise they could graft a subtree into someone else's branch).
 */
function checkParent(parents: Parents, parentId: unknown, scope: Set<number> | undefined): void {
  if (parentId === undefined) return;
  if (parentId !== null && typeof parentId !== 'number') return; // the generic validation answers that
  if (parentId !== null && !parents.has(parentId)) throw new AppError('dept.parentNotFound', { id: parentId });
  if (scope && (parentId === null || !scope.has(parentId))) throw outOfScope(parentId ?? 'null');
}

const scopeOf = (ctx: ActionContext): Set<number> | undefined => (ctx.departmentScope ? new Set(ctx.departmentScope) : undefined);

/**
 * The department's rules on every generic write (routes, bulk edit, import — modules/base/module.ts): the creator
 * is the caller, never the body; a parent must exist, lie in the caller's data scope and make no cycle. The
 * check and the write share one transaction holding the tree's rows: two concurrent moves (X under Y, Y under
 * X) are serialised, the second sees the first and is refused. The generic path bumps the auth epoch.
 */
export const departmentHooks: EntityHooks<BaseSysDepartmentRow> = {
  addValues: (c) => ({ userId: c.actor?.userId ?? null }),
  // The list (the console's tree: orderNum, then id — x-api defaultSort) names each parent that is in the result,
  // so no name outside the caller's data scope leaks.
  onRead: async (_c, rows, action) => (action === 'list' ? withParentNames(rows) : rows),
  async checkWrite(c, trx, writes, action) {
    const parents = await loadTree(trx, TABLE, true);
    const before = new Map(parents);
    const scope = c.departmentScope ? new Set(c.departmentScope) : undefined;
    const changed: number[] = [];
    for (const w of writes) {
      const r = w.input;
      if (action === 'add') {
        checkParent(before, r.parentId ?? null, scope);
        continue;
      }
      if (r.parentId === undefined || w.id === undefined) continue;
      if (r.parentId === before.get(w.id)) continue; // unchanged: a scoped admin may edit a top department of their scope
      checkParent(before, r.parentId, scope);
      if (typeof r.parentId === 'number' || r.parentId === null) {
        parents.set(w.id, r.parentId);
        changed.push(w.id);
      }
    }
    assertAcyclic(parents, changed);
  },
};

interface OrderItem {
  id: number;
  parentId?: number | null;
  orderNum?: number;
}

/**
 * `POST order` with a bare array `[{id, parentId, orderNum}]` (after a drag-and-drop): only those
 * two columns are written (whatever else an element carries), in one transaction; unknown ids,
 * ids or new parents outside the caller's scope, and cycles are refused as a whole.
 */
export const order: Handler = async (ctx) => {
  const items = ctx.body as OrderItem[];
  const scope = scopeOf(ctx);
  await ctx.services.knex.transaction(async (trx) => {
    const parents = await loadTree(trx, TABLE, true);
    const before = new Map(parents);
    for (const it of items) {
      if (!before.has(it.id)) throw new AppError('error.recordNotFound', { id: it.id });
      if (scope && !scope.has(it.id)) throw outOfScope(it.id);
      if (it.parentId === undefined || it.parentId === before.get(it.id)) continue;
      checkParent(before, it.parentId, scope);
      parents.set(it.id, it.parentId);
    }
    assertAcyclic(parents, items.map((it) => it.id));
    const ts = now();
    for (const it of items) {
      const changes: Record<string, unknown> = { updateTime: ts };
      if (it.parentId !== undefined) changes.parentId = it.parentId;
      if (it.orderNum !== undefined) changes.orderNum = it.orderNum;
      await auditedUpdate(trx, ctx.services.schema.registry.get(ENTITIES.baseSysDepartment)!, [it.id], changes, originOf(ctx));
    }
    await bumpAuthEpoch(trx);
  });
  return undefined;
};

/**
 * `POST delete {ids, deleteUser}`: the departments go together with all their descendants (no
 * orphans), and their role links. Their users are deleted with their role links and sessions
 * (`deleteUser: true`), or else moved to the parent of the top-most deleted department above them
 * (refused when that department is a root). The last root department is never deleted. One
 * transaction: any refusal leaves everything as it was.
 */
export const remove: Handler = async (ctx) => {
  const { services, actor } = ctx;
  const ids = parseIds(ctx.body, services.schema.limits.batchRows);
  const deleteUser = (ctx.body as { deleteUser?: unknown }).deleteUser === true;
  const scope = scopeOf(ctx);
  await services.knex.transaction(async (trx) => {
    // The whole subtree, its role links and any deleted users form one recycle-bin snapshot.
    const recorder = new RecycleRecorder(services.schema.registry, ctx.crud().origin!, ENTITIES.baseSysDepartment);
    const parents = await loadTree(trx, TABLE, true);
    const doomed = withDescendants(parents, ids.filter((id) => parents.has(id)));
    if (!doomed.size) return;
    if (scope) for (const id of doomed) if (!scope.has(id)) throw outOfScope(id);
    // A department whose parent is gone counts as a root: something must remain at the top.
    const rootLeft = [...parents].some(([id, p]) => !doomed.has(id) && (p === null || !parents.has(p)));
    if (!rootLeft) throw new AppError('dept.lastRoot');

    const doomedIds = [...doomed];
    const users: { id: number; departmentId: number; isSuper: boolean }[] = [];
    for (const part of chunks(doomedIds)) {
      const rows = await table(trx, TABLES.baseSysUser).whereIn('departmentId', part).select('id', 'departmentId', 'isSuper');
      // (whereIn never matches a null departmentId)
      for (const r of rows) if (r.departmentId !== null) users.push({ id: r.id, departmentId: r.departmentId, isSuper: r.isSuper === 1 });
    }
    const ts = now();
    if (deleteUser) {
      const keep = users.find((u) => u.isSuper || u.id === actor?.userId);
      if (keep) throw new AppError('dept.keepsProtectedUser', { id: keep.id });
    }
    // Deleting or moving these users follows the same rule as user/delete and user/move: never a user
    // holding a role the actor lacks.
    await assertManageable(managerOf(ctx), trx, users.map((u) => u.id), false);
    if (deleteUser) {
      const userIds = users.map((u) => u.id);
      for (const part of chunks(userIds)) {
        await recorder.take(trx, ENTITIES.baseSysUserRole, (q) => q.whereIn('userId', part));
        await recorder.take(trx, ENTITIES.baseSysUserSetting, (q) => q.whereIn('userId', part));
        await recorder.take(trx, ENTITIES.baseSysUser, (q) => q.whereIn('id', part));
      }
      for (const id of userIds) await revokeUserSessions(trx, id);
    } else {
      const topParent = (id: number): number | null => nearestAncestor(parents, id, doomed);
      const byTarget = new Map<number, number[]>();
      for (const u of users) {
        const target = topParent(u.departmentId);
        if (target === null || !parents.has(target)) throw new AppError('dept.parentRequired');
        byTarget.set(target, [...(byTarget.get(target) ?? []), u.id]);
      }
      for (const [target, userIds] of byTarget) {
        await auditedUpdate(trx, ctx.services.schema.registry.get(ENTITIES.baseSysUser)!, userIds, { departmentId: target, updateTime: ts }, originOf(ctx));
      }
    }
    for (const part of chunks(doomedIds)) {
      await recorder.take(trx, ENTITIES.baseSysRoleDepartment, (q) => q.whereIn('departmentId', part));
      await recorder.take(trx, ENTITIES.baseSysDepartment, (q) => q.whereIn('id', part));
    }
    await recorder.save(trx);
    await bumpAuthEpoch(trx);
  });
  return undefined;
};
