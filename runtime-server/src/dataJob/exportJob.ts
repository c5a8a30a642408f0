import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import dayjs from 'dayjs';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import type ExcelJSModule from 'exceljs';
import type { Knex } from 'knex';
import { excel } from './excel.js';
import type { Locale } from '@schema-admin/generator';
import type { AppServices } from '../app/services.js';
import { AppError } from '../core/errors.js';
import { t } from '../core/i18n.js';
import type { DataScope } from '../crud/context.js';
import type { EntityRuntime, OutputColumn } from '../crud/entityRuntime.js';
import { filteredQuery, mapRow, orderByKey, orderKeys, seekAfter } from '../crud/query.js';
import { readRows } from '../crud/hooks.js';
import type { CrudContext } from '../crud/context.js';
import type { ListInput } from '../crud/query.js';
import { now } from '../db/values.js';
import { cellText, CSV_OPTIONS, labelMaps, safeText } from './cellText.js';
import type { LabelMaps } from './cellText.js';
import { finish, JOB, JOB_TABLE, PROGRESS_MS, jobDir, jobFilePath, publishJobFile, removeJobFile } from './jobs.js';

/** Rows read per query: one batch in memory at a time, whatever the table's size. */
export const EXPORT_BATCH = 1000;
const XLSX_YIELD_ROWS = 100;
/** Select aliases of the sort keys' values (no output column starts with an underscore pair). */
const KEY_ALIAS = '__key';

export interface ExportPlan {
  jobId: number;
  rt: EntityRuntime;
  columns: OutputColumn[];
  format: 'csv' | 'xlsx';
  raw: boolean;
  input: ListInput;
  restrict: { scope?: DataScope; tenant?: number; visible?: DataScope; where?: (qb: Knex.QueryBuilder) => void };
  locale: Locale;
  /** The caller's CRUD context: each batch goes through the entity's `onRead` hooks, as a page answer does. */
  c?: CrudContext;
}

interface RowSink {
  /** A batch of rows, each its cells in column order. */
  write(rows: (string | number)[][]): Promise<void>;
  close(): Promise<void>;
}

/**
 * Runs an export job on this instance: batches of the filtered, ordered, scoped query (the very builder
 * page uses) streamed into a file under DATA_DIR; progress and cancellation go through the job row, so any
 * instance can report, cancel and serve it.
 */
export async function runExport(services: AppServices, plan: ExportPlan): Promise<void> {
  const { knex, config, logger } = services;
  const file = `${plan.jobId}-${randomBytes(8).toString('hex')}.${plan.format}`;
  let sink: RowSink | undefined;
  try {
    await fsp.mkdir(jobDir(config.dataDir), { recursive: true });
    const base = () => filteredQuery(knex, plan.rt, plan.input, plan.restrict);
    const countRow = (await base().count({ n: '*' }).first()) as { n: number | string } | undefined;
    const total = Number(countRow?.n ?? 0);
    // Only a job still queued starts: one cancelled meanwhile stays cancelled.
    const started = await knex(JOB_TABLE).where({ id: plan.jobId, status: JOB.queued }).update({ status: JOB.running, total, file, updateTime: now() });
    if (!started) return;
    const labels = plan.raw ? undefined : await labelMaps(knex, plan.columns, plan.locale, services.auth.ports.dictionaries);
    const headers = plan.columns.map((c) => safeText(c.field.label[plan.locale] ?? c.field.label['zh-cn'] ?? c.name));
    const target = jobFilePath(config.dataDir, file);
    sink = plan.format === 'csv' ? csvSink(target) : xlsxSink(await excel(), target, plan.columns, headers);
    if (plan.format === 'csv') await sink.write([headers]);
    let processed = 0;
    // Each batch starts after the previous batch's last row (seekAfter); OFFSET only where a sort key's value may
    // not read back exactly (a double, JSON, a bigint: EXACT_TYPES in crud/query.ts).
    const keys = orderKeys(plan.rt, plan.input);
    const seek = keys.every((k) => k.exact);
    const keyAliases = keys.map((k, i) => `${k.column} as ${KEY_ALIAS}${i}`);
    let last: unknown[] | undefined;
    const batchQuery = (limit: number, offset: number, where?: (qb: Knex.QueryBuilder) => void) => {
      const qb = base();
      where?.(qb);
      // Only the output columns (and the sort keys), never `*`: secret columns do not leave the database.
      qb.select([...plan.columns.map((c) => `${c.column} as ${c.name}`), ...(seek ? keyAliases : [])]);
      for (const k of keys) orderByKey(qb, k);
      qb.limit(limit);
      if (offset) qb.offset(offset);
      return qb as Promise<Record<string, unknown>[]>;
    };
    let offset = 0;
    const readBatch = async (): Promise<Record<string, unknown>[]> => {
      if (!seek) return batchQuery(EXPORT_BATCH, offset);
      if (!last) return batchQuery(EXPORT_BATCH, 0);
      const rows: Record<string, unknown>[] = [];
      for (const term of seekAfter(keys, last, { closedRanges: knex.client.config.client === 'mysql2' })) {
        rows.push(...(await batchQuery(EXPORT_BATCH - rows.length, 0, term)));
        if (rows.length === EXPORT_BATCH) break;
      }
      return rows;
    };
    let pending: Promise<Record<string, unknown>[]> | undefined = readBatch();
    let reported = 0;
    while (pending) {
      const rows: Record<string, unknown>[] = await pending;
      const end = rows.at(-1);
      if (end) last = keys.map((_, i) => end[`${KEY_ALIAS}${i}`] ?? null);
      offset += EXPORT_BATCH;
      // The next batch is read while this one is formatted and written: the database's time and ours overlap
      // (one batch ahead, never more in memory). A failure surfaces where it is awaited.
      pending = rows.length < EXPORT_BATCH ? undefined : readBatch();
      pending?.catch(() => undefined);
      // Read rules of the entity (hidden flags, masked secrets) apply exactly as on its page.
      const wires = plan.c ? await readRows(plan.c, rows.map((r) => mapRow(plan.rt, r)), 'page') : rows.map((r) => mapRow(plan.rt, r));
      await sink.write(wires.map((wire) => plan.columns.map((c) => cellValue(plan.format, c, wire[c.name], labels))));
      processed += rows.length;
      if (services.dataJobs.stopping) throw new AppError('data.instanceStopped');
      // Progress (and a cancel) at most every PROGRESS_MS, by one statement: only a running job's row moves, so
      // none moving means it was cancelled (or removed). A commit per batch was a fifth of MariaDB's export time.
      if (pending && Date.now() - reported < PROGRESS_MS) continue;
      reported = Date.now();
      const running = await knex(JOB_TABLE).where({ id: plan.jobId, status: JOB.running }).update({ processed, updateTime: now() });
      if (!running) {
        await sink.close();
        sink = undefined;
        await removeJobFile(config, file);
        return;
      }
    }
    await sink.close();
    sink = undefined;
    // Into the shared storage before the job says done: any instance may be asked for it next.
    await publishJobFile(config, file);
    if (!(await finish(knex, plan.jobId, JOB.done, { processed }))) await removeJobFile(config, file);
  } catch (err) {
    await sink?.close().catch(() => undefined);
    await removeJobFile(config, file).catch(() => undefined);
    const reason = err instanceof AppError ? t(plan.locale, err.key, err.params) : reasonOf(err, plan.locale);
    if (!(err instanceof AppError)) logger.error(`export job ${plan.jobId} failed`, err);
    await finish(knex, plan.jobId, JOB.failed, { error: reason.slice(0, 1000), file: null }).catch((e: unknown) => logger.error('export job state', e));
  }
}

