import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Knex } from 'knex';
import { sqliteTestDb } from '../testing/forEachDb.js';
import { withMigratedDb } from '../testing/migratedDb.js';
import { Authz, bumpAuthEpoch } from './authz.js';
import { NO_IDENTITY } from './identity.js';

/** A load that counts its calls and answers `value` when `open()` is called. */
function gatedLoad<T>(value: T) {
  let calls = 0;
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  return {
    load: async () => {
      calls++;
      await gate;
      return value;
    },
    open: () => open(),
    calls: () => calls,
  };
}

const sqlite = sqliteTestDb();

describe('Authz per-user cache: concurrent misses share one read', () => {
  let knex: Knex;
  withMigratedDb(sqlite, (k) => (knex = k));

  it('reads once for many requests missing the same key at once, and serves the cached value after', async () => {
    const authz = new Authz(knex, NO_IDENTITY);
    // The first use reads the shared epoch, which counts as a change (it clears the caches and their reads).
    await authz.ofUser('warm-up', 1, async () => 0);
    const a = gatedLoad({ name: 'first' });
    const waiting = Array.from({ length: 10 }, () => authz.ofUser('person', 7, a.load));
    await new Promise((r) => setTimeout(r, 10));
    assert.equal(a.calls(), 1, 'one read for ten concurrent misses');
    a.open();
    const values = await Promise.all(waiting);
    assert.ok(values.every((v) => v === values[0]), 'all got the one value read');
    const b = gatedLoad({ name: 'second' });
    b.open();
    assert.equal(await authz.ofUser('person', 7, b.load), values[0]);
    assert.equal(b.calls(), 0, 'cached: no read');
    // Another user is another key.
    assert.deepEqual(await authz.ofUser('person', 8, b.load), { name: 'second' });
  });

  it('a request after an epoch bump never joins a read begun before it, and the older read is not cached', async () => {
    const authz = new Authz(knex, NO_IDENTITY);
    const before = gatedLoad('before the change');
    const first = authz.ofUser('person', 9, before.load);
    await new Promise((r) => setTimeout(r, 10));
    await bumpAuthEpoch(knex);
    const afterChange = gatedLoad('after the change');
    afterChange.open();
    assert.equal(await authz.ofUser('person', 9, afterChange.load), 'after the change');
    assert.equal(afterChange.calls(), 1, 'read anew, not joined to the pending read');
    before.open();
    assert.equal(await first, 'before the change', 'the earlier request still gets its own answer');
    const later = gatedLoad('unused');
    assert.equal(await authz.ofUser('person', 9, later.load), 'after the change', 'the older read did not replace the newer value');
    assert.equal(later.calls(), 0);
  });

  it('a failed read is not kept: the next request reads again', async () => {
    const authz = new Authz(knex, NO_IDENTITY);
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error('database away');
    };
    await assert.rejects(Promise.all([authz.ofUser('person', 10, failing), authz.ofUser('person', 10, failing)]), /database away/);
    assert.equal(calls, 1);
    assert.equal(await authz.ofUser('person', 10, async () => 'back'), 'back');
  });
});
