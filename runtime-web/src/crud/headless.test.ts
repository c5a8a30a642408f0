import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The headless layers: no Semi, no JSX, no view code (architecture: the core is separate from what draws it). */
const HEADLESS = ['core', 'crud'];
/** The one React file the core may hold (the stores' context provider). */
const ALLOWED_REACT = new Set(['core/stores/context.ts']);

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

export function violations(file: string, text: string): string[] {
  const rel = path.relative(src, file).split(path.sep).join('/');
  const out: string[] = [];
  if (rel.endsWith('.tsx')) out.push(`${rel}: JSX file in a headless folder`);
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
    const spec = m[1]!;
    if (spec.startsWith('@douyinfe/')) out.push(`${rel}: imports ${spec}`);
    if ((spec === 'react' || spec.startsWith('react-dom') || spec === 'mobx-react-lite') && !ALLOWED_REACT.has(rel)) out.push(`${rel}: imports ${spec}`);
    if (spec.startsWith('.')) {
      const target = path.relative(src, path.resolve(path.dirname(file), spec)).split(path.sep).join('/');
      if (!HEADLESS.some((h) => target === h || target.startsWith(`${h}/`)) && !target.startsWith('..')) out.push(`${rel}: imports view code ${target}`);
    }
  }
  return out;
}

test('the headless core and CRUD layer import no Semi, no React view code', () => {
  const found = HEADLESS.flatMap((d) => files(path.join(src, d)))
    .filter((f) => !f.endsWith('.test.ts'))
    .flatMap((f) => violations(f, fs.readFileSync(f, 'utf8')));
  assert.deepEqual(found, []);
});

test('the check catches a Semi import, a JSX file and an import of the view layer', () => {
  const f = path.join(src, 'crud', 'bad.ts');
  assert.equal(violations(f, "import { Table } from '@douyinfe/semi-ui';").length, 1);
  assert.equal(violations(path.join(src, 'crud', 'bad.tsx'), '').length, 1);
  assert.equal(violations(f, "import { Cell } from '../crud-view/cells';").length, 1);
  assert.equal(violations(f, "import { useState } from 'react';").length, 1);
  assert.deepEqual(violations(f, "import { hasPerm } from '../core/permission';"), []);
});
