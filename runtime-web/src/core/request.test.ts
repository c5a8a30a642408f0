import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, test } from 'node:test';
import { setLocale } from './i18n';
import { createRequest, DEFAULT_TIMEOUT, queryString, RequestError, showsProgress, unwrap } from './request';
import type { Session, TokenPair } from './request';
import { createStores } from './stores';
import type { Stores } from './stores';
import type { AppStorage } from './storage';
import { seedUser } from '../../../runtime-server/src/testing/seedUser.js';
import { memoryStorage, recordingFetch, startLiveServer, TEST_ADMIN_PASSWORD, TEST_CAPTCHA } from './testing/liveServer';
import type { LiveServer, Sent } from './testing/liveServer';

let live: LiveServer;
before(async () => {
  live = await startLiveServer();
});
after(async () => {
  setLocale('zh-cn');
  await live.close();
});

interface Harness {
  stores: Stores;
  storage: AppStorage;
  calls: Sent[];
  toasts: string[];
  navigations: string[];
  progress: { started: number; done: number };
}

function harness(): Harness {
  const { fetch, calls } = recordingFetch();
  const toasts: string[] = [];
  const navigations: string[] = [];
  const progress = { started: 0, done: 0 };
  const storage = memoryStorage();
  const stores = createStores({
    storage,
    fetch,
    baseUrl: live.baseUrl,
    toast: (_kind, message) => toasts.push(message),
    navigate: (path) => navigations.push(path),
    progress: { start: () => progress.started++, done: () => progress.done++ },
  });
  return { stores, storage, calls, toasts, navigations, progress };
}

async function signIn(h: Harness, username = 'admin', password = TEST_ADMIN_PASSWORD): Promise<TokenPair> {
  const captcha = await h.stores.user.captcha();
  assert.match(captcha.captchaId, /\S/);
  return h.stores.user.login({ username, password, captchaId: captcha.captchaId, verifyCode: TEST_CAPTCHA });
}

const refreshCalls = (calls: Sent[]) => calls.filter((c) => c.url.includes('/admin/base/open/refreshToken'));

