import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { SchemaErrors } from './errors.js';
import { generate } from './generate.js';
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

describe('generate: named handlers', () => {
  after(() => roots.forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

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
});
