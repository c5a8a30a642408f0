/**
 * Open routes are rate-limited per client address and route, shared by every instance (hardening items 3
 * and 11): over the limit they answer 429 with a translated message, write nothing to the request log, and
 * other routes and addresses are unaffected.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDatabases } from '../testing/forEachDb.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';
import { CALLBACKS_PER_SERIAL } from '../modules/lock/device-lock.js';
import { OPEN_ROUTE_LIMIT } from './rateLimit.js';

/**
 * Windows are fixed (whole minutes): a burst that straddles a window's end is counted in two windows and lets
 * up to twice the limit through, by design. A burst starts well inside a window so the count is exact.
 */
async function awayFromWindowEnd(windowS: number): Promise<void> {
  const into = (Date.now() / 1000) % windowS;
  if (into > windowS - 10) await new Promise((r) => setTimeout(r, (windowS - into + 0.2) * 1000));
}

for (const db of testDatabases()) {
  describe(`rate limits on open routes (${db.name})`, () => {
    let a: TestApp;
    let b: TestApp;
    before(async () => {
      const config = await db.config({ trustProxy: { hops: 1 } });
      a = await startTestApp(config);
      b = await startTestApp(config);
    });
    after(async () => {
      await a?.close();
      await b?.close();
      await db.cleanup();
    });

    it('limits one address on one open route across two instances; others go on', async () => {
      const from = (app: TestApp, ip: string) => app.anon.get('/admin/base/open/captcha').set('X-Forwarded-For', ip);
      await Promise.all([a.instance.services.telemetry.requestLog.flush(), b.instance.services.telemetry.requestLog.flush()]);
      const logsBefore = Number(((await a.instance.services.knex('base_sys_log').count({ n: '*' })) as { n: unknown }[])[0]!.n);
      await awayFromWindowEnd(OPEN_ROUTE_LIMIT.windowS);
      const answers = await Promise.all(Array.from({ length: OPEN_ROUTE_LIMIT.hits + 10 }, (_, i) => from(i % 2 ? a : b, '203.0.113.7')));
      const ok = answers.filter((r) => r.status === 200 && r.body.code === 1000).length;
      const limited = answers.filter((r) => r.status === 429);
      assert.equal(ok, OPEN_ROUTE_LIMIT.hits, 'exactly the limit passes, whichever instance answers');
      assert.equal(limited.length, 10);
      assert.equal(limited[0]!.body.code, 1001);
      assert.match(limited[0]!.body.message, /请求过于频繁，请 \d+ 秒后再试/);
      const en = await from(a, '203.0.113.7').set('language', 'en');
      assert.match(en.body.message, /Too many requests/);
      assert.equal((await from(a, '198.51.100.2')).status, 200, 'another address is not limited');
      assert.equal((await a.anon.get('/admin/base/open/eps').set('X-Forwarded-For', '203.0.113.7')).status, 200, 'another route is not limited');
      assert.equal((await a.get('/admin/base/comm/person').set('X-Forwarded-For', '203.0.113.7')).body.code, 1000, 'signed-in routes are not limited');
      await Promise.all([a.instance.services.telemetry.requestLog.flush(), b.instance.services.telemetry.requestLog.flush()]);
      const logsAfter = Number(((await a.instance.services.knex('base_sys_log').count({ n: '*' })) as { n: unknown }[])[0]!.n);
      assert.ok(logsAfter - logsBefore <= OPEN_ROUTE_LIMIT.hits + 5, `refused requests are not logged (${logsAfter - logsBefore} new rows)`);
    });

    it('limits device callbacks per serial number across addresses', async () => {
      const send = (i: number) =>
        (i % 2 ? a : b).anon
          .post('/admin/lock/deviceLockController/callback')
          .set('X-Forwarded-For', `192.0.2.${(i % 250) + 1}`)
          .send({ serialNumber: 'SN-RATE', secret: `1.wrong-${i}`, info: 'x' });
      await awayFromWindowEnd(CALLBACKS_PER_SERIAL.windowS);
      const answers = await Promise.all(Array.from({ length: CALLBACKS_PER_SERIAL.hits + 8 }, (_, i) => send(i)));
      assert.equal(answers.filter((r) => r.status === 200 && r.body.code === 1001).length, CALLBACKS_PER_SERIAL.hits, 'checked (and refused: wrong secret)');
      assert.equal(answers.filter((r) => r.status === 429).length, 8, 'over the per-serial limit, from any address');
    });
  });
}
