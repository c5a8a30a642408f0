import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bootstrap, loadSession } from './bootstrap';
import { buildServices, epsEntries, permissionsOf, serviceAt, treePath } from './eps';
import type { ServiceNode } from './eps';
import { setLocale } from './i18n';
import type { Request, RequestOptions } from './request';
import { createStores } from './stores';
import { seedUser } from '../../../runtime-server/src/testing/seedUser.js';
import { memoryStorage, recordingFetch, startLiveServer, TEST_ADMIN_PASSWORD, TEST_CAPTCHA } from './testing/liveServer';
import type { LiveServer } from './testing/liveServer';

let live: LiveServer;
before(async () => {
  live = await startLiveServer();
  setLocale('zh-cn');
});
after(async () => {
  await live.close();
});

function stores() {
  const { fetch, calls } = recordingFetch();
  const navigations: string[] = [];
  const s = createStores({ storage: memoryStorage(), fetch, baseUrl: live.baseUrl, navigate: (p) => navigations.push(p), toast: () => {} });
  return { s, calls, navigations };
}

async function signIn(s: ReturnType<typeof createStores>, username: string, password: string): Promise<void> {
  const { captchaId } = await s.user.captcha();
  await s.user.login({ username, password, captchaId, verifyCode: TEST_CAPTCHA });
}

describe('services from the live EPS', () => {
  test('bootstrap without a token loads only EPS; the tree calls the server after sign-in', async () => {
    const { s, calls } = stores();
    await bootstrap(s);
    assert.equal(s.app.ready, true);
    assert.deepEqual(calls.map((c) => new URL(c.url).pathname), ['/api/admin/base/open/eps']);
    const services = s.eps.services!;
    assert.ok(services, 'services built');
    const user = services.base.sys.user as ServiceNode;
    assert.equal(user.namespace, 'admin/base/sys/user');
    assert.equal(user.permission.page, 'base:sys:user:page');
    assert.equal(user.permission.move, 'base:sys:user:move');
    assert.equal(typeof services.base.open.captcha, 'function');
    assert.equal(services.base.sys.namespace, undefined, 'base.sys is a path node');

    await signIn(s, 'admin', TEST_ADMIN_PASSWORD);
    await loadSession(s);
    const page = await user.page({ page: 1, size: 10 });
    assert.equal(page.pagination.page, 1);
    assert.ok(page.list.some((u: { username: string }) => u.username === 'admin'));
    const sent = calls.at(-1)!;
    assert.equal(new URL(sent.url).pathname, '/api/admin/base/sys/user/page');
    assert.equal(sent.method, 'POST');

    const info = await user.info({ id: 1 });
    assert.equal(info.username, 'admin');
    assert.equal(calls.at(-1)!.url, `${live.baseUrl}/admin/base/sys/user/info?id=1`, 'GET → query');

    const dict = await services.dict.info.data({});
    assert.ok(Array.isArray(dict.brand));
    await assert.rejects(user.info({ id: 424242 }), { code: 1001 });
  });

  test('permission flags follow the held perms: all for the admin, exactly the granted ones for a limited user', async () => {
    const { s } = stores();
    await signIn(s, 'admin', TEST_ADMIN_PASSWORD);
    await bootstrap(s);
    assert.ok(s.menu.perms.length > 50);
    const services = s.eps.services!;
    const adminFlags = permissionsOf(services.base.sys.user, s.menu.perms);
    assert.deepEqual(Object.keys(adminFlags).sort(), ['add', 'delete', 'history', 'info', 'list', 'move', 'page', 'update']);
    assert.ok(Object.values(adminFlags).every(Boolean), JSON.stringify(adminFlags));
    assert.deepEqual(services.base.sys.user._permission, adminFlags, 'bootstrap wrote _permission');
    assert.equal(s.user.info?.username, 'admin');
    assert.ok(s.dict.get('brand').length > 0);

    await seedUser(live.app, 'clerk1', ['base:sys:user:page', 'base:sys:user:info', 'demo:goods:page']);
    const other = stores();
    await signIn(other.s, 'clerk1', 'user-pass1');
    await bootstrap(other.s);
    const flags = permissionsOf(other.s.eps.services!.base.sys.user, other.s.menu.perms);
    assert.deepEqual(
      Object.entries(flags).filter(([, v]) => v).map(([k]) => k).sort(),
      ['info', 'page'],
    );
    assert.equal(permissionsOf(other.s.eps.services!.demo.goods, other.s.menu.perms).page, true);
    assert.equal(permissionsOf(other.s.eps.services!.demo.goods, other.s.menu.perms).add, false);
    assert.equal(other.s.menu.hasPerm({ or: ['base:sys:role:page', 'demo:goods:page'] }), true);
    assert.equal(other.s.menu.hasPerm({ and: ['base:sys:role:page', 'demo:goods:page'] }), false);
    // The flags match what the server enforces.
    const page = await other.s.eps.services!.base.sys.user.page({});
    assert.ok(Array.isArray(page.list));
    await assert.rejects(other.s.eps.services!.base.sys.user.add({ username: 'x' }), { status: 403 });
  });

  test('bootstrap: permmenu gives the menu tree with the home at /, dictionaries by type, person', async () => {
    const { s } = stores();
    await signIn(s, 'admin', TEST_ADMIN_PASSWORD);
    await bootstrap(s);
    const home = s.menu.routes.find((r) => r.meta.isHome);
    assert.equal(home?.path, '/');
    assert.ok(s.menu.routeOf('/sys/user'), 'page menus become routes');
    assert.equal(s.menu.routes.some((r) => r.viewPath === null && !r.redirect), false, 'directories are not routes');
    assert.ok(s.menu.tree.every((n) => n.type !== 2), 'permission rows are not navigation');
    const trail = s.menu.trail('/sys/user').map((n) => n.name);
    assert.deepEqual(trail, ['系统管理', '权限管理', '用户列表']);
    const brand = s.dict.get('brand');
    assert.deepEqual(brand.map((o) => o.label), ['COOL', '闪酷']);
    assert.equal(brand[0]!.value, 'cool');
  });

  test('an unreachable EPS is logged, never thrown, and the app still becomes ready', async () => {
    const errors: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const s = createStores({ storage: memoryStorage(), fetch, baseUrl: 'http://127.0.0.1:1/api', toast: () => {}, navigate: () => {} });
      setLocale('en');
      await bootstrap(s);
      assert.equal(s.app.ready, true);
      assert.equal(s.eps.services, undefined);
      assert.equal(s.eps.error, 'Eps error, please set in backend code');
      assert.equal(errors[0]?.[0], 'Eps error, please set in backend code');
    } finally {
      console.error = original;
      setLocale('zh-cn');
    }
  });
});

