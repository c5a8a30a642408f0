import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { reusableJson, reusedJsonText } from './reusableJson.js';

describe('reusableJson', () => {
  it('freezes a marked value all the way down and gives the same text each time', () => {
    const value = reusableJson({ menus: [{ id: 1, name: 'a' }], perms: ['x'] });
    assert.ok(Object.isFrozen(value) && Object.isFrozen(value.menus) && Object.isFrozen(value.menus[0]));
    assert.throws(() => {
      'use strict';
      (value.menus[0] as { name: string }).name = 'changed';
    }, TypeError);
    const text = reusedJsonText(value);
    assert.equal(text, JSON.stringify({ menus: [{ id: 1, name: 'a' }], perms: ['x'] }));
    assert.equal(reusedJsonText(value), text);
  });

  it('gives nothing for a value that was not marked', () => {
    assert.equal(reusedJsonText({ a: 1 }), undefined);
    assert.equal(reusedJsonText('text'), undefined);
    assert.equal(reusedJsonText(null), undefined);
  });
});
