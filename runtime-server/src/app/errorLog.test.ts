import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Middleware } from 'koa';
import { authGuard } from '../auth/guard.js';
import { testDatabases } from '../testing/forEachDb.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';

// A lost database connection shares its error codes (ECONNRESET, EPIPE) with a browser that went away, whose
// errors are not logged: the lost connection must still reach the log with the request id the client was given.
const sqlite = testDatabases().find((d) => d.name === 'sqlite')!;

describe('errors in the log', () => {
  let app: TestApp;
  const lines: string[] = [];
  const record = (...args: unknown[]) => lines.push(args.map((a) => (a instanceof Error ? `${a.name}:${(a as NodeJS.ErrnoException).code}` : String(a))).join(' '));
  // Stands in for a database whose pooled connection was reset mid-query (what mysql2 reports then).
  const lostConnection: Middleware = async (ctx, next) => {
    if (ctx.path === '/admin/base/comm/person') throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', fatal: true });
    await next();
  };
  before(async () => {
    app = await startTestApp(await sqlite.config(), { logger: { info() {}, warn() {}, error: record }, guards: (services) => [authGuard(services), lostConnection] });
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
});
