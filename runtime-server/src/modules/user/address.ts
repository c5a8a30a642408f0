import { auditedUpdate, originOf } from '../../audit/audit.js';
import type { Knex } from 'knex';
import type { ActionContext, Handler } from '../../core/handler.js';
import { AppError, ValidationError } from '../../core/errors.js';
import { assertValid } from '../../core/validator.js';
import { add as genericAdd } from '../../crud/operations/add.js';
import { update as genericUpdate } from '../../crud/operations/update.js';
import { now } from '../../db/values.js';
import { TABLES } from '../../generated/tables.js';
import { table } from '../../db/table.js';

/**
 * `/admin/user/address` (docs/reference/api-contract.md §6.12, admin side). The reference's service reads the app
 * user's id, which admins lack, so its list and default handling fail for admins; here admins manage
 * any user's addresses, and the rule "at most one default address per user" is kept in the same
 * transaction as the write. Page, list and info are generic (the user's nickName comes from the
 * x-query join).
 */

const ADDRESS = TABLES.userAddress;
const USER = TABLES.userInfo;
type Row = Record<string, unknown>;

const PHONE = /^[0-9]{11}$/;

/** A clearer message than the schema pattern's for the one rule users trip over (11 digits). */
function checkPhones(rows: unknown[]): void {
  for (const r of rows) {
    const phone = (r as Row | null)?.phone;
    if (typeof phone === 'string' && !PHONE.test(phone)) {
      throw new ValidationError('address.phoneFormat', { value: phone.slice(0, 20) });
    }
  }
}

/**
 * Locks the users' rows for the transaction, so two concurrent writes that both claim a default for
 * one user run one after the other (MariaDB; SQLite has a single writer anyway). Returns the ids found.
 */
async function lockUsers(trx: Knex.Transaction, ids: number[]): Promise<Set<number>> {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  if (!wanted.length) return new Set();
  return new Set((await table(trx, USER).whereIn('id', wanted).forUpdate().select('id')).map((r) => r.id));
}

/** An address must belong to an existing user (there is no database foreign key to refuse it). */
function assertUsers(found: Set<number>, ids: number[]): void {
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw new AppError('address.userNotFound', { id: missing });
}

/** Clears isDefault on every other address of each user; `winners` maps userId → the default's id. */
async function keepOneDefault(trx: Knex.Transaction, winners: Map<number, number>, ctx: ActionContext): Promise<void> {
  const ts = now();
  const rt = ctx.crud().rt;
  for (const [userId, id] of winners) {
    const losers = (await table(trx, ADDRESS).where({ userId }).whereNot({ id }).where({ isDefault: 1 }).forUpdate().select('id')).map((r) => r.id);
    // Audited like any update: the cleared default is a change of those addresses too.
    if (losers.length) await auditedUpdate(trx, rt, losers, { isDefault: 0, updateTime: ts }, originOf(ctx));
  }
}

function rowsOf(body: unknown): unknown[] {
  return Array.isArray(body) ? body : [body];
}

/** Validates every row before any lock is taken (the generic operation validates again: cheap). */
function validateAll(ctx: ActionContext, rows: unknown[], which: 'add' | 'update', isArray: boolean): void {
  const rt = ctx.crud().rt;
  rows.forEach((r, i) => assertValid(rt.validators[which], r, rt.labels, isArray ? i : undefined));
}

/** `add`: object or array; a row with isDefault true becomes its user's only default (the last such row wins). */
export const add: Handler = async (ctx) => {
  const rows = rowsOf(ctx.body);
  checkPhones(rows);
  validateAll(ctx, rows, 'add', Array.isArray(ctx.body));
  const input = rows as Row[];
  return ctx.services.knex.transaction(async (trx) => {
    const owners = input.map((r) => r.userId as number);
    assertUsers(await lockUsers(trx, owners), owners);
    const result = await genericAdd({ ...ctx.crud(), knex: trx }, ctx.body);
    const ids = Array.isArray(result.id) ? result.id : [result.id];
    const winners = new Map<number, number>();
    input.forEach((r, i) => {
      if (r.isDefault === true) winners.set(r.userId as number, ids[i]!);
    });
    await keepOneDefault(trx, winners, ctx);
    return result;
  });
};

/**
 * `update`: object or array. A row that claims isDefault true, or moves a default address to another
 * user, becomes that user's only default (the last such row of the body wins).
 */
export const update: Handler = async (ctx) => {
  const rows = rowsOf(ctx.body);
  checkPhones(rows);
  validateAll(ctx, rows, 'update', Array.isArray(ctx.body));
  const input = rows as Row[];
  await ctx.services.knex.transaction(async (trx) => {
    const ids = input.map((r) => r.id as number);
    const before = new Map((await table(trx, ADDRESS).whereIn('id', ids).select('id', 'userId')).map((r) => [r.id, r.userId]));
    // Lock the old and the new owner: a moved default must not race a default added for either.
    const newOwners = input.filter((r) => r.userId !== undefined).map((r) => r.userId as number);
    const oldOwners = [...before.values()]; // not checked: an orphaned address may be moved to a real user
    assertUsers(await lockUsers(trx, [...newOwners, ...oldOwners]), newOwners);
    await genericUpdate({ ...ctx.crud(), knex: trx }, ctx.body); // unknown id → error, rolls back
    const after = new Map((await table(trx, ADDRESS).whereIn('id', ids).select('id', 'userId', 'isDefault')).map((r) => [r.id, r]));
    const winners = new Map<number, number>();
    for (const r of input) {
      const stored = after.get(r.id as number)!;
      const isDefault = stored.isDefault === 1;
      const claims = r.isDefault === true || (r.userId !== undefined && isDefault);
      if (claims && isDefault) winners.set(stored.userId, stored.id);
    }
    await keepOneDefault(trx, winners, ctx);
  });
  return undefined;
};
