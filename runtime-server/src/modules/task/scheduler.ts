import type { Knex } from 'knex';
import type { SchedulerOptions } from '../../config.js';
import type { App } from '../../core/app.js';
import { AppError } from '../../core/errors.js';
import { t } from '../../core/i18n.js';
import { now } from '../../db/values.js';
import { parseServiceCall } from './handlers.js';
import { BreeClock } from './breeClock.js';
import { buildRepeatConf, runCount } from './repeatConf.js';
import { firstRun, formatTime, isValidCron, nextRun, parseTime } from './schedule.js';
import { table } from '../../db/table.js';
import type { TaskInfoRow } from '../../generated/rows.js';
import { TABLES } from '../../generated/tables.js';
import { retryDeadlock } from '../../db/retryDeadlock.js';
import { withoutStatementLimit } from '../../db/statementLimit.js';

export type { SchedulerOptions };

const DEFAULTS: Required<SchedulerOptions> = { enabled: true, pollMs: 1000, leaseMs: 60_000, graceMs: 5000 };
/** The reference keeps a task's newest 20 success logs; failures stay until the task is deleted. */
export const SUCCESS_LOGS_KEPT = 20;
const DETAIL_MAX = 10_000;

export const TASK_COLUMNS = [
  'id', 'name', 'service', 'data', 'status', 'type', 'taskType', 'cron', 'every', 'limit',
  'startDate', 'endDate', 'nextRunTime', 'lastExecuteTime', 'lockExpireTime', 'repeatConf',
] as const;

/** The `task_info` columns the scheduler reads. */
export type ScheduledTask = Pick<TaskInfoRow, (typeof TASK_COLUMNS)[number]>;

/** Unannotated: Knex would take its result type from an annotation instead of checking it (docs/kernel-and-modules.md, "Typed rows"). */
export async function readTask(knex: Knex | Knex.Transaction, id: number) {
  return table(knex, TABLES.taskInfo).where({ id }).first(...TASK_COLUMNS);
}

/**
 * The schedule columns of a task (re)started or stopped at `nowMs`: a running task gets its first
 * tick (or is stopped when it has none left, e.g. endDate passed); the run count starts over.
 */
export function scheduleColumns(task: ScheduledTask, nowMs: number): { status: number; nextRunTime: string | null; repeatConf: string } {
  const repeatConf = buildRepeatConf(task, 0);
  if (task.status !== 1) return { status: task.status, nextRunTime: null, repeatConf };
  const first = firstRun(task, nowMs);
  return first === undefined ? { status: 0, nextRunTime: null, repeatConf } : { status: 1, nextRunTime: formatTime(first), repeatConf };
}

/**
 * Runs scheduled tasks. Every instance runs one; the database decides who runs a tick:
 * the tick due at T (`nextRunTime`) is claimed by one conditional UPDATE that moves `nextRunTime`
 * on and takes a lease (`lockExpireTime`), and only the instance whose UPDATE matched runs it.
 * The lease is renewed while the run lasts and cleared after it, so a crashed holder's tasks are
 * taken over once its lease lapses. Task changes made anywhere are seen at the next poll.
 */
export class TaskScheduler {
  readonly options: Required<SchedulerOptions>;
  private services?: App;
  private clock?: BreeClock;
  /** No new claims or runs. */
  private stopping = false;
  /** The database is gone: runs finishing late write nothing. */
  private closed = false;
  private ticking?: Promise<void>;
  private tickAgain = false;
  /** Tasks this instance is claiming or running (it never races itself for them). */
  private readonly busy = new Set<number>();
  private readonly runs = new Set<Promise<void>>();
  private readonly heartbeats = new Set<NodeJS.Timeout>();

  constructor(options: SchedulerOptions = {}) {
    const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
    this.options = { ...DEFAULTS, ...given };
  }

