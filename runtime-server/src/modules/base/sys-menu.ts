import type { Knex } from 'knex';
import type { ValidateFunction } from 'ajv';
import type { Handler } from '../../core/handler.js';
import type { EntityHooks } from '../../crud/hooks.js';
import type { BaseSysMenuRow } from '../../generated/rows.js';
import { AppError, ValidationError } from '../../core/errors.js';
import { assertValid } from '../../core/validator.js';
import { bumpAuthEpoch } from '../../auth/authz.js';
import { parseIds } from '../../crud/operations/delete.js';
import { mapRow } from '../../crud/query.js';
import { RecycleRecorder } from '../../recycle/recorder.js';
import { CHUNK, findCycle, loadParents as loadTree, withDescendants } from '../../crud/tree.js';
import type { Parents } from '../../crud/tree.js';
import { now } from '../../db/values.js';
import { originOf } from '../../audit/audit.js';
import { exportMenuTree, importMenuTree } from '../../auth/menuTree.js';
import type { MenuNode } from '../../auth/menuTree.js';
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
};

/**
 * `POST list`: the menus the caller sees (all for a super-admin, else those of their roles), flat,
 * ordered by orderNum then id, each with `parentName` when its parent is among them.
 */
export const list: Handler = async ({ services, actor, body }) => {
  const rt = services.registry.get(ENTITIES.baseSysMenu)!;
  // The whole tree is answered, but the body must still be what the document allows (no silent acceptance).
  assertValid(rt.validators.filters, body ?? {}, rt.labels);
  const q = services.knex({ a: TABLE }).select(rt.output.map((o) => `${o.column} as ${o.name}`));
  if (!actor!.isSuper) {
    q.whereIn(
      'a.id',
      services.knex({ rm: TABLES.baseSysRoleMenu }).join({ ur: TABLES.baseSysUserRole }, 'ur.roleId', 'rm.roleId').where('ur.userId', actor!.userId).select('rm.menuId'),
    );
  }
  const rows = ((await q.orderBy([{ column: 'a.orderNum', order: 'asc' }, { column: 'a.id', order: 'asc' }])) as Record<string, unknown>[]).map((r) => mapRow(rt, r));
  const names = new Map(rows.map((r) => [r.id as number, r.name as string]));
  return rows.map((r) => ({ ...r, parentName: r.parentId === null ? null : (names.get(r.parentId as number) ?? null) }));
};

/**
 * `POST delete {ids}`: the menus and, recursively, all their descendants, with their role links
 * (no orphans, no dangling grants), in one transaction.
 */
export const remove: Handler = async (ctx) => {
  const { services, body } = ctx;
  const ids = parseIds(body, services.limits.batchRows);
  await services.knex.transaction(async (trx) => {
    const parents = await loadParents(trx);
    const all = [...withDescendants(parents, ids.filter((id) => parents.has(id)))];
    // Descendants included: deleting a held directory must not take other roles' menus with it.
    const held = await guardOf(trx, ctx.actor);
    if (held) assertMenuIds(held, all);
    // The subtree and its role links form one recycle-bin snapshot, restorable as a whole.
    const recorder = new RecycleRecorder(services.registry, ctx.crud().origin!, ENTITIES.baseSysMenu);
    for (let i = 0; i < all.length; i += CHUNK) {
      const part = all.slice(i, i + CHUNK);
      await recorder.take(trx, ENTITIES.baseSysRoleMenu, (q) => q.whereIn('menuId', part));
      await recorder.take(trx, ENTITIES.baseSysMenu, (q) => q.whereIn('id', part));
    }
    await recorder.save(trx);
    await bumpAuthEpoch(trx);
  });
  return undefined;
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
    validateNode = services.ajv.compile({ ...entity.defs.menuNode, $defs: entity.defs });
    nodeValidators.set(entity.defs, validateNode);
  }
  checkTree(validateNode, menus);
  const held = await guardOf(services.knex, ctx.actor);
  if (held) assertMenuTree(held, menus);
  try {
    return await services.knex.transaction(async (trx) => {
      const result = await importMenuTree(trx, menus, now(), { rt: services.registry.get(ENTITIES.baseSysMenu)!, origin: originOf(ctx) });
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
