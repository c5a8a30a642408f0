import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDecimal, formatDecimal } from './decimal';
import { extraErrors, formSchema, toFormData, toRequestBody } from './formSchema';
import { buildScreenModel } from './model';
import { entity } from './testing/entities';

test('decimals keep the exact digits typed and refuse more than the scale', () => {
  assert.deepEqual(checkDecimal('12.50', 10, 2), { ok: true, value: '12.50' });
  assert.deepEqual(checkDecimal(' 0045.2 ', 10, 2), { ok: true, value: '45.2' });
  assert.deepEqual(checkDecimal('1.230', 10, 2), { ok: true, value: '1.230' }, 'trailing zeros are not extra precision');
  assert.deepEqual(checkDecimal('1.234', 10, 2), { ok: false, reason: 'scale' });
  assert.deepEqual(checkDecimal('123456789', 10, 2), { ok: false, reason: 'precision' });
  assert.deepEqual(checkDecimal('1e3', 10, 2), { ok: false, reason: 'format' });
  assert.deepEqual(checkDecimal('-0.00', 10, 2), { ok: true, value: '0.00' });
  // A float would print 0.30000000000000004 here.
  assert.deepEqual(checkDecimal('99999999.99', 10, 2), { ok: true, value: '99999999.99' });
  assert.equal(formatDecimal('1234567.10'), '1,234,567.10');
  assert.equal(formatDecimal('-1000'), '-1,000');
});

test('an edit form round-trips every goods field unchanged, decimals as strings', () => {
  const m = buildScreenModel(entity('demo/goods'));
  const row = { id: 7, title: 'Tea', price: '45.25', type: 2, status: 1, stock: 3, mainImage: '/upload/a.png', exampleImages: ['/upload/b.png'], description: null, createTime: '2026-11-24 10:00:00' };
  const form = toFormData(m.form, row, 'update');
  assert.equal(form.price, '45.25');
  const body = toRequestBody(m.form, form, 'update');
  assert.deepEqual(body, { id: 7, title: 'Tea', price: '45.25', type: 2, status: 1, stock: 3, mainImage: '/upload/a.png', exampleImages: ['/upload/b.png'], description: null });
  assert.deepEqual(extraErrors(m.form, { price: '1.234' }), { price: 'scale' });
  assert.deepEqual(extraErrors(m.form, { price: '-1' }), { price: 'minimum' });
  const schema = formSchema(m.form, m.entity.required, 'update') as { properties: Record<string, { type: unknown }>; required: string[] };
  assert.deepEqual(schema.properties.price!.type, 'string', 'decimals validated as text');
  assert.deepEqual(schema.required, ['title']);
});

test('a secret is required when adding only, and an empty one is not sent on update', () => {
  const m = buildScreenModel(entity('base/sys/user'));
  const add = formSchema(m.form, m.entity.required, 'add') as { required: string[] };
  const upd = formSchema(m.form, m.entity.required, 'update') as { required: string[] };
  // Not required by the entity; the user screen asks for it on add (x-screen props.requiredOnAdd).
  assert.ok(add.required.includes('password'));
  assert.ok(!upd.required.includes('password'));
  const body = toRequestBody(m.form, { id: 1, username: 'x', password: '' }, 'update');
  assert.ok(!('password' in body));
  assert.equal(toFormData(m.form, { id: 1, password: 'should-never-be-here' }, 'update').password, undefined);
});
