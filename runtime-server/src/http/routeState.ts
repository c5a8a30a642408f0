import type { Middleware } from 'koa';
import type { ActionModel, EntityModel } from '@schema-admin/generator';
import type { RouteRecord } from '../core/routeRecord.js';

/**
 * A guard may say which routes it has work on: a route's chain leaves out the others (each step of a chain costs
 * every request a dispatch and a promise, doing nothing). Without `appliesTo` a guard runs on every route.
 */
export type Guard = Middleware & { appliesTo?: (route: RouteRecord) => boolean };

/** Route facts the guards read (`ctx.state.route`): auth level and permission key. */
export interface RouteState {
  route: RouteRecord;
  entity: EntityModel;
  action: ActionModel;
}
