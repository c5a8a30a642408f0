import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Knex } from 'knex';
import { testDatabases } from '../testing/forEachDb.js';
import { withMigratedDb } from '../testing/migratedDb.js';
import { bumpConfEpoch, EpochWatch } from './confEpoch.js';

for (const db of testDatabases()) {
  describe(`shared epoch watch (${db.name})`, () => {
    let knex: Knex;
    withMigratedDb(db, (k) => (knex = k));

    /** A watch with an hour's `maxAgeMs`: only a bump in this process makes it read the epoch again. */
    function watch(key: string) {
      let changes = 0;
      const w = new EpochWatch(knex, key, 3_600_000, () => changes++);
      /** Whether the check read the epoch. */
      const check = async () => {
        const read = w.check();
        if (read) await read;
        return read !== undefined;
      };
      return { check, changes: () => changes };
    }

    it('reads once, then nothing until a bump in this process, which it sees at its next check', async () => {
      const w = watch('testEpochA');
      assert.equal(await w.check(), true, 'the first check reads the epoch');
      assert.equal(w.changes(), 1);
      assert.equal(await w.check(), false, 'within maxAgeMs and without a bump nothing is read');
      await bumpConfEpoch(knex, 'testEpochA');
      assert.equal(await w.check(), true);
      assert.equal(w.changes(), 2, 'the new value was read');
      assert.equal(await w.check(), false);
      await bumpConfEpoch(knex, 'testEpochB');
      assert.equal(await w.check(), false, "another key's bump leaves it alone");
    });

    /**
     * Bumps `key` through `bump` inside a transaction held open, checks the watch before the commit, then after:
     * on MariaDB the check between reads (on another connection) the value from before the commit, awaited here
     * so it surely does; on SQLite it waits for the one pooled connection. Either way the watch must look again.
     */
    async function bumpHeldOpen(key: string, bump: (t: Knex.Transaction) => Promise<void>) {
      const w = watch(key);
      await w.check();
      const changes = w.changes();
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let bumped!: () => void;
      const didBump = new Promise<void>((r) => (bumped = r));
      const trx = knex.transaction(async (t) => {
        await bump(t);
        bumped();
        await held;
      });
      await didBump;
      const between = w.check();
      if (db.name === 'mariadb') {
        await between;
        assert.equal(w.changes(), changes, 'the read between saw the value from before the commit');
      }
      release();
      await trx;
      await between;
      await w.check();
      assert.equal(w.changes(), changes + 1, 'the committed value was read');
      assert.equal(await w.check(), false);
    }

    it('a bump inside a transaction is seen after the commit, even when a check ran between the bump and the commit', async () => {
      await bumpHeldOpen('testEpochC', (t) => bumpConfEpoch(t, 'testEpochC'));
    });

    it('a bump in a nested transaction is seen after the outermost one commits (the savepoint is released before)', async () => {
      await bumpHeldOpen('testEpochE', (t) => t.transaction((inner) => bumpConfEpoch(inner, 'testEpochE')));
    });

    it('a bump in a transaction rolled back changes nothing', async () => {
      const w = watch('testEpochD');
      await w.check();
      const changes = w.changes();
      await assert.rejects(
        knex.transaction(async (t) => {
          await bumpConfEpoch(t, 'testEpochD');
          throw new Error('roll back');
        }),
        /roll back/,
      );
      await w.check();
      assert.equal(w.changes(), changes, 'the epoch read is the one from before');
    });
  });
}
