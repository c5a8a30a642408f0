import { bumpAuthEpoch } from '../auth/authz.js';
import { hashSecret } from '../core/secrets.js';
import { insertId } from '../db/insertId.js';
import { now } from '../db/values.js';
import type { TestApp, Tokens } from './testApp.js';
import { TABLES } from '../generated/tables.js';

export interface ScopedAdmin {
  userId: number;
  roleId: number;
  /** The permission menu created for the role (a root type-2 menu). */
  menuId: number;
  tokens: Tokens;
}


/**
 * A signed-in ordinary admin written straight to the database (independent of the user and role
 * endpoints): one role holding one permission menu with `perms` and the data scope `departmentIds`.
 */
export async function createScopedAdmin(
  app: TestApp,
  opts: { username: string; perms: string[]; departmentIds: number[]; departmentId?: number | null; relevance?: boolean; password?: string },
): Promise<ScopedAdmin> {
  const knex = app.instance.services.knex;
  const ts = now();
  const password = opts.password ?? 'Scoped-pass1';
  const stamp = { createTime: ts, updateTime: ts };
  const roleId = await insertId(knex, TABLES.baseSysRole, { name: `role-${opts.username}`, label: null, relevance: opts.relevance ? 1 : 0, ...stamp });
  const menuId = await insertId(knex, TABLES.baseSysMenu, {
    parentId: null, name: `perms-${opts.username}`, type: 2, perms: opts.perms.join(','), orderNum: 999, keepAlive: 1, isShow: 1, ...stamp,
  });
  await knex(TABLES.baseSysRoleMenu).insert({ roleId, menuId, ...stamp });
  for (const departmentId of opts.departmentIds) await knex(TABLES.baseSysRoleDepartment).insert({ roleId, departmentId, ...stamp });
  const userId = await insertId(knex, TABLES.baseSysUser, {
    username: opts.username,
    password: await hashSecret(password),
    passwordV: 1,
    isSuper: 0,
    name: opts.username,
    departmentId: opts.departmentId ?? opts.departmentIds[0] ?? null,
    status: 1,
    ...stamp,
  });
  await knex(TABLES.baseSysUserRole).insert({ userId, roleId, ...stamp });
  await bumpAuthEpoch(knex);
  return { userId, roleId, menuId, tokens: await app.login(opts.username, password) };
}

/** A plain user row (no role, cannot sign in) in a department, for cascade tests. */
export async function insertUser(app: TestApp, username: string, departmentId: number | null): Promise<number> {
  const ts = now();
  return insertId(app.instance.services.knex, TABLES.baseSysUser, { username, passwordV: 1, isSuper: 0, status: 1, departmentId, createTime: ts, updateTime: ts });
}
