import type { Context } from 'koa';
import type { ActionModel, EntityModel, Locale } from '@schema-admin/generator';
import type { App } from './app.js';
import type { CrudContext } from '../crud/context.js';
import type { Actor } from './actor.js';

/** What a named handler receives: validated input plus the app's services; no Koa needed for logic. */
export interface ActionContext {
  services: App;
  entity: EntityModel;
  action: ActionModel;
  /** Parsed JSON body (validated against `action.body` when the schema declares one). */
  body: unknown;
  /** Query string (validated against `action.query` when declared). */
  query: Record<string, unknown>;
  locale: Locale;
  /** The signed-in admin; undefined on open routes. */
  actor?: Actor;
  /** Data-scope department ids of the actor (undefined = unrestricted: super-admin or open route). */
  departmentScope?: number[];
  /** The generic CRUD context of an entity (this one by default), for handlers that reuse operations. */
  crud(entityId?: string): CrudContext;
  /** The raw Koa context, for the few handlers that answer something other than the envelope. */
  koa: Context;
}

/** A named action handler; its return value becomes the envelope's `data`. */
export type Handler = (ctx: ActionContext) => unknown | Promise<unknown>;