  /** Starts after boot (migrations and seeds done). */
  start(services: App): void {
    this.services = services;
    if (!this.options.enabled) return;
    this.clock = new BreeClock(() => this.wake());
    this.poke();
  }

  /** Re-reads the tasks now, e.g. after this instance changed one through the API. */
  poke(): void {
    if (!this.clock || this.stopping) return;
    this.clock.wakeIn(0).catch((err: unknown) => this.services?.logger.error('task scheduler: timer failed', err));
  }

  /** Stops claiming, lets running tasks finish for up to `graceMs`, and leaves no timer behind. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.clock?.stop();
    await this.ticking;
    if (this.runs.size) {
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, this.options.graceMs);
      });
      await Promise.race([Promise.allSettled([...this.runs]), grace]);
      clearTimeout(timer);
    }
    // Whatever still runs is abandoned like a crash: its lease lapses and another instance takes over.
    this.closed = true;
    for (const h of this.heartbeats) clearInterval(h);
    this.heartbeats.clear();
  }

  /** `once`: runs the task now on this instance, outside its schedule; resolves when the run is started. */
  async runOnce(id: number): Promise<void> {
    const services = this.need();
    if (this.stopping) throw new AppError('task.shuttingDown');
    const task = await readTask(services.knex, id);
    if (!task) throw new AppError('error.recordNotFound', { id });
    // The run outlives the request that started it: not bounded by the request's statement limit.
    this.track(withoutStatementLimit(() => this.execute(task)));
  }

  /** Resolves when every run started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.runs.size) await Promise.allSettled([...this.runs]);
  }

  private need(): App {
    if (!this.services) throw new Error('task scheduler not started');
    return this.services;
  }

  private wake(): void {
    if (this.stopping) return;
    if (this.ticking) {
      this.tickAgain = true;
      return;
    }
    this.ticking = this.tick().finally(() => {
      this.ticking = undefined;
    });
  }

  private async tick(): Promise<void> {
    const services = this.need();
    let wakeAt = Date.now() + this.options.pollMs;
    try {
      const rows = await table(services.knex, TABLES.taskInfo).where('status', 1).select(...TASK_COLUMNS);
      const nowMs = Date.now();
      for (const row of rows) {
        if (this.stopping) return;
        const problem = scheduleProblem(row);
        if (problem) {
          await this.disable(row, problem);
          continue;
        }
        const due = row.nextRunTime === null ? await this.arm(row, nowMs) : parseTime(row.nextRunTime);
        if (due === undefined) continue;
        if (due > nowMs) wakeAt = Math.min(wakeAt, due);
        else if (!this.busy.has(row.id)) this.track(this.claimAndRun(row));
      }
    } catch (err) {
      if (!this.stopping) services.logger.error('task scheduler: reading tasks failed', err);
    }
    if (this.stopping) return;
    if (this.tickAgain) {
      this.tickAgain = false;
      wakeAt = Date.now();
    }
    await this.clock?.wakeIn(wakeAt - Date.now()).catch((err: unknown) => services.logger.error('task scheduler: timer failed', err));
  }

  /**
   * A running task whose schedule cannot work (edited in the database, imported): it is stopped
   * with a failure log row saying why, once, instead of failing every poll.
   */
  private async disable(row: ScheduledTask, reason: string): Promise<void> {
    const { knex } = this.need();
    const n = await knex(TABLES.taskInfo).where({ id: row.id, status: 1 }).update({ status: 0, nextRunTime: null });
    if (!n) return;
    const ts = now();
    await knex(TABLES.taskLog).insert({ taskId: row.id, status: 0, detail: t('zh-cn', 'task.scheduleInvalid', { reason }), duration: 0, createTime: ts, updateTime: ts });
  }

  /** A running task without a next run (seeded, restored, or set in the database): give it one. */
  private async arm(row: ScheduledTask, nowMs: number): Promise<number | undefined> {
    const cols = scheduleColumns(row, nowMs);
    const n = await this.need().knex(TABLES.taskInfo).where({ id: row.id, status: 1 }).whereNull('nextRunTime').update(cols);
    return n && cols.nextRunTime ? parseTime(cols.nextRunTime) : undefined;
  }

