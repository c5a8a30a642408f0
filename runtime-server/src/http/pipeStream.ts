import Stream from 'node:stream';
import type { Context } from 'koa';

/** Statuses that carry no body (Koa's `statuses.empty`). */
const EMPTY = new Set([204, 205, 304]);

/**
 * Sends a node stream body (a console file, an upload, a download, a compressed answer) the way Koa's `respond`
 * would, piped to the response, but without Koa's tests of the body against node's web classes: `instanceof
 * ReadableStream` and `instanceof Response` read globals that load node's web streams and fetch (undici) at
 * first read and keep them, about 10 MB of the process and 80 ms on a slow host (docs/decisions.md, "No fetch
 * machinery"). Koa runs those tests for any body that is not a string or a Buffer. Run as the last step of
 * the outermost middleware that can change the body; `ctx.respond = false` is Koa's way to write the answer
 * yourself, and what is written is what Koa would write: the headers and status already set, then the stream.
 */
export function pipeStream(ctx: Context): void {
  const body: unknown = ctx.body;
  if (!(body instanceof Stream) || ctx.respond === false || !ctx.writable || ctx.method === 'HEAD' || EMPTY.has(ctx.status)) return;
  ctx.respond = false;
  Stream.pipeline(body as Stream.Readable, ctx.res, (err) => {
    if (err && ctx.app.listenerCount('error')) ctx.onerror(err);
  });
}
