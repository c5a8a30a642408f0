import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { Knex } from 'knex';
import type { ValidateFunction } from 'ajv';
import type { EntityModel, GenericAction, JsonSchema } from '@schema-admin/generator';
import type { AppServices } from '../app/services.js';
import type { Actor } from '../core/actor.js';
import type { ActionContext } from '../core/handler.js';
import type { RouteRecord } from '../core/routeRecord.js';
import { assertValid } from '../core/validator.js';
import type { CrudContext } from '../crud/context.js';
import { add } from '../crud/operations/add.js';
import { remove } from '../crud/operations/delete.js';
import { info } from '../crud/operations/info.js';
import { list } from '../crud/operations/list.js';
import { page } from '../crud/operations/page.js';
import { history } from '../crud/operations/history.js';
import { update } from '../crud/operations/update.js';
import { answerJson, ok } from './envelope.js';
import { compiledOnUse } from '../crud/entityRuntime.js';
import { maskSecrets, SECRET_KEYS } from './requestLog.js';
import type { RouteTable } from './routeTable.js';
import type { Guard, RouteState } from './routeState.js';

const SECRET_SET: ReadonlySet<string> = new Set(SECRET_KEYS.map((k) => k.toLowerCase()));

/** The generic CRUD operations as thin adapters: (crud context, body, query) → data. */
const GENERIC: Record<GenericAction, (c: CrudContext, body: unknown, query: Record<string, unknown>) => Promise<unknown>> = {
  add: (c, body) => add(c, body),
  delete: async (c, body) => {
    await remove(c, body);
    return undefined;
  },
  update: async (c, body) => {
    await update(c, body);
    return undefined;
  },
  info: (c, _b, query) => info(c, query),
  list: (c, body) => list(c, body),
  page: (c, body) => page(c, body),
  history: (c, _b, query) => history(c, query),
};

export type { Guard, RouteState } from './routeState.js';

/**
 * Mounts one route record: route info → guards (auth, permission: the slot the identity module
 * fills) → input validation → generic operation or named handler → success envelope.
 */
export function composeEndpoint(router: Router, table: RouteTable, route: RouteRecord, services: AppServices, guards: Guard[]): void {
  const entity = services.schema.entities.get(route.entity);
  const action = entity?.actions.find((a) => a.name === route.action);
  if (!entity || !action) throw new Error(`route ${route.url} names ${route.entity}#${route.action}, which the model lacks: run npm run generate`);
  // Compiled at the route's first request (see compiledOnUse): start-up compiles nothing.
  const checks = compiledOnUse({
    body: () => compile(services.validation.ajv.compile.bind(services.validation.ajv), action.body!, entity),
    query: () => compile(services.validation.queryAjv.compile.bind(services.validation.queryAjv), action.query!, entity),
  });

  const state: RouteState = { route, entity, action };
  const routeInfo: Middleware = (ctx, next) => {
    ctx.state.route = state;
    return next();
  };
  const run: Middleware = async (ctx) => {
    const { state, request } = ctx;
    const locale = state.locale;
    const body = request.body;
    const query = (request.querystring ? { ...request.query } : {}) as Record<string, unknown>;
    if (action.body) assertValid(checks.body, body ?? {});
    if (action.query) assertValid(checks.query, query);
    const actor = state.actor as Actor | undefined;
    const departmentScope = actor && !actor.isSuper ? await services.auth.authz.departmentScope(actor.userId) : undefined;
    // The route's entity may have its own visibility rule (roles): every generic read of it applies it, history too.
    const rule = services.schema.visibility.get(route.entity);
    const visible = rule && actor && !actor.isSuper ? await rule(actor, services.knex) : undefined;
    // The entity's own read condition (hooks.readWhere), resolved once per request for the route's entity below.
    let where: ((qb: Knex.QueryBuilder) => void) | undefined;
    const crud = (id: string = route.entity): CrudContext => {
      const rt = services.schema.registry.get(id);
      if (!rt) throw new Error(`no table-backed entity ${id}`);
      const column = rt.model.dataScope;
      return {
        knex: services.knex,
        rt,
        limits: services.schema.limits,
        locale,
        registry: services.schema.registry,
        ...(actor?.isSuper ? { superAdmin: true } : {}),
        ...(actor ? { actor: { userId: actor.userId, isSuper: actor.isSuper, tenantId: actor.tenantId } } : {}),
        app: services,
        ...(where && id === route.entity ? { where } : {}),
        ...(departmentScope ? { departmentScope } : {}),
        origin: { userId: actor?.userId ?? null, url: ctx.path, params: maskSecrets(ctx.method === 'GET' ? query : body, SECRET_SET) },
        ...(column && departmentScope ? { scope: { column, ids: departmentScope } } : {}),
        ...(visible && id === route.entity ? { visible } : {}),
        ...(services.schema.hooks.has(id) ? { hooks: services.schema.hooks.get(id) } : {}),
        ...(rt.model.tenant && actor && actor.tenantId !== null ? { tenant: actor.tenantId } : {}),
      };
    };
    const routeHooks = services.schema.hooks.get(route.entity);
    if (routeHooks?.readWhere) where = await routeHooks.readWhere(crud(), action.name);
    let data: unknown;
    if (route.bind === 'generic') {
      data = await GENERIC[action.generic as GenericAction](crud(), body, query);
      if (action.generic !== 'info' && action.generic !== 'list' && action.generic !== 'page' && action.generic !== 'history') await services.caches.changed(route.entity);
    } else {
      // Set after, not spread in: a spread of `cond ? { x } : {}` made and copied an object per request.
      const actx: ActionContext = { services, entity, action, body, query, locale, crud, koa: ctx };
      if (actor) actx.actor = actor;
      if (departmentScope) actx.departmentScope = departmentScope;
      data = await route.bind(actx);
    }
    if (ctx.response.body === undefined) answerJson(ctx, ok(data));
  };
  const chain = [routeInfo, ...guards.filter((g) => g.appliesTo?.(route) ?? true), run];
  router[route.method](route.url, ...chain);
  table.add(route.method, route.url, chain);
}

function compile(c: (s: object) => ValidateFunction, schema: JsonSchema, entity: EntityModel): ValidateFunction {
  return c({ ...schema, $defs: entity.defs });
}