describe('service tree shape', () => {
  const seen: RequestOptions[] = [];
  const fake: Request = async <T>(o: RequestOptions) => {
    seen.push(o);
    return undefined as T;
  };

  test('prefixes become paths, dashed/param paths are skipped, GET → params and POST → data', async () => {
    assert.deepEqual(treePath('/admin/base/sys/user'), ['base', 'sys', 'user']);
    assert.deepEqual(treePath('/admin/demo/some-thing'), ['demo', 'someThing']);
    const eps = {
      base: [
        { prefix: '/admin/base/sys/user', api: [{ method: 'post', path: '/page' }, { method: 'GET', path: '/info' }, { path: '/with-dash' }, { path: '/:id' }] },
        // After its child: the path node made for `user` becomes a controller too.
        { prefix: '/admin/base/sys', api: [{ method: 'get', path: '/stats' }] },
      ],
      demo: [{ prefix: '/admin/demo/some-thing', api: [{ method: 'post', path: '/run' }] }],
      junk: [{ prefix: '/' }, null],
    };
    assert.equal(epsEntries(eps).length, 3);
    const tree = buildServices(eps, fake);
    await tree.base.sys.user.page({ page: 2 });
    await tree.base.sys.user.info({ id: 3 });
    await tree.base.sys.stats();
    await tree.demo.someThing.run({ a: 1 });
    assert.deepEqual(seen, [
      { url: '/admin/base/sys/user/page', method: 'POST', data: { page: 2 } },
      { url: '/admin/base/sys/user/info', method: 'GET', params: { id: 3 } },
      { url: '/admin/base/sys/stats', method: 'GET', params: undefined },
      { url: '/admin/demo/some-thing/run', method: 'POST', data: { a: 1 } },
    ]);
    assert.equal(tree.base.sys.user['with-dash'], undefined);
    assert.equal(tree.base.sys.namespace, 'admin/base/sys', 'a prefix that is also a parent keeps both roles');
    assert.equal(typeof tree.base.sys.user.page, 'function', 'children survive');
    assert.equal(serviceAt(tree, 'base.sys.user'), tree.base.sys.user);
    assert.equal(serviceAt(tree, 'base/nope/x'), undefined);
    assert.deepEqual(permissionsOf(tree.demo.someThing, ['demo:some-thing:run']), { run: true });
  });
});
