import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig, ConfigError } from '../config.js';
import { TEST_ADMIN_PASSWORD, TEST_CAPTCHA, testDatabases } from '../testing/forEachDb.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';
import { clientIp, parseTrustProxy } from './clientIp.js';

const ctx = (socket: string, xff = '') => ({ socket: { remoteAddress: socket }, headers: xff ? { 'x-forwarded-for': xff } : {} });

describe('client address behind proxies (unit)', () => {
  it('without TRUST_PROXY the socket is the client, whatever X-Forwarded-For claims', () => {
    assert.equal(clientIp(ctx('::ffff:10.0.0.5', '1.2.3.4'), undefined), '10.0.0.5');
  });
  it('a hop count takes the entry that many proxies in front', () => {
    assert.equal(clientIp(ctx('10.0.0.5', '6.6.6.6, 1.2.3.4'), parseTrustProxy('1')), '1.2.3.4', 'the spoofed left entry is ignored');
    assert.equal(clientIp(ctx('10.0.0.5', '1.2.3.4, 10.0.0.9'), parseTrustProxy('2')), '1.2.3.4');
    assert.equal(clientIp(ctx('10.0.0.5', '1.2.3.4, garbage, ::ffff:5.6.7.8'), parseTrustProxy('2')), '1.2.3.4', 'entries that are no address are skipped');
    assert.equal(clientIp(ctx('10.0.0.5', ' 1.2.3.4 ,'), parseTrustProxy('3')), '1.2.3.4', 'fewer entries than hops: the left-most');
    assert.equal(clientIp(ctx('10.0.0.5', ',,garbage'), parseTrustProxy('1')), '10.0.0.5', 'no address in the header: the socket');
    assert.equal(clientIp(ctx('10.0.0.5', '1.2.3.4'), parseTrustProxy('00')), '10.0.0.5', 'zero hops: the socket');
  });
  it('a CIDR list skips trusted proxies from the right', () => {
    const trust = parseTrustProxy('10.0.0.0/8, 192.168.1.1');
    assert.equal(clientIp(ctx('10.0.0.5', '6.6.6.6, 1.2.3.4, 192.168.1.1'), trust), '1.2.3.4');
    assert.equal(clientIp(ctx('8.8.8.8', '1.2.3.4'), trust), '8.8.8.8', 'an untrusted socket names itself');
  });
  it('a connection keeps its address for every request it carries, even after the socket has let it go', () => {
    const socket: { remoteAddress?: string } = { remoteAddress: '::ffff:10.0.0.7' };
    const onSocket = { socket, headers: {} };
    assert.equal(clientIp(onSocket, parseTrustProxy('1')), '10.0.0.7', 'no header behind a proxy: the socket is the client');
    delete socket.remoteAddress; // what node's socket reports once it is closed
    assert.equal(clientIp(onSocket, undefined), '10.0.0.7');
    assert.equal(clientIp(ctx('10.0.0.8', ''), parseTrustProxy('10.0.0.0/8')), '10.0.0.8', 'another socket names itself');
  });
  it('a malformed setting stops the start with a clear message', () => {
    assert.throws(() => loadConfig({ TRUST_PROXY: 'everyone' }), (e: unknown) => e instanceof ConfigError && /TRUST_PROXY/.test((e as Error).message));
  });
});

for (const db of testDatabases()) {
  describe(`login throttle behind a trusted proxy (${db.name})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(await db.config({ trustProxy: parseTrustProxy('127.0.0.1, ::1') }));
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('counts failures per real client, so one client behind the proxy does not lock out the others', async () => {
      const from = async (xff: string, username: string, password: string) => {
        const captcha = await app.anon.get('/admin/base/open/captcha');
        return app.anon.post('/admin/base/open/login', { username, password, captchaId: captcha.body.data.captchaId, verifyCode: TEST_CAPTCHA }).set('x-forwarded-for', xff);
      };
      for (let i = 0; i < 31; i++) await from('203.0.113.7', `spray${i}`, 'password1');
      const locked = await from('203.0.113.7', 'admin', TEST_ADMIN_PASSWORD);
      assert.match(locked.body.message, /登录失败次数过多/, 'the guessing client is locked');
      const other = await from('198.51.100.9', 'admin', TEST_ADMIN_PASSWORD);
      assert.equal(other.body.code, 1000, 'another client behind the same proxy signs in');
      const proxy = await app.instance.services.knex('base_sys_login_attempt').where({ scope: 'ip:127.0.0.1' }).first('failures');
      assert.equal(Number(proxy?.failures ?? 0), 0, 'nothing counted against the proxy itself');
    });
  });
}
