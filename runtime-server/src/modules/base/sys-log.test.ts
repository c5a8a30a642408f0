import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDatabases } from '../../testing/forEachDb.js';
import { createScopedAdmin } from '../../testing/scopedAdmin.js';
import { startTestApp } from '../../testing/testApp.js';
import type { TestApp } from '../../testing/testApp.js';
import { pruneAudit, pruneLogs, pruneRequestLogs } from './logRetention.js';
import { LOG_HOUR, rebuildLogRollup } from '../../http/requestLogRollup.js';

const L = '/admin/base/sys/log';

interface LogRow {
  id: number;
  userId: number | null;
  name: string | null;
  action: string;
  ip: string | null;
  params: unknown;
}

for (const db of testDatabases()) {
  describe(`request log page and retention (${db.name})`, () => {
    let app: TestApp;
    let adminId: number;
    const knex = () => app.instance.services.knex;
    const conf = async (cKey: string) => ((await knex()('base_sys_conf').where({ cKey }).first('cValue')) as { cValue: string } | undefined)?.cValue;
    const setConf = async (cKey: string, cValue: string | null) => {
      await knex()('base_sys_conf').where({ cKey }).delete();
      if (cValue !== null) await knex()('base_sys_conf').insert({ cKey, cValue, createTime: '2024-01-01 00:00:00', updateTime: '2024-01-01 00:00:00' });
    };
    const insertLog = (createTime: string, fields: Partial<LogRow> = {}) =>
      knex()('base_sys_log').insert({
        userId: fields.userId ?? null,
        action: fields.action ?? '/seeded',
        ip: fields.ip ?? null,
        params: JSON.stringify(fields.params ?? {}),
        createTime,
        updateTime: createTime,
      });

    before(async () => {
      app = await startTestApp(await db.config());
      adminId = Number((await knex()('base_sys_user').where({ username: 'admin' }).first('id')).id);
      await knex()('base_sys_user').where({ id: adminId }).update({ name: 'Keeper of logs' });
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('pages with the user name joined; the keyword matches user name, action and ip, never params', async () => {
      await insertLog('2030-01-01 10:00:00', { userId: adminId, action: '/kw/alpha-action', ip: '10.77.1.2', params: { note: 'needle-in-params' } });
      const page = async (keyWord: string) => {
        const res = await app.post(`${L}/page`, { keyWord, page: 1, size: 50 });
        assert.equal(res.body.code, 1000, JSON.stringify(res.body));
        return res.body.data.list as LogRow[];
      };
      const byIp = await page('10.77.1');
      assert.equal(byIp.length, 1);
      assert.equal(byIp[0]!.name, 'Keeper of logs');
      assert.deepEqual(byIp[0]!.params, { note: 'needle-in-params' });
      assert.equal((await page('alpha-action')).length, 1);
      assert.ok((await page('Keeper of')).some((r) => r.action === '/kw/alpha-action'));
      assert.equal((await page('needle-in-params')).length, 0, 'params are not searched');
    });

    it('setKeep stores the days and getKeep answers them as a string, also after the row was deleted', async () => {
      assert.equal((await app.post(`${L}/setKeep`, { value: 7 })).body.code, 1000);
      assert.equal((await app.get(`${L}/getKeep`)).body.data, '7');
      await knex()('base_sys_conf').where({ cKey: 'logKeep' }).delete();
      const gone = await app.get(`${L}/getKeep`);
      assert.equal(gone.body.code, 1000);
      assert.equal(gone.body.data, undefined);
      assert.equal((await app.post(`${L}/setKeep`, { value: 9 })).body.code, 1000);
      assert.equal((await app.get(`${L}/getKeep`)).body.data, '9', 'inserted when missing');
      assert.equal(await conf('logKeep'), '9');
      for (const value of [0, -1, 3651, 1.5, '30', null]) {
        assert.equal((await app.post(`${L}/setKeep`, { value })).body.code, 1002, JSON.stringify(value));
      }
      assert.equal(await conf('logKeep'), '9');
    });

    it('clear deletes every log, and only with its permission', async () => {
      await insertLog('2030-01-01 10:00:00');
      const u = await createScopedAdmin(app, { username: 'log-reader', perms: ['base:sys:log:page'], departmentIds: [] });
      const denied = await app.as(u.tokens.token).post(`${L}/clear`);
      assert.equal(denied.status, 403);
      assert.ok((await knex()('base_sys_log').count({ n: '*' }))[0]!.n as number > 0);
      assert.equal((await app.post(`${L}/clear`)).body.code, 1000);
      // only the rows written after the clear remain: none older than the clear itself
      assert.equal((await knex()('base_sys_log').where({ action: '/seeded' })).length, 0);
    });

    it('pruneLogs keeps everything when the setting is missing, non-numeric or below 1', async () => {
      await knex()('base_sys_log').delete();
      await insertLog('2020-01-01 00:00:00');
      await insertLog('2024-06-10 08:00:00');
      const at = new Date(2024, 5, 15, 12, 0, 0);
      for (const value of [null, 'abc', '0', '-3', '']) {
        await setConf('logKeep', value);
        assert.deepEqual((await pruneLogs(knex(), at)).logs, 0, String(value));
      }
      assert.equal((await knex()('base_sys_log').where({ action: '/seeded' })).length, 2);
    });

    it('pruneLogs deletes only rows created before the start of day (now − keep days), logs and recycle bin alike', async () => {
      await knex()('base_sys_log').delete();
      await knex()('recycle_data').delete();
      const at = new Date(2024, 5, 15, 12, 0, 0); // cutoff for 5 days: 2024-06-10 00:00:00
      for (const t of ['2024-06-09 23:59:59', '2024-06-10 00:00:00', '2024-06-15 11:00:00']) {
        await insertLog(t);
        await knex()('recycle_data').insert({ entityInfo: JSON.stringify({ entity: 'x' }), data: JSON.stringify([{ id: 1 }]), count: 1, createTime: t, updateTime: t });
      }
      await setConf('logKeep', '5');
      await setConf('recycleKeep', null);
      assert.deepEqual(await pruneLogs(knex(), at), { logs: 1, recycle: 0 });
      // (A request's own row, flushed by its writer's timer meanwhile, is not one of these.)
      assert.equal((await knex()('base_sys_log').where({ action: '/seeded' })).length, 2);
      assert.equal((await knex()('base_sys_log').where('createTime', '<', '2024-06-10 00:00:00')).length, 0, 'the row a second before the cutoff went');
      await setConf('recycleKeep', '1'); // cutoff 2024-06-14 00:00:00
      assert.deepEqual(await pruneLogs(knex(), at), { logs: 0, recycle: 2 });
      assert.equal((await knex()('recycle_data')).length, 1);
    });

    it('pruneRequestLogs deletes in bounded batches: every old row goes, no newer one', async () => {
      await knex()('base_sys_log').delete();
      const old = Array.from({ length: 23 }, (_, i) => `2024-06-0${1 + (i % 9)} 0${i % 10}:00:00`);
      for (const t of [...old, '2024-06-10 00:00:00', '2024-06-15 11:00:00']) await insertLog(t);
      // Rows written with the test's own SQL: the log's hourly roll-up is recomputed from them.
      await rebuildLogRollup(knex());
      await setConf('logKeep', '5');
      const statements: string[] = [];
      const spy = (q: { sql: string }) => void (/^delete from .base_sys_log. /i.test(q.sql) && statements.push(q.sql));
      knex().on('query', spy);
      try {
        assert.equal(await pruneRequestLogs(knex(), new Date(2024, 5, 15, 12, 0, 0), 5), 23);
      } finally {
        knex().off('query', spy);
      }
      assert.equal(statements.length, 5, 'five DELETEs of at most 5 rows');
      // (setConf goes through the API, whose own request-log rows are of today.)
      assert.equal((await knex()('base_sys_log').where('createTime', '<', '2025-01-01 00:00:00')).length, 2, 'the two newer rows stay');
      assert.equal((await knex()('base_sys_log').where('createTime', '<', '2024-06-10 00:00:00')).length, 0);
      // Each batch took its rows out of their hours, emptied hours gone (http/requestLogRollup.ts).
      const hours = (await knex()(LOG_HOUR).where('hour', '<', '2025-01-01 00:00:00').orderBy('hour').select('hour', 'n')) as { hour: unknown; n: unknown }[];
      assert.deepEqual(
        hours.map((h) => [String(h.hour).slice(0, 13), Number(h.n)]),
        [
          ['2024-06-10 00', 1],
          ['2024-06-15 11', 1],
        ],
      );
    });

    it('pruneAudit keeps every change-audit row until auditKeep is set, then deletes the old ones in bounded batches', async () => {
      const at = new Date(2024, 5, 15, 12, 0, 0); // auditKeep 5: cutoff 2024-06-10 00:00:00
      const audit = (createTime: string, recordId: number) => ({ entity: 'demo/goods', recordId, action: 'update', url: '/seeded', changes: '{}', createTime, updateTime: createTime });
      const old = Array.from({ length: 37 }, (_, i) => audit(`2024-0${1 + (i % 5)}-0${1 + (i % 9)} 0${i % 10}:00:00`, i));
      const kept = [audit('2024-06-10 00:00:00', 100), audit('2024-06-15 11:00:00', 101)];
      await knex()('base_sys_audit').where('url', '/seeded').delete();
      await knex()('base_sys_audit').insert([...old, ...kept]);
      await setConf('auditKeep', null);
      assert.equal(await pruneAudit(knex(), at, 8), 0, 'no setting: nothing deleted');
      assert.equal((await knex()('base_sys_audit').where('url', '/seeded')).length, 39);
      await setConf('auditKeep', '5');
      const deletes: string[] = [];
      const spy = (q: { sql: string }) => void (/^delete/i.test(q.sql) && deletes.push(q.sql));
      knex().on('query', spy);
      try {
        assert.equal(await pruneAudit(knex(), at, 8), 37);
      } finally {
        knex().off('query', spy);
      }
      assert.equal(deletes.length, 5, 'five DELETEs of at most 8 rows (37 = 4 × 8 + 5)');
      const left = (await knex()('base_sys_audit').where('url', '/seeded').orderBy('recordId').select('recordId')) as { recordId: unknown }[];
      assert.deepEqual(left.map((r) => Number(r.recordId)), [100, 101], 'the row at the cutoff and the newer one stay');
    });
  });
}
