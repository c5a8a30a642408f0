import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import knexFactory from 'knex';
import { AppError } from '../core/errors.js';
import { CountCache } from './counts.js';

describe('background counts', () => {
  // Only the queue is exercised: a failed count stores nothing, so the database is never asked.
  const knex = knexFactory({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  after(() => knex.destroy());

  it('a count the statement limit cut is not tried again for ttlMs; any other failure is, after recountMs', async () => {
    const counts = new CountCache(knex, { exactLimit: 5, recountMs: 0, ttlMs: 60_000 });
    let cutRuns = 0;
    let otherRuns = 0;
    for (let i = 0; i < 3; i++) {
      counts.recount('e', 'cut', 0, async () => {
        cutRuns++;
        throw new AppError('error.queryTimeout');
      });
      counts.recount('e', 'other', 0, async () => {
        otherRuns++;
        throw new Error('connection lost');
      });
      await counts.idle();
    }
    assert.equal(cutRuns, 1, 'cut once, then left alone');
    assert.equal(otherRuns, 3, 'an ordinary failure is retried');
  });
});
