import type { Middleware } from 'koa';

/**
 * The API's routes by exact method and path, one Map look-up per request. @koa/router tests every route's
 * regular expression in turn (174 routes) and composes the matched chain anew on each request: the largest
 * share of an authenticated request's own CPU time in the profile (docs/decisions.md, "Request fast path").
 * Only exact matches are answered here; everything else (a trailing slash, other letter case, HEAD, OPTIONS,
 * 405) falls through to the router, which holds the same routes and keeps its behaviour for them.
 */
export class RouteTable {
  /**
   * Method → path → chain. Two look-ups rather than one of `${method} ${path}`: that key was a new string on every
   * request, copied flat and hashed whole before the look-up (that line was a tenth of the time spent in the
   * app's own code in the CPU profile of `person`).
   */
  private readonly chains = new Map<string, Map<string, Middleware>>();
  /** The same chains with `before` in front, composed as one (fastRoutes). */
  private readonly fastChains = new Map<string, Map<string, Middleware>>();

  /**
   * `before`: what fastRoutes runs ahead of each chain for a request that carries a body (the body parser and its
   * checks). A request without one (neither Content-Length nor Transfer-Encoding: HTTP/1.1 then has no body) skips
   * them, as they would do nothing: two steps fewer for every GET.
   */
  constructor(private readonly before: readonly Middleware[] = []) {}

  /** Adds a route; the first chain added for a method and path wins, as in the router (a handler ends its chain). */
  add(method: string, url: string, chain: Middleware[]): void {
    if (this.has(method, url)) return;
    byPath(this.chains, method).set(url, compose(chain) as Middleware);
    byPath(this.fastChains, method).set(url, compose([...this.before, ...chain]) as Middleware);
  }

  /** Removes a route (the schema watcher re-mounts a changed entity's routes, or drops an action no longer declared). */
  remove(method: string, url: string): void {
    this.chains.get(method.toUpperCase())?.delete(url);
    this.fastChains.get(method.toUpperCase())?.delete(url);
  }

  has(method: string, url: string): boolean {
    return this.chains.get(method.toUpperCase())?.has(url) ?? false;
  }

  routes(): Middleware {
    return (ctx, next) => {
      const chain = this.chains.get(ctx.req.method!)?.get(ctx.request.path);
      return chain ? chain(ctx, next) : next();
    };
  }

  /**
   * The same look-up placed early in the app, right after the envelope: an exact API route runs the table's
   * `before` (the body parser and its checks) and its chain, composed as one, skipping the file-serving
   * middleware between, which never answers an API path (docs/decisions.md, "Request fast path"). Anything
   * else goes on down the app.
   */
  fastRoutes(): Middleware {
    return (ctx, next) => {
      const req = ctx.req;
      const h = req.headers;
      const table = h['content-length'] === undefined && h['transfer-encoding'] === undefined ? this.chains : this.fastChains;
      const chain = table.get(req.method!)?.get(ctx.request.path);
      return chain ? chain(ctx, next) : next();
    };
  }
}

/** The paths of one method (made on first use). */
function byPath(table: Map<string, Map<string, Middleware>>, method: string): Map<string, Middleware> {
  const m = method.toUpperCase();
  let paths = table.get(m);
  if (!paths) table.set(m, (paths = new Map()));
  return paths;
}

/** One middleware running `chain` in order, then `next` — what koa-compose does, built once per route. */
export function compose(chain: readonly Middleware[]): Middleware {
  return (ctx, next) => {
    let last = -1;
    const dispatch = (i: number): Promise<unknown> => {
      if (i <= last) return Promise.reject(new Error('next() called multiple times'));
      last = i;
      const fn = i === chain.length ? next : chain[i];
      if (!fn) return Promise.resolve();
      try {
        return Promise.resolve(fn(ctx, () => dispatch(i + 1)));
      } catch (err) {
        return Promise.reject(err);
      }
    };
    return dispatch(0);
  };
}
