import type { Middleware } from 'koa';
import { ValidationError } from '../core/errors.js';

/** A UTF-16 surrogate without its partner: no database can store it as text (MariaDB errors, SQLite mangles). */
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first string (key or value) in `v` holding a lone surrogate, depth-first; undefined when none. */
export function findLoneSurrogate(v: unknown, depth = 0): string | undefined {
  if (typeof v === 'string') return LONE.test(v) ? v : undefined;
  if (!v || typeof v !== 'object' || depth > 64) return undefined;
  for (const [k, x] of Object.entries(v)) {
    if (LONE.test(k)) return k;
    const hit = findLoneSurrogate(x, depth + 1);
    if (hit !== undefined) return hit;
  }
  return undefined;
}

/**
 * Refuses a request whose JSON body holds a lone surrogate (`"\ud800"` is valid JSON): 1002 on both databases
 * alike, before any handler sees it. A query string cannot carry one (percent-decoding bad UTF-8 gives U+FFFD).
 */
export function rejectLoneSurrogates(): Middleware {
  // Not async: a throw here rejects through the caller's dispatch, as Koa's compose does.
  return (ctx, next) => {
    if (findLoneSurrogate(ctx.request.body) !== undefined) {
      throw new ValidationError('error.parameter', { detail: 'unpaired UTF-16 surrogate' });
    }
    return next();
  };
}
