import { auditedUpdate, originOf } from '../../audit/audit.js';
import type { Knex } from 'knex';
import type { ActionContext, Handler } from '../../core/handler.js';
import { AppError } from '../../core/errors.js';
import { assertValid } from '../../core/validator.js';
import { bumpAuthEpoch } from '../../auth/authz.js';
import { revokeUserSessions } from '../../auth/sessions.js';
import { add as genericAdd } from '../../crud/operations/add.js';
import { parseIds } from '../../crud/operations/delete.js';
import { update as genericUpdate } from '../../crud/operations/update.js';
import { filteredQuery, mapRow, selectOutput } from '../../crud/query.js';
import { now } from '../../db/values.js';
import { RecycleRecorder } from '../../recycle/recorder.js';
import { assertManageable, managerOf } from './userManage.js';
import { chunks, findCycle, loadParents as loadTree, nearestAncestor, withDescendants } from '../../crud/tree.js';
import type { Parents } from '../../crud/tree.js';
import { ENTITIES, TABLES } from '../../generated/tables.js';
import { table } from '../../db/table.js';

const TABLE = TABLES.baseSysDepartment;
const loadParents = (knex: Knex | Knex.Transaction) => loadTree(knex, TABLE);

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
const rowsOf = (body: unknown): Record<string, unknown>[] =>
  (Array.isArray(body) ? body : [body]).filter((r): r is Record<string, unknown> => !!r && typeof r === 'object');

/**
 * `POST list` (body ignored): the departments of the caller's data scope, flat, ordered by orderNum
 * then id; `parentName` only when the parent is in the result, so no name outside the scope leaks.
 */
export const list: Handler = async (ctx) => {
  const c = ctx.crud();
  // The whole tree is answered, but the body must still be what the document allows (no silent acceptance).
  assertValid(c.rt.validators.filters, ctx.body ?? {}, c.rt.labels);
  const raw = (await selectOutput(filteredQuery(c.knex, c.rt, {}, c), c.rt)
    .orderBy([{ column: 'a.orderNum', order: 'asc' }, { column: 'a.id', order: 'asc' }])
    .limit(c.limits.listRows + 1)) as Record<string, unknown>[];
  if (raw.length > c.limits.listRows) throw new AppError('error.listTooLarge', { max: c.limits.listRows });
  const rows = raw.map((r) => mapRow(c.rt, r));
  const names = new Map(rows.map((r) => [r.id as number, r.name as string]));
  return rows.map((r) => ({ ...r, parentName: r.parentId === null ? null : (names.get(r.parentId as number) ?? null) }));
};

/** `POST add`: generic add; the parent must exist (and be in scope); the creator is the caller, never the body. */
export const add: Handler = async (ctx) => {
  const parents = await loadParents(ctx.services.knex);
  const scope = scopeOf(ctx);
  for (const r of rowsOf(ctx.body)) checkParent(parents, r.parentId ?? null, scope);
  const result = await genericAdd(ctx.crud(), ctx.body, { userId: ctx.actor?.userId ?? null });
  await bumpAuthEpoch(ctx.services.knex);
  return result;
};

/** `POST update`: generic update, refusing a parent that does not exist, lies outside the scope or makes a cycle. */
export const update: Handler = async (ctx) => {
  // The cycle check and the write share one transaction holding the tree's rows: two concurrent moves
  // (X under Y, Y under X) are serialised, the second sees the first and is refused.
  await ctx.services.knex.transaction(async (trx) => {
    const parents = await loadTree(trx, TABLE, true);
    const before = new Map(parents);
    const scope = scopeOf(ctx);
    const changed: number[] = [];
    for (const r of rowsOf(ctx.body)) {
      if (r.parentId === undefined || typeof r.id !== 'number') continue;
      if (r.parentId === before.get(r.id)) continue; // unchanged: a scoped admin may edit a top department of their scope
      checkParent(before, r.parentId, scope);
      if (typeof r.parentId === 'number' || r.parentId === null) {
        parents.set(r.id, r.parentId);
        changed.push(r.id);
      }
    }
    assertAcyclic(parents, changed);
    await genericUpdate({ ...ctx.crud(), knex: trx }, ctx.body);
    await bumpAuthEpoch(trx);
  });
  return undefined;
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
      await auditedUpdate(trx, ctx.services.registry.get(ENTITIES.baseSysDepartment)!, [it.id], changes, originOf(ctx));
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
  const ids = parseIds(ctx.body, services.limits.batchRows);
  const deleteUser = (ctx.body as { deleteUser?: unknown }).deleteUser === true;
  const scope = scopeOf(ctx);
  await services.knex.transaction(async (trx) => {
    // The whole subtree, its role links and any deleted users form one recycle-bin snapshot.
    const recorder = new RecycleRecorder(services.registry, ctx.crud().origin!, ENTITIES.baseSysDepartment);
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
        await auditedUpdate(trx, ctx.services.registry.get(ENTITIES.baseSysUser)!, userIds, { departmentId: target, updateTime: ts }, originOf(ctx));
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
