import path from 'node:path';
import { AppError } from '../../core/errors.js';
import type { Handler } from '../../core/handler.js';
import type { AppServices } from '../../app/services.js';
import { createEntity } from './authoring/createEntity.js';
import { docOfRequest } from './authoring/createInput.js';
import type { CreateCodeBody } from './authoring/createInput.js';
import { codingPaths, isProject } from './authoring/projectFiles.js';
import { addEntityMenus } from './authoring/entityMenus.js';
import { withProjectLock } from './authoring/projectLock.js';
import type { Knex } from 'knex';
import type { Actor } from '../../core/actor.js';
import { guardOf } from './menuGuard.js';
import { originOf } from '../../audit/audit.js';
import { TABLES } from '../../generated/tables.js';
import { table } from '../../db/table.js';

/**
 * `/admin/base/coding` (docs/reference/api-contract.md §9): the schema-writing heir of 8.x code generation. Both
 * actions refuse in production, so a live server neither lists nor writes code.
 */
function assertDevelopment(services: Pick<AppServices, 'config'>): void {
  if (services.config.nodeEnv === 'production') throw new AppError('coding.devOnly');
}

/** `GET getModuleTree`: every module with its entities, from the served model. */
export const getModuleTree: Handler = ({ services, locale }) => {
  assertDevelopment(services);
  const modules = new Map<string, unknown[]>();
  for (const e of services.schema.generated.model.entities) {
    const list = modules.get(e.module) ?? [];
    list.push({
      id: e.id,
      name: e.name ?? null,
      label: e.label[locale],
      table: e.table ?? null,
      prefix: e.prefix,
      file: e.file,
      fields: e.fields.filter((f) => !f.implicit).map((f) => f.name),
    });
    modules.set(e.module, list);
  }
  // Module names (schema folder names) in code-unit order, not localeCompare's: its first call loads ICU's locale
  // data for good (docs/decisions.md, "ICU's locale data stays unloaded").
  return [...modules.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([module, entities]) => ({ module, entities }));
};


/**
 * `POST createCode {schema | module, entity, fields, label?, overwrite?, parentId?}`: validates, writes
 * `schemas/<module>/<entity>.json`, generates, migrates and serves the new CRUD API with its menu (under
 * `parentId`, a directory the admin may change, when given; checked before anything is written).
 */
export const createCode: Handler = async (ctx) => {
  const { services } = ctx;
  assertDevelopment(services);
  const body = (ctx.body ?? {}) as CreateCodeBody;
  const doc = docOfRequest(body);
  const paths = codingPaths(services.config.schemasDir);
  if (!isProject(paths)) throw new AppError('coding.noProject', { dir: path.basename(paths.schemas) });
  if (body.parentId !== undefined) await assertParentDirectory(services.knex, ctx.actor, body.parentId);

  return withProjectLock(services, async () => {
    const outcome = await createEntity(services, paths, { doc, overwrite: body.overwrite === true });
    const menus = await addEntityMenus(services, outcome.entity, originOf(ctx), body.parentId);
    return {
      id: outcome.entity.id,
      name: outcome.entity.name ?? null,
      table: outcome.entity.table ?? null,
      prefix: outcome.entity.prefix,
      file: outcome.file,
      migration: outcome.migration,
      applied: outcome.applied,
      routes: outcome.routes,
      menu: menus,
    };
  });
};

/**
 * The parent menu a creation asks for must be a directory the actor may change: a non-super admin only
 * changes menus he holds (menuGuard.ts), and an unheld menu answers like a missing one.
 */
async function assertParentDirectory(knex: Knex | Knex.Transaction, actor: Actor | undefined, id: number): Promise<void> {
  const row = await table(knex, TABLES.baseSysMenu).where({ id }).first('id', 'name', 'type');
  const held = row ? await guardOf(knex, actor) : undefined;
  if (!row || (held && !held.ids.has(id))) throw new AppError('coding.parentNotFound', { id });
  if (row.type !== 0) throw new AppError('coding.parentNotDirectory', { id, name: row.name.slice(0, 100) });
}
