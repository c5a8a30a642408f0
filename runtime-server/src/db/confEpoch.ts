import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { now } from './values.js';
import { TABLES } from '../generated/tables.js';
import { table } from './table.js';

/**
 * Shared change counters in `base_sys_conf`: a writer bumps one, and every instance that reads a new
 * value knows its cached view (permissions, loaded plugins) is stale. Any new value does the job.
 */
export async function bumpConfEpoch(knex: Knex | Knex.Transaction, key: string): Promise<void> {
  const ts = now();
  const n = await knex(TABLES.baseSysConf).where({ cKey: key }).update({ cValue: randomUUID(), updateTime: ts });
  if (!n) {
    try {
      await knex(TABLES.baseSysConf).insert({ cKey: key, cValue: randomUUID(), createTime: ts, updateTime: ts });
    } catch {
      // inserted concurrently by another instance: any new value does the job
    }
  }
}

/** The epoch's current value ('' before its first bump). */
export async function readConfEpoch(knex: Knex | Knex.Transaction, key: string): Promise<string> {
  const row = await table(knex, TABLES.baseSysConf).where({ cKey: key }).first('cValue');
  return row?.cValue ?? '';
}
