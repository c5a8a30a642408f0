import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import dayjs from 'dayjs';
import { testDatabases } from '../testing/forEachDb.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';
import { pruneRequestLogs } from '../modules/base/logRetention.js';
import { LOG_HOUR, rebuildLogRollup } from './requestLogRollup.js';
import type { LogRow } from './requestLogWriter.js';

const FMT = 'YYYY-MM-DD HH:mm:ss';
const SUMMARY = '/admin/demo/dashboard/summary';

/**
 * The request log's hourly roll-up (requestLogRollup.ts) against the log itself, on two app instances sharing one
 * database: after requests and their batch flushes, concurrent flushes of the same hour, retention in small batches
 * and `clear`, the roll-up holds exactly the log's rows per hour, and the dashboard's `views` equal the log's count.
 */
for (const db of testDatabases()) {
  describe(`request-log roll-up: exact against base_sys_log, two instances (${db.name})`, () => {
    let a: TestApp;
    let b: TestApp;
    const knex = () => a.instance.services.knex;
    const hourText = (v: unknown) => (v instanceof Date ? dayjs(v).format(FMT) : String(v));

    /** The log's rows per hour, counted from the log (no roll-up read). */
    const fromBase = async () => {
      const rows = (await knex()('base_sys_log').select('createTime')) as { createTime: unknown }[];
      const counts = new Map<string, number>();
      for (const r of rows) {
        const h = `${hourText(r.createTime).slice(0, 13)}:00:00`;
        counts.set(h, (counts.get(h) ?? 0) + 1);
      }
      return [...counts.entries()].sort(([x], [y]) => x.localeCompare(y));
    };
    const fromRollup = async () =>
      ((await knex()(LOG_HOUR).orderBy('hour').select('hour', 'n')) as { hour: unknown; n: unknown }[]).map((r) => [hourText(r.hour), Number(r.n)]);
    const flushBoth = () => Promise.all([a.instance.services.telemetry.requestLog.flush(), b.instance.services.telemetry.requestLog.flush()]);
    const exact = async (what: string) => {
      await flushBoth();
      assert.deepEqual(await fromRollup(), await fromBase(), `roll-up equals the log per hour after ${what}`);
    };
    const logRow = (createTime: string, i: number): LogRow => ({ userId: null, action: `/seeded/${i}`, ip: '10.1.0.1', params: null, createTime });

    before(async () => {
      const config = await db.config();
      a = await startTestApp(config);
      b = await startTestApp(config);
    });
    after(async () => {
      await a?.close();
      await b?.close();
      await db.cleanup();
    });

    it('counts the requests both instances logged, and the summary answers the log count', async () => {
      await exact('the start (sign-ins)');
      for (let i = 0; i < 15; i++) {
        assert.equal((await a.get('/admin/base/comm/person')).status, 200);
        assert.equal((await b.get('/admin/base/comm/person')).status, 200);
      }
      await exact('30 requests on two instances');
      const total = Number(((await knex()('base_sys_log').count({ n: '*' }).first()) as { n: unknown }).n);
      const today = Number(
        ((await knex()('base_sys_log').where('createTime', '>=', dayjs().startOf('day').format(FMT)).count({ n: '*' }).first()) as { n: unknown }).n,
      );
      // Every row written is flushed; the summary's own request is logged after its answer.
      const res = await a.get(SUMMARY);
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      assert.deepEqual(res.body.data.views, { total, today });
      assert.ok(total >= 30);
    });

    it('stays exact while both instances flush rows of the same hours at once (one upsert per flush each)', async () => {
      const now = dayjs();
      const times = [now.subtract(1, 'hour'), now].map((t) => t.format(FMT));
      for (let i = 0; i < 1200; i++) {
        a.instance.services.telemetry.requestLog.add(logRow(times[i % 2]!, i));
        b.instance.services.telemetry.requestLog.add(logRow(times[(i + 1) % 2]!, i));
      }
      await exact('2 400 rows flushed concurrently by two writers');
    });

    it('takes retention batches and clear out of their hours in the same transaction', async () => {
      const old = dayjs().subtract(40, 'day').startOf('day');
      // Rows over 3 old hours and the kept days, written by the writer as requests' rows are.
      for (let i = 0; i < 25; i++) a.instance.services.telemetry.requestLog.add(logRow(old.add(i % 3, 'hour').add(i, 'second').format(FMT), i));
      for (let i = 0; i < 5; i++) b.instance.services.telemetry.requestLog.add(logRow(dayjs().subtract(2, 'day').format(FMT), i));
      await exact('old rows');
      assert.equal((await a.post('/admin/base/sys/log/setKeep', { value: 31 })).body.code, 1000);
      // Batches of 4: a batch ends inside an hour, the next one takes the rest of it.
      const deleted = await pruneRequestLogs(knex(), new Date(), 4);
      assert.ok(deleted >= 25, `retention deleted ${deleted}`);
      await exact('retention in batches of 4');
      assert.equal(Number(((await knex()(LOG_HOUR).where('hour', '<', old.add(1, 'day').format(FMT)).count({ n: '*' }).first()) as { n: unknown }).n), 0, 'emptied hours go');

      const res = await a.post('/admin/base/sys/log/clear');
      assert.equal(res.body.code, 1000);
      const left = (await fromRollup()).reduce((n, [, c]) => n + Number(c), 0);
      assert.ok(left <= 1, `nothing left but the clear request's own row once written (${left})`);
      await exact('clear and the requests after it');
    });

    it('is rebuilt from the log after rows written with other SQL (a bulk load)', async () => {
      const t = dayjs().subtract(3, 'hour').format(FMT);
      await knex()('base_sys_log').insert([1, 2, 3].map((i) => ({ action: `/raw/${i}`, createTime: t, updateTime: t })));
      await rebuildLogRollup(knex());
      await exact('a raw insert and the rebuild');
    });
  });
}
