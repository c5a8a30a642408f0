import type { Response } from 'superagent';

/** A supertest parser that keeps a download's bytes (`.buffer(true).parse(binary)`): exports, uploads read back. */
export function binary(res: Response, cb: (err: Error | null, body: Buffer) => void): void {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => cb(null, Buffer.concat(chunks)));
}
