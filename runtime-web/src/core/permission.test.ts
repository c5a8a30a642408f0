import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hasPerm, permKey } from './permission';

const perms = ['base:sys:user:page', 'base:sys:user:add', 'task:info:start,task:info:stop', ' demo : goods : page '];

test('a key is held when a held string contains it, whitespace removed', () => {
  assert.equal(hasPerm(perms, 'base:sys:user:add'), true);
  assert.equal(hasPerm(perms, 'base:sys:user'), true, 'contains-match');
  assert.equal(hasPerm(perms, 'base:sys:user:delete'), false);
  assert.equal(hasPerm(perms, 'task:info:stop'), true, 'inside a comma list');
  assert.equal(hasPerm(perms, 'demo:goods:page'), true, 'spaces in the held string');
  assert.equal(hasPerm(perms, ' base : sys : user : page '), true, 'spaces in the asked key');
});

test('slash and colon forms are the same key', () => {
  assert.equal(hasPerm(perms, 'base/sys/user/page'), true);
  assert.equal(hasPerm(['base/sys/role/update'], 'base:sys:role:update'), true);
  assert.equal(hasPerm(perms, 'base/sys/role/page'), false);
});

test('or needs one entry, and needs all, nesting allowed', () => {
  assert.equal(hasPerm(perms, { or: ['base:sys:user:delete', 'base:sys:user:add'] }), true);
  assert.equal(hasPerm(perms, { or: ['base:sys:user:delete', 'x:y'] }), false);
  assert.equal(hasPerm(perms, { and: ['base:sys:user:page', 'base:sys:user:add'] }), true);
  assert.equal(hasPerm(perms, { and: ['base:sys:user:page', 'base:sys:user:delete'] }), false);
  assert.equal(hasPerm(perms, { and: ['base:sys:user:page', { or: ['nope', 'task:info:start'] }] }), true);
});

test('non-string truthy values are allowed, falsy ones are not', () => {
  assert.equal(hasPerm([], true), true);
  assert.equal(hasPerm([], 1), true);
  assert.equal(hasPerm([], { whatever: 1 }), true);
  assert.equal(hasPerm(perms, ''), false);
  assert.equal(hasPerm(perms, '   '), false);
  assert.equal(hasPerm(perms, undefined), false);
  assert.equal(hasPerm(perms, null), false);
  assert.equal(hasPerm(perms, false), false);
  assert.equal(hasPerm(perms, 0), false);
  assert.equal(hasPerm([], 'base:sys:user:page'), false, 'no perms held');
});

test('permKey drops the admin prefix', () => {
  assert.equal(permKey('admin/base/sys/user', 'page'), 'base:sys:user:page');
  assert.equal(permKey('/admin/dict/info', 'data'), 'dict:info:data');
});
