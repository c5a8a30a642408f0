import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ComponentType } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { buildScreenModel } from '../crud/model';
import { isKnown, unknownNames } from '../crud/names';
import type { CrudStore } from '../crud/store';
import type { Stores } from '../core/stores';
import { entity } from '../crud/testing/entities';
import { createRegistry } from './registry';
import type { CardProps, CellProps, ConsoleTheme, ScreenModule, ScreenViewProps } from './registry';

// Components are only looked up here, never drawn: plain functions stand for them.
const widget = (): ComponentType<WidgetProps> => () => null;
const cell = (): ComponentType<CellProps> => () => null;
const theme = (): ConsoleTheme => ({ widgets: { text: widget(), select: widget() }, templates: {}, cells: { image: cell() } });
const store = (id: string) => ({ model: { entity: { id } } }) as unknown as CrudStore;

test('a registry is built from its theme and modules only: two registries never share a name', () => {
  const perms = widget();
  const tags = cell();
  const move = { run: () => undefined };
  const menuMove = { run: () => undefined };
  const base: ScreenModule = { widgets: { perms }, cells: { tags }, actions: { move, 'base/sys/menu:move': menuMove } };
  const a = createRegistry(theme(), [base], { dev: false });
  const b = createRegistry(theme(), [], { dev: false });
  assert.equal(a.widget('perms'), perms);
  assert.equal(b.widget('perms'), undefined, 'the other console never sees the module');
  assert.equal(a.cell('tags'), tags);
  assert.equal(b.cell('tags'), undefined);
  assert.ok(a.cell('image') && b.cell('image'), 'the theme is in both');
  assert.equal(a.cell(undefined), undefined);
  assert.equal(a.action('base/sys/menu', 'move'), menuMove, 'the entity\'s own action first');
  assert.equal(a.action('demo/goods', 'move'), move, 'then the bare name');
  assert.equal(b.action('demo/goods', 'move'), undefined);
  assert.deepEqual(Object.keys(a.widgetMap()).sort(), ['perms', 'select', 'text']);
  assert.equal(a.widgetMap(), a.widgetMap(), 'one object: forms memoise on it');
  assert.equal(a.widget('constructor'), undefined, 'no prototype names');
  assert.ok(a.has('widget', 'perms') && a.has('cell', 'tags') && !b.has('cell', 'tags'));
});

test('module order: a module widget replaces the theme\'s, theme cells stay first, later actions win, after-write hooks add up', () => {
  const t = theme();
  const text = widget();
  const image = cell();
  const first = { run: () => undefined };
  const second = { run: () => undefined };
  const View: ComponentType<ScreenViewProps> = () => null;
  const Card: ComponentType<CardProps> = () => null;
  const calls: string[] = [];
  const r = createRegistry(
    t,
    [
      { widgets: { text }, cells: { image }, actions: { go: first }, afterWrite: { 'dict/info': () => calls.push('one') }, refreshHooks: { 'base/sys/menu': () => 1 } },
      { actions: { go: second }, afterWrite: { 'dict/info': ({ rows }) => calls.push(`two:${rows.length}`) }, views: { 'space/info': View }, cards: { 'task/info': Card }, reloadEvents: { 'plugin/info': 'plugin-installed' } },
    ],
    { dev: false },
  );
  assert.equal(r.widget('text'), text);
  assert.equal(r.cell('image'), t.cells.image);
  assert.equal(r.action('x/y', 'go'), second);
  r.afterWrite(store('dict/info'), [{ id: 1 }], {} as Stores);
  r.afterWrite(store('demo/goods'), [], {} as Stores);
  assert.deepEqual(calls, ['one', 'two:1']);
  assert.equal(r.view('space/info'), View);
  assert.equal(r.card('task/info'), Card);
  assert.equal(r.reloadEvent('plugin/info'), 'plugin-installed');
  assert.equal(r.refreshHook('base/sys/menu')?.({} as Stores), 1);
  assert.equal(r.view('demo/goods'), undefined);
});

test('a registration outside names.json is an error in development, reported once per registry', () => {
  const errors: string[] = [];
  const original = console.error;
  console.error = (m: string) => void errors.push(m);
  try {
    const r = createRegistry(theme(), [{ cells: { tagz: cell() }, widgets: { 'text-area': widget() } }], { dev: true });
    assert.deepEqual(r.unlisted, [
      { kind: 'widget', name: 'text-area' },
      { kind: 'cell', name: 'tagz' },
    ]);
    assert.deepEqual(errors, [
      'widget "text-area" is registered but not listed in runtime-web/src/crud/names.json',
      'cell "tagz" is registered but not listed in runtime-web/src/crud/names.json',
    ]);
    errors.length = 0;
    createRegistry(theme(), [{ cells: { tagz: cell() } }], { dev: false });
    assert.deepEqual(errors, [], 'silent outside development');
  } finally {
    console.error = original;
  }
});

test('a screen naming a listed cell that no module of this console provides is reported, as a misspelt one is', () => {
  const r = createRegistry(theme(), [], { dev: false });
  const known = (kind: 'cell' | 'widget', name: string) => isKnown(kind, name) && r.has(kind, name);
  const e = entity('demo/goods');
  const model = buildScreenModel({ ...e, screen: { ...e.screen, columns: [{ field: 'title', component: 'tags' }, { field: 'cover', component: 'image' }], form: [{ field: 'title', component: 'text' }] } });
  assert.deepEqual(unknownNames(model), [], 'both are in names.json');
  assert.deepEqual(unknownNames(model, known), [{ kind: 'cell', name: 'tags', where: 'title' }]);
});
