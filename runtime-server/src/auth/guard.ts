import type { Middleware } from 'koa';
import type { AppServices } from '../app/services.js';
import type { Actor } from '../core/actor.js';
import { AppError, CODE } from '../core/errors.js';
import type { Guard, RouteState } from '../http/routeState.js';
import { cachedClaimsOf, tokenFromHeader, verifyToken } from './tokens.js';
import type { TokenClaims } from './tokens.js';
import type { SessionState } from './sessions.js';
import { now } from '../db/values.js';

const unauthorized = (key: 'auth.invalid' | 'auth.expired') => new AppError(key, {}, CODE.comm, 401);
const forbidden = (key: 'auth.forbidden' | 'auth.superOnly' = 'auth.forbidden') => new AppError(key, {}, CODE.comm, 403);

/**
 * Authenticates and authorizes every route by its auth level (docs/reference/api-contract.md §1.3 statuses):
 * no/invalid token → 401; refresh token used as access, revoked session, changed password version,
 * disabled or deleted user → 401 (checked against the database, so it holds on every instance);
 * missing permission key → 403. The super-admin flag is read from the user row, never from the token.
 */
export function authGuard(services: AppServices): Guard {
  /** The checks after the token: session state, then the route's level; the actor is set on the context. */
  const admit = (ctx: Parameters<Middleware>[0], route: RouteState['route'], claims: TokenClaims, s: SessionState | undefined, expired: boolean): Actor => {
    if (!s || s.userId !== claims.userId || s.revoked || expired || s.status !== 1 || s.passwordV !== claims.passwordVersion) {
      throw unauthorized('auth.expired');
    }
    const actor: Actor = {
      userId: s.userId,
      username: s.username,
      isSuper: s.isSuper,
      departmentId: s.departmentId,
      tenantId: s.tenantId,
      sessionId: s.sid,
    };
    ctx.state.actor = actor;
    if (route.auth === 'super' && !actor.isSuper) throw forbidden('auth.superOnly');
    return actor;
  };

  /** Any step that has to read: the signature, the session or the permissions. */
  const checked = async (ctx: Parameters<Middleware>[0], next: () => Promise<unknown>, route: RouteState['route'], token: string | undefined) => {
    const claims = await verifyToken(services.auth.secret, token);
    if (!claims) throw unauthorized('auth.invalid');
    if (claims.isRefresh) throw unauthorized('auth.expired');
    const s = await services.auth.authz.session(claims.sid);
    const actor = admit(ctx, route, claims, s, s?.expired ?? true);
    if (route.auth === 'perm' && !actor.isSuper && !(await services.auth.authz.permsOf(actor.userId)).has(route.perm)) {
      throw forbidden();
    }
    return next();
  };

  // Not async: with the token, the session and the permissions all in this instance's caches (the usual case),
  // nothing is awaited; any miss takes the path that reads.
  const guard: Guard = (ctx, next) => {
    const { route } = ctx.state.route as RouteState;
    if (route.auth === 'open') return next();
    // Node's own header (Koa's `ctx.get` lower-cases the name on every call).
    const header = ctx.req.headers.authorization || undefined;
    const claims = cachedClaimsOf(services.auth.secret, header, ctx.req.socket);
    const s = claims && !claims.isRefresh ? services.auth.authz.cachedSession(claims.sid) : undefined;
    if (!claims || !s) return checked(ctx, next, route, tokenFromHeader(header));
    const actor = admit(ctx, route, claims, s, s.expired || s.expireTime <= now());
    if (route.auth === 'perm' && !actor.isSuper) {
      const perms = services.auth.authz.cachedPerms(actor.userId);
      if (!perms) return checked(ctx, next, route, tokenFromHeader(header));
      if (!perms.has(route.perm)) throw forbidden();
    }
    return next();
  };
  guard.appliesTo = (route) => route.auth !== 'open';
  return guard;
}
