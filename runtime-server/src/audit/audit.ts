import type { Knex } from 'knex';
import type { FieldModel } from '@schema-admin/generator';
import type { EntityRuntime } from '../crud/entityRuntime.js';
import { fromDb, now } from '../db/values.js';
import { TABLES } from '../generated/tables.js';

export type AuditAction = 'add' | 'update' | 'delete';

/** One audited record: database-format rows (`before` for update/delete, `after` for add/update). */
export interface AuditRow {
  id: number;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/** Who changed, through which request (the CrudContext origin; absent for seeds and jobs). */
export interface AuditOrigin {
  userId: number | null;
  url: string;
}

export const AUDIT_TABLE = TABLES.baseSysAudit;
export const MASK = '******';
const CHUNK = 200;
/** Timestamps change on every write: recording them would only add noise. */
const SKIP: ReadonlySet<string> = new Set(['createTime', 'updateTime']);

/**
 * Writes one base_sys_audit row per record, with the caller's transaction: the change and its
 * record commit or roll back together, so no change exists without its audit row.
 * Secret fields are masked (never a hash); an update keeps only the fields that changed, `[old, new]`.
 */
export async function recordAudit(
  trx: Knex | Knex.Transaction,
  rt: EntityRuntime,
  action: AuditAction,
  rows: AuditRow[],
  origin: AuditOrigin | undefined,
): Promise<void> {
  if (!rt.model.audit || !rows.length) return;
  const ts = now();
  const out = rows
    .map((r) => ({ r, changes: action === 'update' ? diff(rt, r.before ?? {}, r.after ?? {}) : snapshot(rt, (action === 'add' ? r.after : r.before) ?? {}) }))
    // An edit saved unchanged (a form submitted as it was opened) changed nothing worth a history entry.
    .filter(({ changes }) => action !== 'update' || Object.keys(changes).length > 0)
    .map(({ r, changes }) => ({
      entity: rt.model.id,
      recordId: r.id,
      action,
      userId: origin?.userId ?? null,
      url: origin?.url ? origin.url.slice(0, 1000) : null,
      changes: JSON.stringify(changes),
      createTime: ts,
      updateTime: ts,
    }));
  for (let i = 0; i < out.length; i += CHUNK) await trx(AUDIT_TABLE).insert(out.slice(i, i + CHUNK));
}

/** `{field: value}` of every stored field the row holds (wire format, secrets masked). */
function snapshot(rt: EntityRuntime, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of rt.model.fields) {
    if (SKIP.has(f.name) || !(f.name in row)) continue;
    out[f.name] = isSecret(f) ? mask(row[f.name]) : wire(f, row[f.name]);
  }
  return out;
}

/** `{field: [old, new]}` for the fields whose wire value differs. */
function diff(rt: EntityRuntime, before: Record<string, unknown>, after: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const f of rt.model.fields) {
    if (SKIP.has(f.name) || !(f.name in after)) continue;
    const old = wire(f, before[f.name]);
    const cur = wire(f, after[f.name]);
    if (JSON.stringify(old) === JSON.stringify(cur)) continue;
    out[f.name] = isSecret(f) ? [mask(before[f.name]), mask(after[f.name])] : [old, cur];
  }
  return out;
}

function wire(f: EntityRuntime['model']['fields'][number], v: unknown): unknown {
  return v === null || v === undefined ? null : fromDb(f, v);
}

/** `x-secret` and `writeOnly` fields alike: their values are never kept. */
const isSecret = (f: FieldModel): boolean => f.secret || f.schema?.writeOnly === true;

/** A secret shows only whether it is set. */
function mask(v: unknown): unknown {
  return v === null || v === undefined || v === '' ? null : MASK;
}

/** The origin a CrudContext carries, as the audit stores it. */
export function auditOrigin(origin: { userId: number | null; url: string } | undefined): AuditOrigin | undefined {
  return origin ? { userId: origin.userId, url: origin.url } : undefined;
}

/** The origin of a named handler's writes: the actor and the request path. */
export function originOf(ctx: { actor?: { userId: number }; koa?: { path: string } }): AuditOrigin {
  return { userId: ctx.actor?.userId ?? null, url: ctx.koa?.path ?? '' };
}

/**
 * For handlers that write with raw knex: updates the rows `ids` of `rt` with `changes` (database
 * format) and records what changed, in `trx`. Returns how many rows were updated.
 */
export async function auditedUpdate(
  trx: Knex.Transaction,
  rt: EntityRuntime,
  ids: number[],
  changes: Record<string, unknown>,
  origin: AuditOrigin | undefined,
): Promise<number> {
  let n = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    // A locking read sees the latest committed row (a plain read may see an older snapshot on MariaDB).
    const before = (await trx(rt.table).whereIn('id', part).forUpdate().select('*')) as Record<string, unknown>[];
    n += Number(await trx(rt.table).whereIn('id', part).update(changes));
    const after = new Map(((await trx(rt.table).whereIn('id', part).select('*')) as Record<string, unknown>[]).map((r) => [Number(r.id), r]));
    await recordAudit(trx, rt, 'update', before.map((b) => ({ id: Number(b.id), before: b, after: after.get(Number(b.id)) ?? {} })), origin);
  }
  return n;
}
