import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import { badCitations } from './docCitations.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('comments cite documents inside the repository', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-cite-'));
  after(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.rmSync(`${tmp}-outside.md`, { force: true });
  });

  it('every comment of the project names an existing document, and every section sign follows one', () => {
    const bad = badCitations(ROOT);
    assert.deepEqual(bad.map((b) => `${b.file}:${b.line} ${b.problem}`), []);
  });

  it('flags a missing document, a bare section and a path outside the repository; strings are not comments', () => {
    fs.mkdirSync(path.join(tmp, 'docs', 'reference'), { recursive: true });
    fs.writeFileSync(path.join(tmp, 'docs', 'reference', 'spec.md'), '# spec\n');
    fs.writeFileSync(`${tmp}-outside.md`, '# not in the repository\n');
    fs.mkdirSync(path.join(tmp, 'src', 'mod'), { recursive: true });
    fs.writeFileSync(path.join(tmp, 'src', 'mod', 'README.md'), '# here\n');
    const file = path.join(tmp, 'src', 'mod', 'a.ts');
    fs.writeFileSync(
      file,
      [
        '/** Fine: docs/reference/spec.md §5, §6 and the folder\'s README.md. */',
        'const s = "docs/nowhere.md and spec §9 in a string are not citations";',
        '// Cites docs/missing.md §2.',
        '/**',
        ' * Validation rules of spec §5.',
        ' */',
        'const t = `${s} // not a comment: gone.md`; // but this is: ../../../outside/api-contract.md',
        `// Exists, but outside the repository: ../../../${path.basename(tmp)}-outside.md`,
        'export { t };',
      ].join('\n'),
    );
    assert.deepEqual(badCitations(tmp, [file]), [
      { file: 'src/mod/a.ts', line: 3, problem: 'cites docs/missing.md, which is not in the repository' },
      { file: 'src/mod/a.ts', line: 5, problem: 'cites a section (§5.) without naming a document in the repository' },
      { file: 'src/mod/a.ts', line: 7, problem: 'cites ../../../outside/api-contract.md, which is not in the repository' },
      { file: 'src/mod/a.ts', line: 8, problem: `cites ../../../${path.basename(tmp)}-outside.md, which is not in the repository` },
    ]);
  });
});
