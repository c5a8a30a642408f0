import type { Locale } from '@schema-admin/generator';
import type { Middleware } from 'koa';
import type { App } from '../core/app.js';
import type { RouteRecord } from '../core/routeRecord.js';
import type { VisibilityRule } from '../crud/context.js';
import type { EntityHooks } from '../crud/hooks.js';
import type { TaskRegistrar } from '../core/taskHandler.js';
import type { EntityRows } from '../generated/rows.js';
import type { DictionarySource, IdentityProvider } from '../auth/identity.js';
import type { ModuleServices } from './moduleServices.js';

/**
 * A module's hooks by entity id, typed by the entity's generated row (generated/rows.ts `EntityRows`): one hook
 * set or several; every module's hooks for an entity run, in module order (crud/hooks.ts composeHooks).
 */
export type ModuleHooks = { [K in keyof EntityRows]?: EntityHooks<EntityRows[K]> | EntityHooks<EntityRows[K]>[] } & Record<string, EntityHooks | EntityHooks[]>;

/**
 * What a module adds to the kernel, declared once in its folder's `module.ts`
 * (docs/kernel-and-modules.md). The kernel imports no module: the start script hands it the list.
 */
export interface ModuleDefinition {
  /** The folder name under `modules/` (and the first segment of its entity ids). */
  name: string;
  /** Registers the handlers its tasks name (`bean.method`), including its retention jobs. */
  taskHandlers?: (registry: TaskRegistrar) => void;
  /** Row visibility rules by entity id, applied to every generic read of that entity. */
  visibility?: Record<string, VisibilityRule>;
  /**
   * Hooks by entity id, run by every generic read and write of that entity — routes, bulk edit, import, export,
   * relations, restore, seeds (crud/hooks.ts); added to, never replacing, other modules' hooks for it.
   */
  hooks?: ModuleHooks;
  /** Entities whose rows decide permissions, menus or data scope: a write to one bumps the shared auth epoch. */
  authSources?: readonly string[];
  /**
   * Named caches of values read from these entities (`services.caches.readCache(name)`, db/epochCache.ts): a write to
   * one of them through the app bumps the cache's shared epoch, so every instance reads them again.
   */
  readCaches?: Record<string, readonly string[]>;
  /**
   * The module's server messages in the three locales (`modules/<name>/messages.ts`, `defineMessages`), merged
   * into the catalog at boot; the kernel's locales hold only the kernel's keys.
   */
  messages?: Record<Locale, Record<string, string>>;
  /**
   * Once the app is built (migrations, seeds, routes), before it serves: start what the module runs (task: the
   * scheduler). In module order.
   */
  onBoot?: (services: App) => Promise<void> | void;
  /** On close, before the kernel drains its jobs and closes the database: stop what `onBoot` started. In reverse order. */
  onClose?: (services: App) => Promise<void> | void;
  /**
   * Users, roles, menus and departments for the kernel's authentication, permissions, data scope, history and menu
   * seeds (auth/identity.ts); at most one module provides it (base).
   */
  identity?: IdentityProvider;
  /** Dictionary items by type key, the labels of `x-dict` values in exports and imports; at most one module (dict). */
  dictionaries?: DictionarySource;
  /**
   * The module's services (its members of `ModuleServices`, declared by merging beside the manifest), built once the
   * kernel's services exist and reached as `services.modules.<name>`; `manifests` are every module's, for a service
   * that gathers what they declare (task: their `taskHandlers`). A name another module provides stops the start.
   */
  services?: (services: App, manifests: readonly ModuleDefinition[]) => Partial<ModuleServices>;
  /** Koa middleware in front of the console and the routes (plugin: the files of installed plugins). In module order. */
  middleware?: (services: App) => Middleware;
}

export function defineModule(def: ModuleDefinition): ModuleDefinition {
  return def;
}

/** What a server is made of besides its configuration: the routes (generated from the schemas) and the modules. */
export interface AppParts {
  routes: readonly RouteRecord[];
  modules: readonly ModuleDefinition[];
}
