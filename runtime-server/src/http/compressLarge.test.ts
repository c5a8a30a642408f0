import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import http from 'node:http';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import Koa from 'koa';
import { compressLarge } from './compressLarge.js';

interface Raw {
  status: number;
  encoding: string | undefined;
  vary: string | undefined;
  length: string | undefined;
  body: Buffer;
}

/** `method` `url` with `accept` as Accept-Encoding (gzip unless told, none for null); the raw answer (undecoded) and its headers. */
async function get(url: string, accept: string | null = 'gzip', method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers: accept === null ? {} : { 'accept-encoding': accept } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], vary: res.headers.vary, length: res.headers['content-length'], body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject)
      .end();
  });
}

describe('compressLarge (koa-compress for answers that can reach the threshold, sent without Koa\'s web-class tests)', () => {
  it('sends small answers as they are (no Vary: they never depend on Accept-Encoding) and compresses large ones, with Vary: Accept-Encoding', async () => {
    const app = new Koa();
    app.use(compressLarge(2048));
    const large = JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => ({ i, name: `row ${i}` })) });
    // 700 three-byte characters: under the threshold in characters, over it in UTF-8 bytes.
    const wide = '中'.repeat(700);
    app.use((ctx) => {
      ctx.type = 'json';
      ctx.body = ctx.path === '/small' ? '{"code":1000}' : ctx.path === '/wide' ? JSON.stringify(wide) : large;
    });
    const server = http.createServer(app.callback());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const small = await get(`${url}/small`);
      assert.equal(small.encoding, undefined);
      assert.equal(small.vary, undefined);
      assert.equal(small.body.toString(), '{"code":1000}');
      for (const [path, text] of [['/large', large], ['/wide', JSON.stringify(wide)]] as const) {
        const r = await get(`${url}${path}`);
        assert.equal(r.encoding, 'gzip', path);
        assert.equal(r.vary, 'Accept-Encoding');
        assert.equal(zlib.gunzipSync(r.body).toString(), text);
        assert.equal(r.length, String(r.body.length), `${path}: sent whole, with its length`);
      }
      const br = await get(`${url}/large`, 'gzip, deflate, br');
      assert.equal(br.encoding, 'br', 'brotli preferred when accepted');
      assert.equal(zlib.brotliDecompressSync(br.body).toString(), large);
      const plain = await get(`${url}/large`, null);
      assert.equal(plain.encoding, undefined, 'no Accept-Encoding: sent as it is');
      assert.equal(plain.body.toString(), large);
      assert.equal(plain.vary, 'Accept-Encoding', 'a large answer still says it depends on Accept-Encoding');
      assert.equal(plain.length, String(large.length));
    } finally {
      server.close();
    }
  });

  it('pipes a stream body itself, compressed or not, and sends headers only for HEAD', async () => {
    const app = new Koa();
    const errors: Error[] = [];
    app.on('error', (err: Error) => errors.push(err));
    app.use(compressLarge(2048));
    const lines = Array.from({ length: 500 }, (_, i) => `line ${i}\n`);
    app.use((ctx) => {
      ctx.type = 'text/plain';
      if (ctx.path === '/broken') {
        ctx.body = new Readable({
          read() {
            this.destroy(new Error('disk gone'));
          },
        });
        return;
      }
      ctx.body = Readable.from(lines);
    });
    const server = http.createServer(app.callback());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const gz = await get(`${url}/file`);
      assert.equal(gz.status, 200);
      assert.equal(gz.encoding, 'gzip');
      assert.equal(zlib.gunzipSync(gz.body).toString(), lines.join(''));
      const plain = await get(`${url}/file`, 'identity');
      assert.equal(plain.encoding, undefined);
      assert.equal(plain.body.toString(), lines.join(''));
      const none = await get(`${url}/file`, null);
      assert.equal(none.encoding, undefined, 'no Accept-Encoding: the stream piped as it is');
      assert.equal(none.body.toString(), lines.join(''));
      const head = await get(`${url}/file`, 'gzip', 'HEAD');
      assert.equal(head.status, 200);
      assert.equal(head.body.length, 0);
      // A stream that fails is reported as Koa reports it, and the connection does not hang.
      await get(`${url}/broken`, 'identity').catch((err: Error) => err);
      assert.ok(errors.some((e) => e.message === 'disk gone'), errors.map((e) => e.message).join());
    } finally {
      server.close();
    }
  });
});
