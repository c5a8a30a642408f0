import { randomUUID } from 'node:crypto';
import type { AppServices } from '../../app/services.js';
import { AppError, CODE } from '../../core/errors.js';
import { hashSecret, verifySecret } from '../../core/secrets.js';
import { consumeCaptcha } from '../../auth/captchaStore.js';
import { createSession, rotateRefresh, successorJti } from '../../auth/sessions.js';
import { release, reserveAttempt } from '../../auth/throttle.js';
import { loginUsername } from '../../auth/username.js';
import { signPair, verifyToken } from '../../auth/tokens.js';
import type { TokenPair } from '../../auth/tokens.js';
import { TABLES } from '../../generated/tables.js';
import { table } from '../../db/table.js';
import { loadSession } from './identity.js';
import { roleIdsOfUser } from './roleIds.js';

export interface LoginInput {
  username: string;
  password: string;
  captchaId: string;
  verifyCode: string | number;
}

// Verifying against a real hash for unknown users keeps response time from telling which usernames exist.
let dummyHash: Promise<string> | undefined;

/**
 * Reserves an attempt (throttle) → captcha (consumed) → password, then opens a session. Unknown user,
 * wrong password and disabled user give the same message; attempts count per username and per IP.
 */
export async function login(services: AppServices, input: LoginInput, ip: string): Promise<TokenPair> {
  const { knex } = services;
  // Looked up in the stored form (canonical since usernames are); one throttle counter per canonical name.
  const username = loginUsername(input.username);
  const scopes = [`user:${username.toLowerCase()}`.slice(0, 191), `ip:${ip}`.slice(0, 191)];
  // Counted before anything is verified (the captcha included), so concurrent guesses cannot outrun the limit.
  const wait = await reserveAttempt(knex, scopes);
  if (wait > 0) {
    services.telemetry.metrics?.throttleLocks.inc();
    throw new AppError('auth.locked', { seconds: wait });
  }
  if (!(await consumeCaptcha(knex, input.captchaId, String(input.verifyCode)))) {
    services.telemetry.metrics?.loginFailures.inc({ reason: 'captcha' });
    throw new AppError('auth.badCaptcha');
  }

  const columns = ['id', 'username', 'password', 'passwordV', 'status', 'isSuper'] as const;
  // A name stored before usernames were canonical is still found as typed.
  const user =
    (await table(knex, TABLES.baseSysUser).where({ username }).first(...columns)) ??
    (await table(knex, TABLES.baseSysUser).where({ username: input.username.trim() }).first(...columns));
  dummyHash ??= hashSecret(randomUUID());
  const ok = await verifySecret(input.password, user ? user.password : await dummyHash);
  if (!user || !ok || user.status !== 1) {
    services.telemetry.metrics?.loginFailures.inc({ reason: 'credentials' });
    throw new AppError('auth.badCredentials');
  }
  const isSuper = user.isSuper === 1;
  const roleIds = await roleIdsOfUser(knex, user.id);
  // A role-less account answers exactly like a wrong password: the message tells nobody the password was right.
  if (!isSuper && !roleIds.length) {
    services.telemetry.metrics?.loginFailures.inc({ reason: 'credentials' });
    throw new AppError('auth.badCredentials');
  }
  await release(knex, scopes[0]!, scopes[1]!);

  const jti = randomUUID();
  const sid = await createSession(knex, user.id, jti, ip);
  return signPair(services.auth.secret, { userId: user.id, username: user.username, passwordVersion: user.passwordV, sid, roleIds }, jti);
}

/**
 * Rotates a refresh token into a new pair. The user must still exist and be enabled, the session
 * unrevoked, the token the session's current one (a replay revokes the session, bar a retry within
 * seconds of the rotation: sessions.ts) and its password version the current one (a refresh never
 * brings back an old password's tokens).
 */
export async function refresh(services: AppServices, refreshToken: string | undefined): Promise<TokenPair> {
  const expired = () => new AppError('auth.expired', {}, CODE.comm, 401);
  const claims = await verifyToken(services.auth.secret, refreshToken);
  if (!claims || !claims.isRefresh || !claims.jti) throw expired();
  const s = await loadSession(services.knex, claims.sid);
  if (!s || s.userId !== claims.userId || s.revoked || s.expired || s.status !== 1 || s.passwordV !== claims.passwordVersion) throw expired();
  const jti = successorJti(services.auth.secret, claims.jti);
  if (!(await rotateRefresh(services.knex, s.sid, claims.jti, jti))) throw expired();
  const roleIds = await roleIdsOfUser(services.knex, s.userId);
  return signPair(services.auth.secret, { userId: s.userId, username: s.username, passwordVersion: s.passwordV, sid: s.sid, roleIds }, jti);
}
