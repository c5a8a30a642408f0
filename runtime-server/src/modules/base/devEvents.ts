import type { Handler } from '../../core/handler.js';
import { AppError } from '../../core/errors.js';
import { openEventStream } from '../../http/sse.js';

/** A comment line now and then, so proxies (Vite's in `npm run dev`) keep an idle stream open. */
const KEEPALIVE_MS = 20_000;

/**
 * `GET /admin/base/comm/devEvents` (development, `npm run dev`): a server-sent event stream of the schema
 * watcher's state — `schema` with `{version, ok, error?, changed, ms}` now and after every sync — which the
 * console follows to reload EPS and menus or show the generator's refusal. Signed-in callers only; answers
 * `coding.watchOff` when nothing is watched (always in production).
 */
export const devEvents: Handler = ({ services, koa }) => {
  const watch = services.modules.schemaWatch;
  if (!watch || services.config.nodeEnv === 'production') throw new AppError('coding.watchOff');
  const out = openEventStream(koa);
  out.send('schema', watch.state);
  const stop = () => {
    off();
    clearInterval(keepalive);
    out.end();
  };
  const off = watch.subscribe((state) => out.send('schema', state), stop);
  const keepalive = setInterval(() => out.send('ping', {}), KEEPALIVE_MS);
  out.signal.addEventListener('abort', stop);
  return undefined;
};
