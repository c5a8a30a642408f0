import { clientIp } from './clientIp.js';
import type { Context, Middleware } from 'koa';
import type { AppServices } from '../app/services.js';
import type { Actor } from '../core/actor.js';
import { now } from '../db/values.js';
import type { RouteState } from './routeState.js';
import type { RouteRecord } from '../core/routeRecord.js';

/** Keys whose values never reach the log, whatever the route (compared case-insensitively). */
export const SECRET_KEYS: readonly string[] = ['password', 'oldPassword', 'newPassword', 'verifyCode', 'token', 'refreshToken', 'captchaId', 'secret'];
export const MASK = '******';
/** Larger parameters are stored as `{ truncated: true, length }` (characters of their JSON). */
export const MAX_PARAMS_CHARS = 10 * 1024;
/**
 * Deeper values are cut: the log is for reading, the walk must not exhaust the stack, and MariaDB's
 * JSON check refuses documents nested deeper than 32 levels.
 */
export const MAX_DEPTH = 20;

/** Routes not worth a row: the console polls them, and reading the log must not grow it. */
const SKIP = new Set(['get /admin/base/open/eps', 'get /admin/base/open/captcha', 'post /admin/base/sys/log/page']);

/**
 * Routes whose body carries values only the handler can tell secret (a plugin's config, whose schema marks
 * them `x-secret`/`writeOnly`): the handler names them in `ctx.state.logSecrets`; until it has (a request refused
 * before, an unknown plugin) the whole field named here is masked.
 */
const HANDLER_MASKED: Record<string, string> = { 'post /admin/plugin/info/update': 'config' };

/** A copy of `value` with every secret key's value replaced by `******`, at any depth. */
export function maskSecrets(value: unknown, secret: ReadonlySet<string>, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v, secret, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = secret.has(k.toLowerCase()) ? MASK : maskSecrets(v, secret, depth + 1);
  return out;
}

/** The JSON to store for a request's parameters: masked, and cut when huge. */
export function logParams(value: unknown, secret: ReadonlySet<string>): string | null {
  if (value === undefined || value === null) return null;
  const json = JSON.stringify(maskSecrets(value, secret));
  if (json === undefined) return null;
  return json.length > MAX_PARAMS_CHARS ? JSON.stringify({ truncated: true, length: json.length }) : json;
}

/**
 * The request log (docs/reference/api-contract.md §6.6, without §8 #18 and #26): runs after the auth guard, so it
 * records every routed request that got past it — successes and business errors alike — once the
 * handler is done. It stores the caller, the path, the socket address (the app does not trust
 * proxy headers, so `X-Forwarded-For` cannot forge it) and the parameters with secrets masked.
 * The row is queued for the batched writer (services.telemetry.requestLog): the response never waits for it,
 * and a failed insert only reaches the server log. Reading the log page first writes this
 * instance's queued rows, so a reader sees his own requests.
 */
export function requestLog(services: AppServices): Middleware {
  /** Per route, worked out at its first request: whether it is logged, and the keys masked in its parameters. */
  const facts = new WeakMap<RouteRecord, RouteLogFacts>();
  const factsOf = (state: RouteState): RouteLogFacts => {
    let f = facts.get(state.route);
    if (!f) {
      const key = `${state.route.method} ${state.route.url}`;
      f = {
        skip: SKIP.has(key),
        logPage: key === LOG_PAGE,
        // The entity's secret fields: `x-secret` and `writeOnly` alike.
        secret: new Set([...SECRET_KEYS, ...state.entity.fields.filter((x) => x.secret || x.schema?.writeOnly === true).map((x) => x.name)].map((k) => k.toLowerCase())),
        ...(HANDLER_MASKED[key] ? { handlerMasked: HANDLER_MASKED[key] } : {}),
      };
      facts.set(state.route, f);
    }
    return f;
  };
  // Not async: the row is queued when the rest of the chain settles, either way; an async wrapper cost every
  // request a promise and a turn of its own.
  return (ctx, next) => {
    const f = factsOf(ctx.state.route as RouteState);
    if (f.skip) return f.logPage ? services.telemetry.requestLog.flush().then(() => next()) : next();
    const secretOf = (): ReadonlySet<string> => {
      if (!f.handlerMasked) return f.secret;
      const named = ctx.state.logSecrets as string[] | undefined;
      return new Set([...f.secret, ...(named ? named.map((k) => k.toLowerCase()) : [f.handlerMasked.toLowerCase()])]);
    };
    return next().then(
      () => queue(services, ctx, secretOf()),
      (err: unknown) => {
        queue(services, ctx, secretOf());
        throw err;
      },
    );
  };
}

interface RouteLogFacts {
  skip: boolean;
  logPage: boolean;
  secret: ReadonlySet<string>;
  /** The body field masked whole unless the handler named its secret keys (HANDLER_MASKED). */
  handlerMasked?: string;
}

const LOG_PAGE = 'post /admin/base/sys/log/page';

function queue(services: AppServices, ctx: Context, secret: ReadonlySet<string>): void {
  try {
    const actor = ctx.state.actor as Actor | undefined;
    const { req, request } = ctx;
    services.telemetry.requestLog.add({
      userId: actor?.userId ?? null,
      action: request.path.slice(0, 1000),
      ip: clientIp(req, services.config.trustProxy).slice(0, 50) || null,
      // An unauthenticated caller's body is not kept (an open route could otherwise fill the log with
      // whatever anyone sends): its size says enough.
      params: actor ? (req.method === 'GET' ? (request.querystring ? logParams({ ...request.query }, secret) : '{}') : logParams(request.body, secret)) : anonymousParams(ctx),
      createTime: now(),
    });
  } catch (err) {
    services.logger.error(`[${ctx.state.requestId ?? '-'}] request log row failed`, err);
  }
}

/** What the log keeps of an unauthenticated request: the size of what was sent, never its content. */
function anonymousParams(ctx: Context): string {
  const length = Number(ctx.get('content-length'));
  const bytes = Number.isFinite(length) && length >= 0 ? length : Buffer.byteLength(ctx.querystring ?? '');
  return JSON.stringify({ omitted: true, bytes });
}
