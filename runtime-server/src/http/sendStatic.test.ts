import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import http from 'node:http';
import zlib from 'node:zlib';
import Koa from 'koa';
import { staticBody } from '../app/loadGenerated.js';
import { COMPRESS_THRESHOLD, compressLarge } from './compressLarge.js';
import { sendStatic } from './sendStatic.js';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** GET `url` with the given request headers; the raw (undecoded) answer. */
function get(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('sendStatic (a pre-encoded answer: a lookup and a write)', () => {
  it('sends the same JSON bytes whatever the encoding, compressed once per encoding, negotiated as koa-compress does', async () => {
    // Non-ASCII on purpose: its UTF-8 bytes, not its characters, are sent and counted.
    const large = staticBody({ rows: Array.from({ length: 300 }, (_, i) => ({ i, name: `行 ${i}` })) });
    const small = staticBody({ ok: true });
    const json = JSON.stringify({ code: 1000, message: 'success', data: { rows: Array.from({ length: 300 }, (_, i) => ({ i, name: `行 ${i}` })) } });
    assert.ok(large.bytes.length >= COMPRESS_THRESHOLD);
    const app = new Koa();
    app.use(compressLarge(COMPRESS_THRESHOLD));
    app.use((ctx) => sendStatic(ctx, ctx.path === '/small' ? small : large));
    const server = http.createServer(app.callback());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const plain = await get(url);
      assert.equal(plain.status, 200);
      assert.equal(plain.body.toString('utf8'), json, 'the envelope, byte for byte');
      assert.equal(plain.headers['content-length'], String(Buffer.byteLength(json)));
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.equal(plain.headers['content-type'], 'application/json; charset=utf-8');
      assert.equal(plain.headers.vary, 'Accept-Encoding');
      assert.equal(plain.headers['cache-control'], 'no-cache');
      assert.equal(plain.headers.etag, large.etag);

      const gz = await get(url, { 'accept-encoding': 'gzip' });
      assert.equal(gz.headers['content-encoding'], 'gzip');
      assert.equal(gz.headers['content-length'], String(gz.body.length));
      assert.equal(zlib.gunzipSync(gz.body).toString('utf8'), json);
      const cached = large.encoded.gzip;
      assert.ok(cached, 'kept for the next request');
      await get(url, { 'accept-encoding': 'gzip' });
      assert.equal(large.encoded.gzip, cached, 'compressed once');

      const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      assert.equal(br.headers['content-encoding'], 'br', 'brotli preferred, as koa-compress prefers it');
      assert.equal(zlib.brotliDecompressSync(br.body).toString('utf8'), json);
      assert.equal(br.headers.vary, 'Accept-Encoding');

      const star = await get(url, { 'accept-encoding': '*' });
      assert.equal(star.headers['content-encoding'], 'gzip', '`*` means gzip (koa-compress)');
      const q = await get(url, { 'accept-encoding': 'br;q=0.1, gzip;q=0.9' });
      assert.equal(q.headers['content-encoding'], 'gzip', 'the client\'s weights first');
      const deflate = await get(url, { 'accept-encoding': 'deflate' });
      assert.equal(deflate.headers['content-encoding'], 'deflate', 'deflate still made by koa-compress');
      assert.equal(zlib.inflateSync(deflate.body).toString('utf8'), json);
      const none = await get(url, { 'accept-encoding': 'identity' });
      assert.equal(none.headers['content-encoding'], undefined);
      assert.equal(none.body.toString('utf8'), json);

      const again = await get(url, { 'accept-encoding': 'gzip', 'if-none-match': large.etag });
      assert.equal(again.status, 304);
      assert.equal(again.body.length, 0);

      const tiny = await get(`${url}/small`, { 'accept-encoding': 'gzip' });
      assert.equal(tiny.body.toString('utf8'), '{"code":1000,"message":"success","data":{"ok":true}}');
      assert.equal(tiny.headers['content-encoding'], undefined, 'under the threshold: as it is');
      assert.equal(tiny.headers.vary, undefined);
    } finally {
      server.close();
    }
  });
});
