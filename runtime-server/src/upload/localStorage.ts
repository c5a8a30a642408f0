import { randomUUID } from 'node:crypto';
import path from 'node:path';
import dayjs from 'dayjs';
import type { Config } from '../config.js';
import { AppError } from '../core/errors.js';
import { contentTypeOf, extensionOf } from './fileGroups.js';
import { storageFor } from '../storage/createStorage.js';

/** Longest stored name hint in characters and in UTF-8 bytes (uuid prefix + this stays < 255 bytes). */
const MAX_CHARS = 100;
const MAX_BYTES = 180;
/** The console's key is `<uuid>_<originalName>`; we add our own uuid, so theirs is dropped. */
const CLIENT_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}_/i;

/** What an administrator can act on, by file-system error (the message names no path). */
const STORE_ERRORS: Record<string, string> = {
  ENOSPC: 'disk full (ENOSPC)',
  EDQUOT: 'disk quota exceeded (EDQUOT)',
  EACCES: 'upload folder not writable (EACCES)',
  EPERM: 'upload folder not writable (EPERM)',
  EROFS: 'read-only file system (EROFS)',
  ENOTDIR: 'upload folder is not a folder (ENOTDIR)',
  EEXIST: 'upload folder is not a folder (EEXIST)',
};

/** `<DATA_DIR>/uploads`, absolute. */
export function uploadsRoot(config: Pick<Config, 'dataDir'>): string {
  return path.resolve(config.dataDir, 'uploads');
}

/**
 * A client-supplied file name reduced to one harmless path segment: base name only (both `/` and
 * `\`), letters, digits, `._ -` only, no `..`, no leading dot, bounded length that keeps the
 * extension. The result is a name, never a path (docs/reference/api-contract.md §8 flaw 3).
 */
export function sanitiseFileName(hint: string): string {
  const name = (hint.split(/[/\\]/).pop() ?? '')
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._ -]/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/\.{2,}/g, '.')
    .replace(/^[.\s-]+|[.\s]+$/g, '');
  const dot = name.lastIndexOf('.');
  // An extension is short; a long tail after the last dot is part of the name.
  const ext = dot > 0 && name.length - dot <= 11 ? `.${name.slice(dot + 1).toLowerCase()}` : '';
  let stem = Array.from(ext ? name.slice(0, dot) : name).slice(0, MAX_CHARS);
  const fits = (s: string) => s.length <= MAX_CHARS && Buffer.byteLength(s) <= MAX_BYTES;
  while (stem.length > 0 && !fits(stem.join('') + ext)) stem = stem.slice(0, -1);
  return (stem.join('').replace(/[.\s]+$/, '') || 'file') + ext;
}

/**
 * The sanitised name a received file is stored under: the client's `key` (the console sends
 * `<uuid>_<originalName>`; its uuid is dropped, ours is added) or else the file's own name. A key
 * without an extension borrows the file's, so the stored type follows what was uploaded.
 */
export function storedName(originalFilename: string, key?: string): string {
  const original = sanitiseFileName(originalFilename);
  if (!key) return original;
  const fromKey = sanitiseFileName((key.split(/[/\\]/).pop() ?? '').replace(CLIENT_UUID, ''));
  const ext = extensionOf(original);
  return extensionOf(fromKey) || !ext ? fromKey : sanitiseFileName(`${fromKey}.${ext}`);
}

/** Throws unless `target` is strictly inside `root` (both absolute). */
export function assertInside(root: string, target: string): void {
  const r = path.resolve(root);
  const t = path.resolve(target);
  if (!t.startsWith(r + path.sep)) throw new Error(`path escapes the uploads folder: ${target}`);
}

export interface StoredFile {
  /** Public URL, relative to the server: `/upload/<YYYYMMDD>/<name>` (name percent-encoded). */
  url: string;
  /** Its storage key, `upload/<YYYYMMDD>/<name>` (not encoded). */
  key: string;
}

/** The storage key of an upload (the same path as its URL, unencoded): `upload/<day>/<name>`. */
export const uploadKey = (day: string, name: string) => `upload/${day}/${name}`;

/**
 * Stores a received temp file as `upload/<YYYYMMDD>/<uuid>_<name>` in the configured storage (`name` sanitised
 * again here, so no caller can pass a path): under DATA_DIR/uploads, or in the S3 bucket. Never overwrites
 * (a fresh uuid); a failed write leaves nothing behind under a public URL.
 */
