import fsp from 'node:fs/promises';
import { NO_DICTIONARIES } from '../auth/identity.js';
import type { Config } from '../config.js';
import { stringify } from 'csv-stringify/sync';
import { CSV_OPTIONS, safeText } from './cellText.js';
import type { Knex } from 'knex';
import type { FieldModel, Locale } from '@schema-admin/generator';
import type { AppServices } from '../app/services.js';
import { AppError } from '../core/errors.js';
import { t } from '../core/i18n.js';
import { assertValid } from '../core/validator.js';
import type { CrudContext } from '../crud/context.js';
import { add } from '../crud/operations/add.js';
import { update } from '../crud/operations/update.js';
import { filteredQuery } from '../crud/query.js';
import { dialectOfKnex } from '../db/createDb.js';
import { now } from '../db/values.js';
import { cellToValue, columnMap, dictValues, readRows } from './importRows.js';
import { fetchJobFile, finish, PROGRESS_MS, JOB, JOB_TABLE, jobFilePath, publishJobFile, removeJobFile } from './jobs.js';
import { DEFAULT_IMPORT_LIMITS } from '../config.js';

/** Rows written per transaction (skip-invalid) and validated per step. */
export const IMPORT_BATCH = 500;
/** Errors a preview lists. */
export const PREVIEW_ERRORS = 100;
/**
 * Row errors kept in memory and in the report (the first ones; the rest are only counted): a file of a million
 * bad rows must not hold a million messages (issue 34 finding 6).
 */
export const ERRORS_KEPT = 1000;

/** Adds `more` to `kept` up to ERRORS_KEPT; answers how many were added to the count. */
export function keepErrors(kept: RowError[], more: RowError[]): number {
  for (const e of more) if (kept.length < ERRORS_KEPT) kept.push(e);
  return more.length;
}

export interface RowError {
  /** 1-based line in the file, the header being line 1. */
  row: number;
  column: string;
  message: string;
}

interface ParsedRow {
  line: number;
  values: Record<string, unknown>;
}

/** Reads, maps and validates an uploaded file in batches: `onBatch` gets the valid rows, errors are collected. */
export async function scanImport(
  knex: Knex,
  c: CrudContext,
  file: string,
  format: 'csv' | 'xlsx',
  locale: Locale,
  onBatch?: (rows: ParsedRow[], errors: RowError[]) => Promise<void>,
  maxRows: number = DEFAULT_IMPORT_LIMITS.maxRows,
): Promise<{ total: number; valid: number; errors: RowError[]; errorCount: number; columns: { header: string; field: string | null }[]; unknown: string[] }> {
  // A job's context is a request's, so it has the app; a bare one reads dictionary values as they are.
  const dicts = await dictValues(knex, c.rt, c.app?.auth.ports.dictionaries ?? NO_DICTIONARIES);
  let fields: (FieldModel | undefined)[] | undefined;
  let header: string[] = [];
  let unknown: string[] = [];
  const errors: RowError[] = [];
  let errorCount = 0;
  let total = 0;
  let valid = 0;
  let batch: ParsedRow[] = [];
  let batchErrors: RowError[] = [];
  let line = 0;
  const flush = async () => {
    if (onBatch && (batch.length || batchErrors.length)) await onBatch(batch, batchErrors);
    batch = [];
    batchErrors = [];
  };
  for await (const cells of readRows(file, format)) {
    line++;
    if (!fields) {
      header = cells.map((h) => String(h ?? '').trim());
      ({ fields, unknown } = columnMap(c.rt, header));
      continue;
    }
    if (cells.every((x) => x === null || x === undefined || String(x).trim() === '')) continue;
    // Counted while streaming: past the cap the scan stops at once, whatever the file's size.
    if (++total > maxRows) throw new AppError('data.importTooManyRows', { max: maxRows }, 1002);
    const values: Record<string, unknown> = {};
    fields.forEach((f, i) => {
      if (!f) return;
      const v = cellToValue(f, cells[i], dicts);
      if (v !== undefined) values[f.name] = v;
    });
    // The same rules the add endpoint applies, with its translated messages.
    try {
      assertValid(c.rt.validators.add, values, c.rt.labels);
      valid++;
      batch.push({ line, values });
    } catch (err) {
      const e = c.rt.validators.add.errors?.[0];
      const name = e ? (e.keyword === 'required' ? String((e.params as { missingProperty: string }).missingProperty) : e.instancePath.split('/')[1] ?? '') : '';
      const column = header[fields.findIndex((f) => f?.name === name)] ?? (c.rt.labels(name)?.[locale] ?? name);
      const message = err instanceof AppError ? (err.text?.[locale] ?? t(locale, err.key, err.params)) : String(err);
      const re = { row: line, column, message };
      errorCount += keepErrors(errors, [re]);
      batchErrors.push(re);
    }
    if (batch.length + batchErrors.length >= IMPORT_BATCH) await flush();
  }
  await flush();
  return { total, valid, errors, errorCount, columns: header.map((h, i) => ({ header: h, field: fields?.[i]?.name ?? null })), unknown };
}

