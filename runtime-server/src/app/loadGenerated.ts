import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Generated, StaticBody } from './services.js';
import { ok } from '../http/envelope.js';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'generated');

/** Reads the generator's output (model, EPS, OpenAPI) once per app. */
export function loadGenerated(dir: string = DIR): Generated {
  const read = (name: string) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as never;
  const eps = read('eps.json') as Generated['eps'];
  let openapi: StaticBody | undefined;
  return { model: read('model.json'), eps, epsBody: staticBody(eps), openapiBody: () => (openapi ??= staticBody(read('openapi.json'))) };
}

/** The success envelope of `data`, encoded once, with its ETag (http/sendStatic.ts serves it). */
export function staticBody(data: unknown): StaticBody {
  const bytes = Buffer.from(JSON.stringify(ok(data)), 'utf8');
  return { bytes, etag: `"${createHash('sha1').update(bytes).digest('base64url')}"`, encoded: {} };
}
