import dayjs from 'dayjs';
import type { Knex } from 'knex';
import { now } from '../db/values.js';

/**
 * Failures allowed before a lock; each further failure doubles the lock, up to MAX_LOCK_S. An IP
 * gets more room than a username: many people may share one address (an office behind NAT), while
 * guessing one account's password is what the username lock stops.
 */
export const FREE_FAILURES = { user: 5, ip: 30 } as const;
const BASE_LOCK_S = 30;
const MAX_LOCK_S = 15 * 60;

/** Seconds the scope is still locked for, or 0. */
export async function lockedFor(knex: Knex, scopes: string[]): Promise<number> {
  const rows = (await knex('base_sys_login_attempt').whereIn('scope', scopes).select('lockedUntil')) as { lockedUntil: string | null }[];
  const t = dayjs();
  let max = 0;
  for (const r of rows) {
    if (!r.lockedUntil) continue;
    max = Math.max(max, Math.ceil(dayjs(r.lockedUntil).diff(t, 'millisecond') / 1000));
  }
  return max;
}

/** Counts a failed login against each scope (username and IP); locks after FREE_FAILURES. */
export async function recordFailure(knex: Knex, scopes: string[]): Promise<void> {
  for (const scope of scopes) {
    await knex.transaction(async (trx) => {
      const ts = now();
      const row = await trx('base_sys_login_attempt').where({ scope }).forUpdate().first('id', 'failures');
      const failures = Number(row?.failures ?? 0) + 1;
      const over = failures - (scope.startsWith('ip:') ? FREE_FAILURES.ip : FREE_FAILURES.user);
      const lockedUntil =
        over >= 0 ? dayjs().add(Math.min(BASE_LOCK_S * 2 ** over, MAX_LOCK_S), 'second').format('YYYY-MM-DD HH:mm:ss') : null;
      if (row) await trx('base_sys_login_attempt').where({ id: row.id }).update({ failures, lockedUntil, updateTime: ts });
      else await trx('base_sys_login_attempt').insert({ scope, failures, lockedUntil, createTime: ts, updateTime: ts });
    });
  }
}

export async function resetFailures(knex: Knex, scopes: string[]): Promise<void> {
  await knex('base_sys_login_attempt').whereIn('scope', scopes).delete();
}
