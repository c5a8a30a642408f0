import type { Context } from 'koa';
import type { StaticBody } from '../app/services.js';

/** Answers with a pre-serialized envelope, or 304 when the client already holds this version. */
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
  ctx.body = body.json;
}
