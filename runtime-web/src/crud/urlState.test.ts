import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fromQuery, toQuery, toRequest } from './urlState';
import { entity } from './testing/entities';

const goods = entity('demo/goods').fields;
const defaults = { size: 20, order: 'createTime', sort: 'desc' as const, filters: {} };

test('parameters survive the URL: filters typed back by their field', () => {
  const params = { page: 3, size: 50, keyWord: '红 茶&x=1', order: 'price', sort: 'asc' as const, filters: { status: 1, type: [2, 3], title: 'cup' } };
  const q = toQuery(params, defaults);
  const back = fromQuery(`?${q}`, goods, defaults);
  assert.deepEqual(back, params);
});

test('defaults are left out of the URL, and a clean URL gives the defaults', () => {
  assert.equal(toQuery({ page: 1, size: 20, order: 'createTime', sort: 'desc', filters: { status: undefined, title: '' } }, defaults), '');
  assert.deepEqual(fromQuery('', goods, defaults), { page: 1, size: 20, order: 'createTime', sort: 'desc', filters: {} });
});

test('hostile or stale URL values are ignored, not sent', () => {
  const p = fromQuery('?page=-4&size=7&order=password;drop&sort=sideways&f.secret=1&f.status=1', goods, defaults, new Set(['status']));
  assert.equal(p.page, 1);
  assert.equal(p.size, 20, 'only the offered page sizes');
  assert.equal(p.order, 'createTime', 'unknown sort column falls back to the default');
  assert.deepEqual(p.filters, { status: 1 }, 'only filters the screen offers');
});

test('the request body uses wire names and drops empty values', () => {
  assert.deepEqual(toRequest({ page: 2, size: 10, keyWord: 'a', order: 'price', sort: 'asc', filters: { status: 0, type: [], title: '' } }), {
    page: 2,
    size: 10,
    keyWord: 'a',
    order: 'price',
    sort: 'asc',
    status: 0,
  });
  assert.deepEqual(toRequest({ page: 2, size: 10, filters: {} }, false), {}, 'list calls carry no paging');
});

test('a range survives the URL with an open end, and an empty range is neither written nor sent', () => {
  const ranges = new Set(['price', 'createTime']);
  const params = { page: 1, size: 20, order: 'createTime', sort: 'desc' as const, filters: { price: [null, '9.50'], createTime: ['2026-01-01 00:00:00', '2026-01-31 23:59:59'] } };
  const q = toQuery(params, defaults);
  assert.equal(q, 'f.createTime=2026-01-01+00%3A00%3A00&f.createTime=2026-01-31+23%3A59%3A59&f.price=&f.price=9.50');
  const back = fromQuery(`?${q}`, goods, defaults, undefined, ranges);
  assert.deepEqual(back.filters, params.filters);
  assert.deepEqual(fromQuery('?f.price=3', goods, defaults, undefined, ranges).filters, { price: ['3', null] }, 'one value is the lower end; a decimal stays an exact string');
  assert.equal(toQuery({ ...params, filters: { price: [null, null] } }, defaults), '');
  assert.deepEqual(toRequest({ page: 1, size: 20, filters: { price: [null, null], createTime: ['', ''] } }), { page: 1, size: 20 });
});
