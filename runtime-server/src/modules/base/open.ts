import { clientIp } from '../../http/clientIp.js';
import type { Handler } from '../../core/handler.js';
import { randomCode, renderCaptchaSvg, svgDataUrl } from '../../auth/captchaSvg.js';
import { saveCaptcha } from '../../auth/captchaStore.js';
import { login as doLogin, refresh } from './login.js';
import type { LoginInput } from './login.js';
import { sendStatic } from '../../http/sendStatic.js';
import { paramPage } from './paramHtml.js';

/** `GET /admin/base/open/eps`: the generated EPS (docs/reference/api-contract.md §3), serialized once, ETag-validated. */
export const eps: Handler = ({ services, koa }) => sendStatic(koa, services.schema.generated.epsBody);

/**
 * `GET /admin/base/open/captcha?width&height&color` → `{ captchaId, data }`, `data` an SVG data URL
 * (usable as `<img src>`). Digits drawn as outlines; the answer is stored hashed in the database.
 */
export const captcha: Handler = async ({ services, query }) => {
  const code = services.config.captchaFixedCode ?? randomCode(4);
  const svg = renderCaptchaSvg(code, {
    width: query.width as number | undefined,
    height: query.height as number | undefined,
    color: query.color as string | undefined,
  });
  const captchaId = await saveCaptcha(services.knex, code);
  return { captchaId, data: svgDataUrl(svg) };
};

/** `POST /admin/base/open/login {username, password, captchaId, verifyCode}` → token pair. */
export const login: Handler = ({ services, body, koa }) => doLogin(services, body as LoginInput, clientIp(koa.req, services.config.trustProxy));

/** `GET /admin/base/open/refreshToken`: the token from the query string or, as the spec's client sends it, the body. */
export const refreshToken: Handler = ({ services, query, body }) => {
  const fromQuery = typeof query.refreshToken === 'string' ? query.refreshToken : undefined;
  const fromBody = (body as { refreshToken?: unknown } | undefined)?.refreshToken;
  return refresh(services, fromQuery ?? (typeof fromBody === 'string' ? fromBody : undefined));
};

/** `GET /admin/base/open/html?key=`: a param as an HTML page, every value escaped. */
export const html: Handler = ({ services, query, koa }) => paramPage(services, koa, String(query.key), true);
