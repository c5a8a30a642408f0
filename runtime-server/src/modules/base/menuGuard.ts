import type { Knex } from 'knex';
import { AppError } from '../../core/errors.js';
import type { Actor } from '../../core/actor.js';
import type { MenuNode } from './menuTree.js';
import { TABLES } from '../../generated/tables.js';

/** The menus an admin holds through his roles, and every permission key they carry. */
export interface HeldMenus {
  ids: Set<number>;
  perms: Set<string>;
}

export async function heldMenus(knex: Knex | Knex.Transaction, userId: number): Promise<HeldMenus> {
  const rows = (await knex({ m: TABLES.baseSysMenu })
    .join({ rm: TABLES.baseSysRoleMenu }, 'rm.menuId', 'm.id')
    .join({ ur: TABLES.baseSysUserRole }, 'ur.roleId', 'rm.roleId')
    .where('ur.userId', userId)
    .distinct('m.id', 'm.perms')) as { id: number; perms: string | null }[];
  return { ids: new Set(rows.map((r) => Number(r.id))), perms: new Set(rows.flatMap((r) => keysOf(r.perms))) };
}

const keysOf = (perms: unknown): string[] =>
  typeof perms === 'string' ? perms.split(',').map((k) => k.replace(/\s+/g, '').replace(/\//g, ':')).filter(Boolean) : [];

/**
 * A non-super admin changes only menus he holds and never writes a permission key he does not hold: menus
 * carry the keys roles grant, so a free `perms` (or a menu moved under another's) would be self-promotion.
 * An unheld menu answers like a missing one.
 */
export function assertMenuRows(held: HeldMenus, rows: Record<string, unknown>[], mode: 'add' | 'update'): void {
  for (const r of rows) {
    if (mode === 'update' && typeof r.id === 'number' && !held.ids.has(r.id)) throw new AppError('error.recordNotFound', { id: r.id });
    if (typeof r.parentId === 'number' && !held.ids.has(r.parentId)) throw new AppError('menu.parentNotFound', { id: r.parentId });
    for (const key of keysOf(r.perms)) if (!held.perms.has(key)) throw new AppError('menu.permNotHeld', { key: key.slice(0, 100) });
  }
}

export function assertMenuIds(held: HeldMenus, ids: number[]): void {
  for (const id of ids) if (!held.ids.has(id)) throw new AppError('error.recordNotFound', { id });
}

export function assertMenuTree(held: HeldMenus, roots: MenuNode[]): void {
  const stack = [...roots];
  while (stack.length) {
    const node = stack.pop()!;
    for (const key of keysOf(node.perms)) if (!held.perms.has(key)) throw new AppError('menu.permNotHeld', { key: key.slice(0, 100) });
    stack.push(...(node.childMenus ?? []));
  }
}

/** The held menus of a non-super actor (undefined for a super-admin, who may do anything). */
export async function guardOf(knex: Knex | Knex.Transaction, actor: Actor | undefined): Promise<HeldMenus | undefined> {
  return actor && !actor.isSuper ? heldMenus(knex, actor.userId) : undefined;
}
