import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Request, RequestOptions } from '../core/request';
import { controllerFor, createCrudController, loadEntitySchema } from './controller';
import { entity } from './testing/entities';
import type { EntitySchema, EpsSearch } from './types';

const here = path.dirname(fileURLToPath(import.meta.url));
const eps = JSON.parse(fs.readFileSync(path.resolve(here, '../../../runtime-server/src/generated/eps.json'), 'utf8')) as Record<string, { prefix: string; search?: EpsSearch }[]>;

/** `base/comm/schema` as the server answers it: the entity with its EPS search block beside the screen block. */
function answer(id: string): EntitySchema {
  const e = entity(id);
  return { ...e, search: Object.values(eps).flat().find((x) => x.prefix === e.prefix)?.search ?? null };
}

/** A request function that answers schemas and empty pages, and writes down every call. */
function fakeRequest(fail = 0) {
  const calls: RequestOptions[] = [];
  let failures = fail;
  const request = (async (o: RequestOptions) => {
    calls.push(o);
    if (o.url === '/admin/base/comm/schema') {
      if (failures-- > 0) throw new Error('offline');
      const prefix = String((o.params as { prefix: string }).prefix);
      return answer(prefix.replace(/^\/admin\//, ''));
    }
    if (o.url.endsWith('/page')) return { list: [{ id: 1, title: 'a' }], pagination: { page: 1, size: 20, total: 1 } };
    if (o.url.endsWith('/list')) return [];
    if (o.url.endsWith('/delete')) return null;
    throw new Error(`unexpected ${o.url}`);
  }) as Request;
  return { request, calls };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

test('one schema request per prefix and request function; a failure is forgotten and retried', async () => {
  const { request, calls } = fakeRequest(1);
  await assert.rejects(loadEntitySchema(request, '/admin/demo/goods'), /offline/);
  const [a, b] = await Promise.all([loadEntitySchema(request, '/admin/demo/goods'), loadEntitySchema(request, '/admin/demo/goods')]);
  assert.equal(a, b);
  assert.equal(calls.filter((c) => c.url === '/admin/base/comm/schema').length, 2, 'the failed one and one more');
  const other = fakeRequest();
  await loadEntitySchema(other.request, '/admin/demo/goods');
  assert.equal(other.calls.length, 1, 'another session asks for itself');
});

test('the controller builds its model from the one answer (search block included) and loads its first page', async () => {
  const { request, calls } = fakeRequest();
  const store = await createCrudController({ request, hasPerm: () => true }, '/admin/demo/goods');
  assert.equal(store.model.entity.id, 'demo/goods');
  assert.ok(store.model.keyWord, 'keyword search from the answer\'s search block');
  assert.deepEqual(
    store.model.filters.map((f) => f.field).sort(),
    ['createTime', 'price', 'status', 'title', 'type'],
  );
  await settle();
  assert.equal(calls.filter((c) => c.url === '/admin/demo/goods/page').length, 1);
  assert.equal(store.total, 1);
  assert.ok(!calls.some((c) => c.url.includes('/eps')), 'no EPS look-up');
});

test('permissions come from the deps; writes are told with the store', async () => {
  const { request } = fakeRequest();
  const held = new Set(['demo:goods:page', 'demo:goods:delete']);
  const told: unknown[] = [];
  const store = controllerFor({ request, hasPerm: (k) => held.has(k) }, answer('demo/goods'), { onWrite: (s, rows) => told.push(s, rows.length) });
  assert.equal(store.can.delete, true);
  assert.equal(store.can.add, false);
  await store.remove([1]);
  assert.deepEqual(told, [store, 1]);
});

test('a screen that opens on the sidebar\'s first node waits for it before its first list', async () => {
  const { request, calls } = fakeRequest();
  const store = await createCrudController({ request, hasPerm: () => true }, '/admin/dict/info');
  assert.equal(store.model.sidebar?.start, 'first');
  await settle();
  assert.equal(calls.filter((c) => c.url.startsWith('/admin/dict/info/')).length, 0);
  await store.setFilter(store.model.sidebar!.filter, 1);
  assert.ok(calls.some((c) => c.url.startsWith('/admin/dict/info/')));
});
