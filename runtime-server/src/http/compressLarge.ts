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
 * Every answer still says `Vary: Accept-Encoding`, as koa-compress does.
 *
 * koa-compress decides (type, size, the client's Accept-Encoding, Cache-Control) and makes the compression
 * stream; a body that was text or a Buffer is then sent as the compressed Buffer, with its length, and a
 * stream body (a file) is piped compressed (`pipeStream`): Koa's own send would test either against node's
 * web classes (docs/decisions.md, "No fetch machinery").
 */
export function compressLarge(threshold: number): Middleware {
  const inner = compress({ threshold });
  const small = Math.floor(threshold / 3);
  return async (ctx, next) => {
    await next();
    const body: unknown = ctx.body;
    if ((typeof body === 'string' && body.length < small) || (Buffer.isBuffer(body) && body.length < threshold)) {
      // The header as koa-compress's `vary` writes it, without parsing a header that is not there yet.
      if (ctx.response.get('Vary')) ctx.vary('Accept-Encoding');
      else ctx.response.set('Vary', 'Accept-Encoding');
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
