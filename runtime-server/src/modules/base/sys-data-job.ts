import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import { CSV_OPTIONS, safeText } from '../../dataJob/cellText.js';
import { excel } from '../../dataJob/excel.js';
import { t } from '../../core/i18n.js';
import { receiveMultipart } from '../../upload/multipart.js';
import { PREVIEW_ERRORS, runImport, scanImport } from '../../dataJob/importJob.js';
import type { Handler } from '../../core/handler.js';
import { AppError, ValidationError } from '../../core/errors.js';
import { assertValid } from '../../core/validator.js';
import { applyOrder, filteredQuery } from '../../crud/query.js';
import type { ListInput } from '../../crud/query.js';
import { now } from '../../db/values.js';
import { update } from '../../crud/operations/update.js';
import { crudFor, entityFor } from '../../dataJob/entityAccess.js';
import { exportFileName, runExport } from '../../dataJob/exportJob.js';
import dayjs from 'dayjs';
import { finish, JOB, JOB_KEEP_HOURS, JOB_TABLE, jobDir, jobFileKey, jobFilePath, ownJob, publicJob, publishJobFile, removeJobFile } from '../../dataJob/jobs.js';
import { DEFAULT_IMPORT_LIMITS } from '../../config.js';
import { storageFor } from '../../storage/createStorage.js';
import { insertId } from '../../db/insertId.js';
import { withoutStatementLimit } from '../../db/statementLimit.js';

interface ExportBody {
  prefix: string;
  format: 'csv' | 'xlsx';
  columns: string[];
  raw?: boolean;
  filters?: ListInput;
}

/**
 * `POST /admin/base/sys/dataJob/exportStart {prefix, format, columns, raw?, filters?}`: checks everything a
 * page request would (permission, filters, order) plus the columns, writes the job row and starts it on this
 * instance; answers the job at once (the console polls jobInfo).
 */
export const exportStart: Handler = async (ctx) => {
  const { services, actor, locale } = ctx;
  const body = ctx.body as ExportBody;
  const e = await entityFor(services, actor!, body.prefix, ['page', 'list']);
  const c = await crudFor(ctx, e);
  if (!body.columns.length) throw new ValidationError('data.noColumns');
  const byName = new Map(c.rt.output.map((o) => [o.name, o]));
  const columns = [...new Set(body.columns)].map((name) => {
    const col = byName.get(name);
    // Only columns a page answer carries (never a secret one) can be exported.
    if (!col) throw new ValidationError('data.unknownColumn', { column: name.slice(0, 100) });
    return col;
  });
  const input: ListInput = { ...(body.filters ?? {}) };
  delete input.page;
  delete input.size;
  delete input.isExport;
  delete input.maxExportLimit;
  assertValid(c.rt.validators.filters, input, c.rt.labels);
  // Bad order/filter values answer 1002 now, not as a failed job later.
  applyOrder(filteredQuery(services.knex, c.rt, input, c), c.rt, input);
  const ts = now();
  const fileName = exportFileName(c.rt, locale, body.format);
  const jobId = await insertId(services.knex, JOB_TABLE, {
    userId: actor!.userId,
    kind: 'export',
    entity: e.id,
    format: body.format,
    status: JOB.queued,
    total: 0,
    processed: 0,
    fileName,
    params: JSON.stringify({ columns: columns.map((x) => x.name), raw: !!body.raw, filters: input, locale }),
    createTime: ts,
    updateTime: ts,
  });
  // A job runs its batches past the request that started it: not bounded by the request's statement limit.
  services.dataJobs.track(
    withoutStatementLimit(() => runExport(services, {
      jobId,
      rt: c.rt,
      columns,
      format: body.format,
      raw: !!body.raw,
      input,
      restrict: { ...(c.scope ? { scope: c.scope } : {}), ...(c.tenant !== undefined ? { tenant: c.tenant } : {}), ...(c.visible ? { visible: c.visible } : {}), ...(c.where ? { where: c.where } : {}) },
      locale,
      c,
    })),
  );
  const row = await ownJob(services.knex, jobId, actor!.userId);
  return publicJob(row!);
};

