import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import dayjs from 'dayjs';
import { stringify } from 'csv-stringify';
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
import { finish, JOB, JOB_TABLE, jobDir, jobFilePath, publishJobFile, removeJobFile } from './jobs.js';
import { table } from '../db/table.js';

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
  write(values: (string | number)[]): Promise<void>;
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
    const labels = plan.raw ? undefined : await labelMaps(knex, plan.columns, plan.locale, services.ports.dictionaries);
    const headers = plan.columns.map((c) => safeText(c.field.label[plan.locale] ?? c.field.label['zh-cn'] ?? c.name));
    const target = jobFilePath(config.dataDir, file);
    sink = plan.format === 'csv' ? csvSink(target) : xlsxSink(await excel(), target, plan.columns, headers);
    if (plan.format === 'csv') await sink.write(headers);
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
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      let rows: Record<string, unknown>[];
      if (!seek) rows = await batchQuery(EXPORT_BATCH, offset);
      else if (!last) rows = await batchQuery(EXPORT_BATCH, 0);
      else {
        rows = [];
        for (const term of seekAfter(keys, last, { closedRanges: knex.client.config.client === 'mysql2' })) {
          rows.push(...(await batchQuery(EXPORT_BATCH - rows.length, 0, term)));
          if (rows.length === EXPORT_BATCH) break;
        }
      }
      const end = rows.at(-1);
      if (end) last = keys.map((_, i) => end[`${KEY_ALIAS}${i}`] ?? null);
      // Read rules of the entity (hidden flags, masked secrets) apply exactly as on its page.
      const wires = plan.c ? await readRows(plan.c, rows.map((r) => mapRow(plan.rt, r)), 'page') : rows.map((r) => mapRow(plan.rt, r));
      for (const wire of wires) {
        await sink.write(plan.columns.map((c) => cellValue(plan.format, c, wire[c.name], labels)));
      }
      processed += rows.length;
      const state = await table(knex, JOB_TABLE).where({ id: plan.jobId }).first('status');
      if (!state || state.status === JOB.cancelled) {
        await sink.close();
        sink = undefined;
        await removeJobFile(config, file);
        return;
      }
      if (services.dataJobs.stopping) throw new AppError('data.instanceStopped');
      await knex(JOB_TABLE).where({ id: plan.jobId }).update({ processed, updateTime: now() });
      if (rows.length < EXPORT_BATCH) break;
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
  // A BOM so spreadsheet programs read UTF-8 (Chinese headers and labels) correctly.
  const csv = stringify(CSV_OPTIONS);
  csv.pipe(out);
  return {
    async write(values) {
      if (!csv.write(values.map(String))) await once(csv, 'drain');
    },
    async close() {
      const done = once(out, 'close');
      csv.end();
      await done;
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
    async write(values) {
      ws.addRow(values).commit();
      // exceljs writes committed rows into its zip stream without back-pressure: yielding lets the deflate and
      // the file write keep up (memory stays flat) and keeps the event loop free for other requests.
      if (++n % XLSX_YIELD_ROWS === 0) await new Promise((r) => setImmediate(r));
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

