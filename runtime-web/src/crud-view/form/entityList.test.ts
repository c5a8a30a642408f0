import assert from 'node:assert/strict';
import { test } from 'node:test';
import { entityList } from './entityList';

test('pickers of one entity mounted together share one list request; once it answered the next asks again; a failure is not kept', async () => {
  const urls: string[] = [];
  let fail = false;
  const stores = {
    request<T>(o: { url: string }): Promise<T> {
      urls.push(o.url);
      return fail ? Promise.reject(new Error('down')) : Promise.resolve([{ id: urls.length }] as T);
    },
  };
  // Mounted together: both ask before the answer.
  const [a, b] = await Promise.all([entityList(stores, 'library/author'), entityList(stores, 'library/author')]);
  assert.deepEqual(urls, ['/admin/library/author/list']);
  assert.equal(a, b);
  await entityList(stores, 'library/book');
  assert.equal(urls.length, 2, 'another entity is its own list');
  // The next dialog, right after: a fresh list (a row just added in the previous dialog shows).
  const later = await entityList(stores, 'library/author');
  assert.deepEqual(later, [{ id: 3 }]);
  fail = true;
  await assert.rejects(entityList(stores, 'x/y'));
  fail = false;
  assert.deepEqual(await entityList(stores, 'x/y'), [{ id: 5 }], 'the failure was not remembered');
});
