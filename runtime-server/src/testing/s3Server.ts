import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import S3rver from 's3rver';
import type { S3Settings } from '../storage/s3Driver.js';

/** s3rver's fixed credentials (it checks a SigV4 request's access key id, not its signature). */
const KEY = 'S3RVER';

export interface TestS3 {
  settings: S3Settings;
  /** Environment of a spawned server using this bucket. */
  env: Record<string, string>;
  /** The folder s3rver keeps the objects in (to look behind the API). */
  directory: string;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server for tests (npm `s3rver`, on a free port, objects in a temp folder) with one
 * fresh bucket. It speaks the S3 REST API (objects, ranges, multipart uploads) and knows its access key ids, but
 * does not verify SigV4 signatures, ACLs, bucket policies, storage classes, encryption or checksums (docs/operations.md).
 */
export async function startTestS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-s3-'));
  const bucket = `sa-test-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = { endpoint, region: 'us-east-1', bucket, accessKeyId: KEY, secretAccessKey: KEY, forcePathStyle: true };
  return {
    settings,
    env: { STORAGE: 's3', S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_BUCKET: bucket, S3_ACCESS_KEY_ID: KEY, S3_SECRET_ACCESS_KEY: KEY, S3_FORCE_PATH_STYLE: '1' },
    directory,
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
