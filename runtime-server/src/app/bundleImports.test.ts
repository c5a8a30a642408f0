import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { serverBundle } from '../testing/spawnServer.js';

// Libraries of several MB each that only some requests need (exports, imports, the coding endpoints'
// generator): a static import would load them at every start (cold start and idle memory, docs/decisions.md).
const LOADED_AT_FIRST_USE = ['typescript', 'exceljs', 'json-schema-to-typescript', 'prettier'];

describe('production bundle', () => {
  it('imports no heavy library statically: they load at first use', async () => {
    const text = fs.readFileSync(await serverBundle(), 'utf8');
    const staticImports = [...text.matchAll(/^import\s(?:[^;]*?\sfrom\s*)?["']([^"']+)["']/gm)].map((m) => m[1]!);
    assert.ok(staticImports.includes('koa'), `the scan finds static imports: ${staticImports.slice(0, 5).join(', ')}`);
    const heavy = staticImports.filter((s) => LOADED_AT_FIRST_USE.some((h) => s === h || s.startsWith(`${h}/`)));
    assert.deepEqual(heavy, []);
  });
});
