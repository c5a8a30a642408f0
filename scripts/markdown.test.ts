/**
 * The documentation stays readable: no Markdown line over 120 characters (the reference documents under
 * docs/reference are copies, left as they came), every relative link and image points at a file that exists,
 * and the README stays a page a newcomer finishes — what it is, start, a first module, test, links.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const files = execFileSync('git', ['ls-files', '*.md'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && !f.startsWith('docs/reference/') && fs.existsSync(path.join(ROOT, f)));

describe('Markdown', () => {
  it('has no line over 120 characters', () => {
    const long = files.flatMap((f) =>
      fs
        .readFileSync(path.join(ROOT, f), 'utf8')
        .split('\n')
        .map((line, i) => ({ f, i: i + 1, n: [...line].length }))
        .filter((l) => l.n > 120)
        .map((l) => `${l.f}:${l.i} (${l.n})`),
    );
    assert.deepEqual(long, []);
  });

  it('links only to files that exist', () => {
    const broken: string[] = [];
    for (const f of files) {
      const text = fs.readFileSync(path.join(ROOT, f), 'utf8').replace(/^```[\s\S]*?^```$/gm, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:|#)/.test(target!)) continue;
        const file = target!.split('#')[0]!;
        if (!fs.existsSync(path.resolve(ROOT, path.dirname(f), decodeURI(file)))) broken.push(`${f}: ${target}`);
      }
    }
    assert.deepEqual(broken, []);
  });

  it('keeps the README short: the sections a newcomer needs, under 1 000 words', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const words = readme.split(/\s+/).filter(Boolean).length;
    assert.ok(words < 1000, `${words} words`);
    const headings = [...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    for (const h of ['Start', 'A first module in five steps', 'Test', 'Configuration']) assert.ok(headings.includes(h), `README has "${h}"`);
    assert.match(readme, /walkthrough-new-module\.md/);
    assert.match(readme, /!\[[^\]]+\]\(docs\/images\/[^)]+\.png\)/, 'a screenshot');
  });
});
