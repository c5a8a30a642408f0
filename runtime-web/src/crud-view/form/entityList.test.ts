import assert from 'node:assert/strict';
import { test } from 'node:test';
import { entityList } from './entityList';

test('pickers of one entity mounted together share one list request; a later one asks again; a failure is not kept', async () => {
  const urls: string[] = [];
  let fail = false;
  const stores = {
    request<T>(o: { url: string }): Promise<T> {
      urls.push(o.url);
      return fail ? Promise.reject(new Error('down')) : Promise.resolve([{ id: urls.length }] as T);
    },
  };
  const t = 1_000_000;
  const a = await entityList(stores, 'library/author', t);
  const b = await entityList(stores, 'library/author', t + 500);
  assert.deepEqual(urls, ['/admin/library/author/list']);
  assert.equal(a, b);
  await entityList(stores, 'library/book', t + 600);
  assert.equal(urls.length, 2, 'another entity is its own list');
  const later = await entityList(stores, 'library/author', t + 2500);
  assert.deepEqual(later, [{ id: 3 }], 'a list older than a moment is asked again (a row just added shows)');
  fail = true;
  await assert.rejects(entityList(stores, 'x/y', t + 3000));
  fail = false;
  assert.deepEqual(await entityList(stores, 'x/y', t + 3001), [{ id: 5 }], 'the failure was not remembered');
});
