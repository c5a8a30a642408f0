import { createHash, createHmac } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import dayjs from 'dayjs';
import type { Knex } from 'knex';
import { now } from '../db/values.js';
import { REFRESH_TTL } from './tokens.js';
import { bumpAuthEpoch } from './authEpoch.js';
import { TABLES } from '../generated/tables.js';
import { insertId } from '../db/insertId.js';

const digest = (jti: string) => createHash('sha256').update(jti).digest('hex');

/** A session joined with its user: everything the guard checks (the identity provider reads it, auth/identity.ts). */
export interface SessionState {
  sid: number;
  userId: number;
  revoked: boolean;
  expired: boolean;
  /** `YYYY-MM-DD HH:mm:ss`, compared with `now()` (the cache re-checks it on every use). */
  expireTime: string;
  username: string;
  status: number;
  passwordV: number;
  isSuper: boolean;
  departmentId: number | null;
  tenantId: number | null;
}

/** Opens a session for a successful login; its refresh token id is stored hashed. */
export async function createSession(knex: Knex, userId: number, refreshJti: string, ip: string | null): Promise<number> {
  const ts = now();
  if (Math.random() < 0.05) {
    // Opportunistic cleanup keeps the table small without a scheduled job.
    await knex(TABLES.baseSysSession).where('expireTime', '<', ts).delete();
  }
  return insertId(knex, TABLES.baseSysSession, {
    userId,
    refreshHash: digest(refreshJti),
    expireTime: dayjs().add(REFRESH_TTL, 'second').format('YYYY-MM-DD HH:mm:ss'),
    revokedTime: null,
    ip,
    createTime: ts,
    updateTime: ts,
  });
}

/**
 * How long after a rotation the token it replaced may be presented again without revoking the session: a page
 * reloaded while its refresh was in flight never stored the answer and retries with the token it had.
 */
export const ROTATION_GRACE_SECONDS = 30;

/**
 * The id of the refresh token that replaces `jti`: derived, not random, so a retry of the same refresh inside the
 * grace window is answered with the same successor instead of forking the session into two live tokens.
 */
export function successorJti(secret: KeyObject, jti: string): string {
  return createHmac('sha256', secret).update(`refresh-rotation:${jti}`).digest('base64url');
}

/**
 * Rotates the session's refresh token from `oldJti` to `newJti` (its successor). A stale refresh token (a replay,
 * or a stolen copy used after the owner refreshed) revokes the whole session — unless the session was rotated from
 * that very token less than ROTATION_GRACE_SECONDS ago, which is a retry: it succeeds and changes nothing.
 */
export async function rotateRefresh(knex: Knex, sid: number, oldJti: string, newJti: string): Promise<boolean> {
  const ts = now();
  const n = await knex(TABLES.baseSysSession)
    .where({ id: sid, refreshHash: digest(oldJti) })
    .whereNull('revokedTime')
    .where('expireTime', '>', ts)
    .update({ refreshHash: digest(newJti), expireTime: dayjs().add(REFRESH_TTL, 'second').format('YYYY-MM-DD HH:mm:ss'), updateTime: ts });
  if (n === 1) return true;
  const retry = await knex(TABLES.baseSysSession)
    .where({ id: sid, refreshHash: digest(newJti) })
    .whereNull('revokedTime')
    .where('expireTime', '>', ts)
    .where('updateTime', '>=', dayjs().subtract(ROTATION_GRACE_SECONDS, 'second').format('YYYY-MM-DD HH:mm:ss'))
    .first('id');
  if (retry) return true;
  await revokeSession(knex, sid);
  return false;
}

export async function revokeSession(knex: Knex | Knex.Transaction, sid: number): Promise<void> {
  const ts = now();
  await knex(TABLES.baseSysSession).where({ id: sid }).whereNull('revokedTime').update({ revokedTime: ts, updateTime: ts });
  // Sessions are cached per instance (Authz): the epoch tells every instance to re-read them.
  await bumpAuthEpoch(knex);
}

/** Revokes every session of a user (optionally but one): disable, delete, password change. */
export async function revokeUserSessions(knex: Knex | Knex.Transaction, userId: number, exceptSid?: number): Promise<void> {
  const ts = now();
  const q = knex(TABLES.baseSysSession).where({ userId }).whereNull('revokedTime');
  if (exceptSid !== undefined) q.whereNot({ id: exceptSid });
  await q.update({ revokedTime: ts, updateTime: ts });
  await bumpAuthEpoch(knex);
}
