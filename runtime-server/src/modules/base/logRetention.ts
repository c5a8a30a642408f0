import dayjs from 'dayjs';
import type { Knex } from 'knex';
import { now } from '../../db/values.js';
import { table } from '../../db/table.js';
import { TABLES } from '../../generated/tables.js';

/** `base_sys_conf` keys of the retention settings (days), seeded with 31. */
export const LOG_KEEP = 'logKeep';
export const RECYCLE_KEEP = 'recycleKeep';

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

async function pruneTable(knex: Knex, tableName: string, key: string, at: Date, onPurged?: OnRecyclePurged): Promise<number> {
  const days = await keepDays(knex, key);
  // No usable setting means "keep everything": the reference deleted every row here (docs/reference/api-contract.md §8 #25).
  if (days === undefined) return 0;
  const cutoff = dayjs(at).subtract(days, 'day').startOf('day').format('YYYY-MM-DD HH:mm:ss');
  if (!onPurged) return Number(await knex(tableName).where('createTime', '<', cutoff).delete());
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

/** Deletes request logs created before the start of the day `now − logKeep` days. Idempotent. */
export async function pruneRequestLogs(knex: Knex, at: Date = new Date()): Promise<number> {
  return pruneTable(knex, TABLES.baseSysLog, LOG_KEEP, at);
}

/** Deletes recycle-bin records created before the start of the day `now − recycleKeep` days. Idempotent. */
export async function pruneRecycleBin(knex: Knex, at: Date = new Date(), onPurged?: OnRecyclePurged): Promise<number> {
  return pruneTable(knex, TABLES.recycleData, RECYCLE_KEEP, at, onPurged);
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
