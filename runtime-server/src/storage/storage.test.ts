import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { after, before, describe, it } from 'node:test';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { startTestS3 } from '../testing/s3Server.js';
import type { TestS3 } from '../testing/s3Server.js';
import { LocalStorage } from './localDriver.js';
import { S3Storage } from './s3Driver.js';
import type { ObjectStorage } from './storage.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-storage-'));
const fileOf = (name: string, body: string | Buffer) => {
  const p = path.join(scratch, name);
  fs.writeFileSync(p, body);
  return p;
};
let s3: TestS3;
before(async () => {
  s3 = await startTestS3();
});
after(async () => {
  await s3?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const drivers: [string, () => ObjectStorage][] = [
  ['local', () => new LocalStorage(fs.mkdtempSync(path.join(scratch, 'data-')))],
  ['s3 (s3rver)', () => new S3Storage(s3.settings)],
];

for (const [name, make] of drivers) {
  describe(`object storage: ${name} driver`, () => {
    it('stores, stats, reads (whole and a byte range) and removes an object', async () => {
      const st = make();
      await st.putFile('upload/20260101/a_报告 v1.txt', fileOf('a.txt', 'hello storage'), 'text/plain');
      const info = await st.stat('upload/20260101/a_报告 v1.txt');
      assert.equal(info?.size, 13);
      assert.ok(info!.mtime.getTime() > Date.now() - 60_000);
      assert.equal(await text(await st.read('upload/20260101/a_报告 v1.txt')), 'hello storage');
      assert.equal(await text(await st.read('upload/20260101/a_报告 v1.txt', { start: 6, end: 12 })), 'storage');
      await st.remove('upload/20260101/a_报告 v1.txt');
      assert.equal(await st.stat('upload/20260101/a_报告 v1.txt'), undefined);
      await st.remove('upload/20260101/a_报告 v1.txt');
    });

    it('answers undefined for a missing object and refuses keys that are paths', async () => {
      const st = make();
      assert.equal(await st.stat('data-jobs/none.csv'), undefined);
      for (const bad of ['../x', 'a/../../x', '/abs', 'a//b', 'a\\b', 'a/./b', '']) await assert.rejects(() => st.stat(bad), /invalid storage key/, bad);
    });

    it('stores a 20 MB file (multipart on S3) byte for byte', async () => {
      const st = make();
      const big = Buffer.alloc(20 * 1024 * 1024);
      for (let i = 0; i < big.length; i += 4096) big.writeUInt32BE(i, i);
      await st.putFile('data-jobs/big.bin', fileOf('big.bin', big));
      assert.equal((await st.stat('data-jobs/big.bin'))?.size, big.length);
      const chunks: Buffer[] = [];
      for await (const c of await st.read('data-jobs/big.bin')) chunks.push(c as Buffer);
      assert.ok(Buffer.concat(chunks).equals(big));
      await st.remove('data-jobs/big.bin');
    });

    it('a failed write leaves no object', async () => {
      const st = make();
      await assert.rejects(() => st.putFile('upload/20260101/gone.txt', path.join(scratch, 'no-such-file')));
      assert.equal(await st.stat('upload/20260101/gone.txt'), undefined);
    });
  });
}

describe('S3 driver against s3rver: what the server checks', () => {
  it('keeps objects under their keys in the bucket, and no parts after a multipart upload', async () => {
    const st = new S3Storage(s3.settings);
    await st.putFile('upload/20260102/k.txt', fileOf('k.txt', 'k'));
    const listed = await (await st.client()).send(new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: 'upload/20260102/' }));
    assert.deepEqual(listed.Contents?.map((c) => c.Key), ['upload/20260102/k.txt']);
  });

  // s3rver checks the access key id of a SigV4 request but not the signature itself (unimplemented there).
  it('refuses a request signed with an unknown access key', async () => {
    const wrong = new S3Storage({ ...s3.settings, accessKeyId: 'NOT-A-KEY' });
    await assert.rejects(() => wrong.putFile('upload/20260102/x.txt', fileOf('x.txt', 'x')), (err: Error) => /InvalidAccessKeyId/.test(err.name));
    assert.equal(await new S3Storage(s3.settings).stat('upload/20260102/x.txt'), undefined);
  });

  it('a bucket that does not exist fails the write', async () => {
    const none = new S3Storage({ ...s3.settings, bucket: 'no-such-bucket-here' });
    await assert.rejects(() => none.putFile('upload/20260102/y.txt', fileOf('y.txt', 'y')), (err: Error) => /NoSuchBucket/.test(err.name));
  });
});
