import dayjs from 'dayjs';
import type { Knex } from 'knex';
import type { AppServices } from '../app/services.js';
import { AppError } from '../core/errors.js';
import { now } from '../db/values.js';
import { clientIp } from './clientIp.js';
import { retryDeadlock } from '../db/retryDeadlock.js';
import type { Guard, RouteState } from './routeState.js';
import type { RouteRecord } from '../core/routeRecord.js';
import { TABLES } from '../generated/tables.js';
import { table } from '../db/table.js';

const TABLE = TABLES.baseSysRate;

/** Requests per client address and open route in one window; above it the route answers 429. */
export const OPEN_ROUTE_LIMIT = { hits: 120, windowS: 60 } as const;

/**
 * Counts one request for `key` in the current window and answers the count including it — atomically on every
 * instance: the row exists first (insert-or-ignore), then it is locked, read and incremented in one
 * transaction, so a burst gets exactly `max` through, not all or none. Expired windows are deleted now and then.
 */
export async function hit(knex: Knex, key: string, windowS: number): Promise<number> {
  const window = Math.floor(Date.now() / 1000 / windowS);
  const bucket = `${key.slice(0, 170)}|${window}`;
  const ts = now();
  if (Math.random() < 0.01) await knex(TABLE).where('expireTime', '<', ts).delete();
  await knex(TABLE)
    .insert({ bucket, hits: 0, expireTime: dayjs((window + 1) * windowS * 1000).format('YYYY-MM-DD HH:mm:ss'), createTime: ts, updateTime: ts })
    .onConflict('bucket')
    .ignore();
  return retryDeadlock(() =>
    knex.transaction(async (trx) => {
      const row = await table(trx, TABLE).where({ bucket }).forUpdate().first('id', 'hits');
      const hits = (row?.hits ?? 0) + 1;
      if (row) await trx(TABLE).where({ id: row.id }).update({ hits, updateTime: ts });
      return hits;
    }),
  );
}

/** Refuses a key over `limit` hits per window with 429 and the seconds until the window ends. */
export async function limit(knex: Knex, key: string, max: number, windowS: number): Promise<void> {
  const n = await hit(knex, key, windowS);
  if (n > max) {
    const seconds = Math.max(1, Math.ceil(windowS - ((Date.now() / 1000) % windowS)));
    throw new AppError('error.rateLimited', { seconds }, undefined, 429);
  }
}

/**
 * Open routes answered from memory: counting a request (a database transaction) costs far more than the
 * answer — a constant body with an ETag, never logged — so limiting them would make a flood dearer, not cheaper.
 */
const UNCOUNTED = new Set(['/admin/base/open/eps']);

/**
 * Open routes (no token: login, captcha, refresh, html, the device callback…) are limited per client address
 * and route, shared across instances: an outsider cannot make them cost the server (or its logs) without bound.
 */
export function openRouteLimit(services: AppServices): Guard {
  const counted = (route: RouteRecord | undefined) => route?.auth === 'open' && !UNCOUNTED.has(route.url);
  const guard: Guard = (ctx, next) => {
    const state = ctx.state.route as RouteState | undefined;
    if (!counted(state?.route)) return next();
    const ip = clientIp(ctx.req, services.config.trustProxy);
    return limit(services.knex, `ip:${ip}:${state!.route.url}`, OPEN_ROUTE_LIMIT.hits, OPEN_ROUTE_LIMIT.windowS).then(() => next());
  };
  guard.appliesTo = counted;
  return guard;
}