/** `GET jobInfo?id=`: the caller's job as any instance sees it in the database. */
export const jobInfo: Handler = async ({ services, actor, query }) => {
  const row = await ownJob(services.knex, Number(query.id), actor!.userId);
  if (!row) throw new AppError('error.recordNotFound', { id: Number(query.id) });
  return publicJob(row);
};

/** `POST jobCancel {id}`: marks it cancelled; the instance running it stops at its next batch and removes the file. */
export const jobCancel: Handler = async ({ services, actor, body }) => {
  const id = (body as { id: number }).id;
  const row = await ownJob(services.knex, id, actor!.userId);
  if (!row) throw new AppError('error.recordNotFound', { id });
  await finish(services.knex, id, JOB.cancelled);
  // A previewed import that never ran: its upload goes now (a running one's job removes it when it stops).
  if (row.kind === 'import' && Number(row.status) === JOB.queued && row.file) {
    await removeJobFile(services.config, row.file).catch(() => undefined);
    await services.knex(JOB_TABLE).where({ id }).update({ file: null });
  }
  return publicJob((await ownJob(services.knex, id, actor!.userId))!);
};

/** `GET jobDownload?id=`: the finished job's file, from DATA_DIR (shared by the instances). */
export const jobDownload: Handler = async ({ services, actor, query, koa }) => {
  const id = Number(query.id);
  const row = await ownJob(services.knex, id, actor!.userId);
  if (!row) throw new AppError('error.recordNotFound', { id });
  // An import's error report is served when it ended, done or refused; an export's file when done.
  const ended = Number(row.status) === JOB.done || (row.kind === 'import' && Number(row.status) === JOB.failed);
  if (!ended || !row.file) throw new AppError('data.notReady');
  // The permission is checked again at download: a user who lost the entity's page (export) or add (import
  // report) since the job started does not take its rows away (issue 34 finding 9).
  await entityFor(services, actor!, services.schema.entities.get(row.entity)?.prefix ?? '', row.kind === 'export' ? ['page', 'list'] : ['add']);
  const storage = storageFor(services.config);
  const stat = await storage.stat(jobFileKey(row.file)).catch(() => undefined);
  if (!stat) throw new AppError('data.fileGone');
  const name = row.fileName ?? row.file;
  koa.set('Content-Disposition', `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`);
  koa.set('Cache-Control', 'no-store');
  koa.type = row.format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8';
  koa.length = stat.size;
  koa.body = await storage.read(jobFileKey(row.file));
  return undefined;
};

interface BulkBody {
  prefix: string;
  ids?: number[];
  filters?: ListInput;
  expect?: number;
  set: Record<string, unknown>;
}

/**
 * `POST bulkUpdate {prefix, ids | filters + expect, set}`: the same fields set on the chosen rows, or on every
 * row matching the filter when their count is still the `expect` the user confirmed. Rows outside the caller's
 * tenant, scope or visibility are not touched (chosen ids must all be his); the write is the generic update —
 * validated like it, one transaction, one audit row per record (its history shows it).
 */
