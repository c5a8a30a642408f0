import type { Handler } from '../../core/handler.js';

/** `GET /admin/base/open/eps`: the generated EPS (api-contract.md §3), public like the reference's. */
export const eps: Handler = ({ services }) => services.generated.eps;
