import type { Middleware } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';

/**
 * The request body parser: JSON (strict) and url-encoded forms, on every method including GET (the spec's
 * client sends `refreshToken` as a body field on a GET). A request that carries no body (neither
 * Content-Length nor Transfer-Encoding, type-is's own test) skips it: koa-body would find nothing to read
 * after four content-type checks, and most authenticated GETs are such requests.
 */
export function bodyParser(jsonLimit: string | number): Middleware {
  const parse = koaBody({
    json: true,
    jsonStrict: true,
    jsonLimit,
    urlencoded: true,
    multipart: false,
    text: false,
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE, HttpMethodEnum.GET],
  });
  return (ctx, next) => {
    const h = ctx.req.headers;
    if (h['content-length'] === undefined && h['transfer-encoding'] === undefined) return next();
    return parse(ctx, next);
  };
}
