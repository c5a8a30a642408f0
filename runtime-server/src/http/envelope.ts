import { randomUUID } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { AppError, CODE } from '../core/errors.js';
import type { Locale } from '@schema-admin/generator';
import { localeOf, t } from '../core/i18n.js';
import { reusedAnswer } from '../core/reusableJson.js';
import { isValueOutOfRange } from '../crud/dbErrors.js';

/** The success envelope; `data` is omitted when null/undefined (docs/reference/api-contract.md §1.1). */
export function ok(data: unknown): { code: number; message: string; data?: unknown } {
  return data === null || data === undefined ? { code: CODE.success, message: 'success' } : { code: CODE.success, message: 'success', data };
}

interface ParseError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  message?: string;
  limit?: number;
}

/**
 * First middleware: request id, locale, and the error envelope. Operational errors become
 * `{code, message}` in the caller's language; anything else is logged and answered generically,
 * so SQL or stack text never reaches a client. Its own answers are set as JSON text: Koa's body setter tests
 * an object against node's fetch classes, which loads them for good (docs/decisions.md, "No fetch machinery").
 */
export function envelope(): Middleware {
  return async (ctx, next) => {
    const requestId = randomUUID();
    const { state, req, res, response } = ctx;
    const locale: Locale = localeOf(req.headers.language || undefined);
    state.requestId = requestId;
    state.locale = locale;
    // Straight on node's response: nothing is sent yet, and Koa's `set` (reached through a delegate) would only
    // test that and the value's type first. The same goes for the other reads below: each `ctx.x` is a getter
    // forwarding to ctx.request or ctx.response, one more call per read on every request (docs/decisions.md).
    res.setHeader('X-Request-Id', requestId);
    // JSON answers are never sniffed into something a browser would run.
    res.setHeader('X-Content-Type-Options', 'nosniff');
    try {
      await next();
      if (response.status === 404 && response.body === undefined) {
        ctx.status = 404;
        answerJson(ctx, { code: 404, message: t(locale, 'error.notFoundRoute', { path: ctx.path.slice(0, 200) }) });
      } else if (ctx.status === 405 && (ctx.body === undefined || typeof ctx.body === 'string')) {
        answerJson(ctx, { code: 405, message: `${ctx.method} ${ctx.path.slice(0, 200)}: method not allowed` });
      }
    } catch (err) {
      if (err instanceof AppError) {
        ctx.status = err.status;
        answerJson(ctx, { code: err.code, message: err.text?.[locale] ?? t(locale, err.key, err.params) });
        return;
      }
      const pe = err as ParseError;
      if (pe.type === 'entity.parse.failed' || (pe.status === 400 && /JSON|Unexpected|token/i.test(pe.message ?? ''))) {
        ctx.status = 200;
        answerJson(ctx, { code: CODE.validate, message: t(locale, 'error.badJson', { detail: String(pe.message ?? '').slice(0, 120) }) });
        return;
      }
      // A body that does not inflate as its Content-Encoding says (zlib's Z_* codes, brotli's ERR__ERROR_*): the
      // caller's mistake, answered like any other unreadable body.
      if (typeof (err as NodeJS.ErrnoException)?.code === 'string' && /^(Z_|ERR__ERROR_|ERR_BROTLI)/.test((err as NodeJS.ErrnoException).code!)) {
        ctx.status = 200;
        answerJson(ctx, { code: CODE.validate, message: t(locale, 'error.badEncoding', { encoding: String(ctx.get('content-encoding')).slice(0, 40) }) });
        return;
      }
      if (pe.type === 'entity.too.large' || pe.status === 413) {
        ctx.status = 200;
        answerJson(ctx, { code: CODE.validate, message: t(locale, 'error.bodyTooLarge', { limit: String(pe.limit ?? '') }) });
        return;
      }
      // Every other client error of the body parser (a `__proto__` or `constructor.prototype` key, a malformed
      // multipart…) is the caller's mistake: 1002 with what was wrong, never a 500 with a stack in the log.
      if (pe.status === 415 || pe.type === 'charset.unsupported' || pe.type === 'encoding.unsupported' || (typeof pe.status === 'number' && pe.status >= 400 && pe.status < 500)) {
        ctx.status = 200;
        answerJson(ctx, { code: CODE.validate, message: t(locale, 'error.parameter', { detail: String(pe.message ?? '').slice(0, 120) }) });
        return;
      }
      if (isValueOutOfRange(err)) {
        ctx.status = 200;
        answerJson(ctx, { code: CODE.validate, message: t(locale, 'error.valueRange') });
        return;
      }
      if (isDatabaseUnavailable(err)) {
        // Fails fast (bounded connect and pool waits, db/createDb.ts) and says what is wrong; the pool
        // reconnects by itself once the database is back, so no restart is needed. Marked, because a lost
        // connection shares its codes (ECONNRESET, EPIPE) with a browser that went away, which is not logged.
        ctx.state.databaseUnavailable = true;
        ctx.app.emit('error', err, ctx);
        ctx.status = 503;
        ctx.set('Retry-After', '5');
        answerJson(ctx, { code: CODE.comm, message: `${t(locale, 'error.dbUnavailable')} (${requestId})` });
        return;
      }
      ctx.app.emit('error', err, ctx);
      ctx.status = 500;
      answerJson(ctx, { code: CODE.comm, message: t(locale, 'error.internal') + ` (${requestId})` });
    } finally {
      serializeOnce(ctx);
    }
  };
}

