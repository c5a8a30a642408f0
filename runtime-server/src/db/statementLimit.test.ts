import { test } from 'node:test';
import assert from 'node:assert/strict';
import knexFactory from 'knex';
import { AppError } from '../core/errors.js';
import { boundStatements, withStatementLimit } from './statementLimit.js';

// A user's requests queue for his share of the pool (one statement at a time on SQLite's single connection).
async function queue(goneSecond: boolean): Promise<PromiseSettledResult<unknown>[]> {
  const knex = knexFactory({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  try {
    boundStatements(knex, 'sqlite');
    let gone = false;
    const run = (isGone?: () => boolean) => withStatementLimit(0, async () => await knex.raw('select 1 as x'), () => 7, isGone);
    const all = [run(), run(() => gone), run()];
    // The client of the second request leaves while it waits behind the first.
    gone = goneSecond;
    return await Promise.allSettled(all);
  } finally {
    await knex.destroy();
  }
}

test('a queued request whose client has gone gives its turn to the owner\'s next one instead of running', async () => {
  const [first, second, third] = await queue(true);
  assert.equal(first!.status, 'fulfilled');
  assert.equal(second!.status, 'rejected');
  const reason = (second as PromiseRejectedResult).reason as unknown;
  assert.ok(reason instanceof AppError && reason.key === 'error.clientGone', String(reason));
  assert.equal(third!.status, 'fulfilled');
});

test('while the clients stay, every queued request runs', async () => {
  const results = await queue(false);
  assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'fulfilled', 'fulfilled']);
});
