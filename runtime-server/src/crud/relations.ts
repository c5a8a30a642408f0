import type { Knex } from 'knex';
import type { RelationModel } from '@schema-admin/generator';
import { AppError } from '../core/errors.js';
import type { MessageKey } from '../locales/zh-cn.js';
import { now } from '../db/values.js';
import { recordAudit } from '../audit/audit.js';
import type { CrudContext } from './context.js';
import type { EntityRuntime } from './entityRuntime.js';
import type { RecycleRecorder } from '../recycle/recorder.js';

/**
 * `x-relation` in the generic operations (docs/kernel-and-modules.md, "Relations"): the link rows are the truth;
 * add/update replace them in the row's transaction, info reads them, delete takes them into the recycle bin.
 */

type Db = Knex | Knex.Transaction;
type Row = Record<string, unknown>;

// IN lists are split so a long list never hits a driver's bound-parameter limit.
const CHUNK = 500;

function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export type { LinkChange } from './context.js';

export const relationsOf = (rt: EntityRuntime): RelationModel[] => rt.model.relations ?? [];

function runtimeOf(c: CrudContext, entityId: string): EntityRuntime {
  const rt = c.registry?.get(entityId);
  if (!rt) throw new Error(`no table-backed entity ${entityId}`);
  return rt;
}

/**
 * The ids a validated row asks for, by relation name. Absent means unchanged on update and none on add; null is
 * absent, except for a stored relation, whose column cannot tell the two apart: there it means none. A stored
 * relation's value in `row` becomes the list written (the JSON copy holds exactly the links).
 */
export function askedLinks(rt: EntityRuntime, row: Row, action: 'add' | 'update'): Map<string, number[] | undefined> {
  const out = new Map<string, number[] | undefined>();
  for (const r of relationsOf(rt)) {
    const v = row[r.name];
    const ids = Array.isArray(v) ? [...new Set(v.map(Number))] : (v === null && r.stored) || action === 'add' ? [] : undefined;
    out.set(r.name, ids);
    if (r.stored && ids) row[r.name] = ids;
  }
  return out;
}

/** Every asked id exists in the linked entity, or a translated error naming the missing ones (nothing written). */
export async function assertLinkedExist(db: Db, c: CrudContext, r: RelationModel, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const found = new Set<number>();
  const table = runtimeOf(c, r.target).table;
  for (const part of chunks(ids)) {
    for (const row of (await db(table).whereIn('id', part).select('id')) as { id: unknown }[]) found.add(Number(row.id));
  }
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw new AppError((r.notFound ?? 'error.relationNotFound') as MessageKey, { ids: missing.join(','), field: r.label[c.locale] });
}

/** The linked ids of each owner among `owners`, ascending (owners without links answer []). */
export async function linkedIds(db: Db, c: CrudContext, r: RelationModel, owners: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(owners.map((id) => [id, []]));
  const table = runtimeOf(c, r.through).table;
  for (const part of chunks([...new Set(owners)])) {
    const rows = (await db(table).whereIn(r.self, part).select(r.self, r.other)) as Row[];
    for (const row of rows) out.get(Number(row[r.self]))?.push(Number(row[r.other]));
  }
  for (const list of out.values()) list.sort((a, b) => a - b);
  return out;
}

/**
 * Makes the links of one owner exactly `ids`: links that stay keep their rows; removed and added links are
 * audited as deletes and adds of link rows (the link entity's own history).
 */
export async function replaceLinks(trx: Knex.Transaction, c: CrudContext, r: RelationModel, ownerId: number, ids: number[]): Promise<void> {
  const rt = runtimeOf(c, r.through);
  const origin = c.origin ? { userId: c.origin.userId, url: c.origin.url } : undefined;
  const wanted = new Set(ids);
  const current = (await trx(rt.table).where(r.self, ownerId).select('*')) as Row[];
  const have = new Set(current.map((row) => Number(row[r.other])));
  const gone = current.filter((row) => !wanted.has(Number(row[r.other])));
  for (const part of chunks(gone)) {
    await trx(rt.table).whereIn('id', part.map((row) => Number(row.id))).delete();
    await recordAudit(trx, rt, 'delete', part.map((row) => ({ id: Number(row.id), before: row })), origin);
  }
  const ts = now();
  const fresh = ids.filter((id) => !have.has(id));
  for (const part of chunks(fresh, 200)) {
    await trx(rt.table).insert(part.map((id) => ({ [r.self]: ownerId, [r.other]: id, createTime: ts, updateTime: ts })));
  }
  if (fresh.length) {
    const added = (await trx(rt.table).where(r.self, ownerId).whereIn(r.other, fresh).select('*')) as Row[];
    await recordAudit(trx, rt, 'add', added.map((row) => ({ id: Number(row.id), after: row })), origin);
  }
}

/** The link rows of deleted owners go into the same recycle-bin snapshot, so a restore brings them back. */
export async function takeLinks(trx: Knex.Transaction, c: CrudContext, ids: number[], recorder: RecycleRecorder): Promise<void> {
  for (const r of relationsOf(c.rt)) {
    for (const part of chunks(ids)) await recorder.take(trx, r.through, (q) => q.whereIn(r.self, part));
  }
}

/** Info: each virtual relation answered from its link rows (a stored one is answered from them too). */
export async function withLinks(db: Db, c: CrudContext, row: Row): Promise<Row> {
  const out = { ...row };
  for (const r of relationsOf(c.rt)) out[r.name] = (await linkedIds(db, c, r, [Number(row.id)])).get(Number(row.id)) ?? [];
  return out;
}
