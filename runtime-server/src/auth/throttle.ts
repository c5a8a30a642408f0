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

const TABLE = 'base_sys_login_attempt';
const freeOf = (scope: string) => (scope.startsWith('ip:') ? FREE_FAILURES.ip : FREE_FAILURES.user);
const lockUntil = (over: number) => dayjs().add(Math.min(BASE_LOCK_S * 2 ** over, MAX_LOCK_S), 'second').format('YYYY-MM-DD HH:mm:ss');

/**
 * Reserves one attempt on every scope before the password is checked, atomically (rows locked in one
 * transaction, on every instance alike): concurrent guesses queue here, and once a scope has used its free
 * attempts the rest are refused without verifying anything. Answers the seconds to wait (0 = go ahead; the
 * attempt then counts as a failure unless `release` refunds it).
 */
export async function reserveAttempt(knex: Knex, scopes: string[]): Promise<number> {
  const sorted = [...scopes].sort();
  // The rows exist before they are locked (own statement: an insert inside the locking transaction takes gap
  // locks that deadlock on MariaDB); two first attempts never both insert.
  const created = now();
  await knex(TABLE)
    .insert(sorted.map((scope) => ({ scope, failures: 0, lockedUntil: null, createTime: created, updateTime: created })))
    .onConflict('scope')
    .ignore();
  return retryDeadlock(() => knex.transaction(async (trx) => {
    const ts = now();
    const rows = (await trx(TABLE).whereIn('scope', sorted).orderBy('scope').forUpdate().select('id', 'scope', 'failures', 'lockedUntil')) as {
      id: number;
      scope: string;
      failures: number;
      lockedUntil: string | null;
    }[];
    const t = dayjs();
    let wait = 0;
    for (const r of rows) if (r.lockedUntil) wait = Math.max(wait, Math.ceil(dayjs(r.lockedUntil).diff(t, 'millisecond') / 1000));
    if (wait > 0) return wait;
    for (const r of rows) {
      const failures = Number(r.failures) + 1;
      const over = failures - freeOf(r.scope);
      // The attempt that uses the last free slot still runs, but the lock is set now: concurrent attempts
      // waiting on these rows find it and are refused. After the lock, each failure doubles it.
      await trx(TABLE).where({ id: r.id }).update({ failures, lockedUntil: over >= 0 ? lockUntil(over) : null, updateTime: ts });
    }
    return wait;
  }));
}

/** MariaDB may still pick a queued locker as a deadlock victim under a burst: that attempt simply queues again. */
async function retryDeadlock<T>(run: () => Promise<T>, attempts = 20): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await run();
    } catch (err) {
      if ((err as { code?: string }).code !== 'ER_LOCK_DEADLOCK' || i >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
    }
  }
}

/**
 * A successful login: the username's counter starts again; the IP only gets back the one attempt this login
 * reserved (another user's success never clears an address's failures).
 */
export async function release(knex: Knex, userScope: string, ipScope: string): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx(TABLE).where({ scope: userScope }).delete();
    const row = (await trx(TABLE).where({ scope: ipScope }).forUpdate().first('id', 'failures')) as { id: number; failures: number } | undefined;
    if (!row) return;
    const failures = Math.max(0, Number(row.failures) - 1);
    await trx(TABLE).where({ id: row.id }).update({ failures, lockedUntil: failures >= FREE_FAILURES.ip ? lockUntil(0) : null, updateTime: now() });
  });
}