/**
 * A JSON answer becomes its text here, once: Koa would stringify an object body twice — for the length
 * koa-compress checks against its threshold, then again to send it (seen in the CPU profile).
 */
function serializeOnce(ctx: Context): void {
  const body: unknown = ctx.response.body;
  if (body === null || typeof body !== 'object' || ArrayBuffer.isView(body) || typeof (body as { pipe?: unknown }).pipe === 'function') return;
  answerJson(ctx, body);
}

/**
 * Answers `body` as JSON. A route's success answer comes here straight from its handler (composeEndpoint), so
 * Koa's body setter runs once, for a string or a Buffer, and finds the type already set: given an object it would
 * set the type through its `type` setter (a mime-types look-up) and be run again for the text (the CPU profile of
 * `person`). A cached answer (core/reusableJson.ts) in the success envelope is sent as the bytes made at its
 * first use; any other answer as its text.
 */
export function answerJson(ctx: Context, body: object): void {
  const data = (body as { data?: unknown }).data;
  const reused = data !== undefined && Object.keys(body).length === 3 && (body as { code?: unknown }).code === CODE.success ? reusedAnswer(data, inSuccess) : undefined;
  const response = ctx.response;
  response.set('Content-Type', JSON_TYPE);
  response.body = reused ?? JSON.stringify(body);
}

const JSON_TYPE = 'application/json; charset=utf-8';
/** `ok(data)` as JSON around `data`'s JSON text (the key order `ok` builds). */
const inSuccess = (json: string) => `{"code":${CODE.success},"message":"success","data":${json}}`;

const UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE', 'PROTOCOL_CONNECTION_LOST', 'ER_CON_COUNT_ERROR', 'ER_SERVER_SHUTDOWN', 'SQLITE_BUSY']);

/**
 * PostgreSQL: connection exceptions (SQLSTATE class 08), the server shutting down or starting (57P01–57P03);
 * node-postgres reports a connection lost mid-query or a connect timeout with a message and no code.
 */
const PG_UNAVAILABLE = /^(08...|57P0[123])$/;
// (Knex puts the statement before a query's error message: "select … - Connection terminated unexpectedly".)
const PG_LOST = /(^| - )(Connection terminated|timeout exceeded when trying to connect)/;

/** The database cannot be reached (refused, lost, pool wait exceeded) — not a fault of the request. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; name?: string; fatal?: boolean; message?: string } | null;
  if (!e || typeof e !== 'object') return false;
  return (
    e.name === 'KnexTimeoutError' ||
    UNAVAILABLE.has(e.code ?? '') ||
    (e.fatal === true && typeof e.code === 'string') ||
    PG_UNAVAILABLE.test(e.code ?? '') ||
    (e.code === undefined && PG_LOST.test(e.message ?? ''))
  );
}
