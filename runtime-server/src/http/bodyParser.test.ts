import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import http from 'node:http';
import Koa from 'koa';
import { bodyParser } from './bodyParser.js';

describe('bodyParser', () => {
  it('parses JSON and forms on every method, GET included, and leaves a request without a body alone', async () => {
    const app = new Koa();
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
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode!, text }));
        });
        req.on('error', reject);
        req.end(body);
      });
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
});
