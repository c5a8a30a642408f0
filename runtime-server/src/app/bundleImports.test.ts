import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { serverBundle } from '../testing/spawnServer.js';

// Libraries of several MB each that only some requests need (exports, imports, forms and uploads, the coding
// endpoints' generator): a static import, or their code inside the bundle, would load them at every start
// (cold start and idle memory, docs/decisions.md).
const LOADED_AT_FIRST_USE = ['typescript', 'exceljs', 'json-schema-to-typescript', 'prettier', 'koa-body', 'formidable'];
// Loaded at every start: bundled, so node resolves and wraps no file of theirs (docs/decisions.md, "Cold start").
const BUNDLED = ['koa', 'knex', 'mysql2', 'ajv', 'bree', 'jose'];

/** The npm packages whose files esbuild put in the bundle (it marks each with a `// node_modules/…` line). */
const bundledPackages = (text: string) =>
  new Set([...text.matchAll(/^\/\/ node_modules\/((?:@[^/\n]+\/)?[^/\n]+)\//gm)].map((m) => m[1]!));

describe('production bundle', () => {
  it('bundles the libraries every start loads and neither imports nor bundles the heavy ones', async () => {
    const text = fs.readFileSync(await serverBundle(), 'utf8');
    const bundled = bundledPackages(text);
    assert.deepEqual(BUNDLED.filter((p) => !bundled.has(p)), [], 'libraries loaded at start are in the bundle');
    const staticImports = [...text.matchAll(/^import\s(?:[^;]*?\sfrom\s*)?["']([^"']+)["']/gm)].map((m) => m[1]!);
    assert.ok(staticImports.includes('node:http'), `the scan finds static imports: ${staticImports.slice(0, 5).join(', ')}`);
    const heavy = staticImports.filter((s) => LOADED_AT_FIRST_USE.some((h) => s === h || s.startsWith(`${h}/`)));
    assert.deepEqual(heavy, [], 'no static import of a library loaded at first use');
    assert.deepEqual(LOADED_AT_FIRST_USE.filter((p) => bundled.has(p)), [], 'no library loaded at first use is bundled');
  });

  it('is ASCII only, so V8 holds its source as a one-byte string', async () => {
    const text = fs.readFileSync(await serverBundle(), 'utf8');
    const at = text.search(/[^\x00-\x7f]/);
    assert.equal(at, -1, `non-ASCII at ${at}: ${JSON.stringify(text.slice(Math.max(0, at - 40), at + 20))}`);
  });
});
