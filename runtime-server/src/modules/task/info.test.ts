import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import dayjs from 'dayjs';
import { testDatabases } from '../../testing/forEachDb.js';
import { createScopedAdmin } from '../../testing/scopedAdmin.js';
import { startTestApp } from '../../testing/testApp.js';
import type { TestApp } from '../../testing/testApp.js';

const T = '/admin/task/info';
type Row = Record<string, unknown>;

for (const db of testDatabases()) {
  describe(`task endpoints (${db.name})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(await db.config({ scheduler: { pollMs: 200 } }));
      app.instance.services.modules.taskHandlers.register('probe.fail', () => {
        throw new Error('boom: the probe failed');
      });
      app.instance.services.modules.taskHandlers.register('probe.echo', ({ task }) => ({ got: task.data }));
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    const knex = () => app.instance.services.knex;
    const row = async (id: number): Promise<Row> => (await knex()('task_info').where({ id }).first()) as Row;
    const count = async () => Number(((await knex()('task_info').count({ n: '*' }).first()) as { n: number }).n);
    const add = async (fields: Row): Promise<number> => {
      const res = await app.post(`${T}/add`, { type: 1, ...fields });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      return res.body.data.id as number;
    };
    const waitForLogs = async (id: number, n: number): Promise<Row[]> => {
      const end = Date.now() + 3000;
      for (;;) {
        const logs = (await knex()('task_log').where({ taskId: id }).orderBy('id')) as Row[];
        if (logs.length >= n) return logs;
        if (Date.now() > end) assert.fail(`task ${id}: ${logs.length} of ${n} log rows`);
        await sleep(50);
      }
    };

    it('seeds the demo tasks stopped and the three system tasks running, armed for their next run', async () => {
      const demo = (await knex()('task_info').where({ service: 'taskDemoService.test()' }).orderBy('id')) as Row[];
      assert.equal(demo.length, 2);
      assert.ok(demo.every((d) => Number(d.status) === 0 && d.nextRunTime === null));
      const end = Date.now() + 3000;
      let system: Row[] = [];
      while (Date.now() < end) {
        system = (await knex()('task_info').where({ type: 0 }).orderBy('id')) as Row[];
        if (system.length === 4 && system.every((s) => s.nextRunTime)) break;
        await sleep(100);
      }
      assert.deepEqual(system.map((s) => s.service), ['baseSysLogService.prune()', 'recycleDataService.prune()', 'dataJobService.prune()', 'baseSysAuditService.prune()']);
      assert.ok(system.every((s) => Number(s.status) === 1));
      const midnight = dayjs().add(1, 'day').startOf('day').format('YYYY-MM-DD HH:mm:ss');
      assert.equal(system[0]?.nextRunTime, midnight, 'request-log retention runs at 00:00');
    });

    it('add/update refuse a bad schedule or service with a 1002 naming the field, and write nothing', async () => {
      const before = await count();
      const cases: [Row, RegExp][] = [
        [{ name: 'x', taskType: 0, cron: '61 * * * * *', service: 'taskDemoService.test()' }, /Cron expression \(cron\) is not valid: "61 \* \* \* \* \*"/],
        [{ name: 'x', taskType: 0, cron: '* * * *', service: 'taskDemoService.test()' }, /\(cron\) is not valid/],
        [{ name: 'x', taskType: 0, service: 'taskDemoService.test()' }, /needs a cron expression \(cron\)/],
        [{ name: 'x', taskType: 1, service: 'taskDemoService.test()' }, /needs an interval \(every/],
        [{ name: 'x', taskType: 1, every: 1500, service: 'taskDemoService.test()' }, /every/],
        [{ name: 'x', taskType: 1, every: 1000, service: 'process.exit()' }, /Service \(service\) "process.exit\(\)" is not registered; available: .*taskDemoService\.test/],
        [{ name: 'x', taskType: 1, every: 1000 }, /service \(service\) is required/i],
        [{ name: 'x', taskType: 1, every: 1000, service: 'taskDemoService.test([1,' }, /Service \(service\) "taskDemoService\.test\(\[1," is not registered/],
        [{ name: 'x', taskType: 1, every: 1000, service: 'taskDemoService.test()', startDate: '2030-01-02 00:00:00', endDate: '2030-01-01 00:00:00' }, /endDate/],
        [{ name: 'x', taskType: 1, every: 1000, service: 'taskDemoService.test()', endDate: '2001-01-01 00:00:00' }, /no run time left/],
      ];
      for (const [body, message] of cases) {
        const res = await app.post(`${T}/add`, body).set('language', 'en');
        assert.equal(res.body.code, 1002, JSON.stringify([body, res.body]));
        assert.match(res.body.message, message);
      }
      const zh = await app.post(`${T}/add`, { name: 'x', taskType: 0, cron: 'nonsense', service: 'taskDemoService.test()' });
      assert.match(zh.body.message, /Cron 表达式（cron）格式不正确/);
      assert.equal(await count(), before, 'nothing was written');

      const id = await add({ name: 'valid', taskType: 0, cron: '0 0 3 * * *', service: 'taskDemoService.test()', status: 0 });
      const bad = await app.post(`${T}/update`, { id, cron: 'every day' }).set('language', 'en');
      assert.equal(bad.body.code, 1002);
      assert.match(bad.body.message, /\(cron\) is not valid/);
      assert.equal((await row(id)).cron, '0 0 3 * * *', 'the failed update changed nothing');
      const other = await app.post(`${T}/update`, { id, taskType: 1 }).set('language', 'en');
      assert.equal(other.body.code, 1002, 'switching to interval needs every');
    });

    it('start, stop and update keep status and nextRunTime true; every is ignored for a cron task', async () => {
      const id = await add({ name: 'lifecycle', taskType: 0, cron: '0 30 4 * * *', every: 5000, service: 'taskDemoService.test()', status: 0 });
      let r = await row(id);
      assert.equal(r.every, null, 'a cron task keeps no interval');
      assert.equal(r.nextRunTime, null, 'stopped: no next run');

      assert.equal((await app.post(`${T}/start`, { id })).body.code, 1000);
      r = await row(id);
      assert.equal(Number(r.status), 1);
      const expected = dayjs().hour() < 4 || (dayjs().hour() === 4 && dayjs().minute() < 30) ? dayjs() : dayjs().add(1, 'day');
      assert.equal(r.nextRunTime, expected.hour(4).minute(30).second(0).format('YYYY-MM-DD HH:mm:ss'));

      // A schedule change applies at once: 5-field cron, every day 06:15.
      assert.equal((await app.post(`${T}/update`, { id, cron: '15 6 * * *' })).body.code, 1000);
      r = await row(id);
      assert.equal(String(r.nextRunTime).slice(11), '06:15:00');
      // Switching kind: the cron goes, the interval counts from now.
      assert.equal((await app.post(`${T}/update`, { id, taskType: 1, every: 90_000 })).body.code, 1000);
      r = await row(id);
      assert.equal(r.cron, null);
      const inMs = dayjs(String(r.nextRunTime)).valueOf() - Date.now();
      assert.ok(inMs > 88_000 && inMs <= 91_000, `90 s interval: next run in ${inMs} ms`);

      assert.equal((await app.post(`${T}/stop`, { id })).body.code, 1000);
      r = await row(id);
      assert.equal(Number(r.status), 0);
      assert.equal(r.nextRunTime, null);

      assert.equal((await app.post(`${T}/start`, { id, type: 0 })).body.code, 1000);
      assert.equal(Number((await row(id)).type), 0, 'start may set the type');
      // start, update, update, stop, start: each an audited admin change
      const audits = (await knex()('base_sys_audit').where({ entity: 'task/info', recordId: id, action: 'update' })) as Row[];
      assert.equal(audits.length, 5);
      assert.equal((await app.post(`${T}/start`, { id: 999999 })).body.code, 1001);
      assert.equal((await app.post(`${T}/stop`, { id: 'x' })).body.code, 1002);
      await app.post(`${T}/stop`, { id });
    });

    it('once runs the task now and logs a row, without touching its schedule; log pages with a status filter', async () => {
      const id = await add({ name: 'manual', taskType: 0, cron: '0 0 5 * * *', service: 'taskDemoService.test()', status: 1 });
      const before = await row(id);
      assert.equal((await app.post(`${T}/once`, { id })).body.code, 1000);
      const [ok] = await waitForLogs(id, 1);
      assert.equal(Number(ok?.status), 1);
      assert.equal(ok?.detail, '任务执行成功');
      const after = await row(id);
      assert.equal(after.nextRunTime, before.nextRunTime, 'schedule untouched');
      assert.equal(Number(after.status), 1);

      const failing = await add({ name: 'failing', taskType: 1, every: 60_000, service: 'probe.fail()', status: 0 });
      await app.post(`${T}/once`, { id: failing });
      await app.post(`${T}/once`, { id: failing });
      const logs = await waitForLogs(failing, 2);
      assert.ok(logs.every((l) => Number(l.status) === 0 && l.detail === 'boom: the probe failed'));

      const echo = await add({ name: 'echo', taskType: 1, every: 60_000, service: 'probe.echo()', data: '[1,2]', status: 0 });
      await app.post(`${T}/once`, { id: echo });
      assert.equal((await waitForLogs(echo, 1))[0]?.detail, '{"got":[1,2]}', 'data reaches the handler parsed');
      // The reference's form: the argument written in the service's parentheses (it wins over data).
      const inline = await add({ name: 'inline', taskType: 1, every: 60_000, service: 'probe.echo({"a": [3]})', data: '[1,2]', status: 0 });
      await app.post(`${T}/once`, { id: inline });
      assert.equal((await waitForLogs(inline, 1))[0]?.detail, '{"got":{"a":[3]}}', 'the inline argument reaches the handler');

      const page = await app.get(`${T}/log`, { id: failing, page: 1, size: 1 });
      assert.equal(page.body.code, 1000);
      assert.equal(page.body.data.pagination.total, 2);
      assert.equal(page.body.data.list.length, 1);
      const first = page.body.data.list[0] as Row;
      assert.deepEqual(Object.keys(first).sort(), ['createTime', 'detail', 'duration', 'id', 'status', 'taskId', 'taskName', 'updateTime']);
      assert.equal(first.taskName, 'failing');
      assert.match(String(first.createTime), /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      const okOnly = await app.get(`${T}/log`, { id: failing, status: 1 });
      assert.equal(okOnly.body.data.pagination.total, 0);
      const all = await app.get(`${T}/log`, { status: 0 });
      assert.ok((all.body.data.list as Row[]).every((l) => l.status === 0));
      assert.equal((await app.get(`${T}/log`, { status: 7 })).body.code, 1002);

      const listed = await app.post(`${T}/page`, { page: 1, size: 100 });
      const byId = new Map((listed.body.data.list as Row[]).map((r) => [r.id, r]));
      assert.equal(byId.get(id)?.lastStatus, 1);
      assert.equal(byId.get(failing)?.lastStatus, 0);
      assert.equal(byId.get(echo)?.lastStatus, 1);
      const info = await app.get(`${T}/info`, { id: failing });
      assert.equal(info.body.data.repeatCount, null);
      // the reference console sends the limit as repeatCount
      assert.equal((await app.post(`${T}/update`, { id: failing, repeatCount: 4 })).body.code, 1000);
      assert.equal((await app.get(`${T}/info`, { id: failing })).body.data.limit, 4);
      assert.equal((await app.post(`${T}/update`, { id: failing, repeatCount: 'x' })).body.code, 1002);

      assert.equal((await app.post(`${T}/once`, { id: 999999 })).body.code, 1001);
      assert.equal((await app.post(`${T}/delete`, { ids: [failing] })).body.code, 1000);
      assert.equal(await row(failing), undefined);
      assert.equal((await knex()('task_log').where({ taskId: failing })).length, 0, 'its logs went with it');
      await app.post(`${T}/stop`, { id });
    });

    it('the request-log retention system task prunes through its handler', async () => {
      const old = dayjs().subtract(400, 'day').format('YYYY-MM-DD HH:mm:ss');
      await knex()('base_sys_log').insert({ action: '/old', ip: '1.2.3.4', createTime: old, updateTime: old });
      const task = (await knex()('task_info').where({ service: 'baseSysLogService.prune()' }).first()) as Row;
      assert.equal((await app.post(`${T}/once`, { id: task.id })).body.code, 1000);
      const [log] = await waitForLogs(Number(task.id), 1);
      assert.equal(Number(log?.status), 1, String(log?.detail));
      assert.ok(JSON.parse(String(log?.detail)).deleted >= 1);
      assert.equal((await knex()('base_sys_log').where({ action: '/old' })).length, 0);
    });

    it('a running task whose schedule was broken in the database is stopped once, with a log row saying why', async () => {
      const id = await add({ name: 'broken', taskType: 0, cron: '0 0 5 * * *', service: 'taskDemoService.test()', status: 0 });
      await knex()('task_info').where({ id }).update({ status: 1, cron: '99 * * * * *', nextRunTime: null });
      const [log] = await waitForLogs(id, 1);
      assert.equal(Number(log?.status), 0);
      assert.match(String(log?.detail), /调度配置无效（cron "99 \* \* \* \* \*"），任务已停止/);
      const r = await row(id);
      assert.equal(Number(r.status), 0);
      assert.equal(r.nextRunTime, null);
      await sleep(500);
      assert.equal((await knex()('task_log').where({ taskId: id })).length, 1, 'reported once, not every poll');
    });

    it('a task keeps its newest 20 success logs and every failure', async () => {
      const id = await add({ name: 'chatty', taskType: 1, every: 60_000, service: 'taskDemoService.test()', status: 0 });
      await knex()('task_log').insert({ taskId: id, status: 0, detail: 'an old failure', duration: 1, createTime: '2020-01-01 00:00:00', updateTime: '2020-01-01 00:00:00' });
      for (let i = 0; i < 23; i++) assert.equal((await app.post(`${T}/once`, { id })).body.code, 1000);
      await app.instance.services.modules.scheduler.idle();
      const logs = (await knex()('task_log').where({ taskId: id })) as Row[];
      assert.equal(logs.filter((l) => Number(l.status) === 1).length, 20);
      assert.equal(logs.filter((l) => Number(l.status) === 0).length, 1, 'the failure stays');
    });

    it('start/stop/once/log need their permission keys', async () => {
      const viewer = await createScopedAdmin(app, { username: 'task-viewer', perms: ['task:info:page', 'task:info:log'], departmentIds: [] });
      const as = app.as(viewer.tokens.token);
      const id = await add({ name: 'guarded', taskType: 1, every: 60_000, service: 'taskDemoService.test()', status: 0 });
      assert.equal((await as.post(`${T}/page`, {})).body.code, 1000);
      assert.equal((await as.get(`${T}/log`, { id })).body.code, 1000);
      for (const action of ['start', 'stop', 'once']) assert.equal((await as.post(`${T}/${action}`, { id })).status, 403, action);
      assert.equal(Number((await row(id)).status), 0);
    });
  });
}
