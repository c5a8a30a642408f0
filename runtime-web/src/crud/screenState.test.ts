import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Request, RequestOptions } from '../core/request';
import { controllerFor } from './controller';
import { CrudScreenState } from './screenState';
import { entity } from './testing/entities';

function fakeRequest(saved: unknown) {
  const calls: RequestOptions[] = [];
  const request = (async (o: RequestOptions) => {
    calls.push(o);
    if (o.url === '/admin/base/comm/setting') {
      if (saved instanceof Error) throw saved;
      return saved;
    }
    if (o.url === '/admin/base/comm/settingSave') return null;
    if (o.url.endsWith('/list')) return [{ id: 1, parentId: null }, { id: 2, parentId: 1 }, { id: 3, parentId: 2 }];
    throw new Error(`unexpected ${o.url}`);
  }) as Request;
  return { request, calls };
}

test('the column layout: loading, then the user\'s own (or the defaults on a failure); a resize saves the whole layout', async () => {
  const { request, calls } = fakeRequest({ columns: [{ key: 'price', hidden: true }] });
  const ui = new CrudScreenState(controllerFor({ request, hasPerm: () => true }, entity('demo/goods')), request);
  assert.equal(ui.settings, undefined, 'still loading: the view waits');
  await ui.loadSettings();
  assert.equal(ui.columns.find((c) => c.key === 'price')?.hidden, true);
  await ui.resize('title', 321);
  const save = calls.find((c) => c.url === '/admin/base/comm/settingSave')!;
  const value = (save.data as { key: string; value: { columns: { key: string; width?: number; hidden: boolean }[] } }).value;
  assert.equal((save.data as { key: string }).key, 'columns:demo/goods');
  assert.equal(value.columns.find((c) => c.key === 'title')?.width, 321);
  assert.equal(value.columns.find((c) => c.key === 'price')?.hidden, true, 'the rest of the layout is kept');

  const failing = fakeRequest(new Error('offline'));
  const ui2 = new CrudScreenState(controllerFor({ request: failing.request, hasPerm: () => true }, entity('demo/goods')), failing.request);
  await ui2.loadSettings();
  assert.equal(ui2.settings, null, 'the defaults');
});

test('add opens prefilled with the sidebar\'s chosen node; the form stays mounted once opened; the manager bumps the sidebar', () => {
  const { request } = fakeRequest(null);
  const store = controllerFor({ request, hasPerm: () => true }, entity('dict/info'));
  const ui = new CrudScreenState(store, request);
  assert.equal(ui.formLoaded, false);
  ui.openAdd();
  assert.deepEqual(ui.dialog, { mode: 'add' }, 'no node chosen: nothing to prefill');
  ui.closeDialog();
  assert.equal(ui.dialog, undefined);
  assert.equal(ui.formLoaded, true);
  store.params.filters.typeId = 7;
  ui.openAdd();
  assert.deepEqual(ui.dialog, { mode: 'add', prefill: { typeId: 7 } });
  ui.setManaging('add');
  ui.setManaging(false);
  assert.equal(ui.sidebarVersion, 1);
  assert.deepEqual(new CrudScreenState(store, request, true).dialog, { mode: 'add' }, 'autoAdd');
});

test('expand all opens every node of the tree', async () => {
  const { request } = fakeRequest(null);
  const store = controllerFor({ request, hasPerm: () => true }, entity('base/sys/menu'));
  await store.refresh();
  const ui = new CrudScreenState(store, request);
  ui.expandAll();
  assert.deepEqual([...ui.expanded].sort(), [1, 2]);
});
