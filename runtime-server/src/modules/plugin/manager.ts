import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import type { Config } from '../../config.js';
import { AppError } from '../../core/errors.js';
import { bumpConfEpoch, readConfEpoch } from '../../db/confEpoch.js';
import type { TaskRegistrar } from '../../core/taskHandler.js';
import type { Activate, PluginContext, PluginInstance, UploadHook } from './api.js';
import { KEY_NAME, PluginValidators } from './manifest.js';
import { DEFAULT_PACKAGE_LIMITS } from './packageReader.js';
import type { PackageLimits } from './packageReader.js';
import { table } from '../../db/table.js';
import type { PluginInfoRow } from '../../generated/rows.js';
import { TABLES } from '../../generated/tables.js';

export const PLUGIN_TABLE = TABLES.pluginInfo;
const EPOCH_KEY = 'pluginEpoch';

/** URL prefixes a plugin's served files may not take (the API, the console and built-in uploads). */
const RESERVED_PREFIXES = ['/api', '/admin', '/app', '/upload', '/assets', '/public'];
const FILES_PREFIX = /^\/[a-z][a-z0-9-]{1,30}$/;

/** Tells every instance that the set of enabled plugins or their config changed (they notice within `maxAgeMs`). */
export function bumpPluginEpoch(knex: Knex | Knex.Transaction): Promise<void> {
  return bumpConfEpoch(knex, EPOCH_KEY);
}

/** A JSON column as the driver hands it back: text on SQLite, already parsed on MariaDB. */
export function jsonColumn<T>(v: unknown): T | null {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'string') return v as T;
  try {
    return JSON.parse(v) as T;
  } catch {
    return null;
  }
}

const LOADED_COLUMNS = ['id', 'keyName', 'version', 'hook', 'content', 'config', 'updateTime'] as const;
/** The enabled row fields loading needs. */
export type LoadablePlugin = Pick<PluginInfoRow, (typeof LOADED_COLUMNS)[number]>;

interface Loaded {
  keyName: string;
  version: string;
  hook: string | null;
  /** Code hash + config: a change of either reloads the plugin. */
  signature: string;
  instance: PluginInstance;
}

/** The active upload hook of this instance. */
export interface ActiveUpload {
  keyName: string;
  hook: UploadHook;
}

interface Host {
  knex: Knex;
  config: Pick<Config, 'dataDir'>;
  logger: Pick<Console, 'info' | 'warn' | 'error'>;
  taskHandlers: TaskRegistrar & { unregisterOwner(owner: string): void };
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The entry module's source from the `content` column (`{ type: 'esm', data }`). */
function sourceOf(content: unknown): string {
  const c = jsonColumn<{ type?: string; data?: unknown }>(content);
  if (!c || c.type !== 'esm' || typeof c.data !== 'string' || !c.data) throw new AppError('plugin.noCode');
  return c.data;
}

/**
 * Loads the enabled plugins of this instance and keeps them in step with the database: a shared epoch
 * (base_sys_conf `pluginEpoch`) is read at most once per `maxAgeMs` (on demand and by a timer), and a
 * changed epoch compares the enabled rows with what is loaded — unloading what was disabled, removed,
 * recoded or reconfigured, loading what is new. Each entry module is written to
 * `DATA_DIR/plugins/<keyName>/<code-hash>/index.mjs` and imported from there, so every instance runs
 * the code stored in the database whatever its own disk holds.
 */
export class PluginManager {
  readonly validators = new PluginValidators();
  /** Package bounds of this instance (tests lower them). */
  readonly limits: PackageLimits = { ...DEFAULT_PACKAGE_LIMITS };
  private readonly loaded = new Map<string, Loaded>();
  private epoch: string | undefined;
  private checkedAt = 0;
  /** When an enabled plugin failed to load here, the next sync retries it from this time on, epoch unchanged. */
  private retryAt: number | undefined;
  /** Wait before retrying a plugin that failed to load (its cause may be passing: a mount, a network store). */
  retryMs = 30_000;
  private queue: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly host: Host,
    readonly maxAgeMs = 1000,
  ) {}

