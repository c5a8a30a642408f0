import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { reusableJson, reusedAnswer } from './reusableJson.js';

const wrap = (json: string) => `{"data":${json}}`;

describe('reusableJson', () => {
  it('freezes a marked value all the way down and gives the same answer bytes each time', () => {
    const value = reusableJson({ menus: [{ id: 1, name: '部门' }], perms: ['x'] });
    assert.ok(Object.isFrozen(value) && Object.isFrozen(value.menus) && Object.isFrozen(value.menus[0]));
    assert.throws(() => {
      'use strict';
      (value.menus[0] as { name: string }).name = 'changed';
    }, TypeError);
    const bytes = reusedAnswer(value, wrap);
    assert.ok(Buffer.isBuffer(bytes));
    assert.equal(bytes.toString('utf8'), wrap(JSON.stringify({ menus: [{ id: 1, name: '部门' }], perms: ['x'] })), 'UTF-8, wrapped');
    assert.equal(reusedAnswer(value, wrap), bytes, 'made once');
    assert.equal(bytes.byteOffset, 0, 'memory of its own, not a slice of the shared pool');
    assert.equal(bytes.buffer.byteLength, bytes.length);
  });

  it('gives nothing for a value that was not marked', () => {
    assert.equal(reusedAnswer({ a: 1 }, wrap), undefined);
    assert.equal(reusedAnswer('text', wrap), undefined);
    assert.equal(reusedAnswer(null, wrap), undefined);
  });
});
