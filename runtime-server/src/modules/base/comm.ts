import type { Handler } from '../../core/handler.js';
import { sendStatic } from '../../http/sendStatic.js';

/** `GET /admin/base/comm/program`: which back-end language a shared console talks to (8.x). */
export const program: Handler = () => 'Node';

/** `GET /admin/base/comm/openapi`: the OpenAPI 3.1 document of the whole admin API. */
export const openapi: Handler = ({ services, koa }) => sendStatic(koa, services.generated.openapiBody);
