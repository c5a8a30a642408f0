import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createStores } from '../core/stores';
import type { Stores } from '../core/stores';
import { memoryStorage, startLiveServer, TEST_ADMIN_PASSWORD, TEST_CAPTCHA } from '../core/testing/liveServer';
import type { LiveServer } from '../core/testing/liveServer';
import { buildScreenModel } from './model';
import { createDataProvider, CrudError } from './provider';
import type { DataProvider } from './provider';
import { CrudStore } from './store';
import { entity } from './testing/entities';

let live: LiveServer;
let stores: Stores;
before(async () => {
  live = await startLiveServer();
  stores = createStores({ storage: memoryStorage(), fetch, baseUrl: live.baseUrl, toast: () => {}, navigate: () => {} });
  const c = await stores.user.captcha();
  await stores.user.login({ username: 'admin', password: TEST_ADMIN_PASSWORD, captchaId: c.captchaId, verifyCode: TEST_CAPTCHA });
  for (let i = 1; i <= 25; i++) {
    await stores.request({ url: '/admin/demo/goods/add', method: 'POST', data: { title: `item ${String(i).padStart(2, '0')}`, price: `${i}.50`, status: i % 2, stock: i } });
  }
});
after(() => live.close());

function goodsStore(url?: { query: string }, provider?: DataProvider) {
  const e = entity('demo/goods');
  const eps = stores.eps.entries.find((x) => x.prefix === e.prefix);
  const model = buildScreenModel(e, (eps?.search ?? {}) as never);
  return new CrudStore(provider ?? createDataProvider(stores.request, e), model, {
    hasPerm: () => true,
    ...(url ? { url: { read: () => url.query, write: (q) => void (url.query = q) } } : {}),
  });
}

test('paging, sort, filters and keyword go to the server and into the URL', async () => {
  await stores.eps.load();
  const url = { query: '' };
  const s = goodsStore(url);
  await s.refresh();
  assert.equal(s.total, 25);
  assert.equal(s.rows.length, 20);
  assert.equal(s.rows[0]!.title, 'item 25', 'default sort createTime desc');
  await s.setSort('price', 'asc');
  assert.equal(s.rows[0]!.price, '1.50', 'decimal comes back exact, as text');
  await s.setPage(2);
  assert.equal(s.rows.length, 5);
  await s.setFilter('status', 1);
  assert.equal(s.total, 13);
  assert.equal(s.params.page, 1, 'a filter goes back to page 1');
  await s.setFilter('title', 'item 1');
  assert.deepEqual(new Set(s.rows.map((r) => r.status)), new Set([1]));
  assert.ok(s.rows.every((r) => String(r.title).startsWith('item 1')));
  assert.match(url.query, /order=price/);
  assert.match(url.query, /f\.status=1/);

  // A reload with that URL restores the same list.
  const again = goodsStore({ query: url.query });
  await again.refresh();
  assert.deepEqual(again.rows.map((r) => r.id), s.rows.map((r) => r.id));
  await s.reset();
  assert.equal(s.total, 25);
  assert.equal(s.params.order, 'price', 'reset keeps the sort');
});

test('a slower, older answer never replaces a newer one', async () => {
  const e = entity('demo/goods');
  const real = createDataProvider(stores.request, e);
  let calls = 0;
  const slowFirst: DataProvider = {
    ...real,
    async page(params) {
      const n = ++calls;
      const res = await real.page(params);
      if (n === 1) await new Promise((r) => setTimeout(r, 150));
      return res;
    },
  };
  const s = goodsStore(undefined, slowFirst);
  const first = s.refresh({ filters: { status: 0 } });
  await s.setFilter('status', 1);
  await first;
  assert.ok(s.rows.every((r) => r.status === 1), 'the status=1 answer stands');
  assert.equal(s.params.filters.status, 1);
});

test('selection survives paging; delete refreshes and drops deleted rows from the selection', async () => {
  const s = goodsStore();
  await s.setPage(1, 10);
  s.select(s.rows.slice(0, 2), true);
  await s.setPage(2);
  s.setVisibleSelection([s.rows[0]!.id as number]);
  assert.equal(s.selected.size, 3, 'two from page 1, one from page 2');
  const ids = s.selectedKeys;
  await s.remove(ids);
  assert.equal(s.selected.size, 0);
  assert.equal(s.total, 22);
});

test('an inline toggle shows at once and rolls back when the server refuses', async () => {
  const s = goodsStore();
  await s.refresh();
  const row = s.rows[0]!;
  await s.toggle(row, 'status', row.status === 1 ? 0 : 1);
  const info = await s.provider.info(row.id);
  assert.equal(info.status, row.status === 1 ? 0 : 1, 'saved on the server');

  const before = s.rows[0]!.stock;
  await assert.rejects(s.toggle(s.rows[0]!, 'stock', -5), (e: unknown) => e instanceof CrudError && e.code === 1002);
  assert.equal(s.rows[0]!.stock, before, 'rolled back');
});

test('a 1002 from the server names its fields', async () => {
  const s = goodsStore();
  await assert.rejects(s.save('add', { title: '', stock: -1 }), (e: unknown) => {
    assert.ok(e instanceof CrudError);
    assert.equal(e.code, 1002);
    assert.ok(Object.keys(e.fields).some((f) => f === 'title' || f === 'stock'), JSON.stringify(e.fields));
    return true;
  });
});

test('permission flags follow the keys the user holds', async () => {
  const e = entity('demo/goods');
  const s = new CrudStore(createDataProvider(stores.request, e), buildScreenModel(e), { hasPerm: (k) => k === 'demo:goods:page' || k === 'demo:goods:update' });
  assert.deepEqual(s.can, { add: false, update: true, delete: false, info: false, history: false });
});

test('rows are checkable only when an action the user may run takes them: delete, bulk edit, a toolbar action on ids', () => {
  const make = (id: string, held: (k: string) => boolean) => new CrudStore(createDataProvider(stores.request, entity(id)), buildScreenModel(entity(id)), { hasPerm: held });
  assert.equal(make('base/sys/log', () => true).selectable, false, 'request log: clear and keep days take no rows');
  assert.equal(make('recycle/data', () => true).selectable, true, 'recycle bin: restore takes the selected ids');
  assert.equal(make('recycle/data', (k) => k !== 'recycle:data:restore').selectable, false, 'restore not held');
  assert.equal(make('demo/goods', (k) => k === 'demo:goods:page').selectable, false, 'goods, read only');
  assert.equal(make('demo/goods', (k) => k === 'demo:goods:page' || k === 'demo:goods:update').selectable, true, 'bulk edit');
  assert.equal(make('demo/goods', (k) => k === 'demo:goods:page' || k === 'demo:goods:delete').selectable, true, 'delete');
});
