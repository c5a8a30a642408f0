import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createStorage, memoryBackend, storage } from './storage';

test('values round-trip as JSON and vanish once their expiry passes', () => {
  let now = 1_000_000;
  const backend = memoryBackend();
  const s = createStorage(backend, () => now);
  s.set('userInfo', { id: 1, name: 'a' });
  s.set('token', 'abc', 10);
  assert.deepEqual(s.get('userInfo'), { id: 1, name: 'a' });
  assert.equal(backend.getItem('token'), '"abc"', 'stored JSON-encoded like the reference client');
  assert.equal(backend.getItem('token_deadtime'), String(1_000_000 + 10_000));
  assert.equal(s.get('token'), 'abc');
  assert.equal(s.isExpired('token'), false);
  assert.equal(s.isExpired('userInfo'), false, 'no expiry → never expires');

  now += 8_500; // 1.5 s left
  assert.equal(s.get('token'), 'abc');
  assert.equal(s.isExpired('token', 2_000), true, 'within the 2 s margin');
  assert.equal(s.isExpired('token'), false);

  now += 1_500; // exactly at the deadline
  assert.equal(s.get('token'), undefined);
  assert.equal(s.isExpired('token'), true);
  assert.equal(s.peek('token'), 'abc', 'peek still reads the expired value');
  assert.equal(s.expiresAt('token'), 1_010_000);
});

test('set without expiry clears an old deadline; remove and clearAll delete both keys', () => {
  let now = 0;
  const backend = memoryBackend();
  const s = createStorage(backend, () => now);
  s.set('perms', ['a'], 1);
  s.set('perms', ['b']);
  now = 10_000;
  assert.deepEqual(s.get('perms'), ['b']);
  assert.equal(backend.getItem('perms_deadtime'), null);

  s.set('token', 't', 5);
  s.remove('token');
  assert.equal(backend.getItem('token'), null);
  assert.equal(backend.getItem('token_deadtime'), null);
  assert.equal(s.isExpired('token'), true, 'missing counts as expired');

  s.set('a', 1);
  s.set('b', 2, 3);
  s.clearAll();
  assert.equal(backend.length, 0);
});

test('unreadable JSON reads as absent; undefined removes', () => {
  const backend = memoryBackend();
  const s = createStorage(backend);
  backend.setItem('theme', '{broken');
  assert.equal(s.get('theme'), undefined);
  s.set('x', 1);
  s.set('x', undefined);
  assert.equal(backend.getItem('x'), null);
});

test('the default storage works under Node (no window)', () => {
  storage.set('locale', 'en');
  assert.equal(storage.get('locale'), 'en');
  storage.remove('locale');
  assert.equal(storage.get('locale'), undefined);
});
