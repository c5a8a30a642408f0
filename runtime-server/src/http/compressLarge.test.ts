import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import http from 'node:http';
import zlib from 'node:zlib';
import Koa from 'koa';
import { compressLarge } from './compressLarge.js';

/** GET `path` with gzip accepted; the raw answer (undecoded) and its headers. */
async function get(url: string): Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], vary: res.headers.vary, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('compressLarge (koa-compress for answers that can reach the threshold)', () => {
  it('sends small answers as they are and compresses large ones, both with Vary: Accept-Encoding', async () => {
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
      assert.equal(small.vary, 'Accept-Encoding');
      assert.equal(small.body.toString(), '{"code":1000}');
      for (const [path, text] of [['/large', large], ['/wide', JSON.stringify(wide)]] as const) {
        const r = await get(`${url}${path}`);
        assert.equal(r.encoding, 'gzip', path);
        assert.equal(r.vary, 'Accept-Encoding');
        assert.equal(zlib.gunzipSync(r.body).toString(), text);
      }
    } finally {
      server.close();
    }
  });
});
