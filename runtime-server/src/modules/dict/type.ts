import type { EntityHooks } from '../../crud/hooks.js';

export const dictTypeHooks: EntityHooks = {
  /** `delete {ids}`: the types and every item of them, in one recycle-bin snapshot. */
  async deleting(trx, ids, recorder) {
    await recorder.take(trx, 'dict/info', (q) => q.whereIn('typeId', ids));
  },
};
