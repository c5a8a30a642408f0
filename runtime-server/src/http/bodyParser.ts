import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';
import bourne from '@hapi/bourne';
import { loadOnce } from '../core/loadOnce.js';

/**
 * The request body parser: JSON (strict) and url-encoded forms, on every method including GET (the spec's
 * client sends `refreshToken` as a body field on a GET). A request that carries no body (neither
 * Content-Length nor Transfer-Encoding, type-is's own test) skips it: koa-body would find nothing to read
 * after four content-type checks, and most authenticated GETs are such requests.
 *
 * A plain JSON body (`application/json`, UTF-8, not compressed, with a Content-Length) is read here, with
 * co-body's strict rules and its parser (@hapi/bourne, which refuses `__proto__` and `constructor.prototype`),
 * and the same errors: koa-body's type checks, option cloning and raw-body's stream set-up cost more than
 * parsing a page request's few bytes. Everything else (forms, other JSON types, charsets, encodings, chunked
 * bodies) goes to koa-body, loaded at the first such request: with zod, which it loads to check its options, it
 * is about 5 MB of heap that an instance whose clients send plain JSON never needs (docs/decisions.md, "ICU's
 * locale data stays unloaded"). A failed load is tried again at the next such request.
 */
export function bodyParser(jsonLimit: string | number): Middleware {
  const formParser = loadOnce(() =>
    import('koa-body').then(({ HttpMethodEnum, koaBody }) =>
      koaBody({
        json: true,
        jsonStrict: true,
        jsonLimit,
        urlencoded: true,
        multipart: false,
        text: false,
        parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE, HttpMethodEnum.GET],
      }),
    ),
  );
  const parse: Middleware = (ctx, next) => formParser().then((middleware) => middleware(ctx, next));
  const limit = byteCount(jsonLimit);
  return (ctx, next) => {
    const h = ctx.req.headers;
    const length = h['content-length'];
    if (length === undefined && h['transfer-encoding'] === undefined) return next();
    if (length === undefined || h['transfer-encoding'] !== undefined || !PLAIN_JSON.has(h['content-type'] ?? '') || (h['content-encoding'] ?? 'identity') !== 'identity') return parse(ctx, next);
    return readJson(ctx.req, Number(length), limit).then((body) => {
      ctx.request.body = body as typeof ctx.request.body;
      return next();
    });
  };
}

/** `2mb`, `1kb`, `512` (bytes, 1024-based as raw-body reads them) → bytes. */
export function byteCount(limit: string | number): number {
  if (typeof limit === 'number') return limit;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(limit);
  if (!m) throw new Error(`bodyParser: unreadable size limit "${limit}"`);
  const unit = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[(m[2] ?? 'b').toLowerCase() as 'b'];
  return Math.floor(Number(m[1]) * unit);
}

/** Content types read here (as clients write them); any other spelling takes koa-body's way. */
const PLAIN_JSON = new Set(['application/json', 'application/json; charset=utf-8', 'application/json;charset=utf-8', 'application/json; charset=UTF-8', 'application/json;charset=UTF-8']);

/** co-body's strict test: an object or an array, after RFC 7159 whitespace. */
const STRICT_JSON = /^[\x20\x09\x0a\x0d]*(\[|\{)/;

/** An error shaped as raw-body and co-body make them (status, type, expose), which the envelope reads. */
function bodyError(message: string, status: number, type: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), { status, statusCode: status, expose: true, type, ...extra });
}

/** The body of `req`, `length` bytes by its header, parsed as strict JSON. */
function readJson(req: IncomingMessage, length: number, limit: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (!Number.isInteger(length) || length < 0) {
      reject(bodyError('request size did not match content length', 400, 'request.size.invalid', { expected: length }));
      return;
    }
    if (length > limit) {
      // raw-body's answer, without reading: the envelope turns it into 1002 with the limit.
      req.resume();
      reject(bodyError('request entity too large', 413, 'entity.too.large', { expected: length, length, limit }));
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    const done = (err: Error | undefined, body?: unknown) => {
      req.removeListener('data', onData);
      req.removeListener('end', onEnd);
      req.removeListener('error', onEnd);
      req.removeListener('aborted', onAborted);
      if (err) reject(err);
      else resolve(body);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > length) {
        req.pause();
        done(bodyError('request size did not match content length', 400, 'request.size.invalid', { expected: length, length: received, received }));
      } else chunks.push(chunk);
    };
    const onAborted = () => done(bodyError('request aborted', 400, 'request.aborted', { code: 'ECONNABORTED', expected: length, length, received }));
    const onEnd = (err?: Error) => {
      if (err) return done(err);
      if (received !== length) return done(bodyError('request size did not match content length', 400, 'request.size.invalid', { expected: length, length: received, received }));
      let text = (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received)).toString('utf8');
      // raw-body's UTF-8 decoder drops a byte-order mark.
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      try {
        if (!text) return done(undefined, {});
        if (!STRICT_JSON.test(text)) throw new SyntaxError('invalid JSON, only supports object and array');
        done(undefined, bourne.parse(text, { protoAction: 'error' }));
      } catch (e) {
        done(Object.assign(e as Error, { status: 400, body: text }));
      }
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onEnd);
    req.once('aborted', onAborted);
  });
}
