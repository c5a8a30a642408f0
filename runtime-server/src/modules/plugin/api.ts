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

/** A stored file as its storage describes it (never as the client claims). */
export interface UploadStat {
  /** Canonical URL of the file (one spelling per file): stored as the entry's key and handed to `remove`. */
  key: string;
  /** The stored file name; its extension decides the file-space type. */
  name: string;
  /** Size in bytes. */
  size: number;
}

/** An `upload` hook: replaces the built-in local storage of `POST /admin/base/comm/upload`. */
export interface UploadHook {
  /** Stores one file and answers the URL the client will use for it. */
  save(file: UploadFile): Promise<string>;
  /**
   * Deletes a stored file: undoes a `save` when a later file of the same request fails, and removes a
   * file-space entry's file once its last reference is purged (given the `key` that `stat` answered).
   * Must ignore URLs that are not this storage's files; a missing file is not an error.
   */
  remove?(url: string): Promise<void>;
  /**
   * Describes a file this storage holds, named by a URL `save` answered (the server strips a leading
   * `/api` first). Answers undefined when the URL is not one of this storage's files or the file is
   * gone. The file space accepts a non-local URL only when this confirms it; without `stat` such
   * URLs are refused.
   */
  stat?(url: string): Promise<UploadStat | undefined>;
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
