import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { SchemaErrors } from './errors.js';
import { generate, GenerateError } from './generate.js';
import { loadModel } from './load/loadModel.js';
import { projectPaths } from './paths.js';
import type { ProjectPaths } from './paths.js';

const REAL = projectPaths();
const roots: string[] = [];

/** A copy of the project's schemas with its own handler folder, so handlers can be removed. */
function project(handlers: Record<string, string>): ProjectPaths {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-gen-h-'));
  roots.push(root);
  fs.writeFileSync(path.join(root, 'package.json'), '{"type":"module"}\n');
  const paths = projectPaths(root);
  fs.cpSync(REAL.schemas, paths.schemas, { recursive: true });
  fs.cpSync(REAL.migrations, paths.migrations, { recursive: true });
  for (const [file, src] of Object.entries(handlers)) {
    fs.mkdirSync(path.dirname(path.join(paths.handlers, file)), { recursive: true });
    fs.writeFileSync(path.join(paths.handlers, file), src);
  }
  return paths;
}

/** A stub handler file for every entity with named handlers, exporting exactly those names. */
function stubHandlers(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const e of loadModel(REAL.schemas, REAL.root).entities) {
    const names = e.actions.filter((a) => a.handler).map((a) => a.handler!);
    if (names.length) files[`${e.handlerModule}.ts`] = names.map((n) => `export const ${n} = () => 1;\n`).join('');
  }
  return files;
}
const ALL_HANDLERS = stubHandlers();
after(() => roots.forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

describe('generate: named handlers', () => {
  it('passes when every named handler is exported', async () => {
    const result = await generate(project(ALL_HANDLERS));
    assert.equal(result.migration, undefined, 'the copied snapshot matches: no migration');
  });

  it('a missing export is a generator error naming the schema, the action and the file', async () => {
    const paths = project({ ...ALL_HANDLERS, 'dict/info.ts': ALL_HANDLERS['dict/info.ts']!.replace('export const types = () => 1;\n', '') });
    await assert.rejects(generate(paths), (e: unknown) => {
      assert.ok(e instanceof SchemaErrors);
      assert.equal(e.errors.length, 1);
      const [err] = e.errors;
      assert.equal(err!.code, 'MissingHandler');
      assert.equal(err!.file, 'schemas/dict/info.json');
      assert.match(err!.message, /does not export a function "types" \(action "types"\)/);
      return true;
    });
  });

  it('a missing handler file is a generator error for each of its actions', async () => {
    const { 'base/comm.ts': gone, ...rest } = ALL_HANDLERS;
    const expected = gone!.split('\n').filter(Boolean).length;
    await assert.rejects(generate(project(rest)), (e: unknown) => {
      assert.ok(e instanceof SchemaErrors);
      assert.deepEqual(e.errors.map((x) => x.code), Array(expected).fill('MissingHandler'));
      assert.match(e.errors[0]!.message, /runtime-server\/src\/modules\/base\/comm\.ts/);
      return true;
    });
  });

  it('never runs a handler file: one that throws at load time does not stop the generator', async () => {
    const broken = "import './nowhere-to-be-found.js';\nthrow new Error('broken at import');\n" + ALL_HANDLERS['dict/info.ts']!;
    const result = await generate(project({ ...ALL_HANDLERS, 'dict/info.ts': broken }));
    assert.equal(result.migration, undefined);
  });

  it('an export that is not a function (a literal, an object) is refused', async () => {
    const paths = project({ ...ALL_HANDLERS, 'dict/info.ts': ALL_HANDLERS['dict/info.ts']!.replace('export const types = () => 1;', 'export const types = { page: 1 };') });
    await assert.rejects(generate(paths), (e: unknown) => {
      assert.ok(e instanceof SchemaErrors);
      assert.deepEqual(e.errors.map((x) => x.code), ['MissingHandler']);
      assert.match(e.errors[0]!.message, /exports "types" but not as a function/);
      return true;
    });
  });
});

describe('generate: migration review', () => {
  it('refuses a NOT NULL column without a default on an existing table and writes nothing', async () => {
    const paths = project(ALL_HANDLERS);
    const file = path.join(paths.schemas, 'demo', 'goods.json');
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
    doc.properties.sku = { type: 'string', maxLength: 32, 'x-label': { 'zh-cn': '编码', 'zh-tw': '編碼', en: 'SKU' } };
    doc.required.push('sku');
    fs.writeFileSync(file, JSON.stringify(doc, null, 2));
    const snapshot = fs.readFileSync(paths.snapshot, 'utf8');
    const migrations = fs.readdirSync(paths.migrations);
    await assert.rejects(generate(paths), (e: unknown) => {
      assert.ok(e instanceof GenerateError);
      assert.match(e.message, /refusing changes that would fail on a table with rows:\n {2}- add column demo_goods\.sku/);
      return true;
    });
    assert.equal(fs.readFileSync(paths.snapshot, 'utf8'), snapshot);
    assert.deepEqual(fs.readdirSync(paths.migrations), migrations);
  });
});
