import type { Handler } from '../../core/handler.js';
import { sendStatic } from '../../http/sendStatic.js';

/** `GET /admin/base/open/eps`: the generated EPS (api-contract.md §3), serialized once, ETag-validated. */
export const eps: Handler = ({ services, koa }) => sendStatic(koa, services.generated.epsBody);
