import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decide, resolvePath, toDynamicRoute } from './resolve';
import type { GuardInput } from './resolve';
import type { AppRoute } from './types';

const menus: AppRoute[] = [
  { path: '/', name: 'home', viewPath: 'modules/demo/views/home/index.vue', meta: { isHome: true } },
  { path: '/home/old', name: 'home-redirect', viewPath: null, redirect: '/' },
  { path: '/sys/user', name: 'user', viewPath: 'modules/base/views/user/index.vue', keepAlive: true },
  { path: '/tutorial/doc', name: 'doc', viewPath: 'https://example.com/docs' },
  { path: '/big/screen', name: 'screen', viewPath: 'modules/demo/pages/screen/index.vue' },
];
const base: GuardInput = { pathname: '/', ready: true, hasToken: true, tokenExpired: false, registered: [], menuRoutes: menus };

describe('route guard (docs/reference/product-spec.md §2)', () => {
  it('waits for the initial load when logged in', () => {
    assert.deepEqual(decide({ ...base, ready: false, pathname: '/sys/user' }), { kind: 'wait' });
  });

  it('sends an unknown path to /404 when logged in and to /login otherwise', () => {
    assert.deepEqual(decide({ ...base, pathname: '/no/such/page' }), { kind: 'redirect', to: '/404' });
    assert.deepEqual(decide({ ...base, hasToken: false, pathname: '/no/such/page' }), { kind: 'redirect', to: '/login' });
  });

  it('without a token lets only the ignored paths through', () => {
    for (const p of ['/login', '/401', '/403', '/404', '/500', '/502']) {
      const d = decide({ ...base, hasToken: false, ready: false, pathname: p });
      assert.equal(d.kind, 'render', p);
    }
    for (const p of ['/', '/sys/user', '/my/info']) assert.deepEqual(decide({ ...base, hasToken: false, pathname: p }), { kind: 'redirect', to: '/login' }, p);
  });

  it('redirects /login to / with a live token, but not with an expired one', () => {
    assert.deepEqual(decide({ ...base, pathname: '/login' }), { kind: 'redirect', to: '/' });
    assert.equal(decide({ ...base, pathname: '/login', tokenExpired: true }).kind, 'render');
  });

  it('registers a menu route on first visit, then renders it as a tab', () => {
    const first = decide({ ...base, pathname: '/sys/user/' });
    assert.equal(first.kind, 'register');
    const route = (first as { route: AppRoute }).route;
    assert.equal(route.meta?.dynamic, true);
    assert.equal(route.meta?.keepAlive, true);
    const second = decide({ ...base, pathname: '/sys/user', registered: [route] });
    assert.deepEqual(second, { kind: 'render', route, trackTab: true });
  });

  it('does not track home, error pages or full-screen pages as tabs', () => {
    assert.deepEqual(decide({ ...base, pathname: '/' }).kind, 'render');
    assert.equal((decide({ ...base, pathname: '/' }) as { trackTab: boolean }).trackTab, false);
    assert.equal((decide({ ...base, pathname: '/403' }) as { trackTab: boolean }).trackTab, false);
    assert.equal((decide({ ...base, pathname: '/my/info' }) as { trackTab: boolean }).trackTab, true);
    const page = toDynamicRoute(menus[4]!);
    assert.equal((decide({ ...base, pathname: '/big/screen', registered: [page] }) as { trackTab: boolean }).trackTab, false);
  });

  it('matches the demo route with and without its optional name', () => {
    assert.equal(resolvePath('/demo/test/route/7', [], []).kind, 'static');
    assert.equal(resolvePath('/demo/test/route/7/abc', [], []).kind, 'static');
    assert.equal(resolvePath('/demo/test/route', [], []).kind, 'none');
  });

  it('maps http view paths to an iframe and /pages/ view paths to top-level pages', () => {
    assert.equal(toDynamicRoute(menus[3]!).meta?.iframeUrl, 'https://example.com/docs');
    assert.equal(toDynamicRoute(menus[3]!).meta?.isPage, undefined);
    assert.equal(toDynamicRoute(menus[4]!).meta?.isPage, true);
    assert.equal(toDynamicRoute(menus[2]!).meta?.isPage, undefined);
  });

  it('forwards the home menu entry address to /', () => {
    assert.deepEqual(decide({ ...base, pathname: '/home/old' }), { kind: 'redirect', to: '/' });
  });

  it('never lets a menu entry shadow the login or error pages', () => {
    const evil: AppRoute[] = [{ path: '/login', viewPath: 'https://evil.example' }];
    assert.equal(resolvePath('/login', [], evil).kind, 'static');
  });
});
