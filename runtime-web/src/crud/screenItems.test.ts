/** Screen items of the module screens: virtual values (not properties), add-only requirements, fields by another field's value. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formSchema, toRequestBody } from './formSchema';
import { buildScreenModel, shownFor } from './model';
import { entity } from './testing/entities';

test('users: roles as a virtual column and a virtual form field sent in the body', () => {
  const m = buildScreenModel(entity('base/sys/user'));
  const roles = m.columns.find((c) => c.key === 'roleName');
  assert.ok(roles, 'roleName column');
  assert.equal(roles.component, 'tags');
  assert.equal(roles.label['zh-cn'], '角色');
  const item = m.form.find((i) => i.field === 'roleIdList');
  assert.ok(item, 'roleIdList form item');
  assert.equal(item.component, 'refs');
  assert.equal((formSchema(m.form, m.entity.required, 'add').properties as Record<string, { maxItems?: number }>).roleIdList!.maxItems, 3);
  assert.deepEqual(toRequestBody(m.form, { username: 'a', roleIdList: [2, 3] }, 'add').roleIdList, [2, 3]);
});

test('users: the password is required on add only', () => {
  const m = buildScreenModel(entity('base/sys/user'));
  assert.ok((formSchema(m.form, m.entity.required, 'add').required as string[]).includes('password'));
  assert.ok(!(formSchema(m.form, m.entity.required, 'update').required as string[]).includes('password'));
});

test('menus: route, view path and permissions show by type', () => {
  const m = buildScreenModel(entity('base/sys/menu'));
  const shown = (type: number) => m.form.filter((i) => shownFor(i, { type })).map((i) => i.field);
  assert.deepEqual(shown(0), ['type', 'name', 'parentId', 'router', 'icon', 'orderNum', 'isShow']);
  assert.deepEqual(shown(1), ['type', 'name', 'parentId', 'router', 'viewPath', 'icon', 'orderNum', 'keepAlive', 'isShow']);
  assert.deepEqual(shown(2), ['type', 'name', 'parentId', 'orderNum', 'perms']);
  // A hidden field keeps its stored value: a permission's leftover route is not sent.
  const body = toRequestBody(m.form, { id: 3, type: 2, name: 'p', router: 'left-over', perms: 'a:b' }, 'update');
  assert.ok(!('router' in body));
  assert.equal(body.perms, 'a:b');
});

test('tasks: cron shows and is required for a cron task only, the interval for an interval task only', () => {
  const m = buildScreenModel(entity('task/info'));
  const shown = (taskType: number) => m.form.filter((i) => shownFor(i, { taskType })).map((i) => i.field);
  assert.ok(shown(0).includes('cron') && !shown(0).includes('every'));
  assert.ok(shown(1).includes('every') && !shown(1).includes('cron'));
  const required = (taskType: number) => formSchema(m.form.filter((i) => shownFor(i, { taskType })), m.entity.required, 'add').required as string[];
  assert.deepEqual([required(0).includes('cron'), required(0).includes('every')], [true, false]);
  assert.deepEqual([required(1).includes('cron'), required(1).includes('every')], [false, true]);
  // The hidden one is not sent: switching a cron task to interval leaves its cron to the server's rule.
  assert.ok(!('cron' in toRequestBody(m.form, { name: 't', taskType: 1, every: 5000, cron: '* * * * * *' }, 'add')));
});

test('addresses: one region picker on the province fills city and district, which are hidden items sent with it', () => {
  const m = buildScreenModel(entity('user/address'));
  const province = m.form.find((i) => i.field === 'province')!;
  assert.equal(province.component, 'region');
  assert.deepEqual([province.props?.city, province.props?.district], ['city', 'district']);
  assert.deepEqual(m.form.filter((i) => i.hidden).map((i) => i.field), ['city', 'district']);
  const body = toRequestBody(m.form, { userId: 1, contact: 'a', phone: '13800000000', address: 'x', province: '广东省', city: '深圳市', district: '南山区' }, 'add');
  assert.deepEqual([body.province, body.city, body.district], ['广东省', '深圳市', '南山区']);
});

test('a relation with no column of its own (x-relation) is a form field picked from the linked entity, with no x-screen', () => {
  const goods = entity('demo/goods');
  const tags = { name: 'tagIdList', target: 'demo/tag', stored: false, label: { 'zh-cn': '标签', 'zh-tw': '標籤', en: 'Tags' }, schema: { type: ['array', 'null'], items: { type: 'integer' } } };
  const m = buildScreenModel({ ...goods, screen: null, relations: [tags] });
  const item = m.form.find((i) => i.field === 'tagIdList');
  assert.ok(item, 'in the default form');
  assert.equal(item.component, 'refs');
  assert.deepEqual(item.props, { ref: 'demo/tag' });
  assert.deepEqual(toRequestBody(m.form, { title: 'a', tagIdList: [4, 5] }, 'add').tagIdList, [4, 5]);
  assert.equal(m.columns.some((c) => c.key === 'tagIdList'), false, 'page rows do not carry it');
  // A stored relation is a field (a JSON copy) and keeps the field's own widget choice.
  const stored = buildScreenModel({ ...goods, screen: null, relations: [{ ...tags, name: 'exampleImages', stored: true }] });
  assert.equal(stored.form.find((i) => i.field === 'exampleImages')?.component, undefined);
});
