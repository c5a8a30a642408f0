/**
 * The contract between the server and a plugin's entry module (documented in plugins/README.md).
 * Plugins import these as types only; the packer bundles nothing from the server into a package.
 */

/** What a plugin's task handler receives when a scheduled task naming it runs. */
export interface PluginTaskContext {
  task: { id: number; name: string; service: string; data: unknown };
}

/** Returns an optional detail for the task log; throwing marks the run failed. */
export type PluginTaskHandler = (ctx: PluginTaskContext) => unknown | Promise<unknown>;

/** One received file, already size-checked, its name sanitised and its extension allow-listed. */
export interface UploadFile {
  /** Temp file holding the bytes; the server removes it after the request. */
  tempPath: string;
  /** Safe single-segment file name (letters, digits, `._ -`), extension kept. */
  name: string;
  size: number;
}

/** An `upload` hook: replaces the built-in local storage of `POST /admin/base/comm/upload`. */
export interface UploadHook {
  /** Stores one file and answers the URL the client will use for it. */
  save(file: UploadFile): Promise<string>;
  /** Undoes a `save` when a later file of the same request fails (best effort). */
  remove?(url: string): Promise<void>;
  /**
   * Files the server itself should serve: GET `<urlPrefix>/<YYYYMMDD>/<name>` reads `<root>/<YYYYMMDD>/<name>`
   * with the same checks and headers as built-in uploads. Omit for storage that serves itself (S3…).
   */
  files?: { urlPrefix: string; root: string };
}

/** What `activate` receives. */
export interface PluginContext {
  keyName: string;
  version: string;
  /** The plugin's configuration: the stored values, validated against the package's config schema. */
  config: Readonly<Record<string, unknown>>;
  logger: Pick<Console, 'info' | 'warn' | 'error'>;
  paths: {
    /** Folder holding this version's entry module (replaced on every code change). */
    code: string;
    /** Persistent folder of this plugin on this instance (`DATA_DIR/plugins/<keyName>/data`), created on demand. */
    data: string;
  };
  /** Registers task handlers; they are removed when the plugin is disabled, uninstalled or reloaded. */
  tasks: { register(service: string, handler: PluginTaskHandler): void };
}

/** What `activate` returns (or nothing). */
export interface PluginInstance {
  /** Required when the manifest's hook is `upload`. */
  upload?: UploadHook;
  /** Called before the plugin is unloaded (disabled, uninstalled, reconfigured, server closing). */
  stop?(): void | Promise<void>;
}

/** The entry module exports `activate` (named or default). */
export type Activate = (ctx: PluginContext) => PluginInstance | void | Promise<PluginInstance | void>;
