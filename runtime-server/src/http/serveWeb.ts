import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context, Middleware } from 'koa';

/** Where `vite build` writes the console (runtime-web/dist). */
export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'runtime-web', 'dist');

/** Paths that belong to the API (or uploads) and keep its behaviour, 404 envelope included. */
const API_PATH = /^\/(admin|app|api|upload)(\/|$)/;

/** Vite names every file under assets/ by content hash, so a cached copy can never be stale. */
const HASHED = /^\/assets\//;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves the built console from `dir`: files as they are (hashed assets cached for a year, the rest
 * revalidated), and `index.html` for any other GET that asks for HTML, so history-mode routes such as
 * `/sys/user` survive a reload. API, `/api` and upload paths are never touched. When nothing is built
 * yet, `/` shows `missingHtml()` instead.
 */
export function serveWeb(dir: string, missingHtml: () => string, frameOrigins: string[] = []): Middleware {
  const csp = consoleCsp(frameOrigins);
  const root = path.resolve(dir);
  const indexFile = path.join(root, 'index.html');
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || API_PATH.test(ctx.path)) return next();
    const file = resolveInside(root, ctx.path);
    const stat = file ? await statFile(file) : undefined;
    if (file && stat && file !== indexFile) return send(ctx, file, stat, HASHED.test(ctx.path), csp);
    if (HASHED.test(ctx.path)) return next();

    const wantsPage = ctx.path === '/' || (ctx.get('accept').includes('text/html') && !ctx.path.startsWith('/.'));
    if (!wantsPage) return next();
    const index = await statFile(indexFile);
    if (index) return send(ctx, indexFile, index, false, csp);
    if (ctx.path !== '/') return next();
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = missingHtml();
  };
}

/** The file a URL path names inside root, or undefined when it would leave root or is malformed. */
function resolveInside(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.split(/[/\\]/).some((seg) => seg === '..' || seg.startsWith('.'))) return undefined;
  const file = path.resolve(root, '.' + decoded);
  return file.startsWith(root + path.sep) ? file : undefined;
}

async function statFile(file: string): Promise<fs.Stats | undefined> {
  const stat = await fs.promises.stat(file).catch(() => undefined);
  return stat?.isFile() ? stat : undefined;
}

/** What the product itself embeds: the seeded documentation menu (schemas/base/seed/menus.json, "文档官网"). */
export const BUILT_IN_FRAMES = ['https://cool-js.com'];

/**
 * The console's page: its own scripts only (no inline or remote script; `unsafe-eval` because the forms
 * compile the server's JSON Schemas with ajv at run time — docs/decisions.md says why precompiled validators do
 * not remove that need), Semi's inline styles, images from anywhere uploads may live (data/blob previews, file
 * URLs), frames only from itself, the documentation site the seeded menus embed and the FRAME_ORIGINS setting.
 */
export function consoleCsp(frameOrigins: string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    "connect-src 'self'",
    `frame-src ${["'self'", ...new Set([...BUILT_IN_FRAMES, ...frameOrigins])].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** The policy with no FRAME_ORIGINS. */
export const CONSOLE_CSP = consoleCsp();

function send(ctx: Context, file: string, stat: fs.Stats, immutable: boolean, csp: string): void {
  ctx.set('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  if (file.endsWith('.html')) {
    // The console itself is never framed by another site (clickjacking); it may frame others (iframe menus).
    ctx.set('X-Frame-Options', 'SAMEORIGIN');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('Content-Security-Policy', csp);
  }
  ctx.lastModified = stat.mtime;
  ctx.etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.length = stat.size;
  ctx.body = ctx.method === 'HEAD' ? '' : fs.createReadStream(file);
}
