import assert from 'node:assert/strict';
import { createSecretKey, randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { cachedClaimsOf, signPair, verifyToken } from './tokens.js';

const claims = (userId: number) => ({ userId, username: `u${userId}`, passwordVersion: 1, sid: userId * 10, roleIds: [] });

describe('cached claims per connection', () => {
  it('answers each header with its own claims on one connection, and nothing for a token never verified', async () => {
    const secret = createSecretKey(randomBytes(32));
    const a = await signPair(secret, claims(1), 'ra');
    const b = await signPair(secret, claims(2), 'rb');
    const unverified = await signPair(secret, claims(3), 'rc');
    const connection = {};
    assert.equal(cachedClaimsOf(secret, a.token, connection), undefined, 'not verified yet: the caller verifies it');
    assert.equal((await verifyToken(secret, a.token))?.userId, 1);
    assert.equal((await verifyToken(secret, b.token))?.userId, 2);
    // A proxy may send several users' requests over one kept-alive connection: the header decides, every time.
    for (const [header, userId] of [[a.token, 1], [`Bearer ${b.token}`, 2], [a.token, 1], [a.token, 1], [b.token, 2]] as const) {
      assert.equal(cachedClaimsOf(secret, header, connection)?.userId, userId, header.slice(0, 12));
    }
    assert.equal(cachedClaimsOf(secret, unverified.token, connection), undefined);
    assert.equal(cachedClaimsOf(secret, `${a.token}x`, connection), undefined, 'a tampered token is not the one remembered');
    assert.equal(cachedClaimsOf(createSecretKey(randomBytes(32)), a.token, connection), undefined, 'another secret never shares the verdict');
    assert.equal(cachedClaimsOf(secret, undefined, connection), undefined);
  });
});
