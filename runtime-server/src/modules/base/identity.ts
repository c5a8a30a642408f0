import type { Knex } from 'knex';
import type { IdentityProvider, MenuFix } from '../../auth/identity.js';
import type { SessionState } from '../../auth/sessions.js';
import { bumpAuthEpoch } from '../../auth/authEpoch.js';
import { loadParents, withDescendants } from '../../crud/tree.js';
import { now } from '../../db/values.js';
import { TABLES } from '../../generated/tables.js';
import { ensureAdmin, grantSeedRoleMenus } from './bootstrap.js';
import { importMenuTree } from './menuTree.js';

const parsePerms = (s: unknown) =>
  String(s ?? '')
    .split(',')
    .map((p) => p.replace(/\s+/g, ''))
    .filter(Boolean);

/** The session joined with its user: everything the guard checks, in one indexed query. */
export async function loadSession(knex: Knex, id: number): Promise<SessionState | undefined> {
  const row = await knex({ s: TABLES.baseSysSession })
    .join({ u: TABLES.baseSysUser }, 'u.id', 's.userId')
    .where('s.id', id)
    .first(
      's.id as sid',
      's.userId as userId',
      's.revokedTime as revokedTime',
      's.expireTime as expireTime',
      'u.username as username',
      'u.status as status',
      'u.passwordV as passwordV',
      'u.isSuper as isSuper',
      'u.departmentId as departmentId',
      'u.tenantId as tenantId',
    );
  if (!row) return undefined;
  return {
    sid: Number(row.sid),
    userId: Number(row.userId),
    revoked: row.revokedTime !== null && row.revokedTime !== undefined,
    expired: String(row.expireTime) <= now(),
    expireTime: String(row.expireTime),
    username: String(row.username),
    status: Number(row.status),
    passwordV: Number(row.passwordV),
    isSuper: row.isSuper === 1 || row.isSuper === true || row.isSuper === '1',
    departmentId: row.departmentId === null ? null : Number(row.departmentId),
    tenantId: row.tenantId === null || row.tenantId === undefined ? null : Number(row.tenantId),
  };
}

/** Permission keys of a (non-super) user: union of the perms of the menus of their roles. */
async function permsOf(knex: Knex, userId: number): Promise<Set<string>> {
  const rows = (await knex({ m: TABLES.baseSysMenu })
    .join({ rm: TABLES.baseSysRoleMenu }, 'rm.menuId', 'm.id')
    .join({ ur: TABLES.baseSysUserRole }, 'ur.roleId', 'rm.roleId')
    .where('ur.userId', userId)
    .whereNotNull('m.perms')
    .distinct('m.perms')) as { perms: string }[];
  return new Set(rows.flatMap((r) => parsePerms(r.perms)));
}

/**
 * Departments a (non-super) user may see: each role's chosen departments, plus all their descendants when the
 * role's `relevance` is on — computed now, so sub-departments created later count.
 */
async function departmentScope(knex: Knex, userId: number): Promise<number[]> {
  const chosen = (await knex({ rd: TABLES.baseSysRoleDepartment })
    .join({ r: TABLES.baseSysRole }, 'r.id', 'rd.roleId')
    .join({ ur: TABLES.baseSysUserRole }, 'ur.roleId', 'r.id')
    .where('ur.userId', userId)
    .select('rd.departmentId as id', 'r.relevance as relevance')) as { id: number; relevance: number | boolean }[];
  const ids = new Set(chosen.map((c) => Number(c.id)));
  const roots = chosen.filter((c) => c.relevance === true || Number(c.relevance) === 1).map((c) => Number(c.id));
  if (roots.length) {
    for (const id of withDescendants(await loadParents(knex, TABLES.baseSysDepartment), roots)) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

/** Users' display names (`name`), for a record's history. */
async function userNames(knex: Knex, ids: number[]): Promise<Map<number, string | null>> {
  const out = new Map<number, string | null>();
  const wanted = [...new Set(ids)];
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await knex(TABLES.baseSysUser).whereIn('id', wanted.slice(i, i + 500)).select('id', 'name');
    for (const r of rows as { id: number; name: string | null }[]) out.set(Number(r.id), r.name ?? null);
  }
  return out;
}

const FIXABLE = new Set(['router', 'viewPath', 'icon']);

/** Seed corrections of shipped menus: a field moves only from the shipped value, so an admin's edit stays. */
async function fixMenus(trx: Knex.Transaction, fixes: MenuFix[], ts: string): Promise<number> {
  let changed = 0;
  for (const fix of fixes) {
    for (const [field, [from, to]] of Object.entries(fix.set)) {
      if (!FIXABLE.has(field)) throw new Error(`menu fix ${fix.name}: ${field} is not a fixable menu field`);
      changed += Number(
        await trx(TABLES.baseSysMenu)
          .where({ name: fix.name, type: fix.type })
          .andWhere(field, from)
          .update({ [field]: to, updateTime: ts }),
      );
    }
  }
  if (changed) await bumpAuthEpoch(trx);
  return changed;
}

/** The base module's users, roles, menus and departments behind the kernel's identity port. */
export const baseIdentity: IdentityProvider = {
  loadSession,
  permsOf,
  departmentScope,
  userNames,
  bootstrap: async (knex, config, logger) => {
    await grantSeedRoleMenus(knex);
    await ensureAdmin(knex, config, logger);
  },
  importMenus: importMenuTree,
  fixMenus,
};
