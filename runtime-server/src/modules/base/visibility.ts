import type { Knex } from 'knex';
import type { VisibilityRule } from '../../crud/context.js';
import { USER_ROLE } from './userRoles.js';
import { TABLES } from '../../generated/tables.js';
import { table } from '../../db/table.js';

/**
 * Roles a non-super admin may see: those they created or hold (docs/reference/api-contract.md §6.3). Applied to every read
 * of roles — page, list, info, history, and the change-audit page — so no path shows more.
 */
export const roleVisibility: VisibilityRule = async (actor, knex: Knex) => {
  if (actor.isSuper) return undefined;
  const rows = await table(knex, TABLES.baseSysRole)
    .where('userId', actor.userId)
    .orWhereIn('id', knex(USER_ROLE.table).where('userId', actor.userId).select('roleId'))
    .select('id');
  return { column: 'id', ids: rows.map((r) => r.id) };
};