  private track(run: Promise<void>): void {
    const tracked = run.catch((err: unknown) => {
      if (!this.closed) this.services?.logger.error('task scheduler: run failed', err);
    });
    this.runs.add(tracked);
    void tracked.finally(() => this.runs.delete(tracked));
  }

  private async claimAndRun(row: ScheduledTask): Promise<void> {
    this.busy.add(row.id);
    try {
      const lease = await this.claim(row);
      if (lease) await this.execute(row, lease);
    } finally {
      this.busy.delete(row.id);
    }
    // The next tick may already be due (a run longer than the interval): look again.
    this.poke();
  }

  /**
   * Takes the tick due at `row.nextRunTime` if no other instance did. The WHERE pins the tick (T),
   * the run count (repeatConf) and a free lease, so of all instances exactly one UPDATE matches.
   * Returns the lease taken, or undefined.
   */
  private async claim(row: ScheduledTask): Promise<string | undefined> {
    const due = parseTime(row.nextRunTime);
    if (due === undefined || row.nextRunTime === null) return undefined;
    const nowMs = Date.now();
    const nowText = formatTime(nowMs);
    const count = runCount(row.repeatConf) + 1;
    const next = nextRun(row, due, nowMs);
    const last = next === undefined || (row.limit !== null && count >= row.limit);
    const lease = formatTime(nowMs + this.options.leaseMs);
    const q = this.need()
      .knex(TABLES.taskInfo)
      .where({ id: row.id, status: 1, nextRunTime: row.nextRunTime })
      .where((w) => w.whereNull('lockExpireTime').orWhere('lockExpireTime', '<', nowText));
    if (row.repeatConf === null) q.whereNull('repeatConf');
    else q.where('repeatConf', row.repeatConf);
    const n = await q.update({
      nextRunTime: last || next === undefined ? null : formatTime(next),
      // `limit` reached or no tick left: the task stops (the spec's status 0).
      status: last ? 0 : 1,
      lockExpireTime: lease,
      lastExecuteTime: nowText,
      repeatConf: buildRepeatConf(row, count),
    });
    return n === 1 ? lease : undefined;
  }

  /** Runs the task's handler and writes one task_log row; with a lease, renews then releases it. */
  private async execute(task: ScheduledTask, lease?: string): Promise<void> {
    const services = this.need();
    const { knex, logger } = services;
    const started = Date.now();
    // How late a claimed tick starts behind its due time (a manual run has none).
    const due = lease ? parseTime(task.nextRunTime) : undefined;
    if (due !== undefined) services.telemetry.metrics?.taskLag.observe(Math.max(0, started - due) / 1000);
    let held = lease;
    let heartbeat: NodeJS.Timeout | undefined;
    if (lease) {
      const renew = async () => {
        const next = formatTime(Date.now() + this.options.leaseMs);
        // Same second: nothing to extend (and MySQL would report 0 changed rows).
        if (next === held) return;
        const n = await retryDeadlock(() => knex(TABLES.taskInfo).where({ id: task.id, lockExpireTime: held }).update({ lockExpireTime: next }));
        if (n) held = next;
        else logger.warn(`task ${task.id}: lease lost while running (another instance may run its next tick)`);
      };
      heartbeat = setInterval(() => void renew().catch(() => undefined), Math.max(200, Math.floor(this.options.leaseMs / 3)));
      heartbeat.unref();
      this.heartbeats.add(heartbeat);
    }
    let status = 0;
    let detail: string | null;
    try {
      const handler = task.service ? services.modules.taskHandlers.resolve(task.service) : undefined;
      if (!handler) throw new AppError('task.serviceUnknown', { service: task.service ?? '', available: services.modules.taskHandlers.keys().join(', ') });
      // The argument written in the service's parentheses wins over the `data` column (reference behaviour).
      const call = parseServiceCall(task.service as string);
      const data = call?.hasArg ? call.arg : parseData(task.data);
      const result = await handler({ services, task: { id: task.id, name: task.name, service: task.service as string, data } });
      status = 1;
      detail = resultDetail(result);
      services.telemetry.metrics?.taskRuns.inc({ outcome: 'ok' });
    } catch (err) {
      services.telemetry.metrics?.taskRuns.inc({ outcome: 'failed' });
      detail = errorDetail(err, (e) => logger.error(`task ${task.id} (${task.service ?? ''}) failed`, e));
    } finally {
      if (heartbeat) {
        clearInterval(heartbeat);
        this.heartbeats.delete(heartbeat);
      }
    }
    if (this.closed) {
      logger.warn(`task ${task.id} finished after shutdown; its log row is not written`);
      return;
    }
    // A task deleted while it ran gets no orphan log row.
    if (await knex(TABLES.taskInfo).where({ id: task.id }).first('id')) {
      const ts = now();
      await knex(TABLES.taskLog).insert({ taskId: task.id, status, detail, duration: Date.now() - started, createTime: ts, updateTime: ts });
      if (status === 1) await pruneSuccessLogs(knex, task.id);
    }
    if (held) await retryDeadlock(() => knex(TABLES.taskInfo).where({ id: task.id, lockExpireTime: held }).update({ lockExpireTime: null }));
  }
}