export interface ImportPlan {
  jobId: number;
  c: CrudContext;
  file: string;
  format: 'csv' | 'xlsx';
  mode: 'all' | 'skip';
  keyColumn?: string;
  locale: Locale;
}

/**
 * Runs an import job: all-or-nothing validates the whole file first and writes it in one transaction (any
 * refusal rolls everything back); skip-invalid writes each batch's valid rows in its own transaction and
 * reports the rest. With a key column, rows whose key exists (in the caller's reach) are updated, not added.
 * Every write is the generic add/update: validated, audited, tenant and scope applied.
 */
export async function runImport(services: AppServices, plan: ImportPlan): Promise<void> {
  const { knex, config, logger } = services;
  const errors: RowError[] = [];
  let errorCount = 0;
  const maxRows = (config.imports ?? DEFAULT_IMPORT_LIMITS).maxRows;
  let processed = 0;
  let wrote = false;
  // Like a route's write: an entity that decides permissions or scope bumps the auth epoch (issue 34, finding 8),
  // before the job shows as ended.
  const changed = async () => {
    if (!wrote) return;
    wrote = false;
    await services.caches.changed(plan.c.rt.model.id).catch((e: unknown) => logger.error('import job epoch', e));
  };
  try {
    // Previewed perhaps on another instance: with STORAGE=s3 the upload is fetched from the bucket.
    const path = await fetchJobFile(config, plan.file);
    await knex(JOB_TABLE).where({ id: plan.jobId }).update({ status: JOB.running, updateTime: now() });
    const write = async (c: CrudContext, rows: { line: number; values: Record<string, unknown> }[]) => {
      if (!rows.length) return;
      wrote = true;
      const key = plan.keyColumn;
      const existing = new Map<string, number>();
      if (key) {
        const keys = [...new Set(rows.map((r) => r.values[key]).filter((v) => v !== undefined && v !== null))] as Knex.Value[];
        for (let i = 0; i < keys.length; i += 500) {
          const found = (await filteredQuery(c.knex, c.rt, {}, c).whereIn(`a.${key}`, keys.slice(i, i + 500)).select('a.id as id', `a.${key} as k`)) as { id: number; k: unknown }[];
          for (const f of found) existing.set(String(f.k), Number(f.id));
        }
      }
      const adds = rows.filter((r) => !key || !existing.has(String(r.values[key])));
      const updates = rows.filter((r) => key && existing.has(String(r.values[key])));
      if (adds.length) await add(c, adds.map((r) => r.values));
      if (updates.length) await update(c, updates.map((r) => ({ ...r.values, id: existing.get(String(r.values[key!]))! })));
    };
    let reported = 0;
    // Before a batch is written: the progress so far, and a cancel noticed, by one conditional update (only a
    // running job's row moves) at most every PROGRESS_MS — two statements a batch were a commit per 500 rows.
    const checkpoint = async (db: Knex = knex) => {
      if (services.dataJobs.stopping) throw new AppError('data.instanceStopped');
      if (Date.now() - reported < PROGRESS_MS) return;
      reported = Date.now();
      const running = await db(JOB_TABLE).where({ id: plan.jobId, status: JOB.running }).update({ processed, updateTime: now() });
      if (!running) throw new AppError('data.importCancelled');
    };
    if (plan.mode === 'all') {
      const scan = await scanImport(knex, plan.c, path, plan.format, plan.locale, undefined, maxRows);
      await knex(JOB_TABLE).where({ id: plan.jobId }).update({ total: scan.total, updateTime: now() });
      if (scan.errorCount) {
        errors.push(...scan.errors);
        errorCount = scan.errorCount;
        throw new AppError('data.importInvalid', { n: scan.errorCount });
      }
      await knex.transaction(async (trx) => {
        // Nested transactions of add/update become savepoints: any refusal undoes the whole file.
        const db = trx as unknown as Knex;
        const c = { ...plan.c, knex: db };
        // Progress and cancel go through another connection where there is one (MariaDB: visible to every
        // instance at once, and the job row is never locked by this transaction); SQLite has a single connection.
        const jobDb = dialectOfKnex(services.knex) === 'sqlite' ? db : knex;
        await scanImport(db, c, path, plan.format, plan.locale, async (rows) => {
          await checkpoint(jobDb);
          await write(c, rows);
          processed += rows.length;
        }, maxRows);
      });
    } else {
      const scan = await scanImport(knex, plan.c, path, plan.format, plan.locale, async (rows, bad) => {
        await checkpoint();
        errorCount += keepErrors(errors, bad);
        try {
          await write(plan.c, rows);
        } catch (err) {
          // A batch the database refused (a duplicate, say): row by row, so only the refused rows are skipped.
          for (const r of rows) {
            try {
              await write(plan.c, [r]);
            } catch (e) {
              errorCount += keepErrors(errors, [{ row: r.line, column: '', message: e instanceof AppError ? (e.text?.[plan.locale] ?? t(plan.locale, e.key, e.params)) : t(plan.locale, 'error.internal') }]);
            }
          }
          if (!(err instanceof AppError)) logger.warn(`import job ${plan.jobId}: batch retried row by row`, err);
        }
        processed += rows.length + bad.length;
      }, maxRows);
      await knex(JOB_TABLE).where({ id: plan.jobId }).update({ total: scan.total, updateTime: now() });
    }
    await changed();
    const report = errors.length ? await writeReport(config, plan, errors) : null;
    await finish(knex, plan.jobId, JOB.done, { processed, file: report, fileName: report ? `errors-${plan.jobId}.csv` : null, error: errorCount ? t(plan.locale, 'data.importSkipped', { n: errorCount }) : null });
  } catch (err) {
    await changed();
    const cancelledByUser = err instanceof AppError && err.key === 'data.importCancelled';
    const report = errors.length ? await writeReport(config, plan, errors).catch(() => null) : null;
    const reason = err instanceof AppError ? (err.text?.[plan.locale] ?? t(plan.locale, err.key, err.params)) : t(plan.locale, 'error.internal');
    if (!(err instanceof AppError)) logger.error(`import job ${plan.jobId} failed`, err);
    await finish(knex, plan.jobId, cancelledByUser ? JOB.cancelled : JOB.failed, { processed: 0, error: reason.slice(0, 1000), file: report, fileName: report ? `errors-${plan.jobId}.csv` : null }).catch((e: unknown) =>
      logger.error('import job state', e),
    );
  } finally {
    // The uploaded source is done with, wherever it is kept (scratch copy and, with STORAGE=s3, the object).
    await removeJobFile(config, plan.file).catch(() => undefined);
    await changed();
  }
}

/** The error report (row, column, message) as a CSV file next to the job's; its name is stored as the job's file. */
async function writeReport(config: Pick<Config, 'dataDir' | 'storage'>, plan: ImportPlan, errors: RowError[]): Promise<string> {
  const name = `${plan.jobId}-report.csv`;
  const head = plan.locale === 'en' ? ['row', 'column', 'message'] : plan.locale === 'zh-tw' ? ['列', '欄位', '錯誤'] : ['行', '列', '错误'];
  await fsp.writeFile(jobFilePath(config.dataDir, name), stringify([head, ...errors.map((e) => [e.row, e.column, safeText(e.message)])], CSV_OPTIONS));
  await publishJobFile(config, name);
  return name;
}
