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
/**
 * The packages the headless layers may import: state, translation, dates, JSON Schema checks. Every other
 * package (Semi, React DOM, the router, rjsf, tiptap, echarts, react-i18next, nprogress — and any package added
 * later) is a view concern: an allow-list, so a new UI dependency is refused without editing this file.
 */
const HEADLESS_PACKAGES = new Set(['mobx', 'i18next', 'dayjs', 'ajv']);
const packageOf = (spec: string) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);

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
  // import/export … from '…', a bare import '…', a dynamic import('…')
  const statements = /(?:^|\n)\s*(?:import|export)\s[^'"]*?\bfrom\s*['"]([^'"\n]+)['"]|(?:^|\n)\s*import\s*['"]([^'"\n]+)['"]|\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;
  for (const m of text.matchAll(statements)) {
    const spec = (m[1] ?? m[2] ?? m[3])!;
    if (spec.startsWith('.') || spec.startsWith('node:')) {
      // relative imports are checked below; Node built-ins only ever run in tests and scripts
    } else if ((spec === 'react' || spec === 'mobx-react-lite') && ALLOWED_REACT.has(rel)) {
      // the stores' context provider
    } else if (!HEADLESS_PACKAGES.has(packageOf(spec))) out.push(`${rel}: imports ${spec}`);
    if (spec.startsWith('.')) {
      const target = path.relative(src, path.resolve(path.dirname(file), spec)).split(path.sep).join('/');
      if (!HEADLESS.some((h) => target === h || target.startsWith(`${h}/`)) && !target.startsWith('..')) out.push(`${rel}: imports view code ${target}`);
    }
  }
  return out;
}

test('the headless core and CRUD layer import no UI package and no view code', () => {
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
  for (const ui of ['react-dom/client', 'echarts/core', '@rjsf/utils', '@tiptap/react', 'react-router-dom', 'react-i18next', '@douyinfe/semi-icons', 'nprogress', 'left-pad']) {
    assert.equal(violations(f, `import x from '${ui}';`).length, 1, ui);
  }
  assert.equal(violations(f, "const m = await import('echarts');").length, 1, 'a dynamic import too');
  assert.deepEqual(violations(f, "import { makeAutoObservable } from 'mobx';\nimport dayjs from 'dayjs';\nimport i18n from 'i18next';"), []);
  assert.deepEqual(violations(path.join(src, 'core', 'stores', 'context.ts'), "import { createContext } from 'react';"), []);
  assert.equal(violations(path.join(src, 'core', 'stores', 'context.ts'), "import { Spin } from '@douyinfe/semi-ui';").length, 1);
});
