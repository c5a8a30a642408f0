import type { Handler } from '../../core/handler.js';
import { remove as genericRemove } from '../../crud/operations/delete.js';

/** `POST /admin/dict/type/delete {ids}`: the types and every item of them, in one recycle-bin snapshot. */
export const remove: Handler = async (ctx) => {
  await genericRemove(ctx.crud(), ctx.body, async (trx, ids, recorder) => {
    await recorder.take(trx, 'dict/info', (q) => q.whereIn('typeId', ids));
  });
  return undefined;
};
