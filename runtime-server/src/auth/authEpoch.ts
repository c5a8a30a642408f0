import type { Knex } from 'knex';
import { bumpConfEpoch } from '../db/confEpoch.js';

/** The shared epoch of permissions, menus, data scopes and sessions (a key of base_sys_conf). */
export const EPOCH_KEY = 'authEpoch';

/** Marks every instance's permission and session caches stale (they notice within `Authz.maxAgeMs`, this one at once). */
export function bumpAuthEpoch(knex: Knex | Knex.Transaction): Promise<void> {
  return bumpConfEpoch(knex, EPOCH_KEY);
}
