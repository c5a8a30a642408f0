import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import type { EntityModel, ProjectPaths } from '@schema-admin/generator';
import type { AppServices } from './services.js';
import { loadGenerated } from './loadGenerated.js';
import type { RouteRecord } from '../core/routeRecord.js';
import { createRegistry } from '../crud/entityRuntime.js';
import { migrations as bundled } from '../../migrations/index.js';
import { migrateLatest } from '../db/migrate.js';

// A project's schemas served by the running app: another project's at start (tests), or an entity the authoring
// (modules/base/authoring) or the schema watcher just wrote. Generic: the kernel serves any entity's model.

const MIGRATION_FILE = /^(\d{14}_[a-z0-9_]+)\.ts$/;

/**
 * Runs the bundled migrations plus those written since this process started (their files exist on
 * disk but not in the imported index), in name order, behind Knex's migration lock.
 */
export async function applyMigrations(knex: Knex, paths: ProjectPaths): Promise<string[]> {
  const known = new Map<string, unknown>(bundled);
  const onDisk = fs.existsSync(paths.migrations) ? fs.readdirSync(paths.migrations).flatMap((n) => MIGRATION_FILE.exec(n)?.[1] ?? []) : [];
  const names = [...new Set([...known.keys(), ...onDisk])].sort();
  const source: Knex.MigrationSource<string> = {
    getMigrations: async () => names,
    getMigrationName: (n) => n,
    getMigration: async (n) => (known.get(n) ?? (await import(pathToFileURL(path.join(paths.migrations, `${n}.ts`)).href))) as Knex.Migration,
  };
  return migrateLatest(knex, undefined, source);
}

/** Makes the running app serve the entity: model, CRUD runtime, EPS/OpenAPI, and its routes. */
export function serve(services: AppServices, paths: ProjectPaths, all: EntityModel[], entity: EntityModel, replace = false, handlers: Record<string, unknown> = {}): string[] {
  const joined = new Set(entity.query.join.map((j) => j.entity));
  const runtime = createRegistry({ entities: all.filter((e) => e.id === entity.id || joined.has(e.id)) }, services.validation.ajv, services.schema.limits).get(entity.id);
  services.schema.entities.set(entity.id, entity);
  if (runtime) services.schema.registry.set(entity.id, runtime);
  services.schema.generated = loadGenerated(paths.generated);
  const mounted: string[] = [];
  for (const a of entity.actions) {
    // A named handler comes from `handlers` (the module the schema watcher loaded); without it the action is not served.
    const handler = a.handler ? handlers[a.handler] : undefined;
    if (a.handler && typeof handler !== 'function') continue;
    const bind = typeof handler === 'function' ? (handler as Exclude<RouteRecord['bind'], 'generic'>) : 'generic';
    const route: RouteRecord = { method: a.method, url: a.url, entity: entity.id, action: a.name, auth: a.auth, perm: a.perm, bind };
    if (services.schema.mountRoute?.(route, replace)) mounted.push(a.url);
  }
  return mounted;
}

/**
 * At start, a project other than this repository's (its own schemas, migrations and generated output — a test's
 * scratch copy; its migrations ran instead of the bundled ones): every entity it adds is served generically.
 */
export async function serveProject(services: AppServices, paths: ProjectPaths): Promise<string[]> {
  const model = loadGenerated(paths.generated).model;
  const added = model.entities.filter((e) => !services.schema.entities.has(e.id));
  for (const e of added) serve(services, paths, model.entities, e);
  return added.map((e) => e.id);
}
