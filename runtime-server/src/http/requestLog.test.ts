import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Context } from 'koa';
import type { AppServices } from '../app/services.js';
import { testDatabases } from '../testing/forEachDb.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';
import { logParams, MASK, maskSecrets, MAX_PARAMS_CHARS, requestLog, SECRET_KEYS } from './requestLog.js';
import { RequestLogWriter } from './requestLogWriter.js';
import type { Knex } from 'knex';

const SECRETS = new Set(SECRET_KEYS.map((k) => k.toLowerCase()));

/** A fake Koa context on a route, and services whose `base_sys_log` insert is captured (or fails). */
function fixture(opts: { url?: string; method?: 'get' | 'post'; body?: unknown; query?: Record<string, string>; secretFields?: string[]; failInsert?: boolean } = {}) {
  const rows: Record<string, unknown>[] = [];
  const errors: unknown[] = [];
  // The writer sends one multi-row `insert into t (cols) values (?, …), …`: rows are read back by its column list.
  // Its upsert of the rows' hours (requestLogRollup.ts) goes in the same transaction, and is not a log row.
  const knex = {
    raw: async (sql: string, bindings: unknown[]) => {
      if (opts.failInsert) throw new Error('database is down');
      if (/^insert into .base_sys_log_hour/.test(sql)) return [1];
      const columns = /\(([^)]*)\) values/.exec(sql)![1]!.split(',').map((c) => c.trim().replace(/`/g, ''));
      for (let i = 0; i < bindings.length; i += columns.length) rows.push(Object.fromEntries(columns.map((c, k) => [c, bindings[i + k]])));
      return [1];
    },
    transaction: async (fn: (trx: unknown) => Promise<unknown>) => fn(knex),
  };
  const logger = { info() {}, warn() {}, error: (...args: unknown[]) => errors.push(args) };
  const services = {
    knex,
    logger,
    config: {},
    telemetry: { requestLog: new RequestLogWriter(knex as unknown as Knex, logger) },
  } as unknown as AppServices;
  const method = opts.method ?? 'post';
  const url = opts.url ?? '/admin/demo/thing/add';
  const ctx = {
    state: {
      route: { route: { method, url }, entity: { id: 'demo/thing', fields: (opts.secretFields ?? []).map((name) => ({ name, secret: true })) } },
      actor: { userId: 7 },
    },
    req: { method: method.toUpperCase(), headers: {}, socket: { remoteAddress: '::ffff:10.0.0.9' } },
    request: { body: opts.body, path: url, query: opts.query ?? {}, querystring: opts.query ? new URLSearchParams(opts.query).toString() : '' },
  } as unknown as Context;
  return { rows, errors, services, ctx };
}

describe('request log (unit)', () => {
  it('masks secret keys at any depth, in arrays, whatever their case', () => {
    const masked = maskSecrets(
      { username: 'a', password: 'p', nested: { Token: 't', list: [{ verifyCode: '1', ok: 1 }, 'text'], secret: { deep: 1 } }, refreshToken: 'r' },
      SECRETS,
    );
    assert.deepEqual(masked, { username: 'a', password: MASK, nested: { Token: MASK, list: [{ verifyCode: MASK, ok: 1 }, 'text'], secret: MASK }, refreshToken: MASK });
  });

  it('cuts deep nesting so the stored JSON stays valid for MariaDB (at most 32 levels)', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 5000; i++) deep = { a: [deep] };
    const json = logParams(deep, SECRETS)!;
    let depth = 0;
    let max = 0;
    for (const c of json) {
      if (c === '{' || c === '[') max = Math.max(max, ++depth);
      else if (c === '}' || c === ']') depth--;
    }
    assert.ok(max <= 32, `nesting ${max}`);
    assert.ok(json.includes('[…]'));
  });

  it('stores huge parameters as a truncation marker, and nothing for no body', () => {
    const big = logParams({ data: 'x'.repeat(MAX_PARAMS_CHARS + 1) }, SECRETS);
    assert.equal(JSON.parse(big!).truncated, true);
    assert.ok(big!.length < 100);
    assert.equal(logParams(undefined, SECRETS), null);
    assert.deepEqual(JSON.parse(logParams([{ password: 'p' }], SECRETS)!), [{ password: MASK }]);
  });

  it("masks the route entity's x-secret fields too, and records user, path and socket address", async () => {
    const f = fixture({ body: { apiKey: 'k-123', name: 'n' }, secretFields: ['apiKey'] });
    await requestLog(f.services)(f.ctx, async () => {});
    assert.equal(f.rows.length, 0, 'queued, not written on the response path');
    await f.services.telemetry.requestLog.flush();
    assert.equal(f.rows.length, 1);
    const row = f.rows[0]!;
    assert.deepEqual(JSON.parse(row.params as string), { apiKey: MASK, name: 'n' });
    assert.equal(row.userId, 7);
    assert.equal(row.action, '/admin/demo/thing/add');
    assert.equal(row.ip, '10.0.0.9');
  });

  it('logs a request whose handler failed, and lets the error through', async () => {
    const f = fixture({ body: { a: 1 } });
    await assert.rejects(requestLog(f.services)(f.ctx, async () => Promise.reject(new Error('business'))), /business/);
    await f.services.telemetry.requestLog.flush();
    assert.equal(f.rows.length, 1);
  });

  it('never fails the request because the insert failed (the error goes to the server log)', async () => {
    const f = fixture({ body: { a: 1 }, failInsert: true });
    let ran = false;
    await requestLog(f.services)(f.ctx, async () => {
      ran = true;
    });
    assert.ok(ran);
    await f.services.telemetry.requestLog.close(1);
    assert.equal(f.errors.length, 2, 'the failed insert, then the rows left at shutdown');
  });

  it('skips eps, captcha and the log page itself', async () => {
    for (const [method, url] of [['get', '/admin/base/open/eps'], ['get', '/admin/base/open/captcha'], ['post', '/admin/base/sys/log/page']] as const) {
      const f = fixture({ method, url });
      await requestLog(f.services)(f.ctx, async () => {});
      await f.services.telemetry.requestLog.flush();
      assert.equal(f.rows.length, 0, url);
    }
  });
});

for (const db of testDatabases()) {
  describe(`request log over HTTP (${db.name})`, () => {
    let app: TestApp;
    let adminId: number;
    const knex = () => app.instance.services.knex;
    const logsOf = async (action: string): Promise<Record<string, unknown>[]> => {
      // Rows are written in batches off the response path: write this instance's queue first.
      await app.instance.services.telemetry.requestLog.flush();
      return ((await knex()('base_sys_log').where({ action }).orderBy('id', 'asc')) as Record<string, unknown>[]).map((r) => ({
        ...r,
        params: typeof r.params === 'string' ? (JSON.parse(r.params) as unknown) : r.params,
      }));
    };

    before(async () => {
      app = await startTestApp(await db.config());
      adminId = Number((await knex()('base_sys_user').where({ username: 'admin' }).first('id')).id);
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('records an unauthenticated request (the login) by path and size only, never its body', async () => {
      const rows = await logsOf('/admin/base/open/login');
      assert.equal(rows.length, 1, 'the test app signed in once');
      const row = rows[0]!;
      assert.equal(row.userId, null);
      const params = row.params as { omitted: boolean; bytes: number };
      assert.equal(params.omitted, true);
      assert.ok(params.bytes > 20, `size kept: ${params.bytes}`);
      await app.instance.services.telemetry.requestLog.flush();
      const raw = JSON.stringify(await knex()('base_sys_log').select('params'));
      assert.ok(!raw.includes('Adm1n-pass') && !raw.includes('"username"'), 'neither the password nor anything else sent');
      // A large anonymous body costs the log a few bytes, not its size.
      await app.anon.post('/admin/base/open/login', { username: 'x'.repeat(90), password: 'y'.repeat(90), captchaId: 'z', verifyCode: '1' });
      const last = (await logsOf('/admin/base/open/login')).at(-1)!;
      assert.ok(JSON.stringify(last.params).length < 60, JSON.stringify(last.params));
    });

    it('records user, path without query and the socket address; X-Forwarded-For is ignored', async () => {
      const res = await app.get('/admin/base/sys/menu/info', { id: 1, token: 'leak-me' }).set('X-Forwarded-For', '6.6.6.6');
      assert.equal(res.body.code, 1000);
      const [row] = await logsOf('/admin/base/sys/menu/info');
      assert.ok(row);
      assert.equal(Number(row.userId), adminId);
      assert.deepEqual(row.params, { id: '1', token: MASK });
      assert.ok(!String(row.ip).includes('6.6.6.6'), String(row.ip));
      assert.match(String(row.ip), /127\.0\.0\.1|::1/);
      // MariaDB's statement takes updateTime from the row's createTime, SQLite's gets it as a value: same row either way.
      assert.match(String(row.createTime), /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      assert.equal(String(row.updateTime), String(row.createTime));
    });

    it('records business errors, not requests the auth guard rejected, nor eps/captcha polling', async () => {
      const missing = await app.get('/admin/base/sys/param/info', { id: 987654 });
      assert.equal(missing.body.code, 1001);
      assert.equal((await logsOf('/admin/base/sys/param/info')).length, 1);
      const anon = await app.anon.post('/admin/base/sys/param/page', {});
      assert.equal(anon.status, 401);
      assert.equal((await logsOf('/admin/base/sys/param/page')).length, 0);
      await app.anon.get('/admin/base/open/eps');
      await app.anon.get('/admin/base/open/captcha');
      assert.equal((await logsOf('/admin/base/open/eps')).length, 0);
      assert.equal((await logsOf('/admin/base/open/captcha')).length, 0, 'the test login fetched one too');
    });

    it('records the path without the /api prefix and with secrets of the entity masked', async () => {
      const res = await app.post('/api/admin/base/sys/user/add', { username: 'logged-user', password: 'Very-secret-1', name: 'Logged' });
      assert.ok(res.body.code === 1000 || res.body.code === 1001 || res.body.code === 1002);
      const [row] = await logsOf('/admin/base/sys/user/add');
      assert.ok(row, 'logged under the routed path');
      assert.equal((row.params as Record<string, unknown>).password, MASK);
    });
  });
}
