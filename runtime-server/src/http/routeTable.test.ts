import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import http from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { compose, RouteTable } from './routeTable.js';

/** A Koa app serving `routes` the way createApp does: the table first, the router (same routes) behind it. */
async function serve(mount: (table: RouteTable, router: Router) => void): Promise<{ url: string; close(): void }> {
  const app = new Koa();
  const table = new RouteTable();
  const router = new Router();
  mount(table, router);
  app.use(table.routes());
  app.use(router.routes());
  app.use(router.allowedMethods());
  const server = http.createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, close: () => server.close() };
}

const answer = (text: string): Middleware => (ctx) => {
  ctx.body = `${text} via ${ctx.state.via ?? 'router'}`;
};
const tag: Middleware = async (ctx, next) => {
  // The router sets `ctx.matched`; the table does not: tells which of the two answered.
  ctx.state.via = ctx.matched ? 'router' : 'table';
  await next();
};

describe('route table (exact method + path, the router behind it)', () => {
  it('answers exact matches itself and leaves every other spelling to the router, with the same chain', async () => {
    const s = await serve((table, router) => {
      const chain = [tag, answer('person')];
      router.get('/admin/base/comm/person', ...chain);
      table.add('get', '/admin/base/comm/person', chain);
    });
    try {
      const text = async (path: string, method = 'GET') => {
        const res = await fetch(`${s.url}${path}`, { method });
        return { status: res.status, body: await res.text(), allow: res.headers.get('allow') };
      };
      assert.deepEqual(await text('/admin/base/comm/person'), { status: 200, body: 'person via table', allow: null });
      // Spellings the router accepts (case-insensitive, optional trailing slash) still reach the same handler.
      assert.deepEqual(await text('/admin/base/comm/person/'), { status: 200, body: 'person via router', allow: null });
      assert.deepEqual(await text('/admin/base/comm/PERSON'), { status: 200, body: 'person via router', allow: null });
      assert.equal((await text('/admin/base/comm/person', 'HEAD')).status, 200);
      // A known path with another method keeps the router's 405 and Allow header.
      const post = await text('/admin/base/comm/person', 'POST');
      assert.equal(post.status, 405);
      assert.match(post.allow ?? '', /GET/);
      assert.equal((await text('/admin/base/comm/nobody')).status, 404);
    } finally {
      s.close();
    }
  });

  it('keeps the first chain added for a method and path, like the router', async () => {
    const table = new RouteTable();
    table.add('post', '/x', [answer('first')]);
    table.add('post', '/x', [answer('second')]);
    assert.equal(table.has('POST', '/x'), true);
    assert.equal(table.has('GET', '/x'), false);
    const s = await serve((t) => {
      t.add('post', '/x', [tag, answer('first')]);
      t.add('post', '/x', [tag, answer('second')]);
    });
    try {
      assert.equal(await (await fetch(`${s.url}/x`, { method: 'POST' })).text(), 'first via table');
    } finally {
      s.close();
    }
  });

  it('compose runs the chain in order, then next, and refuses a second next() call', async () => {
    const seen: string[] = [];
    const step = (name: string): Middleware => async (_ctx, next) => {
      seen.push(`${name}>`);
      await next();
      seen.push(`<${name}`);
    };
    const ctx = {} as Koa.Context;
    await compose([step('a'), step('b')])(ctx, async () => {
      seen.push('next');
    });
    assert.deepEqual(seen, ['a>', 'b>', 'next', '<b', '<a']);
    const twice: Middleware = async (_ctx, next) => {
      await next();
      await next();
    };
    await assert.rejects(Promise.resolve(compose([twice])(ctx, async () => undefined)), /next\(\) called multiple times/);
    // A middleware that throws synchronously rejects the chain instead of escaping it.
    const thrower: Middleware = () => {
      throw new Error('boom');
    };
    await assert.rejects(Promise.resolve(compose([thrower])(ctx, async () => undefined)), /boom/);
  });

  it('fastRoutes runs `before` (for a request with a body) and an exact route\'s chain ahead of the app\'s later middleware, and leaves the rest to it', async () => {
    const app = new Koa();
    const seen: string[] = [];
    const before: Middleware = async (ctx, next) => {
      seen.push(`before ${ctx.path}`);
      await next();
    };
    const table = new RouteTable([before]);
    table.add('get', '/admin/x', [answer('x')]);
    table.add('post', '/admin/x', [answer('posted')]);
    app.use(table.fastRoutes());
    // What createApp puts between (file serving, the console): never reached by an exact API route.
    app.use(async (ctx, next) => {
      seen.push(`later ${ctx.path}`);
      if (ctx.path === '/page') ctx.body = 'page';
      else await next();
    });
    app.use(table.routes());
    const server = http.createServer(app.callback());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      assert.equal(await (await fetch(`${url}/admin/x`)).text(), 'x via router');
      assert.deepEqual(seen.splice(0), [], 'no body: the body steps are skipped');
      assert.equal(await (await fetch(`${url}/admin/x`, { method: 'POST', body: '{}' })).text(), 'posted via router');
      assert.deepEqual(seen.splice(0), ['before /admin/x']);
      // A chunked body has no Content-Length: it still goes through them.
      const chunked = await new Promise<string>((resolve, reject) => {
        const req = http.request(`${url}/admin/x`, { method: 'POST' }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c));
          res.on('end', () => resolve(text));
        });
        req.on('error', reject);
        req.write('{');
        req.end('}');
      });
      assert.equal(chunked, 'posted via router');
      assert.deepEqual(seen.splice(0), ['before /admin/x']);
      assert.equal(await (await fetch(`${url}/page`)).text(), 'page');
      assert.deepEqual(seen.splice(0), ['later /page']);
      // Another spelling takes the long way (the router behind would answer it in the app).
      assert.equal((await fetch(`${url}/admin/x/`)).status, 404);
      assert.deepEqual(seen.splice(0), ['later /admin/x/']);
    } finally {
      server.close();
    }
  });
});
