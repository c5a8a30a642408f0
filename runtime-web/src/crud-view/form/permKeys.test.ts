import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { keyTree, permissionKeys, splitPerms } from './permKeys';

describe('permission keys', () => {
  const entries = [
    {
      prefix: '/admin/base/sys/user',
      api: [
        { path: '/page', method: 'post' },
        { path: '/move', method: 'post' },
        { path: '/:id', method: 'get' },
      ],
    },
    { prefix: '/app/user/info', api: [{ path: '/person', method: 'get' }] },
  ] as never;
  it('lists admin keys only, sorted, without path parameters', () => {
    assert.deepEqual(permissionKeys(entries), ['base:sys:user:move', 'base:sys:user:page']);
  });
  it('groups keys by segment with whole keys as leaves', () => {
    const t = keyTree(['base:sys:user:move', 'base:sys:user:page', 'base:sys:role:add']);
    assert.equal(t.length, 1);
    const sys = t[0]!.children![0]!;
    assert.deepEqual(
      sys.children!.map((n) => n.label),
      ['user', 'role'],
    );
    assert.deepEqual(
      sys.children![0]!.children!.map((n) => n.value),
      ['base:sys:user:move', 'base:sys:user:page'],
    );
  });
  it('splits stored perms', () => {
    assert.deepEqual(splitPerms('a:b, c:d,,'), ['a:b', 'c:d']);
    assert.deepEqual(splitPerms(null), []);
  });
});
