import { createSecretKey, randomBytes } from 'node:crypto';
import Koa from 'koa';
import type { Middleware } from 'koa';
import Router from '@koa/router';
import { COMPRESS_THRESHOLD, compressLarge } from '../http/compressLarge.js';
import { bodyParser } from '../http/bodyParser.js';
import { EpochCache } from '../db/epochCache.js';
import { CountCache } from '../crud/counts.js';
import { DEFAULT_COUNT_EXACT_LIMIT } from '../config.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { Authz, bumpAuthEpoch } from '../auth/authz.js';
import { NO_DICTIONARIES, NO_IDENTITY } from '../auth/identity.js';
import { applyMigrations, serveProject } from './project.js';
import type { ProjectPaths } from '@schema-admin/generator';
import { authGuard } from '../auth/guard.js';
import { ensureJwtSecret } from '../auth/secret.js';
import type { Config } from '../config.js';
import { DEFAULT_STATEMENT_TIMEOUT_MS } from '../config.js';
import { createAjv } from '../core/validator.js';
import { createRegistry } from '../crud/entityRuntime.js';
import { createDb } from '../db/createDb.js';
import { withStatementLimit } from '../db/statementLimit.js';
import { migrateLatest } from '../db/migrate.js';
import { SCHEMAS_DIR, seed, seedSources } from '../db/seed.js';
import { composeEndpoint } from '../http/composeEndpoint.js';
import { RouteTable } from '../http/routeTable.js';
import { openRouteLimit } from '../http/rateLimit.js';
import { rejectLoneSurrogates } from '../http/loneSurrogates.js';
import { envelope } from '../http/envelope.js';
import { health } from '../http/health.js';
import type { Lifecycle } from '../http/health.js';
import { migrations } from '../../migrations/index.js';
import { requestLog } from '../http/requestLog.js';
import { RequestLogWriter } from '../http/requestLogWriter.js';
import { DataJobRunner } from '../dataJob/runner.js';
import { loadGenerated } from './loadGenerated.js';
import { buildModuleServices } from './kernelModule.js';
import type { AppParts } from './module.js';
import type { AppServices } from './services.js';
import type { ModuleServices } from './moduleServices.js';
import { welcomePage } from './welcomePage.js';
import { serveUploads } from '../upload/serveUploads.js';
import { serveWeb, WEB_DIST } from '../http/serveWeb.js';
import { hooksByEntity } from '../crud/hooks.js';
import { addMessages } from '../core/i18n.js';
import { AppMetrics } from '../metrics/metrics.js';
import { serveMetrics } from '../metrics/access.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export interface CreateAppOptions {
  /**
   * Middlewares run for every route after its route info is known (`ctx.state.route`) and before
   * validation and the handler. Default: the auth guard (token, session, permission key), then the request log.
   */
  guards?: (services: AppServices) => Middleware[];
  logger?: AppServices['logger'];
  /** The built console served at `/` (default runtime-web/dist); the welcome page stands in until it is built. */
  webDir?: string;
  /** Another project's schemas/migrations/generated output (tests): its added entities are served generically. */
  project?: ProjectPaths;
}

export interface AppInstance {
  app: Koa;
  services: AppServices;
  /** Node request listener, for `http.createServer` or supertest. */
  callback(): ReturnType<Koa['callback']>;
  /** Readiness (`/readyz`) answers 503 from now on: the first step of a graceful shutdown. */
  drain(): void;
  /** Stops the scheduler (running tasks get their grace), writes the queued request log, releases the database pool. */
  close(): Promise<void>;
}

/** What modules provide to the kernel (app/module.ts): one module each, or the kernel's stand-in. */
function kernelPorts(parts: AppParts): AppServices['auth']['ports'] {
  const one = <K extends 'identity' | 'dictionaries'>(key: K) => {
    const by = parts.modules.filter((m) => m[key]);
    if (by.length > 1) throw new Error(`modules ${by.map((m) => m.name).join(', ')} all provide "${key}": one may`);
    return by[0]?.[key];
  };
  return { identity: one('identity') ?? NO_IDENTITY, dictionaries: one('dictionaries') ?? NO_DICTIONARIES };
}

/**
 * Builds one server instance: database (migrated and seeded), services and the Koa app, from the
 * routes and modules it is handed (this repository's: `parts.ts`) — the kernel imports no module.
 * No module-level state, so tests run many instances in one process and several
 * instances can share one database.
 */
