import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EXTENSIONS, enabledExtensions, installExtensions } from './index';
import type { ExtensionEntry } from './types';
import type { Stores } from '../core/stores';

const entry = (name: string, order: number, index: number, extra: Partial<ExtensionEntry> = {}): ExtensionEntry => ({ name, order, index, enable: true, ...extra });

describe('extensions', () => {
  it('enables upload and puts theme last with order 99', () => {
    const list = enabledExtensions();
    assert.deepEqual(list.map((e) => e.name), ['upload', 'plugin-drop', 'theme']);
    assert.equal(EXTENSIONS.find((e) => e.name === 'theme')?.order, 99);
    assert.equal(EXTENSIONS.find((e) => e.name === 'upload')?.enable, true);
  });

  it('sorts by order then declaration index and drops disabled entries', () => {
    const list = [entry('c', 5, 0), entry('a', 1, 1), entry('off', 0, 2, { enable: false }), entry('b', 5, 3)];
    assert.deepEqual(enabledExtensions(list).map((e) => e.name), ['a', 'c', 'b']);
  });

  it('installs in order and swallows a failing install (logged, not shown)', async () => {
    const seen: string[] = [];
    const errors: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const done = await installExtensions({} as Stores, [
        entry('late', 10, 0, { install: () => void seen.push('late') }),
        entry('broken', 2, 1, { install: () => Promise.reject(new Error('boom')) }),
        entry('early', 1, 2, { install: () => void seen.push('early') }),
      ]);
      assert.deepEqual(seen, ['early', 'late']);
      assert.deepEqual(done.map((e) => e.name), ['early', 'late']);
      assert.equal(errors.length, 1);
      assert.match(String(errors[0]?.[0]), /broken/);
    } finally {
      console.error = original;
    }
  });
});
