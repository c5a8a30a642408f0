import type { Knex } from 'knex';
import type { AppServices } from '../../app/services.js';
import { recordAudit } from '../../audit/audit.js';
import { AppError, ValidationError } from '../../core/errors.js';
import type { Handler } from '../../core/handler.js';
import { now as nowText } from '../../db/values.js';
import type { EntityHooks } from '../../crud/hooks.js';
import type { TaskInfoRow } from '../../generated/rows.js';
import { firstRun, formatTime, isValidCron, parseTime } from './schedule.js';
import { readTask, scheduleColumns } from './scheduler.js';
import type { ScheduledTask } from './scheduler.js';
import { table } from '../../db/table.js';
import { ENTITIES, TABLES } from '../../generated/tables.js';
import { retryDeadlock } from '../../db/retryDeadlock.js';

type Row = Record<string, unknown>;

/** Columns whose change (re)starts a task's schedule. */
const SCHEDULE_FIELDS = ['status', 'taskType', 'cron', 'every', 'limit', 'startDate', 'endDate'] as const;


/**
 * The reference's rule: a cron task (taskType 0) has no interval and an interval task no cron.
 * (Unlike the reference, `limit` is kept for both kinds: the spec defines it for every task.)
 * The reference's console names the limit `repeatCount`; it is accepted when `limit` is absent.
 */
function normalize(row: Row, merged: Row): Row {
  const out = withLimit(row);
  if (Number(merged.taskType ?? 0) === 0) out.every = null;
  else out.cron = null;
  return out;
}

function withLimit(row: Row): Row {
  return !('limit' in row) && 'repeatCount' in row ? { ...row, limit: row.repeatCount } : { ...row };
}

/** Checks a task as it will be stored; throws a 1002 error naming the field. */
function checkTask(services: AppServices, task: Row): void {
  const taskType = Number(task.taskType ?? 0);
  if (taskType === 0) {
    const cron = typeof task.cron === 'string' ? task.cron.trim() : '';
    if (!cron) throw new ValidationError('task.cronRequired');
    if (!isValidCron(cron)) throw new ValidationError('task.cronInvalid', { cron });
  } else if (typeof task.every !== 'number') {
    throw new ValidationError('task.everyRequired');
  }
  const service = typeof task.service === 'string' ? task.service.trim() : '';
  if (!service) throw new ValidationError('task.serviceRequired');
  if (!services.modules.taskHandlers.resolve(service)) {
    throw new ValidationError('task.serviceUnknown', { service, available: services.modules.taskHandlers.keys().join(', ') });
  }
  const start = parseTime(task.startDate);
  const end = parseTime(task.endDate);
  if (start !== undefined && end !== undefined && end <= start) throw new ValidationError('task.dateRange');
  if (Number(task.status ?? 1) === 1 && firstRun(scheduleSpec(task), Date.now()) === undefined) throw new ValidationError('task.noFutureRun');
}

function scheduleSpec(task: Row) {
  return {
    taskType: Number(task.taskType ?? 0),
    cron: typeof task.cron === 'string' ? task.cron : null,
    every: typeof task.every === 'number' ? task.every : null,
    startDate: typeof task.startDate === 'string' ? task.startDate : null,
    endDate: typeof task.endDate === 'string' ? task.endDate : null,
  };
}

/**
 * The task rules on every generic path (routes, bulk edit, import, export — modules/task/module.ts): a task as it
 * will be stored is checked (cron or interval, a known handler, dates, a future run); a schedule change writes
 * the schedule columns in the same transaction; a delete takes the task's logs into its recycle-bin snapshot.
 * Reads carry `repeatCount` (= limit, as the reference's console reads it) and `lastStatus` (1 success / 0
 * failure / null never ran). A row is rewritten first (`normalize`: `repeatCount` → limit; the kind the task will
 * have clears the other kind's field, from the stored task on update); a committed write wakes this instance's
 * scheduler, so a running task gets its first tick at once.
 */
export const taskHooks: EntityHooks<TaskInfoRow> = {
  normalise: (row, action) => (action === 'add' ? normalize(row, row) : withLimit(row)),
  beforeUpdate(row, stored) {
    const given = Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined));
    return normalize(row, { ...stored, ...given });
  },
  afterCommit(app) {
    // Other instances see the new nextRunTime at their next poll.
    app.modules.scheduler.poke();
  },
  async beforeWrite(c, rows, action) {
    // Seeds run without the app's services: their tasks are the system's own.
    if (!c.app) return;
    for (const row of rows) {
      if (action === 'add') {
        checkTask(c.app, normalize(row, row));
        continue;
      }
      const current = await readTask(c.knex, row.id as number);
      if (!current) throw new AppError('error.recordNotFound', { id: row.id as number });
      const given = Object.fromEntries(Object.entries(row).filter(([k, v]) => v !== undefined && c.rt.writable.some((f) => f.name === k)));
      const merged: Row = { ...current, ...given };
      checkTask(c.app, normalize(merged, merged));
    }
  },
  async afterWrite(c, trx, writes, action) {
    const nowMs = Date.now();
    const ids = writes.filter((w) => action === 'add' || SCHEDULE_FIELDS.some((k) => k in w.input && w.input[k] !== w.before?.[k])).map((w) => w.id!);
    for (const id of ids) {
      const task = await readTask(trx, id);
      if (task) await trx(TABLES.taskInfo).where({ id }).update(scheduleColumns(task, nowMs));
    }
  },
  async deleting(trx, ids, recorder) {
    await recorder.take(trx, ENTITIES.taskLog, (q) => q.whereIn('taskId', ids));
  },
  async afterDelete(c) {
    // A run in progress finishes without a log row; other instances see it at their next poll.
    c.app?.modules.scheduler.poke();
  },
  async onRead(c, rows, action) {
    if (action === 'info') return rows.map((r) => ({ ...r, repeatCount: r.limit ?? null }));
    const last = await lastStatuses(c.knex, rows.map((r) => Number(r.id)));
    return rows.map((r) => ({ ...r, lastStatus: last.get(Number(r.id)) ?? null }));
  },
};