export async function createApp(config: Config, parts: AppParts, options: CreateAppOptions = {}): Promise<AppInstance> {
  const logger = options.logger ?? console;
  const { routes, modules } = parts;
  // The modules' messages join the kernel's before anything can be answered.
  for (const m of modules) if (m.messages) addMessages(m.name, m.messages);
  const authSources = new Set(modules.flatMap((m) => m.authSources ?? []));
  const { knex } = createDb(config, logger);
  // Read caches by name, and by each entity whose writes make them stale.
  const namedCaches = new Map(modules.flatMap((m) => Object.keys(m.readCaches ?? {})).map((name) => [name, new EpochCache(knex, `epoch:${name}`)]));
  const readCaches = new Map<string, EpochCache[]>();
  for (const m of modules) {
    for (const [name, sources] of Object.entries(m.readCaches ?? {})) {
      for (const id of sources) readCaches.set(id, [...(readCaches.get(id) ?? []), namedCaches.get(name)!]);
    }
  }
  try {
    const generated = loadGenerated();
    const ajv = createAjv();
    const queryAjv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true, coerceTypes: true, multipleOfPrecision: 9 });
    addFormats(queryAjv);
    const limits = { pageSize: config.limits.pageSize, listRows: config.limits.listRows, batchRows: config.limits.batchRows };
    const registry = createRegistry(generated.model, ajv, limits);
    const ports = kernelPorts(parts);
    const authz = new Authz(knex, ports.identity);
    const services: AppServices = {
      config,
      knex,
      logger,
      schema: {
        generated,
        entities: new Map(generated.model.entities.map((e) => [e.id, e])),
        registry,
        limits,
        visibility: new Map(modules.flatMap((m) => Object.entries(m.visibility ?? {}))),
        hooks: hooksByEntity(modules),
        project: options.project,
      },
      validation: { ajv, queryAjv },
      // The secret is replaced by the stored one right after migrations; nothing can sign before that.
      auth: { secret: createSecretKey(randomBytes(32)), authz, ports },
      telemetry: { requestLog: new RequestLogWriter(knex, logger) },
      dataJobs: new DataJobRunner(),
      caches: {
        counts: new CountCache(knex, config.counts ?? { exactLimit: DEFAULT_COUNT_EXACT_LIMIT }),
        changed: async (entityId) => {
          if (authSources.has(entityId)) await bumpAuthEpoch(knex);
          await services.caches.counts.bump(entityId);
          for (const cache of readCaches.get(entityId) ?? []) await cache.bump();
          await services.schema.hooks.get(entityId)?.afterCommit?.(services);
        },
        readCache: (name) => {
          const cache = namedCaches.get(name);
          if (!cache) throw new Error(`no module declares the read cache "${name}"`);
          return cache;
        },
      },
      // Built below, once the kernel's services exist (app/kernelModule.ts).
      modules: {} as ModuleServices,
    };
    services.telemetry.metrics = new AppMetrics({ knex, requestLog: services.telemetry.requestLog, authz });
    buildModuleServices(modules, services);

    if (config.captchaFixedCode) {
      logger.warn(`\n  *** CAPTCHA_FIXED_CODE is set: every captcha answer is "${config.captchaFixedCode}". Test use only. ***\n`);
    }
    // A project of its own (tests) holds the bundled migrations and its own.
    await (options.project ? applyMigrations(knex, options.project) : migrateLatest(knex));
    // The kernel's seeds, then each module's in module order (docs/kernel-and-modules.md, "Seeds"); a project's
    // own entities are served only below, so its seeds read them from its generated model.
    const seedRegistry = options.project ? createRegistry(loadGenerated(options.project.generated).model, ajv, limits) : registry;
    await seed(knex, seedRegistry, ports.identity, seedSources(options.project?.schemas ?? SCHEMAS_DIR, modules.map((m) => m.name)));
    services.auth.secret = await ensureJwtSecret(knex);
    await ports.identity.bootstrap(knex, config, logger);

    const app = new Koa({ proxy: false });
    const lifecycle: Lifecycle = { draining: false };
    app.on('error', (err: Error, ctx?: Koa.Context) => {
      // A browser that navigates away mid-response is not a fault of ours (koa-compress reports it).
      if (isClientAbort(err) && !ctx?.state?.databaseUnavailable) return;
      logger.error(`[${ctx?.state?.requestId ?? '-'}] ${ctx?.method ?? ''} ${ctx?.path ?? ''}`, err);
    });
    const router = new Router();
    const parseBody = bodyParser(config.limits.jsonBody);
    // Exact API routes run the body parser and its check in front of their chain (http/routeTable.ts).
    const table = new RouteTable([parseBody, rejectLoneSurrogates()]);
    const guards = options.guards ? options.guards(services) : [openRouteLimit(services), authGuard(services), requestLog(services)];
    for (const route of routes) composeEndpoint(router, table, route, services, guards);
    // Entities created by the coding endpoints join the running router (no restart in development).
    services.schema.mountRoute = (route, replace = false) => {
      const method = route.method.toUpperCase();
      const same = (l: (typeof router.stack)[number]) => l.path === route.url && l.methods.includes(method);
      if (router.stack.some(same)) {
        if (!replace) return false;
        services.schema.unmountRoute!(route.method, route.url);
      }
      composeEndpoint(router, table, route, services, guards);
      return true;
    };
    services.schema.unmountRoute = (method, url) => {
      const m = method.toUpperCase();
      table.remove(m, url);
      router.stack.splice(0, router.stack.length, ...router.stack.filter((l) => !(l.path === url && l.methods.includes(m))));
    };

    if (options.project) await serveProject(services, options.project);

    // Load-balancer probes first: cheap, never logged, never compressed.
    app.use(health(knex, lifecycle, options.project ? undefined : migrations.map(([name]) => name)));
    // Scrapes, like probes, skip the envelope and the request log; closed (404) unless METRICS_TOKEN/METRICS_ALLOW.
    const metrics = services.telemetry.metrics;
    app.use(serveMetrics(config.metrics ?? {}, () => metrics.render()));
    app.use(metrics.middleware());
    // EPS and OpenAPI run to hundreds of KB; gzip/brotli cut them ~10x for the console's start-up.
    app.use(compressLarge(COMPRESS_THRESHOLD));
    app.use(envelope());
    // Every statement the request runs is bounded (DB_STATEMENT_TIMEOUT_MS; db/statementLimit.ts): past the limit
    // it answers 1001 error.queryTimeout and its connection serves the next request. A signed-in user's requests
    // hold at most his share of the pool (the actor is known once the auth guard has run).
    const statementMs = config.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    app.use((ctx, next) => {
      // Only while the request runs: work it leaves behind in its scope (the request log's batch flush, a background
      // count, a timer armed by a hook) runs after it, whatever became of its client. Not `req.destroyed`: a
      // request stream is destroyed once its body is read.
      let done = false;
      return withStatementLimit(
        statementMs,
        () => next().finally(() => (done = true)),
        () => (ctx.state.actor as { userId?: number } | undefined)?.userId,
        () => !done && ctx.req.socket.destroyed,
      );
    });
    // An exact API route goes straight to its chain (http/routeTable.ts); the rest takes the long way below.
    app.use(table.fastRoutes());
    // Before the console: a browser opening a module-served file (plugin: a plugin's files) asks for HTML too.
    for (const m of modules) if (m.middleware) app.use(m.middleware(services));
    app.use(serveWeb(options.webDir ?? WEB_DIST, welcomePage, config.frameOrigins));
    // The built console and existing clients call `/api/...`; the API answers there too.
    app.use(async (ctx, next) => {
      if (ctx.path === '/api' || ctx.path.startsWith('/api/')) ctx.path = ctx.path.slice(4) || '/';
      await next();
    });
    app.use(serveUploads(config));
    app.use(parseBody);
    app.use(rejectLoneSurrogates());
    // Exact method + path from a Map; the router answers every other spelling of the same routes.
    app.use(table.routes());
    app.use(router.routes());
    app.use(router.allowedMethods());

    // What the modules run (task: the scheduler, which also runs the system's retention tasks).
    for (const m of modules) await m.onBoot?.(services);
    return {
      app,
      services,
      callback: () => app.callback(),
      drain: () => {
        lifecycle.draining = true;
      },
      close: async () => {
        lifecycle.draining = true;
        for (const m of [...modules].reverse()) await m.onClose?.(services);
        await services.dataJobs.drain();
        await services.telemetry.requestLog.close();
        await knex.destroy();
      },
    };
  } catch (err) {
    await knex.destroy();
    throw err;
  }
}

// HPE_INVALID_EOF_STATE: the connection closed while Node's parser still expected body bytes (an upload cancelled).
const CLIENT_ABORTS = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED', 'HPE_INVALID_EOF_STATE']);

function isClientAbort(err: Error): boolean {
  return CLIENT_ABORTS.has((err as NodeJS.ErrnoException).code ?? '');
}
