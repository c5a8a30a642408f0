import { auditedUpdate } from '../../audit/audit.js';
import type { Knex } from 'knex';
import { AppError, ValidationError } from '../../core/errors.js';
import type { CrudContext } from '../../crud/context.js';
import type { EntityHooks } from '../../crud/hooks.js';
import type { UserAddressRow } from '../../generated/rows.js';
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
async function keepOneDefault(trx: Knex.Transaction, winners: Map<number, number>, c: CrudContext): Promise<void> {
  const ts = now();
  for (const [userId, id] of winners) {
    const losers = (await table(trx, ADDRESS).where({ userId }).whereNot({ id }).where({ isDefault: 1 }).forUpdate().select('id')).map((r) => r.id);
    // Audited like any update: the cleared default is a change of those addresses too.
    if (losers.length) await auditedUpdate(trx, c.rt, losers, { isDefault: 0, updateTime: ts }, c.origin);
  }
}

/**
 * The address rules on every generic write (routes, bulk edit, import — modules/user/module.ts): an 11-digit
 * phone with its own message, an existing user, and one default per user — a row that claims isDefault true, or
 * moves a default address to another user, becomes that user's only default (the last such row wins).
 */
export const addressHooks: EntityHooks<UserAddressRow> = {
  normalise(row) {
    checkPhones([row]);
    return row;
  },
  async lockWrite(_c, trx, writes, action) {
    // Lock the old and the new owner before anything else: a moved default must not race a default added for either.
    const newOwners = writes.filter((w) => w.input.userId !== undefined).map((w) => w.input.userId as number);
    const ids = action === 'update' ? writes.map((w) => w.id!) : [];
    // Old owners are locked, not checked: an orphaned address may be moved to a real user.
    const oldOwners = ids.length ? (await table(trx, ADDRESS).whereIn('id', ids).select('userId')).map((r) => Number(r.userId)) : [];
    assertUsers(await lockUsers(trx, [...newOwners, ...oldOwners]), newOwners);
  },
  async afterWrite(c, trx, writes, action) {
    const winners = new Map<number, number>();
    if (action === 'add') {
      for (const w of writes) if (w.input.isDefault === true) winners.set(w.input.userId as number, w.id!);
    } else {
      const ids = writes.map((w) => w.id!);
      const after = new Map((await table(trx, ADDRESS).whereIn('id', ids).select('id', 'userId', 'isDefault')).map((r) => [r.id, r]));
      for (const w of writes) {
        const stored = after.get(w.id!)!;
        const isDefault = stored.isDefault === 1;
        const claims = w.input.isDefault === true || (w.input.userId !== undefined && isDefault);
        if (claims && isDefault) winners.set(stored.userId, stored.id);
      }
    }
    await keepOneDefault(trx, winners, c);
  },
};
