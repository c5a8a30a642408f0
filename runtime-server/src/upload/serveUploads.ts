import type { Middleware } from 'koa';
import type { Config } from '../config.js';
import { storageFor } from '../storage/createStorage.js';
import type { ObjectStorage } from '../storage/storage.js';
import { contentTypeOf, servedInline } from './fileGroups.js';
import { uploadKey } from './localStorage.js';

/** What upload produces: `/upload/<YYYYMMDD>/<one name>`. Other `/upload/…` paths are not ours. */
const FILE_URL = /^\/upload\/(\d{8})\/([^/]+)$/;

/**
 * Content-Security-Policy of every served upload: nothing loads, nothing runs, and `sandbox` gives
 * the document an opaque origin, so even a file a browser renders cannot act as the console.
 */
export const UPLOAD_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * Serves uploaded files (GET/HEAD `/upload/<day>/<name>`; `/api/upload/…` arrives here with the
 * prefix already stripped). Only a single name segment is accepted after decoding: no separators,
 * no `..`, no NUL, no leading dot; the resolved path must still lie inside the uploads folder.
 * Anything else, or a missing file, is a 404 (never a file from elsewhere).
 */
export function serveUploads(config: Pick<Config, 'dataDir' | 'storage'>): Middleware {
  const storage = storageFor(config);
  return async (ctx, next) => {
    const m = FILE_URL.exec(ctx.path);
    if (!m || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    await sendStoredFile(ctx, storage, uploadKey, m[1]!, m[2]!);
  };
}

/**
 * Answers one stored object `keyOf(day, name)` from `storage` (the configured one for uploads, whichever
 * instance stored it; a local root for upload plugins' own files): the decoded name must be one plain
 * segment, else 404.
 */
export async function sendStoredFile(
  ctx: Parameters<Middleware>[0],
  storage: ObjectStorage,
  keyOf: (day: string, name: string) => string,
  day: string,
  encodedName: string,
): Promise<void> {
  const name = decode(encodedName);
  if (!/^\d{8}$/.test(day) || !name || /[/\\\0]/.test(name) || name.includes('..') || name.startsWith('.')) return notFound(ctx);
  const key = keyOf(day, name);
  const stat = await storage.stat(key).catch(() => undefined);
  if (!stat) return notFound(ctx);

  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Security-Policy', UPLOAD_CSP);
  ctx.set('Cache-Control', 'public, max-age=86400');
  ctx.set('Accept-Ranges', 'bytes');
  ctx.set('Content-Disposition', disposition(name));
  ctx.type = contentTypeOf(name);
  ctx.lastModified = stat.mtime;
  ctx.etag = `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  const range = parseRange(ctx.get('range'), stat.size);
  if (range === 'invalid') {
    ctx.status = 416;
    ctx.set('Content-Range', `bytes */${stat.size}`);
    ctx.body = '';
    return;
  }
  const { start, end } = range ?? { start: 0, end: stat.size - 1 };
  if (range) {
    // A byte range of a gzipped body would be meaningless.
    ctx.compress = false;
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${start}-${end}/${stat.size}`);
  }
  ctx.length = stat.size === 0 ? 0 : end - start + 1;
  if (ctx.method === 'HEAD' || stat.size === 0) {
    ctx.body = '';
    return;
  }
  ctx.body = await storage.read(key, { start, end });
}

function notFound(ctx: Parameters<Middleware>[0]): void {
  // The envelope middleware answers a bodiless 404 with the translated `{code: 404}` JSON.
  ctx.status = 404;
}

function decode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

/** Shown inline only for media and PDF; SVG, HTML, XML and everything else download. */
function disposition(name: string): string {
  const download = name.replace(/^[0-9a-f-]{36}_/i, '');
  const ascii = download.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${servedInline(name) ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(download)}`;
}

/** One `bytes=a-b` range (what media players send); multi-range requests get the whole file. */
function parseRange(header: string, size: number): { start: number; end: number } | 'invalid' | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '') || size === 0) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}
