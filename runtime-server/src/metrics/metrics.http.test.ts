import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import request from 'supertest';
import { TABLES } from '../generated/tables.js';
import { testDatabases, TEST_CAPTCHA } from '../testing/forEachDb.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';
import { SQLITE_LIMIT_TERM, withStatementLimit } from '../db/statementLimit.js';
import { parseAddressList } from './access.js';

const TOKEN = 'scrape-secret-0123456789';

/** The series of one metric family in a text exposition: `name{labels} value` lines. */
const series = (text: string, name: string) => text.split('\n').filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));

for (const db of testDatabases()) {
  describe(`GET /metrics (${db.name})`, () => {
    let t: TestApp;
    let closed: TestApp;
    before(async () => {
      t = await startTestApp(await db.config({ metrics: { token: TOKEN, allow: parseAddressList('METRICS_ALLOW', '10.1.0.0/16') } }));
      closed = await startTestApp(await db.config());
    });
    after(async () => {
      await t?.close();
      await closed?.close();
      await db.cleanup();
    });
    const scrape = () => request(t.instance.callback()).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);

    it('is closed without METRICS_TOKEN/METRICS_ALLOW, and without the token from an address not allowed', async () => {
      assert.equal((await request(closed.instance.callback()).get('/metrics')).status, 404);
      assert.equal((await request(closed.instance.callback()).get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).status, 404);
      assert.equal((await request(t.instance.callback()).get('/metrics')).status, 404);
      assert.equal((await request(t.instance.callback()).get('/metrics').set('Authorization', 'Bearer wrong-token-0123456789')).status, 404);
      assert.equal((await request(t.instance.callback()).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`)).status !== 200, true);
    });

    it('opens to a scraper whose address is in METRICS_ALLOW', async () => {
      const local = await startTestApp(await db.config({ metrics: { allow: parseAddressList('METRICS_ALLOW', '127.0.0.0/8, ::1') } }));
      try {
        const res = await request(local.instance.callback()).get('/metrics');
        assert.equal(res.status, 200);
        assert.match(res.text, /process_cpu_user_seconds_total/);
      } finally {
        await local.close();
      }
    });

    it('exposes HTTP, pool, query, request-log, task, job, auth and process metrics in the text format', async () => {
      await t.get('/admin/base/comm/person').expect(200);
      // Two failed logins (wrong password) and a throttle count: counts only.
      const captcha = await t.anon.get('/admin/base/open/captcha');
      await t.anon.post('/admin/base/open/login', { username: 'admin', password: 'wrong-password-1', captchaId: captcha.body.data.captchaId, verifyCode: TEST_CAPTCHA });
      const res = await scrape();
      assert.equal(res.status, 200);
      assert.match(res.headers['content-type']!, /^text\/plain; version=0\.0\.4/);
      assert.equal(res.headers['cache-control'], 'no-store');
      const text = res.text;
      assert.match(text, /http_requests_total\{route="\/admin\/base\/comm\/person",method="GET",status="200"\} 1/);
      assert.match(text, /http_request_duration_seconds_bucket\{le="0.005",route="\/admin\/base\/comm\/person",method="GET",status="200"\}/);
      for (const name of [
        'http_requests_in_flight', 'db_pool_connections_in_use', 'db_pool_connections_free', 'db_pool_pending_acquires',
        'db_statement_timeouts_total', 'request_log_queue_length', 'request_log_flush_failures_total', 'task_runs_total',
        'task_lag_seconds_count', 'auth_epoch_refreshes_total', 'auth_login_throttle_locks_total',
        'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', 'process_resident_memory_bytes',
      ]) assert.match(text, new RegExp(`^${name}`, 'm'), name);
      assert.match(text, /db_query_duration_seconds_count\{operation="select"\} [1-9]/);
      assert.match(text, /auth_login_failures_total\{reason="credentials"\} 1/);
      assert.doesNotMatch(text, /wrong-password|username="/);
    });

    it('counts data jobs by kind and state from the shared table', async () => {
      const ts = '2026-01-01 00:00:00';
      await t.instance.services.knex(TABLES.baseSysDataJob).insert([
        { userId: 1, kind: 'export', entity: 'base/sys/user', format: 'csv', status: 2, total: 10, processed: 10, createTime: ts, updateTime: ts },
        { userId: 1, kind: 'export', entity: 'base/sys/user', format: 'csv', status: 2, total: 5, processed: 5, createTime: ts, updateTime: ts },
        { userId: 1, kind: 'import', entity: 'base/sys/user', format: 'csv', status: 3, total: 7, processed: 3, createTime: ts, updateTime: ts },
      ]);
      const text = (await scrape()).text;
      assert.match(text, /data_jobs\{kind="export",state="done"\} 2/);
      assert.match(text, /data_job_rows_processed\{kind="export",state="done"\} 15/);
      assert.match(text, /data_jobs\{kind="import",state="failed"\} 1/);
    });

    it('labels routes by template: hundreds of distinct raw paths and ids add a handful of series', async () => {
      const before = series((await scrape()).text, 'http_requests_total').length;
      const server = t.instance.callback();
      const token = t.admin.token;
      for (let i = 0; i < 80; i++) {
        await Promise.all([
          request(server).get(`/no/such/page/${randomUUID()}`),
          request(server).get(`/admin/base/sys/user/info`).query({ id: i }).set('Authorization', token),
          request(server).get(`/api/admin/base/sys/user/info?id=${i}`).set('Authorization', token),
          request(server).get(`/upload/20260101/${randomUUID()}_x.png`),
          request(server).post(`/admin/base/sys/user/${i}`).set('Authorization', token),
          request(server).get(`/admin/base/sys/user/info`).query({ id: i }),
          request(server).get(`/assets/${i}.js`),
        ]);
        // Any method a client invents lands in OTHER.
        await request(server).propfind(`/x/${i}`);
      }
      const after = series((await scrape()).text, 'http_requests_total');
      assert.ok(after.length - before <= 12, `${after.length - before} new series:\n${after.join('\n')}`);
      assert.ok(!after.some((l) => /[0-9a-f]{8}-[0-9a-f]{4}|id=|\/x\/|\d+\.js/.test(l)), after.join('\n'));
      assert.ok(after.some((l) => l.includes('route="/admin/base/sys/user/info"')));
      assert.ok(after.some((l) => l.includes('route="/upload/:day/:name"')));
      assert.ok(after.some((l) => l.includes('method="OTHER"')));
    });

    it('counts a statement stopped by its time limit', async () => {
      const count = async () => Number(/^db_statement_timeouts_total (\d+)/m.exec((await scrape()).text)?.[1]);
      const before = await count();
      const { knex } = t.instance.services;
      // SQLite stops a read that carries the deadline term once the request's limit has passed (db/statementLimit.ts).
      const stopped = db.name === 'sqlite'
        ? withStatementLimit(50, async () => await knex.raw(`WITH RECURSIVE n(id) AS (SELECT 1 UNION ALL SELECT id + 1 FROM n) SELECT COUNT(*) FROM (SELECT id FROM n LIMIT 1000000000) a WHERE ${SQLITE_LIMIT_TERM}`))
        : db.name === 'postgres'
        ? knex.transaction(async (trx) => {
            await trx.raw('set local statement_timeout = 50');
            await trx.raw('select pg_sleep(2)');
          })
        : knex.raw('SET STATEMENT max_statement_time=0.05 FOR SELECT COUNT(*) FROM information_schema.columns a, information_schema.columns b, information_schema.columns c');
      await assert.rejects(stopped);
      assert.equal(await count(), before + 1);
    });

    it('never goes through the request log', async () => {
      for (let i = 0; i < 3; i++) await scrape().expect(200);
      await t.instance.services.telemetry.requestLog.flush();
      const rows = await t.instance.services.knex(TABLES.baseSysLog).where('action', 'like', '%metrics%').count({ n: '*' });
      assert.equal(Number(rows[0]!.n), 0);
    });
  });
}
