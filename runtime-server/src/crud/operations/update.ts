import { AppError } from '../../core/errors.js';
import { ValidationError } from '../../core/errors.js';
import { assertValid } from '../../core/validator.js';
import { hashSecret } from '../../core/secrets.js';
import { now, toDb } from '../../db/values.js';
import type { CrudContext } from '../context.js';
import { assertInScope } from './delete.js';
import { assertValueInScope } from './add.js';
import { mapUniqueViolation } from '../dbErrors.js';

/**
 * update: `{ id, …fields }` (or an array of them, in one transaction). Only writable fields given in
 * the body change; an empty secret means "unchanged"; an unknown id is an error, not a silent success.
 */
export async function update(c: CrudContext, body: unknown): Promise<void> {
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
  try {
    await c.knex.transaction(async (trx) => {
      for (const { id, changes } of prepared) {
        if (c.scope) {
          await assertInScope(trx, c, [id]);
          assertValueInScope(c, changes);
        }
        const q = trx(c.rt.table).where({ id });
        // Another tenant's row answers exactly like a missing one.
        if (c.tenant !== undefined) q.where('tenantId', c.tenant);
        const n = await q.update(changes);
        if (!n) throw new AppError('error.recordNotFound', { id });
      }
    });
  } catch (err) {
    throw mapUniqueViolation(err, c.rt, c.locale) ?? err;
  }
}
