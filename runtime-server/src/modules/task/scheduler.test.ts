import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../../config.js';
import { testDatabases } from '../../testing/forEachDb.js';
import { startTestApp } from '../../testing/testApp.js';
import type { TestApp } from '../../testing/testApp.js';

const T = '/admin/task/info';

interface Call {
  instance: string;
  taskId: number;
  at: number;
}

/** Two instances on one database, each with a probe handler that records who ran which task when. */
async function twoInstances(config: Config, calls: Call[], hang?: { taskName: string; ms: number }) {
  const apps: Record<string, TestApp> = {};
  for (const name of ['A', 'B']) {
    const app = await startTestApp(config);
    app.instance.services.modules.taskHandlers.register('probe.tick', ({ task }) => {
      calls.push({ instance: name, taskId: task.id, at: Date.now() });
      return `ran on ${name}`;
    });
    app.instance.services.modules.taskHandlers.register('probe.hangFirst', async ({ task }) => {
      const first = !calls.some((c) => c.taskId === task.id);
      calls.push({ instance: name, taskId: task.id, at: Date.now() });
      if (first && hang) await sleep(hang.ms);
      return `ran on ${name}`;
    });
    app.instance.services.modules.taskHandlers.register('probe.slow', async ({ task }) => {
      calls.push({ instance: name, taskId: task.id, at: Date.now() });
      await sleep(4500);
      return 'slow';
    });
    apps[name] = app;
  }
  return apps as { A: TestApp; B: TestApp };
}

async function addTask(app: TestApp, fields: Record<string, unknown>): Promise<number> {
  const res = await app.post(`${T}/add`, { type: 1, status: 1, ...fields });
  assert.equal(res.body.code, 1000, JSON.stringify(res.body));
  return res.body.data.id as number;
}

async function logsOf(app: TestApp, taskId: number): Promise<{ status: number; detail: string | null; duration: number }[]> {
  return (await app.instance.services.knex('task_log').where({ taskId }).orderBy('id').select('status', 'detail', 'duration')) as {
    status: number;
    detail: string | null;
    duration: number;
  }[];
}

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

