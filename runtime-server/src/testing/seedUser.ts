import { hashSecret } from '../core/secrets.js';
import { insertId } from '../db/insertId.js';
import { now } from '../db/values.js';
import type { TestApp } from './testApp.js';
import { TABLES } from '../generated/tables.js';

export interface SeedUserOptions {
  password?: string;
  tenantId?: number | null;
  departmentId?: number | null;
}

/**
 * Creates a user holding one role that grants exactly `perms` (through one button menu), straight in
 * the database, so a test controls the permissions precisely. Returns the user id.
 */
export async function seedUser(app: TestApp, username: string, perms: string[], options: SeedUserOptions = {}): Promise<number> {
  const knex = app.instance.services.knex;
  const ts = now();
  const menuId = await insertId(knex, TABLES.baseSysMenu, { name: `m-${username}`, type: 2, perms: perms.join(','), orderNum: 0, keepAlive: 1, isShow: 1, createTime: ts, updateTime: ts });
  const roleId = await insertId(knex, TABLES.baseSysRole, { name: `r-${username}`, label: `r-${username}`, relevance: 0, createTime: ts, updateTime: ts });
  const userId = await insertId(knex, TABLES.baseSysUser, {
    username,
    password: await hashSecret(options.password ?? 'user-pass1'),
    passwordV: 1,
    isSuper: 0,
    status: 1,
    tenantId: options.tenantId ?? null,
    departmentId: options.departmentId ?? null,
    createTime: ts,
    updateTime: ts,
  });
  await knex(TABLES.baseSysRoleMenu).insert({ roleId, menuId, createTime: ts, updateTime: ts });
  await knex(TABLES.baseSysUserRole).insert({ userId, roleId, createTime: ts, updateTime: ts });
  return userId;
}
