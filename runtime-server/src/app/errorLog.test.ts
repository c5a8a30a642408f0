import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Middleware } from 'koa';
import { authGuard } from '../auth/guard.js';
import { sqliteTestDb } from '../testing/forEachDb.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';

// A lost database connection shares its error codes (ECONNRESET, EPIPE) with a browser that went away, whose
// errors are not logged: the lost connection must still reach the log with the request id the client was given.
const sqlite = sqliteTestDb();

describe('errors in the log', () => {
  let app: TestApp;
  const lines: string[] = [];
  const record = (...args: unknown[]) => lines.push(args.map((a) => (a instanceof Error ? `${a.name}:${(a as NodeJS.ErrnoException).code}` : String(a))).join(' '));
  // Stands in for a database whose pooled connection was reset mid-query (what mysql2 reports then).
  const lostConnection: Middleware = async (ctx, next) => {
    if (ctx.path === '/admin/base/comm/person') throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', fatal: true });
    await next();
  };
  // What the handlers threw, seen before the envelope turns it into an answer.
  const thrown: string[] = [];
  const observe: Middleware = async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      thrown.push(`${ctx.path} ${(err as NodeJS.ErrnoException).code}`);
      throw err;
    }
  };
  before(async () => {
    app = await startTestApp(await sqlite.config(), { logger: { info() {}, warn() {}, error: record }, guards: (services) => [authGuard(services), observe, lostConnection] });
  });
  after(async () => {
    await app?.close();
    await sqlite.cleanup();
  });

  it('a lost database connection answers 503 and is logged with the request id', async () => {
    const res = await app.get('/admin/base/comm/person').set('language', 'en');
    assert.equal(res.status, 503);
    const id = res.headers['x-request-id'] as string;
    assert.match(res.body.message, new RegExp(`database is unavailable.*${id}`));
    assert.ok(lines.some((l) => l.startsWith(`[${id}]`) && l.includes('ECONNRESET')), `logged: ${lines.join(' | ')}`);
  });

  it('an upload the browser abandons mid-body is not logged as a server error', async () => {
    const server = http.createServer(app.instance.callback()).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const { port } = server.address() as AddressInfo;
      const req = http.request({
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/admin/base/comm/upload',
        headers: { Authorization: app.admin.token, 'Content-Type': 'multipart/form-data; boundary=xyz', 'Content-Length': String(1024 * 1024) },
      });
      req.on('error', () => {});
      req.write('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n' + 'x'.repeat(20_000));
      await new Promise((r) => setTimeout(r, 300));
      req.destroy();
      for (let i = 0; i < 50 && !thrown.some((t) => t.startsWith('/admin/base/comm/upload')); i++) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 200));
      assert.ok(thrown.some((t) => t.startsWith('/admin/base/comm/upload')), `the abort reached the handler: ${thrown.join(' | ')}`);
      assert.deepEqual(lines.filter((l) => l.includes('/upload')), [], 'nothing logged for a client that left');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
