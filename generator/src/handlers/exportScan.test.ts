import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { scanExports } from './exportScan.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-scan-'));
function write(name: string, src: string): string {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, src);
  return file;
}
const kinds = (file: string) => Object.fromEntries([...scanExports(file)].map(([n, d]) => [n, d.kind]));

describe('scanExports (handler names read from source, never run)', () => {
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('classifies declarations, arrows, function expressions, calls and values', () => {
    const file = write(
      'kinds.ts',
      [
        "import type { Handler } from './types.js';",
        'export async function a() { return 1; }',
        'export const b: Handler = async (ctx) => ctx;',
        'export const c = function () {};',
        'export const d = (((x: number) => x) as unknown) satisfies unknown;',
        'export const e = makeHandler({ table: "x" });',
        'export const f = 42, g = { h: 1 };',
        'export class K {}',
        'export default function ignored() {}',
        'export type T = string;',
        'const hidden = () => 1;',
      ].join('\n'),
    );
    assert.deepEqual(kinds(file), { a: 'function', b: 'function', c: 'function', d: 'function', e: 'call', f: 'value', g: 'value', K: 'value' });
  });

  it('never runs the file: a module that throws at load time or imports what is missing is still read', () => {
    const file = write(
      'broken.ts',
      "import { gone } from './does-not-exist.js';\nthrow new Error('boom at import');\nexport function page() { return gone; }\n",
    );
    assert.deepEqual(kinds(file), { page: 'function' });
  });

  it('follows local export lists, renames, re-exports, export * and imported-then-exported names', () => {
    write('lib/screen.ts', 'export const schema = () => 1;\nexport const notAFunction = "x";\n');
    write('lib/index.ts', "export * from '../star.js';\n");
    write('star.ts', 'export function starred() {}\n');
    write('imported.ts', 'export function viaImport() {}\n');
    const file = write(
      'main.ts',
      [
        "import { viaImport as renamedImport } from './imported.js';",
        "import { something } from 'some-package';",
        'function local() {}',
        'const num = 1;',
        'export { local, local as alias, num, renamedImport, something };',
        "export { schema, notAFunction as nf } from './lib/screen.js';",
        "export * from './lib/index.js';",
        "export { missing } from './nowhere.js';",
      ].join('\n'),
    );
    const found = scanExports(file);
    assert.deepEqual(Object.fromEntries([...found].map(([n, d]) => [n, d.kind])), {
      local: 'function',
      alias: 'function',
      num: 'value',
      renamedImport: 'function',
      something: 'value',
      schema: 'function',
      nf: 'value',
      missing: 'value',
      starred: 'function',
    });
    assert.equal(found.get('schema')!.file, path.join(dir, 'lib/screen.ts'), 'names the file that defines it');
  });

  it('survives export cycles and a missing file', () => {
    const a = write('cycle/a.ts', "export * from './b.js';\nexport const fromA = () => 1;\n");
    write('cycle/b.ts', "export * from './a.js';\nexport const fromB = () => 1;\n");
    assert.deepEqual(kinds(a), { fromA: 'function', fromB: 'function' });
    assert.equal(scanExports(path.join(dir, 'none.ts')).size, 0);
  });
});