  /** Loads the enabled plugins and starts following changes. A plugin that fails to load is logged, not fatal. */
  async start(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => {
      this.fresh().catch((err: unknown) => this.host.logger.error('[plugins] sync failed', err));
    }, this.maxAgeMs);
    this.timer.unref();
  }

  /** Stops following changes and unloads every plugin (their task handlers go, `stop()` runs). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.enqueue(async () => {
      for (const key of [...this.loaded.keys()]) await this.unload(key);
    });
  }

  /** Brings this instance in step if the epoch was not read within `maxAgeMs`. */
  fresh(): Promise<void> {
    if (Date.now() - this.checkedAt < this.maxAgeMs) return this.queue;
    return this.enqueue(() => this.sync(false));
  }

  /** Re-reads the enabled plugins now (after a change made by this instance). */
  refresh(): Promise<void> {
    return this.enqueue(() => this.sync(true));
  }

  /** The enabled upload hook on this instance, if any. */
  upload(): ActiveUpload | undefined {
    for (const l of this.loaded.values()) if (l.hook === 'upload' && l.instance.upload) return { keyName: l.keyName, hook: l.instance.upload };
    return undefined;
  }

  /** keyNames loaded on this instance. */
  loadedKeys(): string[] {
    return [...this.loaded.keys()].sort();
  }

  /**
   * Loads one plugin row now (the pre-flight of an enable or reconfigure: a plugin whose code fails
   * to start is refused before its status or config changes). Serialised with syncs.
   */
  activateNow(row: LoadablePlugin): Promise<void> {
    return this.enqueue(async () => {
      const signature = this.signatureOf(row);
      if (this.loaded.get(row.keyName)?.signature === signature) return;
      await this.unload(row.keyName);
      await this.load(row, signature);
    });
  }

  private enqueue(job: () => Promise<void>): Promise<void> {
    const next = this.queue.then(job, job);
    // A failed job must not poison the queue for the next one.
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async sync(force: boolean): Promise<void> {
    if (this.closed) return;
    if (!force && Date.now() - this.checkedAt < this.maxAgeMs) return;
    this.checkedAt = Date.now();
    const epoch = await readConfEpoch(this.host.knex, EPOCH_KEY);
    const retryDue = this.retryAt !== undefined && Date.now() >= this.retryAt;
    if (!force && epoch === this.epoch && !retryDue) return;
    this.epoch = epoch;
    this.retryAt = undefined;
    const rows = await table(this.host.knex, PLUGIN_TABLE)
      .where({ status: 1 })
      .orderBy([{ column: 'updateTime', order: 'desc' }, { column: 'id', order: 'desc' }])
      .select(...LOADED_COLUMNS);
    const wanted = new Map<string, LoadablePlugin>();
    const hooks = new Set<string>();
    for (const r of rows) {
      // Writes keep one enabled plugin per hook; should the table say otherwise, the newest wins.
      if (wanted.has(r.keyName) || (r.hook && hooks.has(r.hook))) {
        this.host.logger.warn(`[plugins] ${r.keyName}: another enabled plugin already holds "${r.hook ?? r.keyName}", not loaded`);
        continue;
      }
      wanted.set(r.keyName, r);
      if (r.hook) hooks.add(r.hook);
    }
    for (const [key, l] of [...this.loaded]) {
      const row = wanted.get(key);
      if (!row || this.signatureOf(row) !== l.signature) await this.unload(key);
    }
    for (const [key, row] of wanted) {
      if (this.loaded.has(key)) continue;
      try {
        await this.load(row, this.signatureOf(row));
      } catch (err) {
        this.host.logger.error(`[plugins] ${key} failed to load; retrying in ${Math.round(this.retryMs / 1000)} s`, err);
        this.retryAt = Date.now() + this.retryMs;
      }
    }
  }

  private signatureOf(row: LoadablePlugin): string {
    let code: string;
    try {
      code = sourceOf(row.content);
    } catch {
      code = '';
    }
    return `${sha256(code)}:${sha256(JSON.stringify(jsonColumn(row.config) ?? {}))}`;
  }

  private async load(row: LoadablePlugin, signature: string): Promise<void> {
    const { keyName } = row;
    if (!KEY_NAME.test(keyName)) throw new AppError('plugin.badKeyName', { keyName });
    const source = sourceOf(row.content);
    const root = path.resolve(this.host.config.dataDir, 'plugins', keyName);
    const codeDir = path.join(root, sha256(source).slice(0, 16));
    const file = path.join(codeDir, 'index.mjs');
    const current = await fs.readFile(file, 'utf8').catch(() => undefined);
    if (current !== source) {
      await fs.mkdir(codeDir, { recursive: true });
      // Write then rename: instances sharing DATA_DIR never import a half-written file.
      const tmp = path.join(codeDir, `.${randomUUID()}.tmp`);
      await fs.writeFile(tmp, source);
      await fs.rename(tmp, file);
    }
    const mod = (await import(pathToFileURL(file).href)) as { activate?: unknown; default?: unknown };
    const activate = (typeof mod.activate === 'function' ? mod.activate : mod.default) as Activate | undefined;
    if (typeof activate !== 'function') throw new AppError('plugin.noActivate');
    const config = Object.freeze({ ...(jsonColumn<Record<string, unknown>>(row.config) ?? {}) });
    const prefix = `[plugin ${keyName}]`;
    const logger = this.host.logger;
    const ctx: PluginContext = {
      keyName,
      version: row.version ?? '',
      config,
      logger: {
        info: (...a: unknown[]) => logger.info(prefix, ...a),
        warn: (...a: unknown[]) => logger.warn(prefix, ...a),
        error: (...a: unknown[]) => logger.error(prefix, ...a),
      },
      paths: { code: codeDir, data: path.join(root, 'data') },
      tasks: {
        register: (service, handler) => this.host.taskHandlers.register(service, ({ task }) => handler({ task: { ...task } }), keyName),
      },
    };
    let instance: PluginInstance;
    try {
      instance = (await activate(ctx)) ?? {};
      if (row.hook === 'upload') checkUploadHook(instance.upload);
    } catch (err) {
      this.host.taskHandlers.unregisterOwner(keyName);
      throw err;
    }
    this.loaded.set(keyName, { keyName, version: row.version ?? '', hook: row.hook || null, signature, instance });
    this.host.logger.info(`[plugins] ${keyName} ${row.version ?? ''} loaded`);
  }

  private async unload(keyName: string): Promise<void> {
    const l = this.loaded.get(keyName);
    this.host.taskHandlers.unregisterOwner(keyName);
    if (!l) return;
    this.loaded.delete(keyName);
    try {
      await l.instance.stop?.();
    } catch (err) {
      this.host.logger.error(`[plugins] ${keyName} failed to stop`, err);
    }
  }
}

/** An upload plugin must give a save function, and any files it wants served must sit under a safe prefix. */
function checkUploadHook(hook: UploadHook | undefined): void {
  if (!hook || typeof hook.save !== 'function') throw new AppError('plugin.noUploadHook');
  if (hook.files) {
    const { urlPrefix, root } = hook.files;
    if (typeof urlPrefix !== 'string' || !FILES_PREFIX.test(urlPrefix) || RESERVED_PREFIXES.includes(urlPrefix)) {
      throw new AppError('plugin.badFilesPrefix', { prefix: String(urlPrefix) });
    }
    if (typeof root !== 'string' || !path.isAbsolute(root)) throw new AppError('plugin.badFilesRoot', { root: String(root) });
  }
}
