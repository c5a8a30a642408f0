import { randomUUID } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TTL = 7200;
export const REFRESH_TTL = 1_296_000;
const ISSUER = 'schema-admin';
const AUDIENCE = 'admin';

/** Claims of both tokens: the cool-admin ones (userId, username, passwordVersion, isRefresh, roleIds) plus our session id. */
export interface TokenClaims {
  userId: number;
  username: string;
  passwordVersion: number;
  isRefresh: boolean;
  /** Login session (base_sys_session.id): revoking it kills both tokens. */
  sid: number;
  /** Kept for protocol compatibility only; permissions are always read from the database. */
  roleIds: number[];
  jti?: string;
}

export interface TokenPair {
  token: string;
  expire: number;
  refreshToken: string;
  refreshExpire: number;
}

/** Signs an access token and a refresh token; the refresh token's id is returned for rotation checks. */
export async function signPair(
  secret: KeyObject,
  claims: Omit<TokenClaims, 'isRefresh' | 'jti'>,
  refreshJti: string,
): Promise<TokenPair> {
  const sign = (isRefresh: boolean, ttl: number, jti: string) =>
    new SignJWT({ ...claims, isRefresh } as unknown as Record<string, unknown>)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setJti(jti)
      .setExpirationTime(`${ttl}s`)
      .sign(secret);
  const [token, refreshToken] = await Promise.all([sign(false, ACCESS_TTL, randomUUID()), sign(true, REFRESH_TTL, refreshJti)]);
  return { token, expire: ACCESS_TTL, refreshToken, refreshExpire: REFRESH_TTL };
}

/**
 * Tokens whose signature already checked out, per secret: a signature verdict never changes for the same
 * text, and WebCrypto's HMAC (job dispatch, key import) was the largest cost of an authenticated request
 * in the CPU profile. Expiry is checked on every use; bounded, so a flood of distinct tokens cannot grow it.
 */
const verified = new WeakMap<KeyObject, Map<string, TokenClaims & { exp: number }>>();
const VERIFIED_MAX = 10_000;

/** The claims of a valid, unexpired token signed with `secret`, else undefined. */
export async function verifyToken(secret: KeyObject, token: string | undefined): Promise<TokenClaims | undefined> {
  if (!token || token.length > 4096) return undefined;
  let cache = verified.get(secret);
  const hit = cache?.get(token);
  if (hit) {
    if (hit.exp * 1000 > Date.now()) return hit;
    cache!.delete(token);
    return undefined;
  }
  const claims = await verifySigned(secret, token);
  if (claims && typeof (claims as { exp?: unknown }).exp === 'number') {
    if (!cache) verified.set(secret, (cache = new Map()));
    if (cache.size >= VERIFIED_MAX) cache.clear();
    cache.set(token, claims as TokenClaims & { exp: number });
  }
  return claims;
}

/** The claims of `token` when its signature was verified before and it has not expired; undefined when unknown (or invalid). */
export function cachedClaims(secret: KeyObject, token: string | undefined): (TokenClaims & { exp: number }) | undefined {
  if (!token) return undefined;
  const hit = verified.get(secret)?.get(token);
  return hit && hit.exp * 1000 > Date.now() ? hit : undefined;
}

/**
 * Per connection: the Authorization header last seen on it, with its verified claims. A keep-alive client sends
 * the same header on every request; comparing it with the last one costs less than hashing the token afresh
 * for the look-up above (a new string each request: V8 hashes all of its few hundred characters).
 */
const lastOnConnection = new WeakMap<object, { secret: KeyObject; header: string; claims: TokenClaims & { exp: number } }>();

/** cachedClaims for an Authorization header (raw or Bearer) arriving on `connection`. */
export function cachedClaimsOf(secret: KeyObject, header: string | undefined, connection: object): TokenClaims | undefined {
  if (!header) return undefined;
  const last = lastOnConnection.get(connection);
  if (last && last.header === header && last.secret === secret) return last.claims.exp * 1000 > Date.now() ? last.claims : undefined;
  const claims = cachedClaims(secret, tokenFromHeader(header));
  if (claims) lastOnConnection.set(connection, { secret, header, claims });
  return claims;
}

async function verifySigned(secret: KeyObject, token: string): Promise<TokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
    const c = payload as unknown as TokenClaims;
    if (!Number.isSafeInteger(c.userId) || !Number.isSafeInteger(c.sid) || typeof c.isRefresh !== 'boolean') return undefined;
    return { ...c, jti: payload.jti };
  } catch {
    return undefined;
  }
}

/** `Authorization: <jwt>` (the cool-admin client) or `Authorization: Bearer <jwt>`. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const v = header.trim();
  return /^bearer\s+/i.test(v) ? v.replace(/^bearer\s+/i, '') : v;
}
