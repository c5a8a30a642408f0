import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { JOB, JOB_TABLE } from '../dataJob/jobs.js';

/** Methods kept as labels; anything else is `OTHER` (a client can send any token as a method). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const JOB_STATES: Record<number, string> = Object.fromEntries(Object.entries(JOB).map(([k, v]) => [v, k]));
/** Error codes of a statement stopped by a time limit (MySQL/MariaDB, PostgreSQL), or of a pool that gave no connection in time. */
const TIMEOUT_CODES = new Set(['ER_QUERY_TIMEOUT', 'ER_STATEMENT_TIMEOUT', 'ER_QUERY_INTERRUPTED', '57014', 'SQLITE_BUSY']);

export interface MetricSources {
  knex: Knex;
  requestLog: { pending: number; flushFailures: number };
  authz: { epochRefreshes: number };
}

/**
 * One instance's Prometheus metrics (`GET /metrics`), in a registry of its own: tests run many apps in one
 * process, and each must count only its own traffic. Label values are bounded by construction — route
 * templates, a fixed set of methods, numeric statuses, SQL verbs, job kinds and states — never a raw path,
 * id, user name or address (metrics.test.ts floods it with distinct paths to prove it).
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'route' | 'method' | 'status'>;
  /** Requests being answered now (http_requests_in_flight, set when scraped). */
  private inFlightNow = 0;
  /**
   * Per label set, in the order first seen (the order prom-client's series had when counted at once): the labels,
   * the same object for every request (the histogram's key), and the requests not yet added to http_requests_total.
   */
  private readonly counted = new Map<string, { labels: { route: string; method: string; status: string }; n: number }>();
  private readonly queryDuration: Histogram<'operation'>;
  private readonly statementTimeouts: Counter;
  readonly taskRuns: Counter<'outcome'>;
  readonly taskLag: Histogram;
  readonly loginFailures: Counter<'reason'>;
  readonly throttleLocks: Counter;
  private readonly queries = new Map<string, { started: number; operation: string }>();

  constructor(private readonly sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    // Counted per request in plain numbers (`counted`, `inFlightNow`) and handed to prom-client when scraped: its
    // inc/dec validate and hash the labels on every call (prom-client was 1.3 % of a list request's CPU, this file
    // as much again). The scrape sees the same values.
    const counted = this.counted;
    new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests by route template, method and status',
      labelNames: ['route', 'method', 'status'],
      registers,
      collect() {
        for (const c of counted.values()) {
          if (c.n === 0) continue;
          this.inc(c.labels, c.n);
          c.n = 0;
        }
      },
    });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by route template, method and status',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    const inFlight = () => this.inFlightNow;
    new Gauge({ name: 'http_requests_in_flight', help: 'HTTP requests being answered now', registers, collect() { this.set(inFlight()); } });
    const pool = () => (sources.knex.client as { pool?: { numUsed(): number; numFree(): number; numPendingAcquires(): number } }).pool;
    new Gauge({ name: 'db_pool_connections_in_use', help: 'Database connections lent out', registers, collect() { this.set(pool()?.numUsed() ?? 0); } });
    new Gauge({ name: 'db_pool_connections_free', help: 'Idle database connections in the pool', registers, collect() { this.set(pool()?.numFree() ?? 0); } });
    new Gauge({ name: 'db_pool_pending_acquires', help: 'Queries waiting for a database connection', registers, collect() { this.set(pool()?.numPendingAcquires() ?? 0); } });
    this.queryDuration = new Histogram({
      name: 'db_query_duration_seconds',
      help: 'Database statement duration by operation (select, insert, update, delete, other)',
      labelNames: ['operation'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.statementTimeouts = new Counter({ name: 'db_statement_timeouts_total', help: 'Statements stopped by a time limit, or left waiting for a lock or connection', registers });
    new Gauge({ name: 'request_log_queue_length', help: 'Request-log rows not written yet', registers, collect() { this.set(sources.requestLog.pending); } });
    const flushFailures = new Counter({ name: 'request_log_flush_failures_total', help: 'Failed request-log batch inserts (rows kept for a retry)', registers });
    // Counted by the writer and the auth caches themselves (no metrics import there); the counters catch up at each scrape.
    const catchUp = (counter: Counter, read: () => number, seen: { n: number }) => {
      const n = read();
      if (n > seen.n) counter.inc(n - seen.n);
      seen.n = n;
    };
    const flushSeen = { n: 0 };
    const epochSeen = { n: 0 };
    const epochRefreshes = new Counter({ name: 'auth_epoch_refreshes_total', help: 'Times the shared auth epoch moved and this instance dropped its permission caches', registers });
    this.beforeScrape = () => {
      catchUp(flushFailures, () => sources.requestLog.flushFailures, flushSeen);
      catchUp(epochRefreshes, () => sources.authz.epochRefreshes, epochSeen);
    };
    this.taskRuns = new Counter({ name: 'task_runs_total', help: 'Scheduled task runs on this instance by outcome (ok, failed)', labelNames: ['outcome'], registers });
    this.taskLag = new Histogram({
      name: 'task_lag_seconds',
      help: 'How late a scheduled run started behind its due time',
      buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 300],
      registers,
    });
    this.loginFailures = new Counter({ name: 'auth_login_failures_total', help: 'Failed logins by reason (counts only, never names)', labelNames: ['reason'], registers });
    this.throttleLocks = new Counter({ name: 'auth_login_throttle_locks_total', help: 'Login attempts refused by a throttle lock', registers });
    // Zero series from the start: an alert on a rate needs the series before the first failure.
    for (const outcome of ['ok', 'failed']) this.taskRuns.inc({ outcome }, 0);
    for (const reason of ['credentials', 'captcha']) this.loginFailures.inc({ reason }, 0);
    const jobs = new Gauge({ name: 'data_jobs', help: 'Export/import jobs in the shared database by kind and state (fleet-wide)', labelNames: ['kind', 'state'], registers });
    const jobRows = new Gauge({ name: 'data_job_rows_processed', help: 'Rows processed by the jobs in the shared database by kind and state (fleet-wide)', labelNames: ['kind', 'state'], registers });
    this.collectJobs = async () => {
      const rows = (await sources.knex(JOB_TABLE).select('kind', 'status').count({ n: '*' }).sum({ rows: 'processed' }).groupBy('kind', 'status')) as { kind: string; status: number; n: unknown; rows: unknown }[];
      jobs.reset();
      jobRows.reset();
      for (const r of rows) {
        // Kinds are the code's own (export, import, …); a stray value is folded, not exported as a label.
        const kind = /^[a-z][a-zA-Z]{0,30}$/.test(r.kind) ? r.kind : 'other';
        const state = JOB_STATES[Number(r.status)] ?? 'other';
        jobs.inc({ kind, state }, Number(r.n));
        jobRows.inc({ kind, state }, Number(r.rows ?? 0));
      }
    };
    this.watchQueries();
  }

  private beforeScrape: () => void;
  private collectJobs: () => Promise<void>;

  /** The text exposition (prom-client's), after pulling the counters other parts keep. */
  async render(): Promise<{ contentType: string; body: string }> {
    this.beforeScrape();
    // A database that does not answer must not take the rest of the scrape with it.
    await this.collectJobs().catch(() => undefined);
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /** Statement durations and timeouts from Knex's query events (every statement of this instance's pool). */
  private watchQueries(): void {
    const { knex } = this.sources;
    knex.on('query', (q: { __knexQueryUid?: string; sql?: string }) => {
      if (!q.__knexQueryUid) return;
      // A statement that never answers must not pin its entry: the map stays bounded.
      if (this.queries.size > 10_000) this.queries.clear();
      this.queries.set(q.__knexQueryUid, { started: performance.now(), operation: operationOf(q.sql) });
    });
    const done = (q: { __knexQueryUid?: string } | undefined) => {
      const entry = q?.__knexQueryUid ? this.queries.get(q.__knexQueryUid) : undefined;
      if (!entry) return;
      this.queries.delete(q!.__knexQueryUid!);
      this.queryDuration.observe({ operation: entry.operation }, (performance.now() - entry.started) / 1000);
    };
    knex.on('query-response', (_res: unknown, q: { __knexQueryUid?: string }) => done(q));
    knex.on('query-error', (err: { code?: unknown; errno?: unknown; name?: string }, q: { __knexQueryUid?: string }) => {
      done(q);
      // The statement limit (db/statementLimit.ts) hands Knex its translated error already: counted here once, not
      // again when it leaves the request (the middleware counts only what never reached a query event).
      if (isTimeout(err) || (err as { key?: unknown }).key === 'error.queryTimeout') this.statementTimeouts.inc();
    });
  }

  /** Counts a failed acquire (Knex's pool timeout), which never reaches a query event. */
  countTimeout(err: unknown): void {
    if (isTimeout(err)) this.statementTimeouts.inc();
  }

  /**
   * Counts every request by the route template it matched (`ctx.state.route`, set by composeEndpoint), else by
   * a fixed class: uploads, the console's files, or `unmatched` for anything else — never by its raw path.
   */
  middleware(): Middleware {
    // Not async itself (like the probes in http/health.ts): every request passes here.
    return (ctx, next) => {
      const started = performance.now();
      this.inFlightNow++;
      const done = (status: number) => {
        this.inFlightNow--;
        const route = routeLabel(ctx.state.route as RouteUrl | undefined, ctx.path, status);
        const method = METHODS.has(ctx.method) ? ctx.method : 'OTHER';
        const code = status >= 100 && status < 600 ? status : 500;
        // A route template holds no newline (labels are bounded by construction, see above).
        const key = `${route}\n${method}\n${code}`;
        let c = this.counted.get(key);
        if (!c) this.counted.set(key, (c = { labels: { route, method, status: String(code) }, n: 0 }));
        c.n++;
        this.httpDuration.observe(c.labels, (performance.now() - started) / 1000);
      };
      return next().then(
        () => done(ctx.status),
        (err: unknown) => {
          done((err as { status?: number }).status ?? 500);
          this.countTimeout(err);
          throw err;
        },
      );
    };
  }
}

/** What the metrics read of a request's route facts (`ctx.state.route`, http/routeState.ts): its URL template. */
type RouteUrl = { route: { url: string } };

/** The route template of a request, or its fixed class when no API route matched. */
export function routeLabel(state: RouteUrl | undefined, path: string, status: number): string {
  if (state?.route.url) return state.route.url;
  if (/^(\/api)?\/upload\//.test(path)) return '/upload/:day/:name';
  if (status === 404 || status === 405) return 'unmatched';
  if (path.startsWith('/api/') || path.startsWith('/admin/') || path.startsWith('/app/')) return 'other-api';
  return 'console';
}

/** The SQL verb, lower-cased, from a fixed set. */
export function operationOf(sql: string | undefined): string {
  const m = /^\s*(?:with\b[\s\S]*?\)\s*)?(select|insert|update|delete|replace|pragma|begin|commit|rollback|savepoint|release)\b/i.exec(sql ?? '');
  if (!m) return 'other';
  const verb = m[1]!.toLowerCase();
  if (verb === 'replace') return 'insert';
  if (['begin', 'commit', 'rollback', 'savepoint', 'release'].includes(verb)) return 'transaction';
  return verb === 'pragma' ? 'other' : verb;
}

function isTimeout(err: { code?: unknown; errno?: unknown; name?: string } | unknown): boolean {
  const e = err as { code?: unknown; errno?: unknown; name?: string } | undefined;
  if (!e) return false;
  if (e.name === 'KnexTimeoutError') return true;
  return TIMEOUT_CODES.has(String(e.code ?? '')) || e.errno === 3024 || e.errno === 1969;
}