export async function storeFile(config: Pick<Config, 'dataDir' | 'storage'>, tempPath: string, name: string): Promise<StoredFile> {
  const day = dayjs().format('YYYYMMDD');
  const fileName = `${randomUUID()}_${sanitiseFileName(name)}`;
  const key = uploadKey(day, fileName);
  const storage = storageFor(config);
  try {
    await storage.putFile(key, tempPath, contentTypeOf(fileName));
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { $metadata?: { httpStatusCode?: number } };
    const reason = storage.kind === 's3' ? `object storage: ${String(e.name ?? 'error').slice(0, 60)}${e.$metadata?.httpStatusCode ? ` (${e.$metadata.httpStatusCode})` : ''}` : (STORE_ERRORS[e.code ?? ''] ?? e.code ?? 'I/O');
    throw new AppError('upload.storeFailed', { reason });
  }
  return { url: `/upload/${day}/${encodeURIComponent(fileName)}`, key };
}

/** The prefix of the URLs upload answers (UPLOAD_BASE_URL; default `/api`, see Config.uploadBaseUrl). */
export function uploadBase(config: Pick<Config, 'uploadBaseUrl'>): string {
  return config.uploadBaseUrl ?? '/api';
}

/** The URL a client is given for a stored file's key `/upload/<day>/<name>`. */
export function publicUploadUrl(config: Pick<Config, 'uploadBaseUrl'>, key: string): string {
  return `${uploadBase(config)}${key}`;
}

/**
 * The prefix a client-supplied URL of one of our files carries — the configured base, `/api`, or none —
 * so a stored copy keeps the spelling the client's deployment can fetch.
 */
export function publicPrefixOf(config: Pick<Config, 'uploadBaseUrl'>, url: string): string {
  const base = uploadBase(config);
  if (base && url.startsWith(`${base}/`)) return base;
  return url.startsWith('/api/') ? '/api' : '';
}

/** A URL upload answers (`/upload/<YYYYMMDD>/<one encoded name>`), optionally behind the `/api` prefix. */
const STORED_URL = /^(?:\/api)?\/upload\/(\d{8})\/([^/\\?#]+)$/;
/** Characters a stored name can hold: our uuid, `_` and a sanitised name (never `%`, `/`, `\`, NUL). */
const STORED_NAME = /^[\p{L}\p{N}._ -]+$/u;

/** A file inside the uploads root, named by the URL upload produced for it. */
export interface StoredRef {
  /** Canonical relative URL `/upload/<YYYYMMDD>/<encoded name>` (no `/api`, one encoding). */
  key: string;
  /** The decoded file name (`<uuid>_<name>`). */
  name: string;
  /** Absolute path, strictly inside the uploads root (the local driver's file). */
  path: string;
  /** Its storage key, `upload/<day>/<name>`. */
  storageKey: string;
}

/**
 * Resolves a URL of one of our uploads — `/upload/<YYYYMMDD>/<name>` or `/api/upload/…` — to its
 * canonical key and its path inside the uploads root; undefined for anything else (absolute URLs,
 * `..` segments, encoded separators or dots, names upload could not have produced). Checks the
 * shape only, not that the file exists. Used wherever a client-supplied URL names a file on disk.
 */
export function resolveStoredUrl(config: Pick<Config, 'dataDir' | 'uploadBaseUrl'>, url: string): StoredRef | undefined {
  const prefix = publicPrefixOf(config, url);
  const m = STORED_URL.exec(prefix && prefix !== '/api' ? url.slice(prefix.length) : url);
  if (!m) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(m[2]!);
  } catch {
    return undefined;
  }
  if (!STORED_NAME.test(name) || name.includes('..') || name.startsWith('.') || name !== name.normalize('NFC')) return undefined;
  const root = uploadsRoot(config);
  const target = path.resolve(root, m[1]!, name);
  try {
    assertInside(root, target);
  } catch {
    return undefined;
  }
  return { key: `/upload/${m[1]}/${encodeURIComponent(name)}`, name, path: target, storageKey: uploadKey(m[1]!, name) };
}

/**
 * Removes the stored file a key/URL names (see resolveStoredUrl); a missing file is not an error.
 * Returns false, touching nothing, when the key is not one of our upload URLs.
 */
export async function removeStoredFile(config: Pick<Config, 'dataDir' | 'uploadBaseUrl' | 'storage'>, key: string): Promise<boolean> {
  const ref = resolveStoredUrl(config, key);
  if (!ref) return false;
  await storageFor(config).remove(ref.storageKey);
  return true;
}
