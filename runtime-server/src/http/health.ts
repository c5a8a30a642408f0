import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import { answerJson } from './envelope.js';

export interface Lifecycle {
  /** Set on SIGTERM: readiness turns 503 so load balancers send new requests elsewhere. */
  draining: boolean;
}

/** How long readiness waits for the database before it says no. */
const READY_TIMEOUT_MS = 2000;

/**
 * Probes for load balancers, answered before anything else (no envelope, no log, no auth):
 * `GET /healthz` — the process is up (200 while it runs); `GET /readyz` — it should get traffic:
 * not shutting down, the database answers within 2 s and every migration this build knows is applied.
 */
export function health(knex: Knex, lifecycle: Lifecycle, migrations: readonly string[] | undefined): Middleware {
  const answer = (ctx: Parameters<Middleware>[0], status: number, body: Record<string, unknown>) => {
    ctx.status = status;
    ctx.set('Cache-Control', 'no-store');
    // As text (answerJson): Koa's body setter tests an object against node's fetch classes, which loads them for
    // good (docs/decisions.md, "No fetch machinery").
    answerJson(ctx, body);
  };
  // Not async itself: every request passes here, and an async function costs each one a promise and a turn.
  return (ctx, next) => {
    const method = ctx.req.method;
    if (method !== 'GET' && method !== 'HEAD') return next();
    const path = ctx.request.path;
    if (path === '/healthz') return answer(ctx, 200, { status: 'ok' });
    if (path !== '/readyz') return next();
    return ready(ctx);
  };

  async function ready(ctx: Parameters<Middleware>[0]): Promise<void> {
    if (lifecycle.draining) return answer(ctx, 503, { status: 'draining' });
    let timer: NodeJS.Timeout | undefined;
    try {
      const check = (async () => {
        if (!migrations) return (await knex.raw('select 1'), undefined);
        const rows = (await knex('knex_migrations').whereIn('name', migrations).count({ n: '*' })) as { n: unknown }[];
        const applied = Number(rows[0]?.n ?? 0);
        return applied === migrations.length ? undefined : `${migrations.length - applied} migration(s) not applied`;
      })();
      const timeout = new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve(`database did not answer within ${READY_TIMEOUT_MS} ms`), READY_TIMEOUT_MS);
      });
      const problem = await Promise.race([check, timeout]);
      if (problem) return answer(ctx, 503, { status: 'unavailable', reason: problem });
      return answer(ctx, 200, { status: 'ready' });
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      return answer(ctx, 503, { status: 'unavailable', reason: `database: ${e.code ?? e.name ?? 'error'}` });
    } finally {
      clearTimeout(timer);
    }
  }
}
