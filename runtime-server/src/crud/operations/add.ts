import type { Knex } from 'knex';
import { AppError, ValidationError } from '../../core/errors.js';
import { assertValid } from '../../core/validator.js';
import { hashSecret } from '../../core/secrets.js';
import { now, toDb } from '../../db/values.js';
import { recordAudit } from '../../audit/audit.js';
import type { CrudContext } from '../context.js';
import { mapUniqueViolation } from '../dbErrors.js';
import type { EntityRuntime } from '../entityRuntime.js';
import { normaliseBody } from '../hooks.js';
import type { RowWrite } from '../hooks.js';
import { askedLinks, assertLinkedExist, relationsOf, replaceLinks } from '../relations.js';
import { insertIds } from '../../db/insertId.js';

/**
 * add: one object → `{ id }`, an array → `{ id: [ids] }`, all rows in one transaction.
 * Only writable fields are saved (unknown keys, `id`, timestamps and read-only fields are ignored);
 * defaults fill absent fields; secret fields are stored hashed.
 */
export async function add(c: CrudContext, raw: unknown, extra: Record<string, unknown> = {}): Promise<{ id: number | number[] }> {
  const body = normaliseBody(c, raw, 'add');
  const rows = Array.isArray(body) ? body : [body];
  if (Array.isArray(body) && (body.length === 0 || body.length > c.limits.batchRows)) {
    throw new ValidationError('error.batchTooLarge', { max: c.limits.batchRows });
  }
  const prepared: Record<string, unknown>[] = [];
  const writes: RowWrite[] = [];
  const stamped = { ...c.hooks?.addValues?.(c), ...extra };
  for (const [i, row] of rows.entries()) {
    assertValid(c.rt.validators.add, row, c.rt.labels, Array.isArray(body) ? i : undefined);
    const input = { ...(row as Record<string, unknown>) };
    const asked = askedLinks(c.rt, input, 'add');
    writes.push({ input, links: new Map([...asked].map(([k, next]) => [k, { before: [], next }])) });
    prepared.push(await toInsertRow(c.rt, input, stamped));
  }
  await c.hooks?.beforeWrite?.(c, writes.map((w) => w.input), 'add');
  for (const row of prepared) {
    assertValueInScope(c, row);
    // A tenant's rows always carry their tenant: never one taken from the body (tenantId is read-only).
    if (c.tenant !== undefined) row.tenantId = c.tenant;
  }
  try {
    const ids = await c.knex.transaction(async (trx) => {
      await c.hooks?.lockWrite?.(c, trx, writes, 'add');
      await checkLinked(trx, c, writes);
      await c.hooks?.checkWrite?.(c, trx, writes, 'add');
      const out = await insertIds(trx, c.rt.table, prepared);
      for (const [i, w] of writes.entries()) w.id = out[i];
      // Same transaction: a batch that fails on any row leaves neither rows nor audit records.
      await recordAudit(trx, c.rt, 'add', prepared.map((row, i) => ({ id: out[i] as number, after: { ...row, id: out[i] } })), c.origin);
      await writeLinks(trx, c, writes);
      await c.hooks?.afterWrite?.(c, trx, writes, 'add');
      return out;
    });
    return { id: Array.isArray(body) ? ids : (ids[0] as number) };
  } catch (err) {
    throw mapUniqueViolation(err, c.rt, c.locale) ?? err;
  }
}

/** Every id a write asks to link exists in the linked entity (one check per relation, all rows at once). */
export async function checkLinked(trx: Knex.Transaction, c: CrudContext, writes: RowWrite[]): Promise<void> {
  for (const r of relationsOf(c.rt)) {
    const ids = [...new Set(writes.flatMap((w) => w.links.get(r.name)?.next ?? []))];
    await assertLinkedExist(trx, c, r, ids);
  }
}

/** Each written row's links become what it asked for (unchanged where it asked nothing). */
export async function writeLinks(trx: Knex.Transaction, c: CrudContext, writes: RowWrite[]): Promise<void> {
  for (const r of relationsOf(c.rt)) {
    for (const w of writes) {
      const link = w.links.get(r.name);
      // A new row has no links yet: an empty list has nothing to replace.
      if (link?.next && (link.next.length || link.before.length || w.before)) await replaceLinks(trx, c, r, w.id!, link.next);
    }
  }
}

/** A written data-scope column must name a department inside the caller's scope. */
export function assertValueInScope(c: CrudContext, row: Record<string, unknown>): void {
  if (!c.scope || !(c.scope.column in row) || c.scope.column === 'id') return;
  const v = row[c.scope.column];
  if (v === null || v === undefined || !c.scope.ids.includes(Number(v))) {
    throw new AppError('error.outOfScope', { id: String(v ?? 'null') });
  }
}

/** A validated body → the row to insert (defaults, hashing, timestamps, database formats). */
export async function toInsertRow(
  rt: EntityRuntime,
  body: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const row: Record<string, unknown> = {};
  for (const f of rt.writable) {
    let v = f.name in extra ? extra[f.name] : body[f.name];
    if (v === undefined && f.default !== undefined) v = structuredClone(f.default);
    if (v === undefined) continue;
    if (f.secret && typeof v === 'string' && v !== '') v = await hashSecret(v);
    row[f.name] = toDb(f, v);
  }
  for (const f of rt.model.fields) {
    if (!f.readOnly || f.implicit) continue;
    // Read-only fields come from the server only: a handler's `extra` (the creator), else the default.
    if (f.name in extra) row[f.name] = toDb(f, extra[f.name]);
    else if (f.default !== undefined) row[f.name] = toDb(f, structuredClone(f.default));
  }
  const ts = now();
  row.createTime = ts;
  row.updateTime = ts;
  return row;
}
