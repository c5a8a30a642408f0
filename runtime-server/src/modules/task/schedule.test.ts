import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import dayjs from 'dayjs';
import { firstRun, formatTime, isValidCron, nextRun, parseTime } from './schedule.js';

const at = (text: string) => dayjs(text).valueOf();
const fmt = (ms: number | undefined) => (ms === undefined ? undefined : formatTime(ms));

describe('schedule maths', () => {
  it('an interval above 59 s keeps its length: 90 000 ms is 90 s, not 30 s', () => {
    const spec = { taskType: 1, every: 90_000 };
    assert.equal(fmt(firstRun(spec, at('2026-01-01 10:00:00'))), '2026-01-01 10:01:30');
    assert.equal(fmt(nextRun(spec, at('2026-01-01 10:01:30'), at('2026-01-01 10:01:30.200'))), '2026-01-01 10:03:00');
    assert.equal(fmt(nextRun({ taskType: 1, every: 3_600_000 }, at('2026-01-01 10:00:00'), at('2026-01-01 10:00:00'))), '2026-01-01 11:00:00');
  });

  it('an interval run that starts late keeps the phase and skips the ticks it missed (no burst)', () => {
    const spec = { taskType: 1, every: 10_000 };
    // due 10:00:00, claimed 35.4 s late: the missed 10, 20, 30 are not replayed
    assert.equal(fmt(nextRun(spec, at('2026-01-01 10:00:00'), at('2026-01-01 10:00:35.400'))), '2026-01-01 10:00:40');
    // exactly on a tick boundary: strictly after now
    assert.equal(fmt(nextRun(spec, at('2026-01-01 10:00:00'), at('2026-01-01 10:00:20'))), '2026-01-01 10:00:30');
  });

  it('the first interval tick is one interval after now, rounded up to a whole second', () => {
    assert.equal(fmt(firstRun({ taskType: 1, every: 2000 }, at('2026-01-01 10:00:00.250'))), '2026-01-01 10:00:03');
    assert.equal(fmt(firstRun({ taskType: 1, every: 2000 }, at('2026-01-01 10:00:00'))), '2026-01-01 10:00:02');
  });

  it('6-field cron (seconds) and 5-field cron', () => {
    const six = { taskType: 0, cron: '*/5 * * * * *' };
    assert.equal(fmt(firstRun(six, at('2026-01-01 10:00:01.500'))), '2026-01-01 10:00:05');
    assert.equal(fmt(nextRun(six, at('2026-01-01 10:00:05'), at('2026-01-01 10:00:05.010'))), '2026-01-01 10:00:10');
    const five = { taskType: 0, cron: '30 2 * * *' };
    assert.equal(fmt(firstRun(five, at('2026-01-01 10:00:00'))), '2026-01-02 02:30:00');
    // the reference's seed style, with `?`
    assert.equal(fmt(firstRun({ taskType: 0, cron: '0/5 * * * * ?' }, at('2026-01-01 10:00:07'))), '2026-01-01 10:00:10');
  });

  it('every is ignored when cron is set', () => {
    assert.equal(fmt(firstRun({ taskType: 0, cron: '0 0 * * * *', every: 1000 }, at('2026-01-01 10:20:00'))), '2026-01-01 11:00:00');
  });

  it('a late cron run skips the missed ticks', () => {
    const spec = { taskType: 0, cron: '*/10 * * * * *' };
    assert.equal(fmt(nextRun(spec, at('2026-01-01 10:00:00'), at('2026-01-01 10:00:31'))), '2026-01-01 10:00:40');
  });

  it('startDate delays the first tick; endDate ends the schedule', () => {
    const cron = { taskType: 0, cron: '0 * * * * *', startDate: '2026-01-01 12:00:00', endDate: '2026-01-01 12:02:00' };
    assert.equal(fmt(firstRun(cron, at('2026-01-01 10:00:00'))), '2026-01-01 12:00:00', 'startDate itself when it matches');
    assert.equal(fmt(nextRun(cron, at('2026-01-01 12:01:00'), at('2026-01-01 12:01:00'))), '2026-01-01 12:02:00');
    assert.equal(nextRun(cron, at('2026-01-01 12:02:00'), at('2026-01-01 12:02:00')), undefined, 'nothing after endDate');
    assert.equal(firstRun(cron, at('2026-01-01 13:00:00')), undefined);
    const interval = { taskType: 1, every: 60_000, startDate: '2026-01-01 12:00:00', endDate: '2026-01-01 12:01:30' };
    assert.equal(fmt(firstRun(interval, at('2026-01-01 10:00:00'))), '2026-01-01 12:00:00');
    assert.equal(fmt(nextRun(interval, at('2026-01-01 12:00:00'), at('2026-01-01 12:00:00'))), '2026-01-01 12:01:00');
    assert.equal(nextRun(interval, at('2026-01-01 12:01:00'), at('2026-01-01 12:01:00')), undefined);
  });

  it('cron validation: 5 or 6 fields, valid ranges, never blank', () => {
    for (const ok of ['* * * * *', '*/1 * * * * *', '0/5 * * * * ?', '0 0 0 * * *', '0 15 10 ? * MON-FRI']) assert.ok(isValidCron(ok), ok);
    for (const bad of ['', '   ', 'bad', '* * * *', '* * * * * * *', '61 * * * * *', '* 25 * * *', '* * * 13 *']) assert.ok(!isValidCron(bad), JSON.stringify(bad));
    // Asked again (the verdicts are kept): the same answers.
    for (const expr of ['* * * * *', 'bad', '* 25 * * *', '0 15 10 ? * MON-FRI']) assert.equal(isValidCron(expr), isValidCron(`${expr}`), expr);
    assert.deepEqual([isValidCron('* * * * *'), isValidCron('bad')], [true, false]);
  });

  it('stored times parse back to the same instant', () => {
    const ms = at('2026-03-04 05:06:07');
    assert.equal(parseTime(formatTime(ms)), ms);
    assert.equal(parseTime(null), undefined);
    assert.equal(parseTime(''), undefined);
  });
});
