import type { EntityModel } from '@schema-admin/generator';
import type { AppServices } from '../app/services.js';
import type { Actor } from '../core/actor.js';
import { AppError, CODE } from '../core/errors.js';
import type { ActionContext } from '../core/handler.js';
import type { CrudContext } from '../crud/context.js';
import { withReadWhere } from '../crud/hooks.js';

/**
 * The generic entity a data request names by its route prefix, if the caller may use `action` on it:
 * the same permission key its own route checks (403 otherwise), so a data job never reaches further
 * than the entity's own page/add/update.
 */
export async function entityFor(services: AppServices, actor: Actor, prefix: string, actions: string[]): Promise<EntityModel> {
  const e = [...services.schema.entities.values()].find((x) => x.prefix === prefix);
  const granting = e?.actions.filter((a) => actions.includes(a.name)) ?? [];
  if (!e || !e.table || !services.schema.registry.has(e.id) || !granting.length) throw new AppError('error.unknownEntity', { prefix: prefix.slice(0, 200) });
  if (actor.isSuper) return e;
  const perms = await services.auth.authz.permsOf(actor.userId);
  // Any one of the actions is enough (export: page or list), each by its own route's rule.
  if (!granting.some((a) => a.auth === 'login' || (a.auth === 'perm' && (!a.perm || perms.has(a.perm))))) {
    throw new AppError('auth.forbidden', {}, CODE.comm, 403);
  }
  return e;
}

/** The entity's CRUD context for this caller: tenant, data scope and the entity's own visibility rule. */
export async function crudFor(ctx: ActionContext, e: EntityModel): Promise<CrudContext> {
  const c = ctx.crud(e.id);
  const rule = ctx.services.schema.visibility.get(e.id);
  if (rule && ctx.actor && !ctx.actor.isSuper) {
    const visible = await rule(ctx.actor, ctx.services.knex);
    if (visible) c.visible = visible;
  }
  return withReadWhere(c, ctx.action.name);
}