describe('request layer against the real server', () => {
  beforeEach(() => setLocale('zh-cn'));

  test('envelope: code 1000 → data, no code → the body, headers language + raw Authorization, /api base', async () => {
    const h = harness();
    const tokens = await signIn(h);
    assert.ok(tokens.token && tokens.refreshToken && tokens.expire > 0 && tokens.refreshExpire > tokens.expire);
    const person = await h.stores.request<{ username: string }>({ url: '/admin/base/comm/person' });
    assert.equal(person.username, 'admin');
    const last = h.calls.at(-1)!;
    assert.equal(last.url, `${live.baseUrl}/admin/base/comm/person`);
    assert.equal(last.headers.Authorization, tokens.token, 'raw token, no Bearer');
    assert.equal(last.headers.language, 'zh-cn');

    // A (rich-text) param page is HTML: no envelope, so the body comes back as it is.
    await h.stores.request({ url: '/admin/base/sys/param/add', method: 'POST', data: { keyName: 'coreHtml', name: 'Core', data: 'hello core', dataType: 1 } });
    const html = await h.stores.request<string>({ url: '/admin/base/open/html', params: { key: 'coreHtml' } });
    assert.equal(typeof html, 'string');
    assert.match(html, /<body>hello core<\/body>/);

    // GET → query string, POST → JSON body.
    const page = await h.stores.request<{ list: unknown[]; pagination: { size: number } }>({
      url: '/admin/base/sys/user/page', method: 'POST', data: { page: 1, size: 5 },
    });
    assert.equal(page.pagination.size, 5);
    assert.equal(h.calls.at(-1)!.headers['Content-Type'], 'application/json');
    const info = await h.stores.request<{ id: number }>({ url: '/admin/base/sys/user/info', params: { id: 1 } });
    assert.equal(info.id, 1);
    assert.equal(h.calls.at(-1)!.url, `${live.baseUrl}/admin/base/sys/user/info?id=1`);
  });

  test('a real 1001 error rejects with its code and message, in the language of the header', async () => {
    const h = harness();
    await signIn(h);
    const ask = () => h.stores.request({ url: '/admin/base/sys/user/info', params: { id: 987654 } });
    await assert.rejects(ask(), (err: unknown) => {
      assert.ok(err instanceof RequestError);
      assert.equal(err.code, 1001);
      assert.equal(err.message, '数据不存在（id=987654）');
      return true;
    });
    h.stores.app.setLocale('en');
    await assert.rejects(ask(), { code: 1001, message: 'Record not found (id=987654)' });
    assert.equal(h.calls.at(-1)!.headers.language, 'en');
    h.stores.app.setLocale('zh-tw');
    await assert.rejects(ask(), { code: 1001, message: '資料不存在（id=987654）' });
  });

  test('an expired access token: one refresh while three requests wait, all replayed with the new token', async () => {
    const h = harness();
    const first = await signIn(h);
    const { storage } = h;
    // The server still accepts it; only the client-side deadline says it is (almost) over.
    storage.set('token', first.token, 1);
    assert.equal(h.stores.user.session.tokenExpired(), true, 'within the 2 s margin counts as expired');
    const before = h.calls.length;
    const [person, perm, page] = await Promise.all([
      h.stores.request<{ username: string }>({ url: '/admin/base/comm/person' }),
      h.stores.request<{ perms: string[] }>({ url: '/admin/base/comm/permmenu' }),
      h.stores.request<{ list: unknown[] }>({ url: '/admin/base/sys/user/page', method: 'POST', data: { page: 1, size: 2 } }),
    ]);
    assert.equal(person.username, 'admin');
    assert.ok(perm.perms.length > 0);
    assert.ok(page.list.length > 0);
    const sent = h.calls.slice(before);
    assert.equal(refreshCalls(sent).length, 1, 'exactly one refresh');
    assert.equal(sent[0]!.url.includes('/refreshToken?refreshToken='), true, 'the refresh goes first, before any waiting call');
    const fresh = h.stores.user.token!;
    assert.notEqual(fresh, first.token);
    const replayed = sent.slice(1);
    assert.equal(replayed.length, 3);
    for (const c of replayed) assert.equal(c.headers.Authorization, fresh, `${c.url} carries the new token`);
    assert.equal(h.stores.user.session.tokenExpired(), false, 'the new deadline is stored');
    assert.deepEqual(h.toasts, []);
  });

  test('a refused refresh logs out once with the translated message and rejects the waiting calls', async () => {
    const h = harness();
    const tokens = await signIn(h);
    const { storage } = h;
    storage.set('token', tokens.token, -5);
    storage.set('refreshToken', 'not-a-refresh-token', 3600);
    h.stores.app.setLocale('en');
    const before = h.calls.length;
    const results = await Promise.allSettled([
      h.stores.request({ url: '/admin/base/comm/person' }),
      h.stores.request({ url: '/admin/base/comm/permmenu' }),
    ]);
    for (const r of results) {
      assert.equal(r.status, 'rejected');
      assert.equal((r as PromiseRejectedResult).reason.message, 'Your session has expired, please sign in again');
    }
    assert.equal(refreshCalls(h.calls.slice(before)).length, 1);
    assert.equal(h.calls.length - before, 1, 'nothing else went out');
    assert.deepEqual(h.toasts, ['Your session has expired, please sign in again'], 'one logout');
    assert.equal(h.stores.user.token, undefined);
    assert.equal(storage.peek('token'), undefined);
    assert.deepEqual(h.navigations, ['/login']);
  });

  test('both tokens expired: logout with 登录状态已失效，请重新登录 and no call to the server', async () => {
    const h = harness();
    const tokens = await signIn(h);
    const { storage } = h;
    storage.set('token', tokens.token, -1);
    storage.set('refreshToken', tokens.refreshToken, -1);
    const before = h.calls.length;
    await assert.rejects(h.stores.request({ url: '/admin/base/comm/person' }), { message: '登录状态已失效，请重新登录' });
    assert.equal(h.calls.length, before);
    assert.deepEqual(h.toasts, ['登录状态已失效，请重新登录']);
    assert.deepEqual(h.navigations, ['/login']);
    assert.equal(h.stores.user.isLoggedIn, false);
  });

  test('HTTP 401 logs out, 403 goes to /403; the rejection carries the server message', async () => {
    const h = harness();
    await signIn(h);
    // A token the server does not know, with a live client-side deadline.
    h.stores.user.setTokens({ token: 'forged', refreshToken: 'forged', expire: 3600, refreshExpire: 7200 });
    await assert.rejects(h.stores.request({ url: '/admin/base/comm/person' }), { status: 401, message: '登录失效或无权限访问~' });
    assert.equal(h.stores.user.token, undefined);
    assert.deepEqual(h.navigations, ['/login']);

    await seedUser(live.app, 'viewer1', ['base:sys:user:page']);
    const v = harness();
    await signIn(v, 'viewer1', 'user-pass1');
    const page = await v.stores.request<{ list: unknown[] }>({ url: '/admin/base/sys/user/page', method: 'POST', data: {} });
    assert.ok(Array.isArray(page.list));
    await assert.rejects(v.stores.request({ url: '/admin/base/sys/user/delete', method: 'POST', data: { ids: [1] } }), { status: 403 });
    assert.deepEqual(v.navigations, ['/403']);
    assert.ok(v.stores.user.token, 'a 403 keeps the session');
    // A lookup the screen can do without (a reference's names) rejects without the error page.
    await assert.rejects(v.stores.request({ url: '/admin/base/sys/role/list', method: 'POST', data: {}, errorPage: false }), { status: 403 });
    assert.deepEqual(v.navigations, ['/403'], 'no second trip to /403');
    assert.ok(v.stores.user.token);
  });

  test('transport failures: body message, else the transport message; timeout after the limit', async () => {
    const h = harness();
    await signIn(h);
    await assert.rejects(h.stores.request({ url: '/admin/nothing/here' }), (err: RequestError) => {
      assert.equal(err.status, 404);
      assert.match(err.message, /\/admin\/nothing\/here/, 'the server body message');
      return true;
    });

    // A port nobody listens on: fetch itself fails.
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const session: Session = {
      token: () => undefined, refreshToken: () => undefined, tokenExpired: () => true, refreshExpired: () => true, save: () => {},
    };
    const translate = (key: string, p?: Record<string, unknown>) => `${key}${p ? JSON.stringify(p) : ''}`;
    const dead = createRequest({ session, locale: () => 'en', translate, onLogout: () => {}, baseUrl: `http://127.0.0.1:${port}/api` });
    await assert.rejects(dead({ url: '/admin/base/open/eps' }), (err: RequestError) => {
      assert.equal(err.message, 'fetch failed');
      return true;
    });

    // A server that never answers.
    const silent = http.createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    try {
      const slow = createRequest({
        session, locale: () => 'en', translate, onLogout: () => {}, baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      });
      const started = Date.now();
      await assert.rejects(slow({ url: '/x', timeout: 300 }), { message: 'requestTimeout{"ms":300}' });
      assert.ok(Date.now() - started >= 290);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((r) => silent.close(() => r()));
    }
    assert.equal(DEFAULT_TIMEOUT, 30_000);
  });

  test('logout: POST /admin/base/comm/logout with the token, then local state is gone and the token is dead', async () => {
    const h = harness();
    const tokens = await signIn(h);
    await h.stores.menu.loadPermMenu();
    await h.stores.user.logout();
    const call = h.calls.at(-1)!;
    assert.equal(new URL(call.url).pathname, '/api/admin/base/comm/logout');
    assert.equal(call.method, 'POST');
    assert.equal(call.headers.Authorization, tokens.token);
    assert.equal(h.stores.user.token, undefined);
    assert.deepEqual(h.stores.menu.perms, []);
    assert.deepEqual(h.navigations, ['/login']);
    const after = await live.app.as(tokens.token).get('/admin/base/comm/person');
    assert.equal(after.status, 401, 'the server revoked this session');
  });

  test('the progress bar skips the spec list and runs for the rest', async () => {
    const h = harness();
    await signIn(h);
    const startedBefore = h.progress.started;
    await h.stores.request({ url: '/admin/base/comm/person' });
    await h.stores.request({ url: '/admin/base/comm/permmenu' });
    await h.stores.request({ url: '/admin/dict/info/data', method: 'POST', data: {} });
    await h.stores.request({ url: '/admin/base/open/eps' });
    assert.equal(h.progress.started, startedBefore);
    await h.stores.request({ url: '/admin/base/sys/user/page', method: 'POST', data: {} });
    await assert.rejects(h.stores.request({ url: '/admin/base/sys/user/info', params: { id: 999 } }));
    assert.equal(h.progress.started, startedBefore + 2);
    assert.equal(h.progress.done, h.progress.started, 'always finished, also on failure');
    await h.stores.request({ url: '/admin/base/sys/user/page', method: 'POST', data: {}, progress: false });
    assert.equal(h.progress.started, startedBefore + 2);
  });
});

describe('request helpers', () => {
  test('envelope rules', () => {
    assert.deepEqual(unwrap({ code: 1000, data: { a: 1 } }), { a: 1 });
    assert.equal(unwrap({ code: 1000, message: 'success' }), undefined);
    assert.deepEqual(unwrap({ list: [] }), { list: [] });
    assert.equal(unwrap('text'), 'text');
    assert.throws(() => unwrap({ code: 1002, message: 'bad' }), { code: 1002, message: 'bad' });
  });

  test('query strings and the quiet list', () => {
    assert.equal(queryString({ a: 1, b: undefined, c: null, d: [1, 2], e: 'x y' }), '?a=1&d=1&d=2&e=x+y');
    assert.equal(queryString({}), '');
    for (const u of ['/admin/base/open/eps', '/admin/base/comm/person', '/admin/base/comm/permmenu', '/admin/base/comm/upload',
      '/admin/base/comm/uploadMode', '/admin/dict/info/data', '/admin/space/info/add']) assert.equal(showsProgress(u), false, u);
    assert.equal(showsProgress('/admin/space/info/page'), true);
  });
});
