import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import http from 'node:http';
import Koa from 'koa';
import { bodyParser, byteCount } from './bodyParser.js';

/** An app of `before`, the parser (1 KB JSON limit) and a handler answering the parsed body, served on a free port. */
async function serve(before: Koa.Middleware[] = []) {
  const app = new Koa();
  for (const m of before) app.use(m);
  app.use(bodyParser('1kb'));
  app.use((ctx) => {
    ctx.body = { body: ctx.request.body === undefined ? 'none' : ctx.request.body };
  });
  const server = http.createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const send = (method: string, body?: string, type = 'application/json') =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(`${url}/x`, { method, headers: body === undefined ? {} : { 'content-type': type, 'content-length': Buffer.byteLength(body) } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      });
      req.on('error', reject);
      req.end(body);
    });
  return { server, send };
}

describe('bodyParser', () => {
  it('parses JSON and forms on every method, GET included, and leaves a request without a body alone', async () => {
    const { server, send } = await serve();
    try {
      assert.deepEqual(JSON.parse((await send('GET')).text), { body: 'none' });
      // The spec's client sends refreshToken as a body field on a GET.
      assert.deepEqual(JSON.parse((await send('GET', '{"refreshToken":"t"}')).text), { body: { refreshToken: 't' } });
      assert.deepEqual(JSON.parse((await send('POST', '{"a":[1]}')).text), { body: { a: [1] } });
      assert.deepEqual(JSON.parse((await send('POST', 'a=1&b=2', 'application/x-www-form-urlencoded')).text), { body: { a: '1', b: '2' } });
      // Over the limit: the parser's 413, which the envelope turns into a 1002 in the app.
      assert.equal((await send('POST', JSON.stringify({ a: 'x'.repeat(2000) }))).status, 413);
    } finally {
      server.close();
    }
  });

  it('reads a plain JSON body itself exactly as koa-body does: values, strictness, prototype keys, BOM, limits', async () => {
    // Errors as the envelope reads them (status, type, limit) and the message.
    const { server, send: sendAs } = await serve([
      async (ctx, next) => {
        try {
          await next();
        } catch (e) {
          const err = e as { status?: number; type?: string; limit?: number; message: string };
          ctx.body = { error: { status: err.status ?? null, type: err.type ?? null, limit: err.limit ?? null, message: err.message } };
        }
      },
    ]);
    const send = async (body: string, type: string) => (await sendAs('POST', body, type)).text;
    const bodies = [
      '{"a":[1],"b":{"c":null}}',
      '[1,"two"]',
      '',
      ' \n\t{"a":1}',
      '\ufeff{"a":1}',
      '{"name":"中文 ☃"}',
      '"a string"',
      '42',
      '{"a":',
      '{"__proto__":{"x":1}}',
      '{"a":{"constructor":{"prototype":{"x":1}}}}',
      '{"\\u005f_proto__":{"x":1}}',
      JSON.stringify({ a: 'x'.repeat(2000) }),
    ];
    try {
      for (const body of bodies) {
        // A quoted charset is a spelling this parser leaves to koa-body: the reference answer.
        const reference = JSON.parse(await send(body, 'application/json; charset="utf-8"'));
        for (const type of ['application/json', 'application/json; charset=utf-8']) {
          assert.deepEqual(JSON.parse(await send(body, type)), reference, `${type}: ${body.slice(0, 40)}`);
        }
      }
      // The cases above are not all alike: the reference parsed some and refused others with its own errors.
      const answers = await Promise.all(['"a string"', '{"__proto__":{"x":1}}', JSON.stringify({ a: 'x'.repeat(2000) }), '\ufeff{"a":1}'].map((b) => send(b, 'application/json')));
      assert.equal(JSON.parse(answers[0]!).error.status, 400);
      assert.match(JSON.parse(answers[1]!).error.message, /prototype/);
      assert.deepEqual([JSON.parse(answers[2]!).error.status, JSON.parse(answers[2]!).error.type, JSON.parse(answers[2]!).error.limit], [413, 'entity.too.large', 1024]);
      assert.deepEqual(JSON.parse(answers[3]!), { body: { a: 1 } });
    } finally {
      server.close();
    }
  });

  it('reads size limits as raw-body does', () => {
    assert.deepEqual([byteCount('2mb'), byteCount('1kb'), byteCount('512'), byteCount(300), byteCount('1.5KB')], [2 * 1024 * 1024, 1024, 512, 300, 1536]);
    assert.throws(() => byteCount('lots'), /unreadable size limit/);
  });
});