export const bulkUpdate: Handler = async (ctx) => {
  const { services, actor } = ctx;
  const b = ctx.body as BulkBody;
  const e = await entityFor(services, actor!, b.prefix, ['update']);
  const c = await crudFor(ctx, e);
  const writable = new Map(c.rt.writable.map((f) => [f.name, f]));
  for (const k of Object.keys(b.set)) {
    const f = writable.get(k);
    // Secret fields (passwords) are never set in bulk; read-only and unknown ones cannot be set at all.
    if (!f || f.secret) throw new ValidationError('data.bulkField', { field: k.slice(0, 100) });
  }
  if (!b.ids === !b.filters) throw new ValidationError('data.bulkTarget');
  let ids: number[];
  if (b.ids) {
    const unique = [...new Set(b.ids)];
    const found = (await filteredQuery(services.knex, c.rt, {}, c).whereIn('a.id', unique).select('a.id as id')) as { id: number }[];
    // A chosen row that is missing or outside the caller's reach answers like a missing one, and nothing changes.
    const have = new Set(found.map((r) => Number(r.id)));
    const missing = unique.find((id) => !have.has(id));
    if (missing !== undefined) throw new AppError('error.recordNotFound', { id: missing });
    ids = unique;
  } else {
    const input: ListInput = { ...b.filters };
    for (const k of ['page', 'size', 'isExport', 'maxExportLimit', 'order', 'sort']) delete input[k];
    assertValid(c.rt.validators.filters, input, c.rt.labels);
    const rows = (await filteredQuery(services.knex, c.rt, input, c).orderBy('a.id').limit(services.schema.limits.batchRows + 1).select('a.id as id')) as { id: number }[];
    if (rows.length > services.schema.limits.batchRows) throw new ValidationError('error.batchTooLarge', { max: services.schema.limits.batchRows });
    // The user confirmed a count: if rows came or went since, he confirms again.
    if (b.expect === undefined || rows.length !== b.expect) throw new ValidationError('data.bulkCount', { count: rows.length });
    ids = rows.map((r) => Number(r.id));
  }
  if (!ids.length) return { updated: 0 };
  await update(c, ids.map((id) => ({ ...b.set, id })));
  await services.caches.changed(e.id);
  return { updated: ids.length };
};

/** `GET importTemplate?prefix=&format=`: the importable columns' headers in the user's language, as CSV or .xlsx. */
export const importTemplate: Handler = async ({ services, actor, query, locale, koa }) => {
  const e = await entityFor(services, actor!, String(query.prefix), ['add']);
  const rt = services.schema.registry.get(e.id)!;
  const headers = rt.writable.filter((f) => !f.secret).map((f) => f.label[locale] ?? f.name);
  const format = query.format === 'csv' ? 'csv' : 'xlsx';
  const name = `${(rt.model.label[locale] ?? rt.model.name).replace(/[\\/:*?"<>|\r\n]/g, '_')}-template.${format}`;
  let body: Buffer;
  if (format === 'csv') body = Buffer.from(stringifyCsv([headers.map(safeText)], CSV_OPTIONS));
  else {
    const wb = new (await excel()).Workbook();
    wb.addWorksheet('data').addRow(headers).font = { bold: true };
    body = Buffer.from(await wb.xlsx.writeBuffer());
  }
  koa.set('Content-Disposition', `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`);
  koa.type = format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8';
  koa.body = body;
  return undefined;
};

/**
 * `POST importPreview` (multipart: `file`, `prefix`): keeps the upload as a queued import job and answers its
 * preview — the column mapping, unknown columns, row counts and the first errors per row (the add rules).
 */
export const importPreview: Handler = async (ctx) => {
  const { services, actor, locale, koa } = ctx;
  const limits = services.config.imports ?? DEFAULT_IMPORT_LIMITS;
  const maxMb = Math.min(limits.maxMb, services.config.uploadMaxMb ?? 100);
  const form = await receiveMultipart(koa.req, { maxFileMb: maxMb, maxFiles: 1 }).catch((err: unknown) => {
    if (err instanceof AppError && (err.key === 'upload.tooLarge' || err.key === 'upload.bodyTooLarge')) throw new ValidationError('data.importTooLarge', { mb: maxMb });
    throw err;
  });
  try {
    const file = form.files[0];
    if (!file) throw new ValidationError('data.importNoFile');
    const format = /\.xlsx$/i.test(file.originalFilename) ? 'xlsx' : /\.csv$/i.test(file.originalFilename) ? 'csv' : undefined;
    if (!format) throw new ValidationError('data.importFormat');
    const e = await entityFor(services, actor!, String(form.fields.prefix ?? ''), ['add']);
    const c = await crudFor(ctx, e);
    await assertUploadQuota(services, actor!.userId, (await fs.promises.stat(file.path)).size, limits.quotaMb);
    const ts = now();
    const jobId = await insertId(services.knex, JOB_TABLE, {
      userId: actor!.userId,
      kind: 'import',
      entity: e.id,
      format,
      status: JOB.queued,
      total: 0,
      processed: 0,
      fileName: file.originalFilename.slice(0, 200),
      params: JSON.stringify({ prefix: e.prefix, locale }),
      // An upload never started is removed with the finished jobs' files.
      expireTime: dayjs().add(JOB_KEEP_HOURS, 'hour').format('YYYY-MM-DD HH:mm:ss'),
      createTime: ts,
      updateTime: ts,
    });
    const stored = `${jobId}-${randomBytes(8).toString('hex')}-upload.${format}`;
    await fs.promises.mkdir(jobDir(services.config.dataDir), { recursive: true });
    await fs.promises.copyFile(file.path, jobFilePath(services.config.dataDir, stored));
    await services.knex(JOB_TABLE).where({ id: jobId }).update({ file: stored });
    let scan;
    try {
      scan = await scanImport(services.knex, c, jobFilePath(services.config.dataDir, stored), format, locale, undefined, limits.maxRows);
    } catch (err) {
      // A refused file (past the row cap, unreadable) is removed at once, not kept until the job expires.
      const refusal = err instanceof AppError ? err : new ValidationError('data.importFormat');
      await finish(services.knex, jobId, JOB.failed, { error: t(locale, refusal.key, refusal.params).slice(0, 1000), file: null });
      await removeJobFile(services.config, stored).catch(() => undefined);
      throw refusal;
    }
    // Scanned from the scratch copy, then into the shared storage: importStart may reach another instance.
    await publishJobFile(services.config, stored);
    await services.knex(JOB_TABLE).where({ id: jobId }).update({ total: scan.total, updateTime: now() });
    return { id: jobId, total: scan.total, valid: scan.valid, invalid: scan.errorCount, columns: scan.columns, unknown: scan.unknown, errors: scan.errors.slice(0, PREVIEW_ERRORS) };
  } finally {
    await form.cleanup();
  }
};

