import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Generated } from './services.js';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'generated');

/** Reads the generator's output (model, EPS, OpenAPI) once per app. */
export function loadGenerated(dir: string = DIR): Generated {
  const read = (name: string) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as never;
  return { model: read('model.json'), eps: read('eps.json'), openapi: read('openapi.json') };
}
