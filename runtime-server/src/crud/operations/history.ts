import { AppError, ValidationError } from '../../core/errors.js';
import { AUDIT_TABLE } from '../../audit/audit.js';
import type { CrudContext } from '../context.js';
import { filteredQuery } from '../query.js';
import { fromDb } from '../../db/values.js';
import type { FieldModel } from '@schema-admin/generator';

/** At most this many audit rows per record (newest first). */
export const HISTORY_LIMIT = 500;

export interface HistoryRow {
  id: number;
  action: string;
  userId: number | null;
  userName: string | null;
  url: string | null;
  changes: unknown;
  createTime: string;
}

/**
 * history: `?id=` → the record's audit rows, newest first. A record that still exists must be
 * visible to the caller (tenant and data scope, as `info`); a deleted one has no scope left to
 * check, so only super-admins may read its history.
 */
export async function history(c: CrudContext, query: Record<string, unknown>): Promise<HistoryRow[]> {
  const raw = query.id;
  const id = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (!Number.isSafeInteger(id) || (id as number) <= 0) throw new ValidationError('error.parameter', { detail: 'id' });
  const exists = await c.knex(c.rt.table).where('id', id as number).first('id');
  if (exists) {
    const visible = await filteredQuery(c.knex, c.rt, {}, c).where('a.id', id as number).first('a.id');
    // Another tenant's or scope's row answers exactly like a missing one.
    if (!visible) throw new AppError('error.recordNotFound', { id: id as number });
  } else if (!c.superAdmin) {
    throw new AppError('error.recordNotFound', { id: id as number });
  }
  const rows = (await c
    .knex({ a: AUDIT_TABLE })
    .where({ 'a.entity': c.rt.model.id, 'a.recordId': id as number })
    .orderBy('a.id', 'desc')
    .limit(HISTORY_LIMIT)
    .select('a.id', 'a.action', 'a.userId', 'a.url', 'a.changes', 'a.createTime')) as Record<string, unknown>[];
  // Who made each change, from whoever owns users (auth/identity.ts); a deleted user leaves the name empty.
  const userIds = rows.map((r) => r.userId).filter((u) => u !== null && u !== undefined).map(Number);
  const names = userIds.length && c.app ? await c.app.auth.ports.identity.userNames(c.knex, userIds) : new Map<number, string | null>();
  return rows.map((r) => ({
    id: Number(r.id),
    action: String(r.action),
    userId: r.userId === null ? null : Number(r.userId),
    userName: r.userId === null || r.userId === undefined ? null : (names.get(Number(r.userId)) ?? null),
    url: (r.url as string | null) ?? null,
    changes: fromDb(JSON_FIELD, r.changes),
    createTime: String(fromDb(TIME_FIELD, r.createTime)),
  }));
}

// Only the storage type matters to fromDb: both databases answer alike.
const JSON_FIELD = { type: 'json' } as FieldModel;
const TIME_FIELD = { type: 'datetime' } as FieldModel;