/** A failure's reason the user can act on (disk full, no permission on DATA_DIR), never a stack or SQL. */
function reasonOf(err: unknown, locale: Locale): string {
  const code = (err as NodeJS.ErrnoException)?.code;
  return code && /^E[A-Z]+$/.test(code) ? `${t(locale, 'error.internal')} (${code})` : t(locale, 'error.internal');
}

/** xlsx keeps numbers as numbers; a decimal stays a number only when a double holds it exactly, else exact text. */
function cellValue(format: 'csv' | 'xlsx', col: OutputColumn, value: unknown, labels: LabelMaps | undefined): string | number {
  if (format === 'xlsx' && !labels?.has(col.name)) {
    if (typeof value === 'number') return value;
    if (col.field.type === 'decimal' && typeof value === 'string' && Number(value).toFixed(col.field.scale ?? 2) === value && Math.abs(Number(value)) < 1e15) return Number(value);
  }
  return cellText(col, value, labels);
}

function csvSink(target: string): RowSink {
  const out = fs.createWriteStream(target);
  let failed: Error | undefined;
  out.on('error', (e) => (failed ??= e));
  let first = true;
  return {
    // A batch's records as one text through the same library and options (a stream write per row was a
    // quarter of the export's CPU); the file's back-pressure holds the next batch.
    async write(rows) {
      if (failed) throw failed;
      // A BOM so spreadsheet programs read UTF-8 (Chinese headers and labels) correctly.
      const text = stringifyCsv(rows.map((r) => r.map(String)), { ...CSV_OPTIONS, bom: first });
      first = false;
      if (!out.write(text)) await once(out, 'drain');
    },
    async close() {
      if (out.closed) return;
      const done = once(out, 'close');
      out.end();
      await done;
      if (failed) throw failed;
    },
  };
}

function xlsxSink(ExcelJS: typeof ExcelJSModule, target: string, columns: OutputColumn[], headers: string[]): RowSink {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: target, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet('data');
  ws.columns = columns.map((c, i) => ({
    header: headers[i],
    key: c.name,
    width: Math.min(40, Math.max(10, (headers[i] ?? '').length * 2)),
    ...(c.field.type === 'decimal' ? { style: { numFmt: c.field.scale ? `0.${'0'.repeat(c.field.scale)}` : '0' } } : {}),
  }));
  let n = 0;
  return {
    async write(rows) {
      for (const values of rows) {
        ws.addRow(values).commit();
        // exceljs writes committed rows into its zip stream without back-pressure: yielding lets the deflate and
        // the file write keep up (memory stays flat) and keeps the event loop free for other requests.
        if (++n % XLSX_YIELD_ROWS === 0) await new Promise((r) => setImmediate(r));
      }
    },
    async close() {
      ws.commit();
      await wb.commit();
    },
  };
}

/** `Goods-20261125093000.csv`, in the user's language. */
export function exportFileName(rt: EntityRuntime, locale: Locale, format: string): string {
  const name = (rt.model.label[locale] ?? rt.model.name).replace(/[\\/:*?"<>|\r\n]/g, '_').slice(0, 80);
  return `${name}-${dayjs().format('YYYYMMDDHHmmss')}.${format}`;
}

