import { createRequire } from 'node:module';
import dayjs from 'dayjs';
import { CronExpressionParser } from 'cron-parser';

// cron-parser does its date arithmetic with luxon, which otherwise asks ICU for the system's locale
// (`new Intl.DateTimeFormat()`) at the first date it makes: that loads ICU's locale data, about 8 MB of the
// process's memory for good, for a locale the scheduler never uses (it formats no date for people). The luxon
// set is the one cron-parser requires (CommonJS): an `import` would get luxon's ES build, another instance.
const requireFromCron = createRequire(createRequire(import.meta.url).resolve('cron-parser'));
(requireFromCron('luxon') as { Settings: { defaultLocale: string } }).Settings.defaultLocale = 'en-US';

/**
 * A task's schedule, as stored in `task_info`. Times are server-local `YYYY-MM-DD HH:mm:ss`
 * (the one time format of both databases), so every schedule has one-second resolution.
 */
export interface ScheduleSpec {
  /** 0 = cron, 1 = interval. */
  taskType: number;
  cron?: string | null;
  /** Interval in ms (a whole number of seconds); ignored when `cron` is set. */
  every?: number | null;
  startDate?: string | null;
  endDate?: string | null;
}

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

export function formatTime(ms: number): string {
  return dayjs(ms).format(FORMAT);
}

/** A stored time → epoch ms (server-local), or undefined for null/invalid. */
export function parseTime(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const d = value instanceof Date ? dayjs(value) : dayjs(String(value));
  return d.isValid() ? d.valueOf() : undefined;
}

/**
 * Parses a cron expression with 5 fields or 6 (leading seconds). `?` is accepted in the day fields
 * as in the reference's seeds. Throws on anything else — including the empty string, which the
 * parser would otherwise read as "every minute".
 */
export function parseCron(expr: string, fromMs: number = Date.now()) {
  const text = expr.trim();
  const fields = text.split(/\s+/).length;
  if (!text || (fields !== 5 && fields !== 6)) throw new Error(`cron needs 5 or 6 fields, got ${text ? fields : 0}`);
  return CronExpressionParser.parse(text, { currentDate: new Date(fromMs) });
}

/**
 * Verdicts of isValidCron: the scheduler checks every running task's cron at each poll (every second), and
 * parsing one cost more than the rest of the poll (0.8 % of a busy server's CPU profile with a few tasks).
 */
const cronVerdicts = new Map<string, boolean>();

/** True when `expr` is a usable cron expression. */
export function isValidCron(expr: string): boolean {
  let ok = cronVerdicts.get(expr);
  if (ok === undefined) {
    try {
      parseCron(expr).next();
      ok = true;
    } catch {
      ok = false;
    }
    if (cronVerdicts.size >= 1000) cronVerdicts.clear();
    cronVerdicts.set(expr, ok);
  }
  return ok;
}

/** Whether the spec uses cron (a cron expression wins over `every`, as the spec says). */
function usesCron(spec: ScheduleSpec): boolean {
  return typeof spec.cron === 'string' && spec.cron.trim() !== '';
}

/** The first cron tick strictly after `afterMs`. */
function cronAfter(cron: string, afterMs: number): number {
  return parseCron(cron, afterMs).next().getTime();
}

function withinEnd(spec: ScheduleSpec, at: number): number | undefined {
  const end = parseTime(spec.endDate);
  return end !== undefined && at > end ? undefined : at;
}

/**
 * When a task that is (re)started at `nowMs` runs first; undefined when it never will (endDate passed).
 * Cron: the first tick at or after max(now, startDate), never in the past. Interval: startDate when
 * that is still ahead, else one `every` after now, rounded up to a whole second.
 */
export function firstRun(spec: ScheduleSpec, nowMs: number): number | undefined {
  const start = parseTime(spec.startDate);
  if (usesCron(spec)) {
    // `next()` is strictly after its reference, so step back a second to let startDate itself match.
    const from = start !== undefined && start > nowMs ? start - 1000 : nowMs;
    return withinEnd(spec, cronAfter(spec.cron as string, from));
  }
  const every = spec.every;
  if (!every || every <= 0) return undefined;
  if (start !== undefined && start > nowMs) return withinEnd(spec, start);
  return withinEnd(spec, Math.ceil((nowMs + every) / 1000) * 1000);
}

/**
 * The tick after the one due at `dueMs`, claimed at `nowMs` (≥ dueMs when the run is late).
 * Ticks missed while no instance ran are not replayed as a burst: the next tick is the first one
 * after now, keeping the schedule's phase (an interval stays on dueMs + k·every).
 */
export function nextRun(spec: ScheduleSpec, dueMs: number, nowMs: number): number | undefined {
  const after = Math.max(dueMs, nowMs);
  if (usesCron(spec)) return withinEnd(spec, cronAfter(spec.cron as string, after));
  const every = spec.every;
  if (!every || every <= 0) return undefined;
  const steps = Math.max(1, Math.floor((after - dueMs) / every) + 1);
  return withinEnd(spec, dueMs + steps * every);
}