async function lastStatuses(knex: Knex | Knex.Transaction, taskIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!taskIds.length) return out;
  const newest = knex(TABLES.taskLog).whereIn('taskId', taskIds).groupBy('taskId').max({ id: 'id' });
  const rows = await table(knex, TABLES.taskLog).whereIn('id', newest).select('taskId', 'status');
  for (const r of rows) out.set(r.taskId, r.status);
  return out;
}

async function mustRead(services: AppServices, id: number): Promise<ScheduledTask> {
  const task = await readTask(services.knex, id);
  if (!task) throw new AppError('error.recordNotFound', { id });
  return task;
}

/** Changes one task as an admin action: audited like a generic update, in one transaction. */
async function auditedChange(ctx: Parameters<Handler>[0], id: number, changes: (task: ScheduledTask) => Row): Promise<void> {
  const crud = ctx.crud();
  // The scheduler's lease statements lock the row through its indexes in their own order: a deadlock victim here
  // runs again rather than failing the admin's click (docs/decisions.md, retryDeadlock).
  await retryDeadlock(() => ctx.services.knex.transaction(async (trx) => {
    const before = await table(trx, TABLES.taskInfo).where({ id }).forUpdate().first();
    if (!before) throw new AppError('error.recordNotFound', { id });
    await trx(TABLES.taskInfo).where({ id }).update({ ...changes(before), updateTime: nowText() });
    const after = await table(trx, TABLES.taskInfo).where({ id }).first();
    await recordAudit(trx, crud.rt, 'update', [{ id, before, after }], crud.origin);
  }));
  // Other instances see the new schedule at their next poll.
  ctx.services.modules.scheduler.poke();
}

/** `POST start {id, type?}`: status 1 (and the type when given); the schedule starts over from now. */
export const start: Handler = async (ctx) => {
  const { id, type } = ctx.body as { id: number; type?: number };
  const started = { ...(await mustRead(ctx.services, id)), status: 1, ...(type === undefined ? {} : { type }) };
  checkTask(ctx.services, started);
  await auditedChange(ctx, id, (task) => ({
    ...(type === undefined ? {} : { type }),
    ...scheduleColumns({ ...task, status: 1 }, Date.now()),
  }));
  return undefined;
};

/** `POST stop {id}`: status 0, no next run. A run in progress finishes and writes its log. */
export const stop: Handler = async (ctx) => {
  const { id } = ctx.body as { id: number };
  await auditedChange(ctx, id, (task) => scheduleColumns({ ...task, status: 0 }, Date.now()));
  return undefined;
};

/** `POST once {id}`: runs the task now, once, on this instance (its schedule is untouched); the run writes a log row. */
export const once: Handler = async (ctx) => {
  const { id } = ctx.body as { id: number };
  await ctx.services.modules.scheduler.runOnce(id);
  return undefined;
};

/** `GET log ?id=&status=&page=&size=`: a page of task logs with the task's name, newest first. */
export const log: Handler = async (ctx) => {
  const q = ctx.query as { id?: number; status?: number; page?: number; size?: number };
  const pageNo = q.page ?? 1;
  const size = Math.min(q.size ?? 20, ctx.services.schema.limits.pageSize);
  const base = ctx.services.knex({ a: TABLES.taskLog }).leftJoin({ b: TABLES.taskInfo }, 'a.taskId', 'b.id');
  if (q.id !== undefined) base.where('a.taskId', q.id);
  if (q.status !== undefined) base.where('a.status', q.status);
  const countRow = (await base.clone().count({ total: '*' }).first()) as { total: number | string } | undefined;
  const rows = (await base
    .clone()
    .select('a.id', 'a.createTime', 'a.updateTime', 'a.taskId', 'a.status', 'a.detail', 'a.duration', { taskName: 'b.name' })
    .orderBy('a.id', 'desc')
    .limit(size)
    .offset((pageNo - 1) * size)) as Row[];
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      createTime: timeText(r.createTime),
      updateTime: timeText(r.updateTime),
      taskId: Number(r.taskId),
      status: Number(r.status),
      detail: r.detail ?? null,
      duration: r.duration === null || r.duration === undefined ? null : Number(r.duration),
      taskName: r.taskName ?? null,
    })),
    pagination: { page: pageNo, size, total: Number(countRow?.total ?? 0) },
  };
};

/** Stored times are already `YYYY-MM-DD HH:mm:ss` strings on both databases; normalise anything else. */
function timeText(v: unknown): string | null {
  const ms = parseTime(v);
  return ms === undefined ? null : formatTime(ms);
}

/**
 * `GET services`: the keys a task's `service` may name (module handlers and enabled plugins' handlers), for
 * the console's service select — the same registry add/update check against.
 */
export const services: Handler = async (ctx) => ctx.services.modules.taskHandlers.keys().map((key) => `${key}()`);
