import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setImmediate as tick } from 'node:timers/promises';
import type { IncomingMessage } from 'node:http';
import { describe, it } from 'node:test';
import { AppError } from '../core/errors.js';
import { receiveMultipart } from './multipart.js';

const B = 'sa-test-boundary';

/** A fake request: multipart headers (chunked, like a streaming client) on a readable body. */
function request(body: Readable, headers: Record<string, string> = {}): IncomingMessage {
  const all = { 'content-type': `multipart/form-data; boundary=${B}`, 'transfer-encoding': 'chunked', ...headers };
  return Object.assign(body, { headers: all }) as unknown as IncomingMessage;
}
const fileHead = (name: string) => `--${B}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
const field = (name: string, value: string) => `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

const isKey = (key: string) => (err: unknown) => err instanceof AppError && err.key === key;

describe('receiveMultipart', () => {
  it('gives the key field and temp files in a private folder that cleanup removes', async () => {
    const body = `${field('key', 'k_a.png')}${fileHead('a.png')}hello\r\n${fileHead('b.txt')}world!\r\n--${B}--\r\n`;
    const form = await receiveMultipart(request(Readable.from([Buffer.from(body)])), { maxFileMb: 1, maxFiles: 9 });
    assert.equal(form.fields.key, 'k_a.png');
    assert.deepEqual(form.files.map((f) => [f.originalFilename, f.size]), [['a.png', 5], ['b.txt', 6]]);
    const dir = path.dirname(form.files[0]!.path);
    assert.ok(dir.startsWith(path.join(os.tmpdir(), 'sa-upload-')));
    assert.equal(fs.readFileSync(form.files[1]!.path, 'utf8'), 'world!');
    await form.cleanup();
    assert.ok(!fs.existsSync(dir));
  });

  it('stops an oversize file while it streams (an endless body would otherwise never finish)', async () => {
    const before = new Set(fs.readdirSync(os.tmpdir()));
    let sent = 0;
    const endless = Readable.from(
      (async function* () {
        yield Buffer.from(fileHead('big.png'));
        for (;;) {
          await tick();
          sent += 16384;
          yield Buffer.alloc(16384, 1);
        }
      })(),
    );
    // maxFiles is large so the total limit (maxFiles × maxFileMb) cannot be what stops it.
    await assert.rejects(receiveMultipart(request(endless), { maxFileMb: 0.1, maxFiles: 1000 }), isKey('upload.tooLarge'));
    endless.destroy();
    assert.ok(sent < 1024 * 1024, `read ${sent} bytes before refusing a 0.1 MB file`);
    assert.deepEqual(fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('sa-upload-') && !before.has(n)), []);
  });

  it('refuses a declared Content-Length above maxFiles × maxFileMb before reading anything', async () => {
    const before = new Set(fs.readdirSync(os.tmpdir()));
    const body = Readable.from([Buffer.from(fileHead('a.png'))]);
    await assert.rejects(
      receiveMultipart(request(body, { 'content-length': String(50 * 1024 * 1024) }), { maxFileMb: 1, maxFiles: 9 }),
      isKey('upload.bodyTooLarge'),
    );
    assert.deepEqual(fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('sa-upload-') && !before.has(n)), [], 'no temp folder made');
    body.destroy();
  });

  it('refuses a request that is not multipart as an empty upload', async () => {
    await assert.rejects(
      receiveMultipart(request(Readable.from(['{}']), { 'content-type': 'application/json' }), { maxFileMb: 1, maxFiles: 9 }),
      isKey('upload.empty'),
    );
  });
});
