import type { Knex } from 'knex';
import type { ValidateFunction } from 'ajv';
import type { Handler } from '../../core/handler.js';
import type { EntityHooks } from '../../crud/hooks.js';
import type { BaseSysMenuRow } from '../../generated/rows.js';
import { AppError, ValidationError } from '../../core/errors.js';
import { assertValid } from '../../core/validator.js';
import { bumpAuthEpoch } from '../../auth/authz.js';
import { CHUNK, findCycle, loadParents as loadTree, withDescendants, withParentNames } from '../../crud/tree.js';
import type { Parents } from '../../crud/tree.js';
import { now } from '../../db/values.js';
import { originOf } from '../../audit/audit.js';
import { exportMenuTree, importMenuTree } from './menuTree.js';
import type { MenuNode } from './menuTree.js';
import { assertDevelopment, parseEntitySchema, writeEntitySchema } from './entitySchemaFile.js';
import { assertMenuIds, assertMenuRows, assertMenuTree, guardOf, heldMenus } from './menuGuard.js';
import { ENTITIES, TABLES } from '../../generated/tables.js';

const TABLE = TABLES.baseSysMenu;
const loadParents = (knex: Knex | Knex.Transaction) => loadTree(knex, TABLE);

/**
 * Server side of the menu form rules (docs/reference/product-spec.md §5): the generic validation already wants a name and a
 * router starting with '/'; here a directory or page needs its order (permission buttons, which the console
 * batch-adds without one, default to 0), and a parent must exist and must not be the menu itself or one of
 * its descendants.
 */
function prepare(rows: Record<string, unknown>[], parents: Parents, requireOrder: boolean): void {
  const before = new Map(parents);
  const changed: number[] = [];
  for (const [i, r] of rows.entries()) {
    const type = r.type ?? 0;
    if (requireOrder && (type === 0 || type === 1) && (r.orderNum === undefined || r.orderNum === null)) {
      throw new ValidationError('menu.orderNumRequired', { row: i + 1 });
    }
    if (typeof r.parentId === 'number' && !before.has(r.parentId)) throw new AppError('menu.parentNotFound', { id: r.parentId });
    if (typeof r.id === 'number' && (typeof r.parentId === 'number' || r.parentId === null)) {
      parents.set(r.id, r.parentId);
      changed.push(r.id);
    }
  }
  const cyclic = findCycle(parents, changed);
  if (cyclic !== undefined) throw new AppError('menu.cycle', { id: cyclic });
}

/**
 * The menu's rules on every generic write (routes, bulk edit, import — modules/base/module.ts): a non-super
 * admin changes only menus he holds and grants only keys he holds (menuGuard.ts), then the form rules above.
 * The auth epoch is bumped by the generic path (menus are an auth source).
 */
export const menuHooks: EntityHooks<BaseSysMenuRow> = {
  // An empty router means "none" (the form sends '').
  normalise: (row) => (row.router === '' ? { ...row, router: null } : row),
  async beforeWrite(c, rows, action) {
    if (c.actor && !c.actor.isSuper) assertMenuRows(await heldMenus(c.knex, c.actor.userId), rows, action);
    prepare(rows, await loadParents(c.knex), action === 'add');
  },
  // The list (the console's tree) is the menus the caller sees: all for a super-admin, else those of his roles.
  async readWhere(c, action) {
    if (action !== 'list' || !c.actor || c.actor.isSuper) return undefined;
    const { userId } = c.actor;
    return (qb) => qb.whereIn('a.id', c.knex({ rm: TABLES.baseSysRoleMenu }).join({ ur: TABLES.baseSysUserRole }, 'ur.roleId', 'rm.roleId').where('ur.userId', userId).select('rm.menuId'));
  },
  // Ordered by orderNum, then id (x-api defaultSort), each with `parentName` when its parent is among them.
  onRead: async (_c, rows, action) => (action === 'list' ? withParentNames(rows) : rows),
  // `delete {ids}`: a non-super admin deletes only menus he holds, descendants included (deleting a held
  // directory must not take other roles' menus with it).
  async beforeDelete(c, trx, ids) {
    if (!c.actor || c.actor.isSuper) return;
    const held = await heldMenus(trx, c.actor.userId);
    const parents = await loadParents(trx);
    assertMenuIds(held, [...withDescendants(parents, ids.filter((id) => parents.has(id)))]);
  },
  // The menus go with all their descendants and role links (no orphans, no dangling grants), one snapshot.
  async deleting(trx, ids, recorder) {
    // The chosen menus are already taken; their children still point at them.
    const all = [...withDescendants(await loadParents(trx), ids)];
    const below = all.filter((id) => !ids.includes(id));
    for (let i = 0; i < all.length; i += CHUNK) {
      await recorder.take(trx, ENTITIES.baseSysRoleMenu, (q) => q.whereIn('menuId', all.slice(i, i + CHUNK)));
    }
    for (let i = 0; i < below.length; i += CHUNK) {
      await recorder.take(trx, ENTITIES.baseSysMenu, (q) => q.whereIn('id', below.slice(i, i + CHUNK)));
    }
  },
};

