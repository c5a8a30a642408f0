import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HASH_SLOTS, hashesRunning, hashSecret, verifySecret } from './secrets.js';

describe('secret hashing', () => {
  it(`runs scrypt hashes ${HASH_SLOTS} at a time at most; the others queue and all finish correctly`, async () => {
    let most = 0;
    let watching = true;
    const watch = (async () => {
      while (watching) {
        most = Math.max(most, hashesRunning());
        await new Promise((r) => setImmediate(r));
      }
    })();
    const plain = Array.from({ length: 6 }, (_, i) => `secret-${i}`);
    const hashes = await Promise.all(plain.map((p) => hashSecret(p)));
    const checks = await Promise.all(plain.map((p, i) => verifySecret(p, hashes[i])));
    const wrong = await Promise.all(plain.map((p, i) => verifySecret(p, hashes[(i + 1) % hashes.length])));
    watching = false;
    await watch;
    assert.equal(most, HASH_SLOTS, 'the slots were full, never more');
    assert.deepEqual(checks, plain.map(() => true));
    assert.deepEqual(wrong, plain.map(() => false));
    assert.equal(hashesRunning(), 0, 'every slot given back');
  });
});