/** Why a stored schedule cannot run, or undefined when it can. */
function scheduleProblem(row: ScheduledTask): string | undefined {
  if (row.cron !== null && row.cron.trim() !== '') return isValidCron(row.cron) ? undefined : `cron "${row.cron}"`;
  return row.every !== null && Number.isSafeInteger(row.every) && row.every > 0 ? undefined : `every ${row.every ?? 'null'}`;
}

/** A task's `data` as its handler argument: parsed JSON, else the text itself. */
function parseData(data: string | null): unknown {
  if (data === null || data.trim() === '') return undefined;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

function clip(text: string): string {
  return text.length > DETAIL_MAX ? `${text.slice(0, DETAIL_MAX - 1)}…` : text;
}

function resultDetail(result: unknown): string | null {
  if (result === undefined || result === null) return null;
  if (typeof result === 'string') return clip(result);
  try {
    return clip(JSON.stringify(result) ?? String(result));
  } catch {
    return clip(String(result));
  }
}

/** The log's text for a failure: the message, translated for AppErrors; never SQL or a stack. */
function errorDetail(err: unknown, report: (err: unknown) => void): string {
  if (err instanceof AppError) return clip(err.text?.['zh-cn'] ?? t('zh-cn', err.key, err.params));
  const e = err as { message?: unknown; sql?: unknown; sqlMessage?: unknown; code?: unknown; severity?: unknown };
  // PostgreSQL's errors carry a SQLSTATE code and a severity rather than ER_/SQLITE_ codes.
  if (e && (e.sql !== undefined || e.sqlMessage !== undefined || typeof e.severity === 'string' || (typeof e.code === 'string' && /^(ER_|SQLITE_)/.test(e.code)))) {
    report(err);
    return t('zh-cn', 'task.dbError');
  }
  return clip(typeof e?.message === 'string' && e.message ? e.message : String(err));
}

/** Keeps a task's newest SUCCESS_LOGS_KEPT success rows. */
async function pruneSuccessLogs(knex: Knex, taskId: number): Promise<void> {
  const edge = await table(knex, TABLES.taskLog).where({ taskId, status: 1 }).orderBy('id', 'desc').offset(SUCCESS_LOGS_KEPT).first('id');
  if (edge) await knex(TABLES.taskLog).where({ taskId, status: 1 }).where('id', '<=', edge.id).delete();
}
