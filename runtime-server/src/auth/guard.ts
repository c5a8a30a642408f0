import type { Middleware } from 'koa';
import type { AppServices } from '../app/services.js';
import type { Actor } from '../core/actor.js';
import { AppError, CODE } from '../core/errors.js';
import type { RouteState } from '../http/composeEndpoint.js';
import { tokenFromHeader, verifyToken } from './tokens.js';

const unauthorized = (key: 'auth.invalid' | 'auth.expired') => new AppError(key, {}, CODE.comm, 401);
const forbidden = (key: 'auth.forbidden' | 'auth.superOnly' = 'auth.forbidden') => new AppError(key, {}, CODE.comm, 403);

/**
 * Authenticates and authorizes every route by its auth level (docs/reference/api-contract.md §1.3 statuses):
 * no/invalid token → 401; refresh token used as access, revoked session, changed password version,
 * disabled or deleted user → 401 (checked against the database, so it holds on every instance);
 * missing permission key → 403. The super-admin flag is read from the user row, never from the token.
 */
export function authGuard(services: AppServices): Middleware {
  return async (ctx, next) => {
    const { route } = ctx.state.route as RouteState;
    if (route.auth === 'open') return next();
    const claims = await verifyToken(services.auth.secret, tokenFromHeader(ctx.get('authorization') || undefined));
    if (!claims) throw unauthorized('auth.invalid');
    if (claims.isRefresh) throw unauthorized('auth.expired');
    const s = await services.authz.session(claims.sid);
    if (!s || s.userId !== claims.userId || s.revoked || s.expired || s.status !== 1 || s.passwordV !== claims.passwordVersion) {
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
    if (route.auth === 'perm' && !actor.isSuper && !(await services.authz.permsOf(actor.userId)).has(route.perm)) {
      throw forbidden();
    }
    await next();
  };
}
