import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { generate, GenerateError, SchemaErrors } from '@schema-admin/generator';
import type { EntityModel, ProjectPaths } from '@schema-admin/generator';
import type { AppServices } from '../../../app/services.js';
import { loadGenerated } from '../../../app/loadGenerated.js';
import { applyMigrations, serve } from '../../../app/project.js';
import { ensureEntityMenus } from './entityMenus.js';
import { FileBackup } from './projectFiles.js';
import { withProjectLock } from './projectLock.js';

/** What handlers see of the schema watcher: its last state and a way to follow it. */
export interface SchemaWatchLike {
  state: DevSchemaState;
  /** `onClose` runs when the watcher stops (shutdown), so streams that follow it end. */
  subscribe(listener: (state: DevSchemaState) => void, onClose?: () => void): () => void;
}

/** The last sync of schemas/ with the running server: served (ok) or refused with the generator's message. */
export interface DevSchemaState {
  /** Grows with every sync that changed what is served, so the console knows to reload EPS and menus. */
  version: number;
  ok: boolean;
  /** The generator's (or migration's) message when refused; the last good state keeps serving. */
  error?: string;
  /** Entities served anew by the last good sync. */
  changed: string[];
  /** Milliseconds from the file event to serving (or refusing). */
  ms: number;
}

/** Saves come in bursts (an editor writes, renames, touches): one sync per burst. */
const SETTLE_MS = 120;

/**
 * `npm run dev` (SCHEMA_WATCH=1, never in production — config.ts refuses it): every save under `schemas/` runs
 * what `npm run generate` runs, applies the new migration to the development database, serves new and changed
 * entities (routes, EPS, menus) and tells the console (`comm/devEvents`). A refused change — a schema error, a
 * destructive or unsafe change — leaves every file and the served state as they were and is reported with
 * `npm run generate`'s own message, in the terminal and in the console's banner.
 */
export class SchemaWatch implements SchemaWatchLike {
  state: DevSchemaState = { version: 0, ok: true, changed: [], ms: 0 };
  private readonly listeners = new Set<(state: DevSchemaState) => void>();
  private readonly closers = new Set<() => void>();
  private watcher: fs.FSWatcher | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private again = false;
  private busy = false;

  constructor(
    private readonly services: AppServices,
    private readonly paths: ProjectPaths,
  ) {}

  /** One sync at start (schemas saved while the server was down), then a sync per burst of saves. */
  async start(): Promise<void> {
    await this.sync(performance.now());
    this.watcher = fs.watch(this.paths.schemas, { recursive: true }, (_event, name) => {
      const file = String(name ?? '');
      // The generator writes the snapshot itself; editors' swap and backup files are not schemas.
      if (!file.endsWith('.json') || path.basename(file) === '.snapshot.json' || file.split(path.sep).includes('meta')) return;
      this.schedule(performance.now());
    });
    this.services.logger.info(`[dev] watching ${path.relative(process.cwd(), this.paths.schemas) || 'schemas'}/: saves are generated, migrated and served`);
  }

  subscribe(listener: (state: DevSchemaState) => void, onClose?: () => void): () => void {
    this.listeners.add(listener);
    if (onClose) this.closers.add(onClose);
    return () => {
      this.listeners.delete(listener);
      if (onClose) this.closers.delete(onClose);
    };
  }

  /** Stops watching and ends every open event stream (a graceful shutdown does not wait for them). */
  close(): void {
    this.watcher?.close();
    clearTimeout(this.timer);
    for (const c of [...this.closers]) c();
  }

  /** Resolves once every sync asked for so far has run (tests, shutdown). */
  idle(): Promise<void> {
    return this.running;
  }

  private schedule(t0: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.busy) {
        this.again = true;
        return;
      }
      // An unexpected failure (not a refusal) is reported like one: the dev server keeps running.
      this.running = this.sync(t0).catch((err: unknown) => this.refuse(t0, err instanceof Error ? (err.stack ?? err.message) : String(err)));
    }, SETTLE_MS);
  }

  private async sync(t0: number): Promise<void> {
    this.busy = true;
    try {
      do {
        this.again = false;
        await withProjectLock(this.services, () => this.syncOnce(t0));
      } while (this.again);
    } finally {
      this.busy = false;
    }
  }

  private async syncOnce(t0: number): Promise<void> {
    const { services, paths } = this;
    const log = services.logger;
    const backup = FileBackup.of(paths, []);
    let all: EntityModel[];
    let migration: string | undefined;
    try {
      const result = await generate(paths);
      all = result.model.entities;
      migration = result.migration;
      for (const w of result.warnings) log.warn(`warning: ${w}`);
    } catch (err) {
      if (!(err instanceof SchemaErrors || err instanceof GenerateError)) throw err;
      return this.refuse(t0, err.message);
    }
    try {
      await applyMigrations(services.knex, paths);
    } catch (err) {
      // The migration the save produced failed on this database: put the project back, keep serving.
      backup.restore();
      return this.refuse(t0, `${migration ?? 'a migration'} failed on the development database: ${(err as Error).message}`);
    }
    const changed = all.filter((e) => {
      const before = services.schema.entities.get(e.id);
      return !before || JSON.stringify(before) !== JSON.stringify(e);
    });
    for (const e of changed) {
      const before = services.schema.entities.get(e.id);
      // Actions the saved schema no longer declares stop answering (404), as after a restart.
      for (const a of before?.actions ?? []) {
        if (!e.actions.some((n) => n.method === a.method && n.url === a.url)) services.schema.unmountRoute?.(a.method, a.url);
      }
      serve(services, paths, all, e, before !== undefined, await this.handlersOf(e));
    }
    services.schema.generated = loadGenerated(paths.generated);
    if (changed.length) await ensureEntityMenus(services);
    const ms = Math.round(performance.now() - t0);
    const wasError = !this.state.ok;
    if (!changed.length && !wasError) return;
    this.publish({ version: this.state.version + 1, ok: true, changed: changed.map((e) => e.id), ms });
    if (migration) log.info(`[dev] applied ${migration}`);
    log.info(`[dev] schemas served${changed.length ? `: ${changed.map((e) => e.id).join(', ')}` : ''} (${ms} ms)`);
  }

  /**
   * The named handlers of an entity's module (runtime-server/src/modules/<module>/<file>.ts), loaded when the entity
   * declares any. A module already loaded keeps its first version (Node caches modules): a changed handler needs a
   * restart, which the terminal says.
   */
  private async handlersOf(entity: EntityModel): Promise<Record<string, unknown>> {
    if (!entity.actions.some((a) => a.handler)) return {};
    const file = path.join(this.paths.handlers, `${entity.handlerModule}.ts`);
    try {
      return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    } catch (err) {
      this.services.logger.error(`[dev] ${path.relative(this.paths.root, file)} could not be loaded; its actions are not served until a restart`, err);
      return {};
    }
  }

  private refuse(t0: number, message: string): void {
    const ms = Math.round(performance.now() - t0);
    this.services.logger.error(`[dev] schemas not applied — the last good state keeps serving:\n${message}`);
    this.publish({ version: this.state.version, ok: false, error: message, changed: [], ms });
  }

  private publish(state: DevSchemaState): void {
    this.state = state;
    for (const l of this.listeners) l(state);
  }
}
