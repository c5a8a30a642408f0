import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildScreenModel, cellKind, labelIn, permOf } from './model';
import { entity } from './testing/entities';
import type { EntitySchema } from './types';

const goodsSearch = {
  keyWordLikeFields: [{ propertyName: 'description', labels: { en: 'Description' } }],
  fieldEq: [{ propertyName: 'status' }, { propertyName: 'type' }],
  fieldLike: [{ propertyName: 'title' }],
  fieldRange: [{ propertyName: 'price' }, { propertyName: 'createTime' }],
};

test('goods: columns, filters, form and default sort come from x-screen', () => {
  const m = buildScreenModel(entity('demo/goods'), goodsSearch);
  assert.deepEqual(m.columns.map((c) => c.key), ['title', 'mainImage', 'price', 'type', 'status', 'stock', 'description', 'createTime']);
  const kinds = Object.fromEntries(m.columns.map((c) => [c.key, c.kind]));
  assert.equal(kinds.price, 'decimal');
  assert.equal(kinds.type, 'dict');
  assert.equal(kinds.status, 'options');
  assert.equal(kinds.mainImage, 'image');
  assert.equal(kinds.createTime, 'datetime');
  assert.equal(m.columns.find((c) => c.key === 'price')!.align, 'right', 'numbers right-aligned');
  assert.deepEqual(m.filters.map((f) => [f.field, f.kind, f.match]), [
    ['status', 'options', 'eq'],
    ['type', 'dict', 'eq'],
    ['title', 'text', 'like'],
    ['price', 'numberRange', 'range'],
    ['createTime', 'dateRange', 'range'],
  ]);
  assert.equal(m.keyWord, true);
  assert.deepEqual(m.defaultSort, { field: 'createTime', order: 'desc' });
  assert.deepEqual(m.form.map((f) => f.field), ['title', 'price', 'type', 'status', 'stock', 'mainImage', 'exampleImages', 'description']);
  assert.equal(m.form.find((f) => f.field === 'description')!.span, 24);
  assert.equal(m.ops.history, true);
  assert.equal(permOf(m.entity, 'add'), 'demo:goods:add');
});

test('a bare schema (no x-screen) still gets every non-secret column and an editable form', () => {
  const bare: EntitySchema = { ...entity('base/sys/user'), screen: null };
  const m = buildScreenModel(bare);
  const keys = m.columns.map((c) => c.key);
  assert.ok(!keys.includes('password'), 'secrets never become columns');
  assert.ok(!keys.includes('id') && !keys.includes('tenantId'));
  assert.ok(keys.includes('username') && keys.includes('createTime'));
  const form = m.form.map((f) => f.field);
  assert.ok(form.includes('password'), 'a secret is a write-only input');
  assert.ok(!form.includes('createTime') && !form.includes('id'), 'implicit fields are not typed in');
  assert.equal(m.keyWord, false, 'no keyword box without keyword fields');
  assert.deepEqual(m.defaultSort, { field: 'createTime', order: 'desc' });
});

test('tree entities render as tree tables; custom actions are placed by x-screen', () => {
  assert.equal(buildScreenModel(entity('base/sys/menu')).view, 'tree-table');
  const log = buildScreenModel(entity('base/sys/log'));
  assert.deepEqual(log.toolbarActions.map((a) => [a.name, a.confirm ?? false]), [
    ['setKeep', false],
    ['clear', true],
  ]);
  assert.equal(log.ops.add, false);
  const user = buildScreenModel(entity('base/sys/user'));
  assert.deepEqual(user.rowActions.map((a) => a.name), ['move']);
  assert.deepEqual(user.toolbarActions.map((a) => a.name), ['move']);
  assert.equal(user.sidebar?.filter, 'departmentIds');
});

test('cell kinds by field type and name', () => {
  const f = (over: Record<string, unknown>) => ({ name: 'x', type: 'string', label: {}, schema: {}, ...over }) as never;
  assert.equal(cellKind(f({ secret: true })), 'secret');
  assert.equal(cellKind(f({ type: 'integer', ref: 'base/sys/department' })), 'ref');
  assert.equal(cellKind(f({ type: 'boolean' })), 'boolean');
  assert.equal(cellKind(f({ name: 'headImg' })), 'image');
  assert.equal(cellKind(f({ type: 'json', name: 'exampleImages', schema: { type: ['array', 'null'], items: { type: 'string' } } })), 'images');
  assert.equal(cellKind(f({ type: 'json', name: 'params' })), 'json');
  assert.equal(cellKind(f({ type: 'longtext' })), 'longtext');
});

test('labels fall back from the locale to zh-cn, then English', () => {
  assert.equal(labelIn({ 'zh-cn': '商品', en: 'Goods' }, 'en'), 'Goods');
  assert.equal(labelIn({ 'zh-cn': '商品', en: 'Goods' }, 'zh-tw'), '商品');
  assert.equal(labelIn({ en: 'Goods' }, 'zh-tw'), 'Goods');
  assert.equal(labelIn(undefined, 'en', 'x'), 'x');
});

test('form groups show as sections unless the screen asks for tabs', () => {
  const e = entity('demo/goods');
  const grouped = { ...e, screen: { ...e.screen, form: [{ field: 'title', group: { en: 'Main' } }, 'price'] } } as never;
  const m = buildScreenModel(grouped);
  assert.equal(m.formLayout, 'sections');
  assert.deepEqual(m.form.map((f) => [f.field, f.group?.en]), [['title', 'Main'], ['price', undefined]]);
  assert.equal(buildScreenModel(e).formLayout, 'grid');
});

test('a joined column listed by a screen shows read-only; beside its reference it is left to the reference cell', () => {
  const order = entity('demo/order');
  const joined = [{ name: 'goodsTitle', type: 'string', label: { en: 'Title' }, schema: {}, readOnly: true, via: 'goodsId' }];
  const withLabel: EntitySchema = { ...order, joined, fields: order.fields.map((f) => (f.name === 'goodsId' ? { ...f, refLabel: 'goodsTitle' } : f)) };
  const m = buildScreenModel(withLabel);
  assert.ok(m.columns.some((c) => c.key === 'goodsId'));
  assert.ok(!m.columns.some((c) => c.key === 'goodsTitle'), 'the goods column already shows the title');
  // A screen that lists the title without the reference column shows it as a column of its own.
  const alone = buildScreenModel({ ...withLabel, screen: { ...order.screen, columns: ['goodsTitle', 'amount'] } });
  const title = alone.columns.find((c) => c.key === 'goodsTitle')!;
  assert.deepEqual([title.kind, title.sortable, title.virtual, title.field?.readOnly], ['text', false, undefined, true]);
  assert.ok(!alone.form.some((f) => f.field === 'goodsTitle'), 'never a form field');
});

test('change audit: always newest first (its fixed order comes before a request\'s), so no column offers a sort', () => {
  const m = buildScreenModel(entity('base/sys/audit'));
  assert.deepEqual(m.columns.filter((c) => c.sortable).map((c) => c.key), []);
});
