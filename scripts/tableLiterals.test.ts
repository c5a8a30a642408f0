import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { sourcesUnder } from './importBoundaries.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Runtime code names tables and entity ids through the generated constants (runtime-server/src/generated/tables.ts),
 * so renaming one fails the type-check, not a query at run time. Tests may name them: they check the database.
 */
function literalNames(root: string, files: string[], names: Set<string>): string[] {
  const out: string[] = [];
  for (const file of files) {
    const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      const code = line.trimStart();
      if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*') || code.startsWith('import ')) return;
      // `'name'`, and Knex's aliased form `'name as x'`.
      for (const m of line.matchAll(/'([A-Za-z0-9_/-]+)(?: as \w+)?'/g)) if (names.has(m[1]!)) out.push(`${file}:${i + 1} '${m[1]}'`);
    });
  }
  return out;
}

describe('table and entity names in runtime code', () => {
  const model = JSON.parse(fs.readFileSync(path.join(ROOT, 'runtime-server/src/generated/model.json'), 'utf8')) as { entities: { id: string; table?: string }[] };
  const names = new Set(model.entities.flatMap((e) => (e.table ? [e.id, e.table] : [e.id])));

  it('come from the generated constants, never a literal, outside tests and generated code', () => {
    const files = sourcesUnder(ROOT, ['runtime-server/src', 'scripts']).filter((f) => !/\.test\.tsx?$/.test(f) && !f.includes('/generated/'));
    assert.ok(files.length > 150, `read ${files.length} files`);
    assert.deepEqual(literalNames(ROOT, files, names), []);
  });

  it('a literal is found, by file and line', () => {
    const dir = fs.mkdtempSync(path.join(ROOT, 'runtime-server', '.literal-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "// 'base_sys_user' in a comment is fine\nconst t = knex('base_sys_user');\nconst u = TABLES.baseSysUser;\nknex('base_sys_role as r');\n");
      const rel = path.relative(ROOT, path.join(dir, 'a.ts'));
      assert.deepEqual(literalNames(ROOT, [rel], names), [`${rel}:2 'base_sys_user'`, `${rel}:4 'base_sys_role'`]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
