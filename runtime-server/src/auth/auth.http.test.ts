import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SignJWT } from 'jose';
import { now } from '../db/values.js';
import { TEST_CAPTCHA, testDatabases } from '../testing/forEachDb.js';
import { seedUser } from '../testing/seedUser.js';
import { pruneAttempts } from './throttle.js';
import { loginRequest, startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';

const decodeSvg = (dataUrl: string) => Buffer.from(dataUrl.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');

for (const db of testDatabases()) {
  describe(`authentication and its attacks (${db.name})`, () => {
    let a: TestApp;
    let b: TestApp; // a second instance on the same database
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

    it('serves a captcha as an SVG data URL whose markup does not contain the answer', async () => {
      const res = await a.anon.get('/admin/base/open/captcha', { width: 150, height: 45, color: '#2c3142' });
      assert.equal(res.body.code, 1000);
      assert.match(res.body.data.captchaId, /^[0-9a-f-]{36}$/);
      const svg = decodeSvg(res.body.data.data);
      assert.match(svg, /^<svg[\s\S]*<\/svg>$/);
      assert.equal(svg.includes(TEST_CAPTCHA), false);
      assert.equal(svg.includes('<text'), false);
    });

    it('logs in with the contract shape; the token works raw and as Bearer, on both instances', async () => {
      const res = await loginRequest(a.anon, 'admin', 'Adm1n-pass');
      assert.equal(res.body.code, 1000);
      const { token, expire, refreshToken, refreshExpire } = res.body.data;
      assert.deepEqual([typeof token, expire, typeof refreshToken, refreshExpire], ['string', 7200, 'string', 1296000]);
      assert.equal((await a.as(token).get('/admin/base/comm/person')).body.data.username, 'admin');
      assert.equal((await b.as(`Bearer ${token}`).get('/admin/base/comm/person')).body.code, 1000);
    });

    it('a captcha is single-use on every instance, and a wrong answer burns it', async () => {
      const cap = await a.anon.get('/admin/base/open/captcha');
      const body = { username: 'admin', password: 'Adm1n-pass', captchaId: cap.body.data.captchaId, verifyCode: TEST_CAPTCHA };
      assert.equal((await b.anon.post('/admin/base/open/login', body)).body.code, 1000, 'made on A, answered on B');
      const reuse = await a.anon.post('/admin/base/open/login', body);
      assert.equal(reuse.body.code, 1001);
      assert.match(reuse.body.message, /验证码/);
      const cap2 = await a.anon.get('/admin/base/open/captcha');
      await a.anon.post('/admin/base/open/login', { ...body, captchaId: cap2.body.data.captchaId, verifyCode: '0000' });
      const retry = await a.anon.post('/admin/base/open/login', { ...body, captchaId: cap2.body.data.captchaId });
      assert.equal(retry.body.code, 1001, 'no second guess on the same captcha');
    });

    it('unknown user, wrong password and disabled user get the same answer; no hash ever leaves', async () => {
      await seedUser(a, 'dora', ['demo:goods:page']);
      await a.instance.services.knex('base_sys_user').where({ username: 'dora' }).update({ status: 0 });
      const answers = [
        await loginRequest(a.anon, 'nobody', 'whatever1'),
        await loginRequest(a.anon, 'admin', 'wrong-pass'),
        await loginRequest(a.anon, 'dora', 'user-pass1'),
      ].map((r) => [r.body.code, r.body.message]);
      assert.deepEqual(answers[0], [1001, '账户或密码不正确~']);
      assert.deepEqual(answers[1], answers[0]);
      assert.deepEqual(answers[2], answers[0]);
      const person = await a.get('/admin/base/comm/person');
      assert.equal('password' in person.body.data, false);
      assert.equal(JSON.stringify(person.body).includes('scrypt$'), false);
    });

    it('rejects forged, tampered, unsigned and expired tokens with 401', async () => {
      const forged = await new SignJWT({ userId: 1, username: 'admin', passwordVersion: 1, isRefresh: false, sid: 1, roleIds: [1] })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('schema-admin')
        .setAudience('admin')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('cool-admin-xxxxxx'));
      const [h, , s] = a.admin.token.split('.');
      const tampered = `${h}.${Buffer.from(JSON.stringify({ userId: 1, sid: 1, isRefresh: false, passwordVersion: 1 })).toString('base64url')}.${s}`;
      const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${a.admin.token.split('.')[1]}.`;
      const expired = await new SignJWT({ userId: 1, username: 'admin', passwordVersion: 1, isRefresh: false, sid: 1, roleIds: [] })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('schema-admin')
        .setAudience('admin')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7300)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 100)
        .sign(a.instance.services.auth.secret);
      for (const token of [forged, tampered, none, expired, 'garbage', '']) {
        const res = await a.as(token).get('/admin/base/comm/person');
        assert.equal(res.status, 401, token.slice(0, 20));
        assert.equal(res.body.code, 1001);
      }
      assert.equal((await a.anon.post('/admin/demo/goods/page', {})).status, 401, 'no token at all');
    });

    it('a refresh token is not an access token', async () => {
      const res = await a.as(a.admin.refreshToken).get('/admin/base/comm/person');
      assert.equal(res.status, 401);
      assert.equal(res.body.message, '登录失效~');
    });

    it('refresh rotates (query or body); replaying an old refresh token revokes the session everywhere', async () => {
      const login = await a.login('admin', 'Adm1n-pass');
      const r1 = await a.anon.get('/admin/base/open/refreshToken', { refreshToken: login.refreshToken });
      assert.equal(r1.body.code, 1000);
      assert.notEqual(r1.body.data.refreshToken, login.refreshToken);
      assert.equal((await b.as(r1.body.data.token).get('/admin/base/comm/person')).body.code, 1000);
      const viaBody = await b.anon.get('/admin/base/open/refreshToken').send({ refreshToken: r1.body.data.refreshToken });
      assert.equal(viaBody.body.code, 1000, 'the spec client sends it as a body field on a GET');
      const replay = await a.anon.get('/admin/base/open/refreshToken', { refreshToken: login.refreshToken });
      assert.equal(replay.status, 401);
      assert.equal((await b.as(viaBody.body.data.token).get('/admin/base/comm/person')).status, 401, 'replay killed the session');
      const bad = await a.anon.get('/admin/base/open/refreshToken', { refreshToken: a.admin.token });
      assert.equal(bad.status, 401, 'an access token cannot refresh');
    });

    it('a refresh retried within seconds of its rotation (a page reloaded mid-refresh) gets the same successor; later, the same replay revokes', async () => {
      const login = await a.login('admin', 'Adm1n-pass');
      const jtiOf = (t: string) => JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString('utf8')).jti as string;
      const first = await a.anon.get('/admin/base/open/refreshToken', { refreshToken: login.refreshToken });
      assert.equal(first.body.code, 1000);
      // The reloaded page never stored `first`'s answer and sends the token it had, to the other instance.
      const retry = await b.anon.get('/admin/base/open/refreshToken', { refreshToken: login.refreshToken });
      assert.equal(retry.body.code, 1000, 'a retry inside the grace window is not a theft');
      assert.equal(jtiOf(retry.body.data.refreshToken), jtiOf(first.body.data.refreshToken), 'one successor, not a fork');
      assert.equal((await a.as(first.body.data.token).get('/admin/base/comm/person')).body.code, 1000, 'the session lives');
      const next = await a.anon.get('/admin/base/open/refreshToken', { refreshToken: retry.body.data.refreshToken });
      assert.equal(next.body.code, 1000, 'the successor refreshes');

      // Once the session has rotated past it, or the window has passed, the old token is a replay again.
      const other = await a.login('admin', 'Adm1n-pass');
      const r1 = await a.anon.get('/admin/base/open/refreshToken', { refreshToken: other.refreshToken });
      assert.equal(r1.body.code, 1000);
      const sid = JSON.parse(Buffer.from(other.token.split('.')[1]!, 'base64url').toString('utf8')).sid as number;
      await a.instance.services.knex('base_sys_session').where({ id: sid }).update({ updateTime: '2000-01-01 00:00:00' });
      const late = await b.anon.get('/admin/base/open/refreshToken', { refreshToken: other.refreshToken });
      assert.equal(late.status, 401, 'a replay after the window');
      assert.equal((await b.as(r1.body.data.token).get('/admin/base/comm/person')).status, 401, 'it revoked the session');
    });

    it('logout revokes the session on every instance, refresh included', async () => {
      const t = await a.login('admin', 'Adm1n-pass');
      assert.equal((await a.as(t.token).post('/admin/base/comm/logout')).body.code, 1000);
      assert.equal((await b.as(t.token).get('/admin/base/comm/person')).status, 401);
      assert.equal((await b.anon.get('/admin/base/open/refreshToken', { refreshToken: t.refreshToken })).status, 401);
      assert.equal((await a.get('/admin/base/comm/person')).body.code, 1000, 'other sessions stay');
    });

    it('a password change needs the old password and kills the old tokens on every instance', async () => {
      await seedUser(a, 'paul', ['demo:goods:page']);
      const t = await a.login('paul', 'user-pass1');
      const other = await a.login('paul', 'user-pass1');
      const noOld = await a.as(t.token).post('/admin/base/comm/personUpdate', { nickName: 'P', password: 'new-pass1' });
      assert.equal(noOld.body.code, 1002);
      const wrongOld = await a.as(t.token).post('/admin/base/comm/personUpdate', { nickName: 'P', password: 'new-pass1', oldPassword: 'nope-nope' });
      assert.equal(wrongOld.body.code, 1001);
      const tooShort = await a.as(t.token).post('/admin/base/comm/personUpdate', { nickName: 'P', password: '12345', oldPassword: 'user-pass1' });
      assert.equal(tooShort.body.code, 1002);
      const ok = await a.as(t.token).post('/admin/base/comm/personUpdate', { nickName: 'P', password: 'new-pass1', oldPassword: 'user-pass1' });
      assert.equal(ok.body.code, 1000);
      assert.equal((await b.as(other.token).get('/admin/base/comm/person')).status, 401, 'other session dead on B');
      assert.equal((await b.as(t.token).get('/admin/base/comm/person')).status, 401, 'old token of this session dead too');
      assert.equal((await b.anon.get('/admin/base/open/refreshToken', { refreshToken: t.refreshToken })).status, 401, 'no refresh into the old password');
      assert.equal((await b.as(ok.body.data.token).get('/admin/base/comm/person')).body.code, 1000, 'the returned pair works');
      assert.equal((await loginRequest(a.anon, 'paul', 'user-pass1')).body.code, 1001);
      assert.equal((await loginRequest(a.anon, 'paul', 'new-pass1')).body.code, 1000);
    });

    it('disabling or deleting a user kills their tokens on every instance', async () => {
      const disabledId = await seedUser(a, 'dave', ['demo:goods:page']);
      const deletedId = await seedUser(a, 'deb', ['demo:goods:page']);
      const tDis = await a.login('dave', 'user-pass1');
      const tDel = await a.login('deb', 'user-pass1');
      assert.equal((await a.post('/admin/base/sys/user/update', { id: disabledId, status: 0 })).body.code, 1000);
      await a.instance.services.knex('base_sys_user').where({ id: deletedId }).delete();
      for (const t of [tDis, tDel]) {
        assert.equal((await b.as(t.token).post('/admin/demo/goods/page', {})).status, 401);
        assert.equal((await b.anon.get('/admin/base/open/refreshToken', { refreshToken: t.refreshToken })).status, 401);
      }
    });

    it('a missing permission is 403; login-only routes need no permission', async () => {
      await seedUser(a, 'rita', ['demo:goods:page']);
      const t = await a.login('rita', 'user-pass1');
      assert.equal((await a.as(t.token).post('/admin/demo/goods/page', {})).body.code, 1000);
      const add = await a.as(t.token).post('/admin/demo/goods/add', { title: 'nope' });
      assert.equal(add.status, 403);
      assert.equal(add.body.code, 1001);
      assert.equal(Number((await a.instance.services.knex('demo_goods').count({ n: '*' }))[0]?.n), 0, 'nothing written');
      assert.equal((await a.as(t.token).get('/admin/base/comm/person')).body.code, 1000);
      assert.equal((await a.as(t.token).post('/admin/dict/info/data', {})).body.code, 1000);
    });

    it('personUpdate saves only whitelisted fields (no mass assignment)', async () => {
      const id = await seedUser(a, 'mass', ['demo:goods:page']);
      const t = await a.login('mass', 'user-pass1');
      const res = await a.as(t.token).post('/admin/base/comm/personUpdate', {
        nickName: 'Nick',
        username: 'admin2',
        status: 0,
        passwordV: 99,
        isSuper: true,
        departmentId: 1,
        id: 1,
      });
      assert.equal(res.body.code, 1000);
      const row = await a.instance.services.knex('base_sys_user').where({ id }).first();
      assert.deepEqual([row.nickName, row.username, Number(row.status), Number(row.passwordV), Number(row.isSuper), row.departmentId], ['Nick', 'mass', 1, 1, 0, null]);
      const admin = await a.instance.services.knex('base_sys_user').where({ username: 'admin' }).first('nickName');
      assert.notEqual(admin.nickName, 'Nick', 'the body id does not pick another user');
      assert.equal((await a.as(t.token).post('/admin/base/comm/personUpdate', { headImg: 'x' })).body.code, 1002, 'nickName required');
    });

    it('person follows a profile or department change on every instance (cached per user, dropped by the epoch)', async () => {
      await seedUser(a, 'prof', ['demo:goods:page']);
      const t = await a.login('prof', 'user-pass1');
      const person = async (app: TestApp) => (await app.as(t.token).get('/admin/base/comm/person')).body.data as { nickName: string; departmentName: string | null };
      for (const app of [a, b]) assert.equal((await person(app)).departmentName, null, 'cached on both instances now');
      assert.equal((await a.as(t.token).post('/admin/base/comm/personUpdate', { nickName: 'Renamed' })).body.code, 1000);
      assert.equal((await person(a)).nickName, 'Renamed', 'at once where it was changed');
      const until = async (check: () => Promise<boolean>, what: string) => {
        const t0 = Date.now();
        while (!(await check())) {
          assert.ok(Date.now() - t0 < 2500, `${what} not seen on B within 2.5 s`);
          await new Promise((r) => setTimeout(r, 50));
        }
      };
      await until(async () => (await person(b)).nickName === 'Renamed', 'the profile change');
      const dept = await a.post('/admin/base/sys/department/add', { name: 'Prof dept', parentId: null, orderNum: 1 });
      assert.equal(dept.body.code, 1000, JSON.stringify(dept.body));
      const user = await a.instance.services.knex('base_sys_user').where({ username: 'prof' }).first('id');
      assert.equal((await a.post('/admin/base/sys/user/move', { departmentId: dept.body.data.id, userIds: [user.id] })).body.code, 1000);
      await until(async () => (await person(b)).departmentName === 'Prof dept', 'the move to another department');
      assert.equal((await a.post('/admin/base/sys/department/update', { id: dept.body.data.id, name: 'Prof dept 2', parentId: null, orderNum: 1 })).body.code, 1000);
      await until(async () => (await person(b)).departmentName === 'Prof dept 2', 'the department rename');
    });

    it('permmenu: every module for the super-admin; only its own for a restricted role', async () => {
      const all = await a.get('/admin/base/comm/permmenu');
      const menus = all.body.data.menus as { router: string | null; type: number; perms: string | null; keepAlive: unknown }[];
      const total = Number((await a.instance.services.knex('base_sys_menu').count({ n: '*' }))[0]?.n);
      assert.equal(menus.length, total);
      for (const router of ['/sys/user', '/sys/role', '/sys/menu', '/sys/param', '/sys/log', '/task/list', '/dict/list', '/recycle/data', '/space/list', '/user/list', '/helper/plugins/serve', '/demo/crud', '/']) {
        assert.ok(menus.some((m) => m.router === router), `menu ${router}`);
      }
      assert.equal(typeof menus[0]!.keepAlive, 'boolean');
      assert.ok(all.body.data.perms.includes('base:sys:user:move'));
      await seedUser(a, 'olga', ['demo:goods:page', 'demo:goods:info']);
      const t = await a.login('olga', 'user-pass1');
      const mine = await a.as(t.token).get('/admin/base/comm/permmenu');
      assert.deepEqual(mine.body.data.perms, ['demo:goods:info', 'demo:goods:page']);
      assert.equal(mine.body.data.menus.length, 1);
    });

    it('the open html endpoint escapes stored markup and forbids scripts', async () => {
      await a.post('/admin/base/sys/param/add', { keyName: 'xss', name: '<b>t</b>', dataType: 1, data: '<script>alert(1)</script><img src=x onerror=alert(2)>' });
      const res = await a.anon.get('/admin/base/open/html', { key: 'xss' });
      assert.equal(res.status, 200);
      assert.match(res.headers['content-type'] ?? '', /text\/html/);
      assert.match(res.headers['content-security-policy'] ?? '', /default-src 'none'/);
      assert.equal(res.text.includes('<script>'), false);
      assert.ok(res.text.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
      assert.ok(res.text.includes('<title>&lt;b&gt;t&lt;/b&gt;</title>'));
    });

    it('the open html endpoint shows rich-text params only; a configuration param answers like a missing key', async () => {
      await a.post('/admin/base/sys/param/add', { keyName: 'smtpPassword', name: 'SMTP', dataType: 0, data: 'hunter2' });
      const res = await a.anon.get('/admin/base/open/html', { key: 'smtpPassword' });
      const missing = await a.anon.get('/admin/base/open/html', { key: 'noSuchKey' });
      assert.equal(res.status, 404);
      assert.equal(res.text.includes('hunter2'), false);
      assert.equal(res.text.replace('smtpPassword', '#'), missing.text.replace('noSuchKey', '#'));
      const admin = await a.get('/admin/base/sys/param/html', { key: 'smtpPassword' });
      assert.equal(admin.status, 200, 'the permissioned page still shows it');
      assert.ok(admin.text.includes('hunter2'));
    });
  });

  describe(`login throttling (${db.name})`, () => {
    let a: TestApp;
    let b: TestApp;
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

    it('locks a username after 5 failures, on every instance, even for the right password', async () => {
      await seedUser(a, 'victim', ['demo:goods:page']);
      for (let i = 0; i < 5; i++) {
        const r = await loginRequest(i % 2 ? a.anon : b.anon, 'victim', `guess-${i}xx`);
        assert.equal(r.body.message, '账户或密码不正确~');
      }
      const locked = await loginRequest(b.anon, 'victim', 'user-pass1');
      assert.equal(locked.body.code, 1001);
      assert.match(locked.body.message, /登录失败次数过多，请 \d+ 秒后再试/);
      const en = await loginRequest(a.anon, 'victim', 'user-pass1');
      assert.equal(en.body.code, 1001);
      const row = await a.instance.services.knex('base_sys_login_attempt').where({ scope: 'user:victim' }).first();
      assert.equal(Number(row.failures), 5);
      assert.ok(row.lockedUntil > now());
      const ip = await a.instance.services.knex('base_sys_login_attempt').where('scope', 'like', 'ip:%').first();
      assert.equal(ip.lockedUntil, null, 'the shared IP is not locked by one account\'s failures');
      assert.equal((await loginRequest(a.anon, 'admin', 'Adm1n-pass')).body.code, 1000, 'other users on the same IP still sign in');
      // An expired lock lets the right password in again and clears the counter.
      await a.instance.services.knex('base_sys_login_attempt').update({ lockedUntil: '2000-01-01 00:00:00' });
      assert.equal((await loginRequest(a.anon, 'victim', 'user-pass1')).body.code, 1000);
      assert.equal(await a.instance.services.knex('base_sys_login_attempt').where({ scope: 'user:victim' }).first(), undefined);
    });

    it('40 concurrent guesses on two instances: only the 5 free attempts are verified, the right password then waits', async () => {
      await a.instance.services.knex('base_sys_login_attempt').delete();
      await seedUser(a, 'racer', ['demo:goods:page'], { password: 'racer-pass1' });
      const guesses = await Promise.all(Array.from({ length: 40 }, (_, i) => loginRequest(i % 2 ? a.anon : b.anon, 'racer', `wrong-${i}`)));
      const verified = guesses.filter((r) => r.body.message === '账户或密码不正确~').length;
      const refused = guesses.filter((r) => /登录失败次数过多/.test(r.body.message)).length;
      assert.equal(verified, 5, `verified ${verified}, refused ${refused}: ${JSON.stringify([...new Set(guesses.map((r) => r.body.message))])}`);
      assert.equal(verified + refused, 40);
      const right = await loginRequest(a.anon, 'racer', 'racer-pass1');
      assert.equal(right.body.code, 1001, 'locked, even for the right password');
    });

    it("one user's successful login does not clear the IP's failures", async () => {
      const knex = a.instance.services.knex;
      await knex('base_sys_login_attempt').delete();
      for (let i = 0; i < 4; i++) await loginRequest(a.anon, `nobody${i}`, 'password1');
      const before = Number((await knex('base_sys_login_attempt').where('scope', 'like', 'ip:%').first('failures')).failures);
      assert.equal(before, 4);
      assert.equal((await loginRequest(a.anon, 'admin', 'Adm1n-pass')).body.code, 1000);
      const after = Number((await knex('base_sys_login_attempt').where('scope', 'like', 'ip:%').first('failures')).failures);
      assert.equal(after, 4, 'the success refunds its own attempt only');
    });

    it('past its first window a username lock lets the right password in, so failing on purpose cannot keep the owner out', async () => {
      const knex = a.instance.services.knex;
      await knex('base_sys_login_attempt').delete();
      await seedUser(a, 'owner', ['demo:goods:page'], { password: 'owner-pass1' });
      for (let i = 0; i < 5; i++) await loginRequest(a.anon, 'owner', `attacker-${i}`);
      assert.match((await loginRequest(a.anon, 'owner', 'owner-pass1')).body.message, /登录失败次数过多/, 'the first window is hard');
      // The first window has passed; the attacker fails again and a longer lock runs.
      await knex('base_sys_login_attempt').where({ scope: 'user:owner' }).update({ lockedUntil: '2000-01-01 00:00:00' });
      assert.equal((await loginRequest(a.anon, 'owner', 'attacker-6')).body.message, '账户或密码不正确~');
      const row = await knex('base_sys_login_attempt').where({ scope: 'user:owner' }).first();
      assert.equal(Number(row.failures), 6);
      assert.ok(row.lockedUntil > now(), 'a lock runs');
      assert.equal((await loginRequest(b.anon, 'owner', 'attacker-7')).body.message, '账户或密码不正确~', 'a wrong password is still just wrong');
      assert.ok(Number((await knex('base_sys_login_attempt').where({ scope: 'user:owner' }).first()).failures) === 7, 'and counts');
      assert.equal((await loginRequest(a.anon, 'owner', 'owner-pass1')).body.code, 1000, 'the owner signs in with the right password and a fresh captcha');
      assert.equal(await knex('base_sys_login_attempt').where({ scope: 'user:owner' }).first(), undefined);
    });

    it('forgets failures after an hour without a lock, and prunes rows untouched for a day', async () => {
      const knex = a.instance.services.knex;
      await knex('base_sys_login_attempt').delete();
      const old = '2000-01-01 00:00:00';
      await knex('base_sys_login_attempt').insert({ scope: 'user:forgiven', failures: 4, lockedUntil: null, createTime: old, updateTime: old });
      await loginRequest(a.anon, 'forgiven', 'wrong-pass1');
      assert.equal(Number((await knex('base_sys_login_attempt').where({ scope: 'user:forgiven' }).first()).failures), 1, 'old failures are forgiven');
      await knex('base_sys_login_attempt').insert(Array.from({ length: 50 }, (_, i) => ({ scope: `user:stale${i}`, failures: 1, lockedUntil: null, createTime: old, updateTime: old })));
      await knex('base_sys_login_attempt').insert({ scope: 'user:stilllocked', failures: 9, lockedUntil: '2999-01-01 00:00:00', createTime: old, updateTime: old });
      assert.equal(await pruneAttempts(knex), 50);
      assert.equal(await knex('base_sys_login_attempt').where('scope', 'like', 'user:stale%').first(), undefined, 'stale rows are pruned');
      assert.ok(await knex('base_sys_login_attempt').where({ scope: 'user:stilllocked' }).first(), 'a running lock is kept');
      assert.ok(await knex('base_sys_login_attempt').where({ scope: 'user:forgiven' }).first(), 'a fresh row is kept');
    });

    it('locks an IP after 30 failures spread over many usernames', async () => {
      await a.instance.services.knex('base_sys_login_attempt').delete();
      for (let i = 0; i < 30; i++) await loginRequest(a.anon, `spray${i}`, 'password1');
      const locked = await loginRequest(b.anon, 'admin', 'Adm1n-pass');
      assert.equal(locked.body.code, 1001);
      assert.match(locked.body.message, /登录失败次数过多/);
    });
  });
}
