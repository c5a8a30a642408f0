import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.js';
import { storageFor } from '../storage/createStorage.js';
import dayjs from 'dayjs';
import type { Knex } from 'knex';
import { now } from '../db/values.js';
import type { BaseSysDataJobRow } from '../generated/rows.js';
import { TABLES } from '../generated/tables.js';
import { table } from '../db/table.js';

export const JOB_TABLE = TABLES.baseSysDataJob;

/** base_sys_data_job.status */
export const JOB = { queued: 0, running: 1, done: 2, failed: 3, cancelled: 4 } as const;

/** A finished job's file is kept this long, then the retention task removes file and row. */
export const JOB_KEEP_HOURS = 24;
/** A running job whose row has not moved for this long lost its instance (stopped or crashed). */
export const JOB_STALE_MS = 2 * 60_000;
/** How often a running job writes its progress and looks for a cancel (far below JOB_STALE_MS). */
export const PROGRESS_MS = 1000;

/** Job files live under DATA_DIR, shared by every instance that shares the database. */
export function jobDir(dataDir: string): string {
  return path.join(dataDir, 'data-jobs');
}

/** What jobInfo answers: never the file's location on disk. */
export function publicJob(r: BaseSysDataJobRow) {
  return {
    id: r.id,
    kind: r.kind,
    entity: r.entity,
    format: r.format,
    status: r.status,
    total: r.total,
    processed: r.processed,
    fileName: r.fileName,
    error: r.error,
    createTime: r.createTime,
    updateTime: r.updateTime,
  };
}

/**
 * The caller's own job (another user's answers like a missing one). Unannotated: Knex would take its result
 * type from an annotation instead of checking it (docs/kernel-and-modules.md, "Typed rows").
 */
export async function ownJob(knex: Knex, id: number, userId: number) {
  const row = await table(knex, JOB_TABLE).where({ id, userId }).first();
  if (!row) return undefined;
  // The instance running it stopped: nobody will finish it, so say so instead of showing progress forever.
  if (row.status === JOB.running && dayjs().diff(dayjs(row.updateTime), 'millisecond') > JOB_STALE_MS) {
    await finish(knex, row.id, JOB.failed, { error: 'instance stopped' });
    return table(knex, JOB_TABLE).where({ id }).first();
  }
  return row;
}

/** Ends a job (only one still queued or running: a cancel is never overwritten by a late "done"). */
export async function finish(knex: Knex, id: number, status: number, extra: Record<string, unknown> = {}): Promise<boolean> {
  const n = await knex(JOB_TABLE)
    .where({ id })
    .whereIn('status', [JOB.queued, JOB.running])
    .update({ status, updateTime: now(), expireTime: dayjs().add(JOB_KEEP_HOURS, 'hour').format('YYYY-MM-DD HH:mm:ss'), ...extra });
  return n > 0;
}

/** Removes expired jobs and their files (the data-job retention system task). */
export async function pruneJobs(knex: Knex, config: Pick<Config, 'dataDir' | 'storage'>, at = new Date()): Promise<number> {
  const cutoff = dayjs(at).format('YYYY-MM-DD HH:mm:ss');
  let total = 0;
  for (;;) {
    const rows = await table(knex, JOB_TABLE).where('expireTime', '<', cutoff).orderBy('id').limit(200).select('id', 'file');
    if (!rows.length) return total;
    for (const r of rows) if (r.file) await removeJobFile(config, r.file);
    total += Number(await knex(JOB_TABLE).whereIn('id', rows.map((r) => r.id)).delete());
  }
}

/** A job file by its stored name; names are ours (no path parts), checked again before touching the disk. */
export function jobFilePath(dataDir: string, file: string): string {
  if (!/^[A-Za-z0-9._-]+$/.test(file)) throw new Error(`bad job file name ${file}`);
  return path.join(jobDir(dataDir), file);
}

/** A job file's storage key: `data-jobs/<file>` (with the local driver, the same file as jobFilePath). */
export const jobFileKey = (file: string) => {
  if (!/^[A-Za-z0-9._-]+$/.test(file)) throw new Error(`bad job file name ${file}`);
  return `data-jobs/${file}`;
};

/**
 * Job files are written and read as local scratch files under DATA_DIR/data-jobs (streams, xlsx readers); with
 * STORAGE=s3 a finished one is moved to the bucket, so any instance serves it, and fetched back by the instance
 * that runs an import another one previewed. With the local driver the scratch file is already the stored one.
 */
export async function publishJobFile(config: Pick<Config, 'dataDir' | 'storage'>, file: string): Promise<void> {
  const storage = storageFor(config);
  if (storage.kind === 'local') return;
  const local = jobFilePath(config.dataDir, file);
  await storage.putFile(jobFileKey(file), local);
  await fs.rm(local, { force: true });
}

/** The local path of a job file, fetched from the bucket first when this instance does not hold it. */
export async function fetchJobFile(config: Pick<Config, 'dataDir' | 'storage'>, file: string): Promise<string> {
  const local = jobFilePath(config.dataDir, file);
  const storage = storageFor(config);
  if (storage.kind === 'local' || (await fs.stat(local).catch(() => undefined))) return local;
  await fs.mkdir(path.dirname(local), { recursive: true });
  await pipeline(await storage.read(jobFileKey(file)), createWriteStream(local));
  return local;
}

export async function removeJobFile(config: Pick<Config, 'dataDir' | 'storage'>, file: string): Promise<void> {
  await fs.rm(jobFilePath(config.dataDir, file), { force: true });
  await storageFor(config).remove(jobFileKey(file));
}
