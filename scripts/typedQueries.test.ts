import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { loadProgram, typedQueries } from './typedQueries.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(ROOT, 'runtime-server/src');

describe('typed table() queries', () => {
  it('no query of the server through table() is typed any', () => {
    const found = typedQueries(loadProgram(ROOT), ROOT, SRC + path.sep);
    assert.ok(found.count >= 50, `only ${found.count} table() queries found`);
    assert.deepEqual(found.untyped, []);
  });

  it('reports a query Knex types as any (column alias, modify), and not a typed one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'typed-queries-'));
    try {
      const file = path.join(dir, 'wrong.ts');
      fs.writeFileSync(
        file,
        [
          "import type { Knex } from 'knex';",
          `import { table } from '${path.join(SRC, 'db/table.js')}';`,
          `import { TABLES } from '${path.join(SRC, 'generated/tables.js')}';`,
          'export async function f(knex: Knex) {',
          "  const typed = await table(knex, TABLES.taskInfo).select('id', 'name');",
          "  const aliased = await table(knex, TABLES.taskInfo).select('id as taskId');",
          "  const modified = await table(knex, TABLES.taskInfo).modify((q) => q.where('status', 1));",
          '  return [typed, aliased, modified];',
          '}',
          '',
        ].join('\n'),
      );
      const found = typedQueries(loadProgram(ROOT, [file]), dir, dir + path.sep);
      assert.equal(found.count, 3);
      assert.deepEqual(found.untyped.map((u) => u.split(' ')[0]), ['wrong.ts:6', 'wrong.ts:7']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
