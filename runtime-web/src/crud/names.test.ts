import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildScreenModel } from './model';
import { KNOWN_NAMES, unknownNames } from './names';
import { entity } from './testing/entities';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

test('names.json lists exactly the cells and widgets of the Semi theme and the screens manifest\'s modules', () => {
  const text = files(src).map((f) => fs.readFileSync(f, 'utf8')).join('\n');
  const widgets = new Set<string>();
  const cells = new Set<string>();
  // The screens manifest's module declarations (the registry is built from them and the theme, nothing else):
  // `cells: { tags: TagsCell, 'menu-name': … }`.
  const keys = (block: string) => [...block.matchAll(/(?:^|,)\s*'?([\w-]+)'?\s*:/g)].map((m) => m[1]!);
  for (const m of text.matchAll(/\bcells: \{([^}]*)\}/g)) keys(m[1]!).forEach((k) => cells.add(k));
  for (const m of text.matchAll(/\bwidgets: \{([^}]*)\}/g)) keys(m[1]!).forEach((k) => widgets.add(k));
  // The Semi theme's objects (theme-semi/widgets and cells): one key a line.
  const block = (file: string, name: string) => new RegExp(`export const ${name}[^{]*\\{([\\s\\S]*?)\\n\\};`).exec(fs.readFileSync(path.join(src, file), 'utf8'))?.[1] ?? '';
  const lineKeys = (text: string) => text.split('\n').flatMap((line) => /^\s*'?([\w-]+)'?\s*[:,]/.exec(line)?.[1] ?? []);
  lineKeys(block('theme-semi/widgets/index.ts', 'widgets')).forEach((k) => widgets.add(k));
  lineKeys(block('theme-semi/cells/index.ts', 'cells')).forEach((k) => cells.add(k));
  assert.ok(widgets.has('text') && widgets.has('refs') && cells.has('tags'), 'the scan finds registrations');
  assert.deepEqual([...widgets].sort(), [...KNOWN_NAMES.widgets].sort());
  assert.deepEqual([...cells].sort(), [...KNOWN_NAMES.cells].sort());
});

test('the shipped screens name nothing unknown; a misspelt cell, widget or action is reported, not dropped', () => {
  for (const id of ['demo/goods', 'base/sys/user', 'base/sys/menu', 'recycle/data', 'task/info', 'dict/info']) {
    assert.deepEqual(unknownNames(buildScreenModel(entity(id))), [], id);
  }
  const e = entity('demo/goods');
  const bad = buildScreenModel({
    ...e,
    screen: { ...e.screen, columns: [{ field: 'title', component: 'tagz' }], form: [{ field: 'title', component: 'text-area' }], actions: [{ name: 'publsh' }] },
  });
  assert.deepEqual(unknownNames(bad), [
    { kind: 'cell', name: 'tagz', where: 'title' },
    { kind: 'widget', name: 'text-area', where: 'title' },
    { kind: 'action', name: 'publsh', where: 'actions' },
  ]);
});
