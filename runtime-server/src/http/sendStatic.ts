import zlib from 'node:zlib';
import type { Context } from 'koa';
import type { StaticBody } from '../app/services.js';
import { COMPRESS_THRESHOLD } from './compressLarge.js';

/** Encodings served from the body's own cache, in koa-compress's order of preference. */
const CACHED = ['br', 'gzip'] as const;
type Cached = (typeof CACHED)[number];

/**
 * Compressed once per body and encoding, at first demand, harder than a per-request compressor can afford
 * (koa-compress compresses per request at its defaults); a client decodes the same bytes.
 */
function encoded(body: StaticBody, encoding: Cached): Buffer {
  return (body.encoded[encoding] ??=
    encoding === 'br'
      ? zlib.brotliCompressSync(body.bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.bytes.length } })
      : zlib.gzipSync(body.bytes, { level: 9 }));
}

/** koa-compress's encodings in its order of preference, which breaks a tie of the client's weights. */
const PREFERRED = ['br', 'gzip', 'deflate'] as const;

/**
 * The encoding koa-compress would choose (its negotiator with `preferred`): the client's highest weight among
 * PREFERRED (an encoding not named takes the weight of `*`, if any), a tie going to the earlier; identity when none
 * is acceptable or the header is absent; gzip for a bare `*`.
 */
export function negotiate(header: string): string {
  if (!header) return 'identity';
  if (header.trim() === '*') return 'gzip';
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => /^q=/i.test(p));
    weights.set(name.toLowerCase(), q ? Number(q.slice(2)) || 0 : 1);
  }
  let best = 'identity';
  let bestQ = 0;
  for (const e of PREFERRED) {
    const q = weights.get(e) ?? weights.get('*') ?? 0;
    if (q > bestQ) [best, bestQ] = [e, q];
  }
  return best;
}

/**
 * Answers with a pre-encoded envelope, or 304 when the client already holds this version: a request costs a
 * lookup and a write (issue 41: EPS re-encoded its 117 KB string to UTF-8 twice a request, once to count it).
 * A body of compressLarge's size says `Vary: Accept-Encoding` and is sent br or gzip from its cache when the client
 * accepts one, negotiated as koa-compress negotiates (`*` means gzip, no header means identity); an answer that
 * only deflate would fit is left to compressLarge, as before.
 */
export function sendStatic(ctx: Context, body: StaticBody): void {
  ctx.set('ETag', body.etag);
  ctx.set('Cache-Control', 'no-cache');
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.body = '';
    ctx.status = 304;
    return;
  }
  ctx.type = 'application/json; charset=utf-8';
  if (body.bytes.length >= COMPRESS_THRESHOLD) {
    ctx.vary('Accept-Encoding');
    const encoding = negotiate(ctx.get('Accept-Encoding'));
    if (encoding === 'br' || encoding === 'gzip') {
      ctx.set('Content-Encoding', encoding);
      ctx.body = encoded(body, encoding);
      ctx.compress = false;
      return;
    }
    if (encoding !== 'deflate') ctx.compress = false;
  }
  ctx.body = body.bytes;
}
