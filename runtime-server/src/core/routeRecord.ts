import type { AuthLevel } from '@schema-admin/generator';
import type { Handler } from './handler.js';

/** One row of the generated route table (`src/generated/routes.ts`). */
export interface RouteRecord {
  method: 'get' | 'post';
  url: string;
  /** `$id` of the schema declaring the action. */
  entity: string;
  action: string;
  auth: AuthLevel;
  perm: string;
  /** The generic CRUD service, or the named handler. */
  bind: 'generic' | Handler;
}
