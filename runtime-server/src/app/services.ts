import type { AppMetrics } from '../metrics/metrics.js';
import type { KeyObject } from 'node:crypto';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { Knex } from 'knex';
import type { EntityModel, Model, ProjectPaths } from '@schema-admin/generator';
import type { Config } from '../config.js';
import type { Registry } from '../crud/entityRuntime.js';
import type { Limits } from '../crud/limits.js';
import type { VisibilityRule } from '../crud/context.js';
import type { Authz } from '../auth/authz.js';
import type { DictionarySource, IdentityProvider } from '../auth/identity.js';
import type { EpochCache } from '../db/epochCache.js';
import type { CountCache } from '../crud/counts.js';
import type { EntityHooks } from '../crud/hooks.js';
import type { RouteRecord } from '../core/routeRecord.js';
import type { RequestLogWriter } from '../http/requestLogWriter.js';
import type { DataJobRunner } from '../dataJob/runner.js';
import type { ModuleServices } from './moduleServices.js';

/**
 * A response body that never changes during an instance's life (the generated EPS and OpenAPI: a new generation is
 * a new build and a new start), serialized and encoded once.
 */
export interface StaticBody {
  /** The full success envelope as compact JSON, UTF-8. */
  bytes: Buffer;
  /** Strong validator for conditional GETs (of the JSON, whatever the encoding). */
  etag: string;
  /** The bytes compressed, per encoding, made at first demand (http/sendStatic.ts). */
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
}

/** Generated artifacts served as data. */
export interface Generated {
  model: Model;
  eps: Record<string, unknown[]>;
  epsBody: StaticBody;
  /**
   * The OpenAPI document's answer, read and serialised at its first request: parsed, the document is about
   * 2 MB of heap that only a developer's tool asks for.
   */
  openapiBody(): StaticBody;
}

/** Per-app services, reachable from every handler (no module-level state anywhere). */
// What the lower layers name `App` (core/app.ts) is this interface.
declare module '../core/app.js' {
  interface App extends AppServices {}
}

/**
 * Ten kernel members, the rest grouped by what they serve (docs/kernel-and-modules.md, "Still to do"): the schema
 * and its routes, body and query validation, authentication and authorization, telemetry, caches.
 */
export interface AppServices {
  config: Config;
  knex: Knex;
  logger: Pick<Console, 'info' | 'warn' | 'error'>;
  /** The served schema: its generated model, entities, runtime registry and what modules add to them. */
  schema: SchemaServices;
  validation: {
    /** Validates JSON bodies strictly (no type coercion). */
    ajv: Ajv2020;
    /** Validates query strings (their values arrive as text, so numbers are coerced). */
    queryAjv: Ajv2020;
  };
  auth: {
    secret: KeyObject;
    /** Per-instance permission and data-scope caches, invalidated through the shared epoch. */
    authz: Authz;
    /** What modules provide to the kernel: users, permissions and menus; dictionary items (auth/identity.ts). */
    ports: { identity: IdentityProvider; dictionaries: DictionarySource };
  };
  telemetry: {
    /** This instance's Prometheus metrics (GET /metrics); absent in services built without an app. */
    metrics?: AppMetrics;
    /** Batched writer of the request log (flushed on close). */
    requestLog: RequestLogWriter;
  };
  /** Export/import jobs running on this instance (their state is in base_sys_data_job). */
  dataJobs: DataJobRunner;
  caches: {
    /** Totals of large pages, shared through each entity's count epoch (crud/counts.ts). */
    counts: CountCache;
    /** A module's named read cache (ModuleDefinition.readCaches); throws for a name no module declared. */
    readCache(name: string): EpochCache;
    /** Called after a write to an entity (bumps the auth epoch for permission sources, the read caches over it and its count epoch). */
    changed(entityId: string): Promise<void>;
  };
  /** What the modules build (`ModuleDefinition.services`), by name: `services.modules.scheduler`. */
  modules: ModuleServices;
}

/** `AppServices.schema`. */
export interface SchemaServices {
  generated: Generated;
  entities: Map<string, EntityModel>;
  registry: Registry;
  limits: Limits;
  /** Entities' hooks (module manifests), handed to every CrudContext of that entity. */
  hooks: Map<string, EntityHooks>;
  /** Entities' own visibility rules (beyond tenant and data scope), applied to every read of them. */
  visibility: Map<string, VisibilityRule>;
  /**
   * Mounts a route in the running router (entities created at run time); false when it already exists, unless
   * `replace` (the schema watcher: a changed entity's routes take its new model) puts the new one in its place.
   */
  mountRoute?: (route: RouteRecord, replace?: boolean) => boolean;
  /** Takes a route out of the running router (the schema watcher: an action a saved schema no longer declares). */
  unmountRoute?: (method: string, url: string) => void;
  /** The project served when it is not this repository's (tests: `CreateAppOptions.project`). */
  project?: ProjectPaths;
}
