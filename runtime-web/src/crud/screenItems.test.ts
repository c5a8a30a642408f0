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
