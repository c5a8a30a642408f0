import dayjs from 'dayjs';
import type { Knex } from 'knex';
import { retryDeadlock } from '../db/retryDeadlock.js';
import { now } from '../db/values.js';
import { TABLES } from '../generated/tables.js';
import { table } from '../db/table.js';

/**
 * Failures allowed before a lock; each further failure doubles the lock, up to MAX_LOCK_S. An IP
 * gets more room than a username: many people may share one address (an office behind NAT), while
 * guessing one account's password is what the username lock stops.
 */
export const FREE_FAILURES = { user: 5, ip: 30 } as const;
const BASE_LOCK_S = 30;
const MAX_LOCK_S = 15 * 60;

const TABLE = TABLES.baseSysLoginAttempt;
const freeOf = (scope: string) => (scope.startsWith('ip:') ? FREE_FAILURES.ip : FREE_FAILURES.user);
const lockUntil = (over: number) => dayjs().add(Math.min(BASE_LOCK_S * 2 ** over, MAX_LOCK_S), 'second').format('YYYY-MM-DD HH:mm:ss');

/** Failures older than this (and no lock running) are forgiven: the count starts again. */
const QUIET_S = 60 * 60;
/** Rows untouched this long (no lock running) are deleted now and then, so the table stays small. */
const PRUNE_S = 24 * 60 * 60;

/**
 * Reserves one attempt on every scope before the password is checked, atomically (rows locked in one
 * transaction, on every instance alike): concurrent guesses queue here, and once a scope has used its free
 * attempts the rest are refused without verifying anything. Answers the seconds to wait (0 = go ahead; the
 * attempt then counts as a failure unless `release` refunds it).
 *
 * A username's lock is hard for its first window only. Later locks still count and lengthen on every failure,
 * but the attempt is verified: the right password (after a fresh captcha) signs in. So an attacker who keeps
 * failing on purpose cannot keep the owner out, while guessing stays bounded by the captcha and the address's
 * lock — an address's lock is always hard.
 */
export async function reserveAttempt(knex: Knex, scopes: string[]): Promise<number> {
  const sorted = [...scopes].sort();
  // The rows exist before they are locked (own statement: an insert inside the locking transaction takes gap
  // locks that deadlock on MariaDB); two first attempts never both insert.
  const created = now();
  if (Math.random() < 0.05) await pruneAttempts(knex);
  // Retried too: concurrent first inserts of the same keys, or one racing a refund's delete, can deadlock on MariaDB.
  await retryDeadlock(() =>
    knex(TABLE)
      .insert(sorted.map((scope) => ({ scope, failures: 0, lockedUntil: null, createTime: created, updateTime: created })))
      .onConflict('scope')
      .ignore(),
  );
  return retryDeadlock(() => knex.transaction(async (trx) => {
    const ts = now();
    const rows = await table(trx, TABLE).whereIn('scope', sorted).orderBy('scope').forUpdate().select('id', 'scope', 'failures', 'lockedUntil', 'updateTime');
    const t = dayjs();
    let wait = 0;
    for (const r of rows) {
      const left = r.lockedUntil ? Math.ceil(dayjs(r.lockedUntil).diff(t, 'millisecond') / 1000) : 0;
      // Past its first window a username's lock lets the attempt be verified (see above).
      const soft = !r.scope.startsWith('ip:') && r.failures > freeOf(r.scope);
      if (left > 0 && !soft) wait = Math.max(wait, left);
    }
    if (wait > 0) return wait;
    for (const r of rows) {
      const running = !!r.lockedUntil && dayjs(r.lockedUntil).isAfter(t);
      const quiet = !running && t.diff(dayjs(r.updateTime), 'second') > QUIET_S;
      const failures = (quiet ? 0 : r.failures) + 1;
      const over = failures - freeOf(r.scope);
      // The attempt that uses the last free slot still runs, but the lock is set now: concurrent attempts
      // waiting on these rows find it and are refused. After the lock, each failure doubles it.
      await trx(TABLE).where({ id: r.id }).update({ failures, lockedUntil: over >= 0 ? lockUntil(over) : null, updateTime: ts });
    }
    return wait;
  }));
}

/** Deletes rows untouched for a day with no lock running (one in twenty reservations calls it). */
export async function pruneAttempts(knex: Knex): Promise<number> {
  const ts = now();
  const stale = dayjs().subtract(PRUNE_S, 'second').format('YYYY-MM-DD HH:mm:ss');
  return Number(await knex(TABLE).where('updateTime', '<', stale).andWhere((q) => q.whereNull('lockedUntil').orWhere('lockedUntil', '<', ts)).delete());
}


/**
 * A successful login: the username's counter starts again; the IP only gets back the one attempt this login
 * reserved (another user's success never clears an address's failures).
 */
export async function release(knex: Knex, userScope: string, ipScope: string): Promise<void> {
  // Both rows are locked first, in scope order as reserveAttempt locks them: deleting the username's row before
  // locking the address's took them in the other order, and concurrent sign-ins of one admin deadlocked (a 500).
  await retryDeadlock(() =>
    knex.transaction(async (trx) => {
      const rows = await table(trx, TABLE).whereIn('scope', [userScope, ipScope]).orderBy('scope').forUpdate().select('id', 'scope', 'failures');
      const ip = rows.find((r) => r.scope === ipScope);
      const user = rows.find((r) => r.scope === userScope);
      if (user) await trx(TABLE).where({ id: user.id }).delete();
      if (!ip) return;
      const failures = Math.max(0, ip.failures - 1);
      await trx(TABLE).where({ id: ip.id }).update({ failures, lockedUntil: failures >= FREE_FAILURES.ip ? lockUntil(0) : null, updateTime: now() });
    }),
  );
}
