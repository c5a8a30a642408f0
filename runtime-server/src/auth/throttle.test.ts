import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Knex } from 'knex';
import { testDatabases } from '../testing/forEachDb.js';
import { withMigratedDb } from '../testing/migratedDb.js';
import { release, reserveAttempt } from './throttle.js';

for (const db of testDatabases()) {
  describe(`login throttle under concurrent sign-ins (${db.name})`, () => {
    let knex: Knex;
    withMigratedDb(db, (k) => (knex = k));

    // Several instances signing the same admin in at once (they start together): the rows' first insert, the
    // reservation and the success's refund lock the same rows in turn. MariaDB then picks deadlock victims,
    // which must queue again rather than fail the sign-in with a 500 (seen in CI).
    it('never fails a reservation or a refund when the same user and address sign in at once', async () => {
      for (let round = 0; round < 8; round++) {
        const user = `user:admin${round}`;
        const results = await Promise.allSettled(
          Array.from({ length: 12 }, async () => {
            const wait = await reserveAttempt(knex, [user, 'ip:127.0.0.1']);
            if (wait === 0) await release(knex, user, 'ip:127.0.0.1');
            return wait;
          }),
        );
        const failed = results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason));
        assert.deepEqual(failed, [], `round ${round}`);
        // Every reservation that went ahead was refunded: the address has no failures left.
        const ip = (await knex('base_sys_login_attempt').where({ scope: 'ip:127.0.0.1' }).first('failures')) as { failures: number };
        assert.equal(Number(ip.failures), 0, `round ${round}`);
      }
    });
  });
}
