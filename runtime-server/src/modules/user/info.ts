import type { Handler } from '../../core/handler.js';
import { add as genericAdd } from '../../crud/operations/add.js';
import { remove as genericRemove } from '../../crud/operations/delete.js';
import { update as genericUpdate } from '../../crud/operations/update.js';

/**
 * `/admin/user/info` (api-contract §6.12, admin side): the generic CRUD, with two form conventions
 * normalised before validation. The password is x-secret (hashed on write, never selected), so page,
 * list and info need nothing of their own.
 */

type Row = Record<string, unknown>;

/** Unique but optional columns: an empty form input means "none", not a second user with phone ''. */
const OPTIONAL_UNIQUE = ['phone', 'unionid'] as const;

/**
 * An empty password means "not set" on add and "unchanged" on update (the edit form sends the field
 * back empty); otherwise it would fail minLength, or be taken as a new password.
 */
function normalise(row: unknown): unknown {
  if (!row || typeof row !== 'object' || Array.isArray(row)) return row; // validation reports it
  const out: Row = { ...(row as Row) };
  if (out.password === '' || out.password === null) delete out.password;
  for (const k of OPTIONAL_UNIQUE) if (out[k] === '') out[k] = null;
  return out;
}

const each = (body: unknown): unknown => (Array.isArray(body) ? body.map(normalise) : normalise(body));

/** `add`: object or array, as the generic add (password hashed there). */
export const add: Handler = (ctx) => genericAdd(ctx.crud(), each(ctx.body));

/** `update`: as the generic update; an empty password leaves the stored hash untouched. */
export const update: Handler = async (ctx) => {
  await genericUpdate(ctx.crud(), each(ctx.body));
  return undefined;
};

/** `delete`: the end users and their addresses, in one recycle-bin snapshot (no orphaned addresses). */
export const remove: Handler = async (ctx) => {
  await genericRemove(ctx.crud(), ctx.body, async (trx, ids, recorder) => {
    await recorder.take(trx, 'user/address', (q) => q.whereIn('userId', ids));
  });
  return undefined;
};