for (const db of testDatabases()) {
  describe(`task scheduler across instances (${db.name})`, () => {
    const calls: Call[] = [];
    let apps: { A: TestApp; B: TestApp };
    before(async () => {
      apps = await twoInstances(await db.config({ scheduler: { pollMs: 250, leaseMs: 2000, graceMs: 50 } }), calls);
    });
    after(async () => {
      await apps?.A.close();
      await apps?.B.close();
      await db.cleanup();
    });

    it('one interval task on two instances: N ticks → exactly N runs and N log rows', async () => {
      const id = await addTask(apps.A, { name: 'every second', taskType: 1, every: 1000, service: 'probe.tick()' });
      await sleep(4300);
      assert.equal((await apps.B.post(`${T}/stop`, { id })).body.code, 1000);
      await apps.A.instance.services.modules.scheduler.idle();
      await apps.B.instance.services.modules.scheduler.idle();
      const mine = calls.filter((c) => c.taskId === id);
      const logs = await logsOf(apps.A, id);
      assert.ok(mine.length >= 3 && mine.length <= 5, `about 4 ticks in 4.3 s, got ${mine.length}`);
      assert.equal(logs.length, mine.length, 'one log row per run');
      assert.ok(logs.every((l) => l.status === 1 && /^ran on [AB]$/.test(l.detail ?? '') && l.duration >= 0));
      // Ticks are due on whole seconds and a late one is never replayed: two runs in one second = a tick ran twice.
      const seconds = mine.map((c) => Math.floor(c.at / 1000));
      assert.equal(new Set(seconds).size, mine.length, `runs at ${mine.map((c) => `${c.instance}@${c.at % 10_000}`).join(' ')}`);
      const row = await apps.A.instance.services.knex('task_info').where({ id }).first();
      assert.equal(row.status, 0);
      assert.equal(row.nextRunTime, null);
      assert.equal(row.lockExpireTime, null, 'lease released');
      assert.ok(row.lastExecuteTime, 'lastExecuteTime kept');
    });

    it('a 6-field cron task (every second) fires on time, once per second', async () => {
      const id = await addTask(apps.A, { name: 'cron each second', taskType: 0, cron: '*/1 * * * * *', service: 'probe.tick()' });
      await sleep(3200);
      assert.equal((await apps.A.post(`${T}/stop`, { id })).body.code, 1000);
      await apps.A.instance.services.modules.scheduler.idle();
      await apps.B.instance.services.modules.scheduler.idle();
      const mine = calls.filter((c) => c.taskId === id);
      assert.ok(mine.length >= 2 && mine.length <= 4, `about 3 ticks in 3.2 s, got ${mine.length}`);
      // Ticks are due on whole seconds; a run starts right after its second begins, never a tick twice.
      for (const c of mine) assert.ok(c.at % 1000 < 500, `ran ${c.at % 1000} ms after its second began`);
      assert.equal(new Set(mine.map((c) => Math.floor(c.at / 1000))).size, mine.length, 'one run per second');
      assert.equal((await logsOf(apps.A, id)).length, mine.length);
    });

    it('a run longer than its lease renews it: no instance starts the task again meanwhile', async () => {
      const id = await addTask(apps.A, { name: 'slow', taskType: 1, every: 1000, service: 'probe.slow()' });
      await until('the first run', () => calls.some((c) => c.taskId === id), 3000);
      const first = calls.find((c) => c.taskId === id) as Call;
      // lease 2 s, run 4.5 s: without renewal the lease would lapse half-way through
      await sleep(4000);
      assert.equal(calls.filter((c) => c.taskId === id).length, 1, 'nobody ran it while the first run held it');
      assert.equal((await apps.A.post(`${T}/stop`, { id })).body.code, 1000);
      await apps.A.instance.services.modules.scheduler.idle();
      await apps.B.instance.services.modules.scheduler.idle();
      assert.ok(calls.filter((c) => c.taskId === id).every((c) => c === first || c.at >= first.at + 4500));
      assert.equal((await logsOf(apps.A, id)).length, calls.filter((c) => c.taskId === id).length);
    });

    it('limit: the task stops after exactly N runs, whichever instance ran them', async () => {
      const id = await addTask(apps.B, { name: 'three times', taskType: 1, every: 1000, limit: 3, service: 'probe.tick()' });
      await until('the task to stop', async () => (await apps.A.instance.services.knex('task_info').where({ id }).first('status')).status === 0, 6000);
      await sleep(1300); // one more interval: nothing else may run
      await apps.A.instance.services.modules.scheduler.idle();
      await apps.B.instance.services.modules.scheduler.idle();
      assert.equal(calls.filter((c) => c.taskId === id).length, 3);
      assert.equal((await logsOf(apps.A, id)).length, 3);
      const info = (await apps.A.get(`${T}/info`, { id })).body.data;
      assert.equal(info.status, 0);
      assert.equal(info.nextRunTime, null);
      assert.equal(info.repeatCount, 3);
    });

    it('a change made through instance A (stop, start, update) is followed by instance B', async () => {
      const id = await addTask(apps.A, { name: 'follow', taskType: 1, every: 1000, service: 'probe.tick()', status: 0 });
      await sleep(1300);
      assert.equal(calls.filter((c) => c.taskId === id).length, 0, 'a stopped task never runs');
      assert.equal((await apps.A.post(`${T}/start`, { id })).body.code, 1000);
      await until('a run after start', () => calls.some((c) => c.taskId === id), 3000);
      // A longer interval set through A applies to both instances at once.
      assert.equal((await apps.A.post(`${T}/update`, { id, every: 60_000 })).body.code, 1000);
      const afterUpdate = Date.now();
      await sleep(1600);
      await apps.A.instance.services.modules.scheduler.idle();
      await apps.B.instance.services.modules.scheduler.idle();
      assert.equal(calls.filter((c) => c.taskId === id && c.at > afterUpdate + 300).length, 0, 'the old 1 s schedule is gone everywhere');
      const row = await apps.B.instance.services.knex('task_info').where({ id }).first('nextRunTime');
      const next = new Date(String(row.nextRunTime).replace(' ', 'T')).getTime();
      assert.ok(next - afterUpdate > 55_000 && next - afterUpdate < 62_000, `next run one minute on: ${row.nextRunTime}`);
      assert.equal((await apps.A.post(`${T}/stop`, { id })).body.code, 1000);
    });
  });

  describe(`task scheduler lease handover (${db.name})`, () => {
    const calls: Call[] = [];
    let apps: { A: TestApp; B: TestApp };
    const closed = new Set<TestApp>();
    before(async () => {
      apps = await twoInstances(await db.config({ scheduler: { pollMs: 250, leaseMs: 1500, graceMs: 50 } }), calls, { taskName: 'hang', ms: 2500 });
    });
    after(async () => {
      for (const app of [apps?.A, apps?.B]) if (app && !closed.has(app)) await app.close();
      await db.cleanup();
    });

    it('closing the lease holder mid-run hands the task over to the other instance', async () => {
      const id = await addTask(apps.A, { name: 'hang', taskType: 1, every: 1000, service: 'probe.hangFirst()' });
      await until('the first run', () => calls.some((c) => c.taskId === id), 3000);
      const holder = (calls.find((c) => c.taskId === id) as Call).instance as 'A' | 'B';
      const other = holder === 'A' ? 'B' : 'A';
      const lease = await apps[other].instance.services.knex('task_info').where({ id }).first('lockExpireTime');
      assert.ok(lease.lockExpireTime, 'the running tick holds a lease');
      // The holder goes away while its run hangs: the run is abandoned like a crash.
      await apps[holder].close();
      closed.add(apps[holder]);
      const closedAt = Date.now();
      await until(`instance ${other} to take over`, () => calls.filter((c) => c.taskId === id && c.instance === other).length >= 2, 6000);
      const takeover = (calls.find((c) => c.taskId === id && c.instance === other) as Call).at - closedAt;
      // The lease (1.5 s, one-second resolution) must lapse first; then the next poll claims.
      assert.ok(takeover < 4000, `took over after ${takeover} ms`);
      assert.equal((await apps[other].post(`${T}/stop`, { id })).body.code, 1000);
      await apps[other].instance.services.modules.scheduler.idle();
      const byOther = calls.filter((c) => c.taskId === id && c.instance === other).length;
      const logs = await logsOf(apps[other], id);
      // The abandoned run writes nothing (its instance is gone); every run of the survivor is logged.
      assert.equal(logs.length, byOther);
      assert.ok(logs.every((l) => l.status === 1 && l.detail === `ran on ${other}`));
      // the abandoned handler resolves after its instance closed: it must not write anything
      await sleep(1500);
      assert.equal((await logsOf(apps[other], id)).length, byOther);
    });
  });
}
