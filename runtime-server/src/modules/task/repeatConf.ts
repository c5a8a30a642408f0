import type { ScheduleSpec } from './schedule.js';

/**
 * `task_info.repeatConf`: the JSON text of the repeat options in force (as the reference's BullMQ
 * repeat options) plus `count`, the runs made since the schedule was last (re)started — what
 * `limit` is checked against. A claim writes count + 1 in the same conditional UPDATE that takes
 * the tick, so the count stays exact across instances.
 */
export interface RepeatConf {
  taskType: number;
  cron?: string;
  every?: number;
  limit?: number;
  startDate?: string;
  endDate?: string;
  count: number;
}

export function buildRepeatConf(spec: ScheduleSpec & { limit?: number | null }, count = 0): string {
  const conf: RepeatConf = { taskType: spec.taskType, count };
  if (spec.cron) conf.cron = spec.cron;
  else if (spec.every) conf.every = spec.every;
  if (spec.limit) conf.limit = spec.limit;
  if (spec.startDate) conf.startDate = spec.startDate;
  if (spec.endDate) conf.endDate = spec.endDate;
  return JSON.stringify(conf);
}

/** Runs counted so far; 0 for a missing or foreign (e.g. imported reference) value. */
export function runCount(repeatConf: unknown): number {
  if (typeof repeatConf !== 'string') return 0;
  try {
    const count = (JSON.parse(repeatConf) as { count?: unknown }).count;
    return typeof count === 'number' && Number.isSafeInteger(count) && count >= 0 ? count : 0;
  } catch {
    return 0;
  }
}
