import type { EntityHooks } from '../../crud/hooks.js';
import { ENTITIES } from '../../generated/tables.js';

/**
 * `/admin/user/info` (docs/reference/api-contract.md §6.12, admin side): the generic CRUD with these hooks (modules/user/module.ts).
 * The password is x-secret (hashed on write, never selected), so page, list and info need nothing of their own.
 */

/** Unique but optional columns: an empty form input means "none", not a second user with phone ''. */
const OPTIONAL_UNIQUE = ['phone', 'unionid'] as const;

export const userInfoHooks: EntityHooks = {
  /**
   * An empty password means "not set" on add and "unchanged" on update (the edit form sends the field
   * back empty); otherwise it would fail minLength, or be taken as a new password.
   */
  normalise(row) {
    if (row.password === '' || row.password === null) delete row.password;
    for (const k of OPTIONAL_UNIQUE) if (row[k] === '') row[k] = null;
    return row;
  },
  /** The end users go with their addresses, in one recycle-bin snapshot (no orphaned addresses). */
  async deleting(trx, ids, recorder) {
    await recorder.take(trx, ENTITIES.userAddress, (q) => q.whereIn('userId', ids));
  },
};
