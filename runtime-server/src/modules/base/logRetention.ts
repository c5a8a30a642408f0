import dayjs from 'dayjs';
import type { Knex } from 'knex';
import { now } from '../../db/values.js';
import { table } from '../../db/table.js';
import { TABLES } from '../../generated/tables.js';
import { deleteLogRows } from '../../http/requestLogRollup.js';

/** `base_sys_conf` keys of the retention settings (days), seeded with 31. */
export const LOG_KEEP = 'logKeep';
export const RECYCLE_KEEP = 'recycleKeep';
/** Days to keep change-audit rows; not seeded: without it every row is kept (the audit is a record, not a log). */
export const AUDIT_KEEP = 'auditKeep';

/** A conf value as stored (a string), or undefined when the row is missing. */
export async function readConf(knex: Knex | Knex.Transaction, key: string): Promise<string | undefined> {
  const row = await table(knex, TABLES.baseSysConf).where({ cKey: key }).first('cValue');
  return row ? (row.cValue ?? undefined) : undefined;
}

/** Writes a conf value, inserting the row when it is missing (the reference silently did nothing, docs/reference/api-contract.md §8 #25). */
export async function writeConf(knex: Knex | Knex.Transaction, key: string, value: string): Promise<void> {
  const ts = now();
  const n = await knex(TABLES.baseSysConf).where({ cKey: key }).update({ cValue: value, updateTime: ts });
  if (n) return;
  try {
    await knex(TABLES.baseSysConf).insert({ cKey: key, cValue: value, createTime: ts, updateTime: ts });
  } catch {
    // inserted concurrently (unique cKey): write our value over it
    await knex(TABLES.baseSysConf).where({ cKey: key }).update({ cValue: value, updateTime: ts });
  }
}

/** The keep-days setting as a positive integer, or undefined when missing, non-numeric or below 1. */
export async function keepDays(knex: Knex | Knex.Transaction, key: string): Promise<number | undefined> {
  const raw = (await readConf(knex, key))?.trim();
  if (!raw || !/^\d+$/.test(raw)) return undefined;
  const days = Number(raw);
  return Number.isSafeInteger(days) && days >= 1 ? days : undefined;
}

/** Receives the recycle-bin records a prune removed (e.g. to free the files only they still held). */
export type OnRecyclePurged = (records: { entityInfo: unknown; data: unknown }[]) => Promise<void>;

const PURGE_BATCH = 200;
/**
 * Rows one retention DELETE removes. The request log reached 6.2 million rows in one bench run (issue 41): one
 * DELETE of a month of it held its locks (SQLite: the whole database) for as long as it took, and every request
 * waiting to write its own log row stalled behind it. Batches of this size keep each statement short.
 */
export const DELETE_BATCH = 5000;

async function pruneTable(knex: Knex, tableName: string, key: string, at: Date, onPurged?: OnRecyclePurged, batchRows = DELETE_BATCH): Promise<number> {
  const days = await keepDays(knex, key);
  // No usable setting means "keep everything": the reference deleted every row here (docs/reference/api-contract.md §8 #25).
  if (days === undefined) return 0;
  const cutoff = dayjs(at).subtract(days, 'day').startOf('day').format('YYYY-MM-DD HH:mm:ss');
  if (!onPurged) return deleteOlder(knex, tableName, cutoff, batchRows);
  let total = 0;
  for (;;) {
    const batch = (await knex(tableName).where('createTime', '<', cutoff).orderBy('id').limit(PURGE_BATCH).select('id', 'entityInfo', 'data')) as {
      id: number;
      entityInfo: unknown;
      data: unknown;
    }[];
    if (!batch.length) return total;
    total += Number(await knex(tableName).whereIn('id', batch.map((r) => r.id)).delete());
    await onPurged(batch);
  }
}

/**
 * Deletes the rows created before `cutoff`, oldest first, `batchRows` at a time, each batch its own statement:
 * the ids come from the (createTime, id) index (docs/generator.md, "Indexes from the schema"), the DELETE goes by
 * primary key. Rows added meanwhile are newer than the cutoff and never in a batch.
 */
export async function deleteOlder(knex: Knex, tableName: string, cutoff: string, batchRows: number = DELETE_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = (await knex(tableName).where('createTime', '<', cutoff).orderBy([{ column: 'createTime' }, { column: 'id' }]).limit(batchRows).pluck('id')) as number[];
    if (!ids.length) return total;
    // The request log's batches take their rows out of its hourly roll-up in the same transaction.
    total += tableName === TABLES.baseSysLog ? await deleteLogRows(knex, ids) : Number(await knex(tableName).whereIn('id', ids).delete());
    if (ids.length < batchRows) return total;
  }
}

/** Deletes request logs created before the start of the day `now − logKeep` days, in batches. Idempotent. */
export async function pruneRequestLogs(knex: Knex, at: Date = new Date(), batchRows: number = DELETE_BATCH): Promise<number> {
  return pruneTable(knex, TABLES.baseSysLog, LOG_KEEP, at, undefined, batchRows);
}

/** Deletes recycle-bin records created before the start of the day `now − recycleKeep` days. Idempotent. */
export async function pruneRecycleBin(knex: Knex, at: Date = new Date(), onPurged?: OnRecyclePurged): Promise<number> {
  return pruneTable(knex, TABLES.recycleData, RECYCLE_KEEP, at, onPurged);
}

/**
 * Deletes change-audit rows created before the start of the day `now − auditKeep` days, in batches; nothing while
 * `auditKeep` is unset. Idempotent.
 */
export async function pruneAudit(knex: Knex, at: Date = new Date(), batchRows: number = DELETE_BATCH): Promise<number> {
  return pruneTable(knex, TABLES.baseSysAudit, AUDIT_KEEP, at, undefined, batchRows);
}

/**
 * Both prunes at once. They run as the built-in system tasks `baseSysLogService.prune()` and
 * `recycleDataService.prune()` (modules/base/module.ts), once a day across all instances.
 */
export async function pruneLogs(knex: Knex, at: Date = new Date(), onRecyclePurged?: OnRecyclePurged): Promise<{ logs: number; recycle: number }> {
  const logs = await pruneRequestLogs(knex, at);
  const recycle = await pruneRecycleBin(knex, at, onRecyclePurged);
  return { logs, recycle };
}
