import type { Knex } from 'knex';
import type { EntityHooks } from '../../crud/hooks.js';
import { AppError } from '../../core/errors.js';
import { CHUNK, findCycle, loadParents as loadTree, withDescendants } from '../../crud/tree.js';
import { ENTITIES, TABLES } from '../../generated/tables.js';

const TABLE = TABLES.spaceType;
const loadParents = (knex: Knex | Knex.Transaction) => loadTree(knex, TABLE);

/** Category hooks (modules/space/module.ts): parents must exist, no cycles, deletes take the subtree and its files. */
export const spaceTypeHooks: EntityHooks = {
  async beforeWrite(c, rows, action) {
    const parents = await loadParents(c.knex);
    if (action === 'add') {
      // A parent, when given, must exist.
      for (const r of rows) {
        if (typeof r.parentId === 'number' && !parents.has(r.parentId)) throw new AppError('space.parentNotFound', { id: r.parentId });
      }
      return;
    }
    // A new parent must exist and may not be the category itself or below it.
    const before = new Map(parents);
    for (const r of rows) {
      if (typeof r.id !== 'number' || typeof r.parentId !== 'number' || r.parentId === before.get(r.id)) continue;
      if (!before.has(r.parentId)) throw new AppError('space.parentNotFound', { id: r.parentId });
      parents.set(r.id, r.parentId);
    }
    // A cycle after the change: some category is its own ancestor.
    const cyclic = findCycle(parents, rows.map((r) => r.id).filter((id): id is number => typeof id === 'number'));
    if (cyclic !== undefined) throw new AppError('space.typeCycle', { id: cyclic });
  },
  /**
   * `delete {ids}`: the categories go with every category below them and every file entry in any of them —
   * one transaction, recycle-bin snapshot included. Their files stay on disk until the snapshot is purged
   * (fileReclaim.ts), so a restore brings back working entries.
   */
  async deleting(trx, ids, recorder) {
    // The chosen categories are already taken; their children still point at them.
    const doomed = [...withDescendants(await loadParents(trx), ids)];
    const below = doomed.filter((id) => !ids.includes(id));
    for (let i = 0; i < doomed.length; i += CHUNK) {
      const part = doomed.slice(i, i + CHUNK);
      await recorder.take(trx, ENTITIES.spaceInfo, (q) => q.whereIn('classifyId', part));
    }
    for (let i = 0; i < below.length; i += CHUNK) {
      const part = below.slice(i, i + CHUNK);
      await recorder.take(trx, ENTITIES.spaceType, (q) => q.whereIn('id', part));
    }
  },
};
