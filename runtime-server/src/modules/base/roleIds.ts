import type { Knex } from 'knex';
import { table } from '../../db/table.js';
import { TABLES } from '../../generated/tables.js';

/**
 * Role ids a user holds, ascending: what a token names (login, refresh, password change), the permission
 * checks of user and role editing, and the views shared with a role all read them here.
 */
export async function roleIdsOfUser(db: Knex | Knex.Transaction, userId: number): Promise<number[]> {
  const rows = await table(db, TABLES.baseSysUserRole).where({ userId }).select('roleId');
  return rows.map((r) => Number(r.roleId)).sort((a, b) => a - b);
}
