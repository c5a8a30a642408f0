import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Config } from '../../config.js';
import { hashSecret } from '../../core/secrets.js';
import { now } from '../../db/values.js';
import { TABLES } from '../../generated/tables.js';
import { table } from '../../db/table.js';
import { insertId } from '../../db/insertId.js';

/** A random password of 16 characters from an unambiguous alphabet. */
function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  return [...randomBytes(16)].map((b) => alphabet[b % alphabet.length]).join('');
}

/**
 * Grants every menu to the seeded `admin` role, once (a conf marker remembers it, so an admin who
 * later narrows that role is not overruled by a restart).
 */
export async function grantSeedRoleMenus(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx('knex_migrations_lock').update({ is_locked: trx.raw('is_locked') });
    if (await trx(TABLES.baseSysConf).where({ cKey: 'seed.adminRoleMenus' }).first('id')) return;
    const role = await trx(TABLES.baseSysRole).where({ label: 'admin' }).first('id');
    const ts = now();
    if (role) {
      const menus = await table(trx, TABLES.baseSysMenu).select('id');
      const rows = menus.map((m) => ({ roleId: role.id, menuId: m.id, createTime: ts, updateTime: ts }));
      for (let i = 0; i < rows.length; i += 200) await trx(TABLES.baseSysRoleMenu).insert(rows.slice(i, i + 200));
      await trx(TABLES.baseSysRole).where({ id: role.id }).update({ menuIdList: JSON.stringify(menus.map((m) => m.id)) });
    }
    await trx(TABLES.baseSysConf).insert({ cKey: 'seed.adminRoleMenus', cValue: '1', createTime: ts, updateTime: ts });
  });
}

/**
 * Creates the seeded super-admin `admin` on first start: password from ADMIN_PASSWORD, else
 * generated and printed once. Never touches an existing admin (a restart changes nothing).
 */
export async function ensureAdmin(knex: Knex, config: Config, logger: Pick<Console, 'info' | 'warn'>): Promise<void> {
  await knex.transaction(async (trx) => {
    // Same serialization as the seed: one instance creates the admin.
    await trx('knex_migrations_lock').update({ is_locked: trx.raw('is_locked') });
    if (await trx(TABLES.baseSysUser).where({ username: 'admin' }).first('id')) return;
    const password = config.adminPassword ?? generatePassword();
    if (password.length < 6 || password.length > 16) throw new Error('ADMIN_PASSWORD must be 6 to 16 characters (docs/reference/product-spec.md §5)');
    const root = await trx(TABLES.baseSysDepartment).whereNull('parentId').orderBy('id').first('id');
    const role = await trx(TABLES.baseSysRole).where({ label: 'admin' }).first('id');
    const ts = now();
    const id = await insertId(trx, TABLES.baseSysUser, {
      username: 'admin',
      password: await hashSecret(password),
      passwordV: 1,
      isSuper: 1,
      name: '超级管理员',
      nickName: '管理员',
      departmentId: root?.id ?? null,
      status: 1,
      remark: '拥有最高权限的用户',
      createTime: ts,
      updateTime: ts,
    });
    if (role) await trx(TABLES.baseSysUserRole).insert({ userId: id, roleId: role.id, createTime: ts, updateTime: ts });
    if (config.adminPassword) logger.info('Created the super-admin "admin" with the password from ADMIN_PASSWORD.');
    else logger.warn(`\n  Created the super-admin "admin". Its generated password (shown once): ${password}\n`);
  });
}
