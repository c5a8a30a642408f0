import type { Middleware } from 'koa';
import compress from 'koa-compress';

/** koa-compress run after the body is known, with nothing to do for a step that has no caller's `next`. */
const done = () => Promise.resolve();

/**
 * Response compression (gzip/brotli) for answers of `threshold` bytes or more; EPS and OpenAPI run to hundreds
 * of KB. koa-compress is consulted only for a body that may reach the threshold: for the small JSON most API
 * calls answer (a string of under threshold/3 characters is under threshold bytes in UTF-8), its dozen
 * header and type checks were a measurable share of a request (docs/decisions.md, "Request fast path").
 * Every answer still says `Vary: Accept-Encoding`, as koa-compress does.
 */
export function compressLarge(threshold: number): Middleware {
  const inner = compress({ threshold });
  const small = Math.floor(threshold / 3);
  return async (ctx, next) => {
    await next();
    const body: unknown = ctx.body;
    if (typeof body === 'string' && body.length < small) {
      // The header as koa-compress's `vary` writes it, without parsing a header that is not there yet.
      if (ctx.response.get('Vary')) ctx.vary('Accept-Encoding');
      else ctx.response.set('Vary', 'Accept-Encoding');
      return;
    }
    await inner(ctx, done);
  };
}
