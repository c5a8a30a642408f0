import type { EntityHooks } from '../../crud/hooks.js';
import { ENTITIES } from '../../generated/tables.js';

export const dictTypeHooks: EntityHooks = {
  /** `delete {ids}`: the types and every item of them, in one recycle-bin snapshot. */
  async deleting(trx, ids, recorder) {
    await recorder.take(trx, ENTITIES.dictInfo, (q) => q.whereIn('typeId', ids));
  },
};
