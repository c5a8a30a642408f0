import Stream from 'node:stream';
import type { Context, Middleware } from 'koa';
import compress from 'koa-compress';
import { pipeStream } from './pipeStream.js';

/** koa-compress run after the body is known, with nothing to do for a step that has no caller's `next`. */
const done = () => Promise.resolve();

/** The whole output of a compression stream fed from memory. */
async function collect(stream: Stream.Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Response compression (gzip/brotli) for answers of `threshold` bytes or more; EPS and OpenAPI run to hundreds
 * of KB. koa-compress is consulted only for a body that may reach the threshold: for the small JSON most API
 * calls answer (a string of under threshold/3 characters is under threshold bytes in UTF-8; a cached answer's
 * bytes are counted), its dozen header and type checks were a measurable share of a request (docs/decisions.md,
 * "Request fast path").
 * Such a small answer is sent as it is whatever the client accepts, so it does not say `Vary: Accept-Encoding`
 * (nginx leaves it off below `gzip_min_length` too): three extra response headers were 9 % of the instructions of
 * a `person` request (callgrind), each set, validated and written by node one by one. An answer that may be
 * compressed says it, as koa-compress does.
 *
 * koa-compress decides (type, size, the client's Accept-Encoding, Cache-Control) and makes the compression
 * stream; a body that was text or a Buffer is then sent as the compressed Buffer, with its length, and a
 * stream body (a file) is piped compressed (`pipeStream`): Koa's own send would test either against node's
 * web classes (docs/decisions.md, "No fetch machinery").
 */
/** The size from which an answer is compressed (createApp.ts); sendStatic serves such a body from its own cache. */
export const COMPRESS_THRESHOLD = 2048;

export function compressLarge(threshold: number): Middleware {
  const inner = compress({ threshold });
  const small = Math.floor(threshold / 3);
  return async (ctx, next) => {
    await next();
    // The handler encoded the answer itself (http/sendStatic.ts) or wants none (uploads, SSE): koa-compress would
    // only add its Vary and leave; a stream is still piped.
    if (ctx.compress === false) {
      pipeStream(ctx);
      return;
    }
    const response = ctx.response;
    const body: unknown = response.body;
    if ((typeof body === 'string' && body.length < small) || (Buffer.isBuffer(body) && body.length < threshold)) return;
    // A client that accepts no encoding gets the body as it is: koa-compress would only say Vary first, then
    // negotiate `identity` through every check above (type, length, headers) on each large answer.
    if (!ctx.req.headers['accept-encoding']) {
      ctx.vary('Accept-Encoding');
      pipeStream(ctx);
      return;
    }
    await inner(ctx, done);
    if (ctx.body !== body && (typeof body === 'string' || Buffer.isBuffer(body))) await sendBuffered(ctx);
    pipeStream(ctx);
  };
}

/** Replaces the compression stream koa-compress set (fed from memory) by its output. */
async function sendBuffered(ctx: Context): Promise<void> {
  const stream = ctx.body as Stream.Readable;
  ctx.body = await collect(stream);
}