/** `POST export {ids}` → the chosen menus as nested trees (`childMenus`), the shape `import` takes. */
export const exportMenus: Handler = async ({ services, body }) => {
  const ids = (body as { ids: number[] }).ids;
  if (!ids.length) throw new ValidationError('menu.exportEmpty');
  return exportMenuTree(services.knex, ids);
};

/** Deepest menu tree `import` takes; real consoles nest three or four levels. */
const MAX_DEPTH = 16;
/**
 * The node validator, compiled once per app (keyed by that app's model object, so instances share
 * nothing): ajv caches by schema object, and compiling a fresh copy per request would grow its cache.
 */
const nodeValidators = new WeakMap<object, ValidateFunction>();

/**
 * Validates every node below the roots (the body schema checks the roots only) without recursion,
 * so a hostile nesting depth is a 1002 answer, not a stack overflow.
 */
function checkTree(validateNode: ValidateFunction, roots: MenuNode[]): void {
  const stack: { node: MenuNode; depth: number }[] = roots.map((node) => ({ node, depth: 1 }));
  while (stack.length) {
    const { node, depth } = stack.pop()!;
    if (depth > MAX_DEPTH) throw new ValidationError('error.parameter', { detail: `menus: at most ${MAX_DEPTH} levels` });
    assertValid(validateNode, node);
    for (const child of node.childMenus ?? []) stack.push({ node: child, depth: depth + 1 });
  }
}

/**
 * `POST import {menus}`: inserts the missing nodes of the trees in one transaction; a node matching an
 * existing menu (same parent, name and type) is kept as is, so importing twice adds nothing.
 */
export const importMenus: Handler = async (ctx) => {
  const { services, entity, body } = ctx;
  const menus = (body as { menus: MenuNode[] }).menus;
  let validateNode = nodeValidators.get(entity.defs);
  if (!validateNode) {
    validateNode = services.validation.ajv.compile({ ...entity.defs.menuNode, $defs: entity.defs });
    nodeValidators.set(entity.defs, validateNode);
  }
  checkTree(validateNode, menus);
  const held = await guardOf(services.knex, ctx.actor);
  if (held) assertMenuTree(held, menus);
  try {
    return await services.knex.transaction(async (trx) => {
      const result = await importMenuTree(trx, menus, now(), { rt: services.schema.registry.get(ENTITIES.baseSysMenu)!, origin: originOf(ctx) });
      if (result.inserted) await bumpAuthEpoch(trx);
      return result;
    });
  } catch (err) {
    if (err instanceof Error && err.message.startsWith('menu import')) throw new ValidationError('error.parameter', { detail: err.message.slice(0, 300) });
    throw err;
  }
};

/**
 * `POST parse {entity, fileName?}` (development only): checks an entity JSON Schema as the generator
 * would and answers its EPS columns and URL path; writes nothing, runs nothing.
 */
export const parse: Handler = ({ services, body }) => {
  assertDevelopment(services);
  const parsed = parseEntitySchema(services, body as { entity: Record<string, unknown>; fileName?: string });
  return parsed.summary;
};

/**
 * `POST create {entity, fileName?}` (development only): the checked schema is written to
 * `schemas/<module>/<fileName>.json` — never elsewhere, never over an existing file; `npm run generate`
 * then turns it into a migration and routes. No code is written or executed.
 */
export const create: Handler = ({ services, body }) => {
  assertDevelopment(services);
  const parsed = parseEntitySchema(services, body as { entity: Record<string, unknown>; fileName?: string });
  return { ...parsed.summary, file: writeEntitySchema(services, parsed) };
};
