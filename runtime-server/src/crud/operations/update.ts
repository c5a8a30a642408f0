import type { Knex } from 'knex';
import { AppError } from '../../core/errors.js';
import { ValidationError } from '../../core/errors.js';
import { assertValid } from '../../core/validator.js';
import { hashSecret } from '../../core/secrets.js';
import { now, toDb } from '../../db/values.js';
import type { CrudContext } from '../context.js';
import { normaliseBody } from '../hooks.js';
import { assertInScope } from './delete.js';
import { assertValueInScope } from './add.js';
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
  for (const [i, row] of rows.entries()) {
    assertValid(c.rt.validators.update, row, c.rt.labels, Array.isArray(body) ? i : undefined);
    const input = row as Record<string, unknown>;
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
  await c.hooks?.beforeWrite?.(c, rows as Record<string, unknown>[], 'update');
  try {
    await c.knex.transaction(async (trx) => {
      // Rows as they were, read inside the transaction, so the audit shows exactly what this write changed.
      const ids = [...new Set(prepared.map((p) => p.id))];
      const before = await rowsById(trx, c.rt.table, ids, true);
      for (const { id, changes } of prepared) {
        await assertInScope(trx, c, [id]);
        if (c.scope) assertValueInScope(c, changes);
        const q = trx(c.rt.table).where({ id });
        // Another tenant's row answers exactly like a missing one.
        if (c.tenant !== undefined) q.where('tenantId', c.tenant);
        const n = await q.update(changes);
        if (!n) throw new AppError('error.recordNotFound', { id });
      }
      const after = await rowsById(trx, c.rt.table, ids);
      await recordAudit(trx, c.rt, 'update', ids.map((id) => ({ id, before: before.get(id) ?? {}, after: after.get(id) ?? {} })), c.origin);
    });
  } catch (err) {
    throw mapUniqueViolation(err, c.rt, c.locale) ?? err;
  }
}

/** `lock`: a locking read, which sees the latest committed row (a plain read may see an older MariaDB snapshot). */
async function rowsById(trx: Knex.Transaction, table: string, ids: number[], lock = false): Promise<Map<number, Record<string, unknown>>> {
  const out = new Map<number, Record<string, unknown>>();
  for (let i = 0; i < ids.length; i += 500) {
    const q = trx(table).whereIn('id', ids.slice(i, i + 500));
    if (lock) q.forUpdate();
    const rows = (await q.select('*')) as Record<string, unknown>[];
    for (const r of rows) out.set(Number(r.id), r);
  }
  return out;
}
