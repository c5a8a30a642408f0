import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { loadOnce } from '../core/loadOnce.js';
import { assertKey } from './storage.js';
import type { ObjectInfo, ObjectStorage } from './storage.js';

/** STORAGE=s3: the S3_* settings (docs/configuration.md). */
export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** S3_PUBLIC_BASE_URL: what upload answers put before the key; else the server streams `/upload/…` itself. */
  publicBaseUrl?: string;
}

/**
 * The SDK at first use: an instance on local storage never loads it (several MB of code), and the server
 * bundle leaves it to node_modules (scripts/server-build.mjs).
 */
const sdk = loadOnce(async () => ({ ...(await import('@aws-sdk/client-s3')), Upload: (await import('@aws-sdk/lib-storage')).Upload }));

/** Files from this size go up in 8 MB parts (S3's multipart upload); smaller ones in one PUT. */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * Objects in one bucket of an S3-compatible service (AWS S3, MinIO, Alibaba OSS, Tencent COS, Qiniu in their S3
 * modes), through the documented S3 API only: PutObject / multipart upload, GetObject with Range, HeadObject,
 * DeleteObject. Checksums are sent only where S3 requires them: the SDK's newer default (a CRC32 trailer on every
 * upload) is not understood by several S3-compatible services.
 */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3';
  private made: S3Client | undefined;

  constructor(readonly settings: S3Settings) {}

  /** The SDK client (one per driver: its connections are reused). */
  async client(): Promise<S3Client> {
    const { S3Client } = await sdk();
    this.made ??= new S3Client({
      region: this.settings.region,
      ...(this.settings.endpoint ? { endpoint: this.settings.endpoint } : {}),
      forcePathStyle: this.settings.forcePathStyle,
      credentials: { accessKeyId: this.settings.accessKeyId, secretAccessKey: this.settings.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
    return this.made;
  }

  async putFile(key: string, file: string, contentType?: string): Promise<void> {
    assertKey(key);
    const { size } = await fs.promises.stat(file);
    const { Upload } = await sdk();
    // lib-storage sends one PutObject below a part's size, else a multipart upload it aborts on failure
    // (leavePartsOnError false): a failed write leaves no object and no parts.
    const upload = new Upload({
      client: await this.client(),
      params: { Bucket: this.settings.bucket, Key: key, Body: fs.createReadStream(file), ContentLength: size, ...(contentType ? { ContentType: contentType } : {}) },
      partSize: PART_BYTES,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async stat(key: string): Promise<ObjectInfo | undefined> {
    assertKey(key);
    try {
      const { HeadObjectCommand } = await sdk();
      const head = await (await this.client()).send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return { size: Number(head.ContentLength ?? 0), mtime: head.LastModified ?? new Date(0) };
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    assertKey(key);
    const { GetObjectCommand } = await sdk();
    const res = await (await this.client()).send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
    return res.Body as Readable;
  }

  async remove(key: string): Promise<void> {
    assertKey(key);
    const { DeleteObjectCommand } = await sdk();
    await (await this.client()).send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }
}

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}
