import type { Knex } from 'knex';
import { assertValid } from '../../core/validator.js';
import type { Handler } from '../../core/handler.js';
import { AppError } from '../../core/errors.js';
import { add as genericAdd } from '../../crud/operations/add.js';
import { remove as genericRemove } from '../../crud/operations/delete.js';
import { list as genericList } from '../../crud/operations/list.js';
import { update as genericUpdate } from '../../crud/operations/update.js';
import { CHUNK, findCycle, loadParents as loadTree, withDescendants } from '../../crud/tree.js';

const TABLE = 'space_type';
const loadParents = (knex: Knex | Knex.Transaction) => loadTree(knex, TABLE);

const rowsOf = (body: unknown): Record<string, unknown>[] =>
  (Array.isArray(body) ? body : [body]).filter((r): r is Record<string, unknown> => !!r && typeof r === 'object');

/** `POST add`: generic add; a parent, when given, must exist. */
export const add: Handler = async (ctx) => {
  const parents = await loadParents(ctx.services.knex);
  for (const r of rowsOf(ctx.body)) {
    if (typeof r.parentId === 'number' && !parents.has(r.parentId)) throw new AppError('space.parentNotFound', { id: r.parentId });
  }
  return genericAdd(ctx.crud(), ctx.body);
};

/** `POST update`: generic update; a new parent must exist and may not be the category itself or below it. */
export const update: Handler = async (ctx) => {
  const parents = await loadParents(ctx.services.knex);
  const before = new Map(parents);
  for (const r of rowsOf(ctx.body)) {
    if (typeof r.id !== 'number' || typeof r.parentId !== 'number' || r.parentId === before.get(r.id)) continue;
    if (!before.has(r.parentId)) throw new AppError('space.parentNotFound', { id: r.parentId });
    parents.set(r.id, r.parentId);
  }
  // A cycle after the change: some category is its own ancestor.
  const changed = rowsOf(ctx.body).map((r) => r.id).filter((id): id is number => typeof id === 'number');
  const cyclic = findCycle(parents, changed);
  if (cyclic !== undefined) throw new AppError('space.typeCycle', { id: cyclic });
  await genericUpdate(ctx.crud(), ctx.body);
  return undefined;
};

/**
 * `POST list`: every category, flat, for the client to build the tree by parentId; oldest first
 * (what the console's group list asks for) unless the request orders otherwise.
 */
export const list: Handler = async (ctx) => {
  const c = ctx.crud();
  // Checked as sent, before the default order fills in (a body the document refuses is refused).
  assertValid(c.rt.validators.filters, ctx.body ?? {}, c.rt.labels);
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  return genericList(c, body.order ? body : { ...body, order: 'createTime,id', sort: 'asc' });
};

/**
 * `POST delete {ids}`: the categories go with every category below them and every file entry in
 * any of them — one transaction, recycle-bin snapshot included. Their files stay on disk until the
 * snapshot is purged (fileReclaim.ts), so a restore brings back working entries.
 */
export const remove: Handler = async (ctx) => {
  await genericRemove(ctx.crud(), ctx.body, async (trx, ids, recorder) => {
    // The chosen categories are already taken; their children still point at them.
    const doomed = [...withDescendants(await loadParents(trx), ids)];
    const below = doomed.filter((id) => !ids.includes(id));
    for (let i = 0; i < doomed.length; i += CHUNK) {
      const part = doomed.slice(i, i + CHUNK);
      await recorder.take(trx, 'space/info', (q) => q.whereIn('classifyId', part));
    }
    for (let i = 0; i < below.length; i += CHUNK) {
      const part = below.slice(i, i + CHUNK);
      await recorder.take(trx, 'space/type', (q) => q.whereIn('id', part));
    }
  });
  return undefined;
};
