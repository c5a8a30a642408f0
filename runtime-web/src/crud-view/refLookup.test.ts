import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LOOKUP_BATCH, refChoices, refLabel, searchHow, searchRefs } from './refLookup';

type Call = { url: string; data: Record<string, unknown> };

/** A request function answering like the server: `list` with `where id in` gives those ids, `page` a page. */
function server(opts: { refuseWhere?: boolean; refuseList?: boolean } = {}) {
  const calls: Call[] = [];
  const stores = {
    request<T>(o: { url: string; data: unknown }): Promise<T> {
      const data = (o.data ?? {}) as Record<string, unknown>;
      calls.push({ url: o.url, data });
      const where = data.where as { value: number[] } | undefined;
      if (o.url.endsWith('/list')) {
        if (opts.refuseList || (where && opts.refuseWhere)) return Promise.reject(Object.assign(new Error('refused'), { code: 1001 }));
        const ids = where ? where.value : [1, 2, 3];
        return Promise.resolve(ids.map((id) => ({ id, title: `goods ${id}` })) as T);
      }
      return Promise.resolve({ list: [{ id: 7, title: 'goods 7' }], pagination: { page: 1, size: 50, total: 9_000_000 } } as T);
    },
  };
  return { stores, calls };
}

test('the labels of a page\'s references: the ids asked in one task go in one lookup, 200 at most, and are kept', async () => {
  const { stores, calls } = server();
  const ids = Array.from({ length: 450 }, (_, i) => i + 1);
  const labels = await Promise.all(ids.map((id) => refLabel(stores, 'demo/goods', id)));
  assert.equal(labels[0], 'goods 1');
  assert.equal(labels[449], 'goods 450');
  assert.deepEqual(calls.map((c) => (c.data.where as { value: unknown[] }).value.length), [LOOKUP_BATCH, LOOKUP_BATCH, 50]);
  assert.ok(calls.every((c) => c.url === '/admin/demo/goods/list' && (c.data.where as { op: string; field: string }).op === 'in'));
  // The next page shows some of the same ids: only the new ones are asked.
  const again = await Promise.all([refLabel(stores, 'demo/goods', 3), refLabel(stores, 'demo/goods', 999)]);
  assert.deepEqual(again, ['goods 3', 'goods 999']);
  assert.deepEqual((calls[3]!.data.where as { value: unknown[] }).value, [999]);
  // Another session (another request function) never reads these labels.
  const other = server();
  assert.equal(await refLabel(other.stores, 'demo/goods', 3), 'goods 3');
  assert.equal(other.calls.length, 1);
});

test('an entity whose list takes no filter: its labels come from the whole list, asked once', async () => {
  const { stores, calls } = server({ refuseWhere: true });
  const labels = await Promise.all([1, 2, 4].map((id) => refLabel(stores, 'base/sys/role', id)));
  assert.deepEqual(labels, ['goods 1', 'goods 2', undefined], 'an id the list does not hold keeps no label');
  assert.equal(await refLabel(stores, 'base/sys/role', 3), 'goods 3');
  // The refusal, the whole list; the next id is read from the same whole list.
  assert.deepEqual(calls.map((c) => 'where' in c.data), [true, false]);
});

test('pickers: the whole list while the entity gives one, else its first page and searches on the server', async () => {
  const small = server();
  assert.deepEqual(await refChoices(small.stores, 'base/sys/role'), { rows: [1, 2, 3].map((id) => ({ id, title: `goods ${id}` })), complete: true });
  const big = server({ refuseList: true });
  const c = await refChoices(big.stores, 'demo/goods');
  assert.equal(c.complete, false);
  assert.deepEqual(c.rows, [{ id: 7, title: 'goods 7' }]);
  assert.deepEqual(big.calls.map((x) => x.url), ['/admin/demo/goods/list', '/admin/demo/goods/page']);
  await searchRefs(big.stores, 'demo/goods', '  tea ', { by: 'like', field: 'title' });
  assert.deepEqual(big.calls.at(-1)!.data, { page: 1, size: 50, title: 'tea' });
  await searchRefs(big.stores, 'user/info', 'ali', { by: 'keyWord' });
  assert.deepEqual(big.calls.at(-1)!.data, { page: 1, size: 50, keyWord: 'ali' });
  await searchRefs(big.stores, 'lock/device', 'SN-1', { by: 'contains', field: 'serialNumber' });
  assert.deepEqual(big.calls.at(-1)!.data.where, { field: 'serialNumber', op: 'contains', value: 'SN-1' });
});

test('a picker searches by the text it shows: the label\'s own filter, the keyword when it covers the label, else contains', () => {
  const goods = { keyWordLikeFields: [{ propertyName: 'description' }], fieldLike: [{ propertyName: 'title' }] };
  assert.deepEqual(searchHow(goods, 'title'), { by: 'like', field: 'title' });
  assert.deepEqual(searchHow({ keyWordLikeFields: [{ propertyName: 'nickName' }, { propertyName: 'phone' }] }, 'nickName'), { by: 'keyWord' });
  assert.deepEqual(searchHow(goods, 'name'), { by: 'contains', field: 'name' }, 'a keyword over other fields would not find the label');
  assert.deepEqual(searchHow(undefined, undefined), { by: 'keyWord' });
});
