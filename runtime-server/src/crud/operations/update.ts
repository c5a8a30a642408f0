import type { Knex } from 'knex';
import { AppError } from '../../core/errors.js';
import { ValidationError } from '../../core/errors.js';
import { assertValid } from '../../core/validator.js';
import { hashSecret } from '../../core/secrets.js';
import { now, toDb } from '../../db/values.js';
import type { CrudContext } from '../context.js';
import { normaliseBody } from '../hooks.js';
import { assertInScope } from './delete.js';
import { assertValueInScope, checkLinked, writeLinks } from './add.js';
import type { RowWrite } from '../hooks.js';
import { askedLinks, linkedIds, relationsOf } from '../relations.js';
import { mapUniqueViolation } from '../dbErrors.js';
import { recordAudit } from '../../audit/audit.js';

/**
 * update: `{ id, …fields }` (or an array of them, in one transaction). Only writable fields given in
 * the body change; an empty secret means "unchanged"; an unknown id is an error, not a silent success.
 */
export async function update(c: CrudContext, raw: unknown): Promise<void> {
  const body = normaliseBody(c, raw, 'update');
  const rows = Array.isArray(body) ? body : [body];
  if (Array.isArray(body) && (body.length === 0 || body.length > c.limits.batchRows)) {
    throw new ValidationError('error.batchTooLarge', { max: c.limits.batchRows });
  }
  const prepared: { id: number; changes: Record<string, unknown> }[] = [];
  const writes: RowWrite[] = [];
  const inputs = rows.map((row, i) => {
    assertValid(c.rt.validators.update, row, c.rt.labels, Array.isArray(body) ? i : undefined);
    return { ...(row as Record<string, unknown>) };
  });
  const rewrite = c.hooks?.beforeUpdate;
  if (rewrite) {
    // The stored rows as they are now (not locked: the hook only shapes the row; the transaction re-reads them).
    const stored = await rowsById(c.knex, c.rt.table, [...new Set(inputs.map((r) => r.id as number))]);
    for (const [i, input] of inputs.entries()) {
      const row = stored.get(input.id as number);
      if (row) inputs[i] = rewrite({ ...input }, row);
    }
  }
  for (const input of inputs) {
    const asked = askedLinks(c.rt, input, 'update');
    writes.push({ id: input.id as number, input, links: new Map([...asked].map(([k, next]) => [k, { before: [], next }])) });
    const changes: Record<string, unknown> = {};
    for (const f of c.rt.writable) {
      if (!(f.name in input) || input[f.name] === undefined) continue;
      let v = input[f.name];
      if (f.secret) {
        if (v === null || v === '') continue;
        v = await hashSecret(String(v));
      }
      changes[f.name] = toDb(f, v);
    }
    changes.updateTime = now();
    prepared.push({ id: input.id as number, changes });
  }
  await c.hooks?.beforeWrite?.(c, writes.map((w) => w.input), 'update');
  try {
    await c.knex.transaction(async (trx) => {
      await c.hooks?.lockWrite?.(c, trx, writes, 'update');
      // Rows as they were, read inside the transaction, so the audit shows exactly what this write changed.
      const ids = [...new Set(prepared.map((p) => p.id))];
      const before = await rowsById(trx, c.rt.table, ids, true);
      for (const { id, changes } of prepared) {
        await assertInScope(trx, c, [id]);
        if (c.scope) assertValueInScope(c, changes);
      }
      await withBefore(trx, c, writes, before);
      await checkLinked(trx, c, writes);
      await c.hooks?.checkWrite?.(c, trx, writes, 'update');
      for (const { id, changes } of prepared) {
        const q = trx(c.rt.table).where({ id });
        // Another tenant's row answers exactly like a missing one.
        if (c.tenant !== undefined) q.where('tenantId', c.tenant);
        const n = await q.update(changes);
        if (!n) throw new AppError('error.recordNotFound', { id });
      }
      const after = await rowsById(trx, c.rt.table, ids);
      await recordAudit(trx, c.rt, 'update', ids.map((id) => ({ id, before: before.get(id) ?? {}, after: after.get(id) ?? {} })), c.origin);
      await writeLinks(trx, c, writes);
      await c.hooks?.afterWrite?.(c, trx, writes, 'update');
    });
  } catch (err) {
    throw mapUniqueViolation(err, c.rt, c.locale) ?? err;
  }
}

/** Each write learns its row and links as they were (what hooks compare against). */
async function withBefore(trx: Knex.Transaction, c: CrudContext, writes: RowWrite[], before: Map<number, Record<string, unknown>>): Promise<void> {
  for (const w of writes) {
    const row = before.get(w.id!);
    if (row) w.before = row;
  }
  for (const r of relationsOf(c.rt)) {
    const linked = await linkedIds(trx, c, r, writes.map((w) => w.id!));
    for (const w of writes) w.links.get(r.name)!.before = linked.get(w.id!) ?? [];
  }
}

/** `lock`: a locking read, which sees the latest committed row (a plain read may see an older MariaDB snapshot). */
async function rowsById(trx: Knex | Knex.Transaction, table: string, ids: number[], lock = false): Promise<Map<number, Record<string, unknown>>> {
  const out = new Map<number, Record<string, unknown>>();
  for (let i = 0; i < ids.length; i += 500) {
    const q = trx(table).whereIn('id', ids.slice(i, i + 500));
    if (lock) q.forUpdate();
    const rows = (await q.select('*')) as Record<string, unknown>[];
    for (const r of rows) out.set(Number(r.id), r);
  }
  return out;
}