/**
 * A user's uploads waiting as import jobs (previewed, not run, not expired) plus this one stay within
 * IMPORT_QUOTA_MB: the files live in DATA_DIR until the job runs, is cancelled or expires.
 */
async function assertUploadQuota(services: Parameters<Handler>[0]['services'], userId: number, size: number, quotaMb: number): Promise<void> {
  const waiting = (await services.knex(JOB_TABLE).where({ userId, kind: 'import', status: JOB.queued }).whereNotNull('file').select('file')) as { file: string }[];
  let used = size;
  // Where the files live (DATA_DIR or the bucket of STORAGE=s3), as every instance sees them.
  const storage = storageFor(services.config);
  for (const w of waiting) used += (await storage.stat(jobFileKey(w.file)).catch(() => undefined))?.size ?? 0;
  if (used > quotaMb * 1024 * 1024) throw new ValidationError('data.importQuota', { mb: quotaMb });
}

/** `POST importStart {id, mode, keyColumn?}`: runs a previewed import on this instance (progress in the job row). */
export const importStart: Handler = async (ctx) => {
  const { services, actor, locale } = ctx;
  const b = ctx.body as { id: number; mode: 'all' | 'skip'; keyColumn?: string };
  const row = await ownJob(services.knex, b.id, actor!.userId);
  if (!row || row.kind !== 'import' || Number(row.status) !== JOB.queued || !row.file) throw new AppError('error.recordNotFound', { id: b.id });
  const e = services.schema.entities.get(row.entity);
  const checked = await entityFor(services, actor!, e?.prefix ?? '', ['add']);
  const c = await crudFor(ctx, checked);
  if (b.keyColumn) {
    // Rows whose key exists are updated: that needs the entity's update permission as well as add (issue 34, finding 4).
    await entityFor(services, actor!, checked.prefix, ['update']);
    const f = c.rt.fields.get(b.keyColumn);
    if (!f || f.secret || !c.rt.writable.includes(f)) throw new ValidationError('data.importKey', { column: b.keyColumn.slice(0, 100) });
  }
  const file = row.file;
  // The job runs its batches past this request: not bounded by the request's statement limit.
  services.dataJobs.track(withoutStatementLimit(() => runImport(services, { jobId: b.id, c, file, format: row.format as 'csv' | 'xlsx', mode: b.mode, ...(b.keyColumn ? { keyColumn: b.keyColumn } : {}), locale })));
  return publicJob((await ownJob(services.knex, b.id, actor!.userId))!);
};
