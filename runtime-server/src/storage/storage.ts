import type { Readable } from 'node:stream';

/** What a stored object answers to a stat. */
export interface ObjectInfo {
  size: number;
  mtime: Date;
}

/**
 * Where every file the product writes lives (uploads, the file space, data-job files), by key —
 * `uploads/<YYYYMMDD>/<name>`, `data-jobs/<file>`: the local driver under DATA_DIR (one instance, or a shared
 * volume), the S3 driver in one bucket any number of instances share. Keys are built by our code only
 * (sanitised names), never taken from a client as they are.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Stores a local file under `key`; a failed write leaves no object behind. */
  putFile(key: string, file: string, contentType?: string): Promise<void>;
  /** Size and modification time, or undefined when there is no such object. */
  stat(key: string): Promise<ObjectInfo | undefined>;
  /** The object's bytes (`start`..`end` inclusive when given). */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Removes the object; a missing one is not an error. */
  remove(key: string): Promise<void>;
}

/** Keys are relative, `/`-separated, with no empty, `.` or `..` segment and no backslash or NUL. */
export function assertKey(key: string): void {
  const parts = key.split('/');
  if (!key || /[\\\0]/.test(key) || parts.some((p) => !p || p === '.' || p === '..')) throw new Error(`invalid storage key: ${key.slice(0, 200)}`);
}
