import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import knexFactory from 'knex';
import type { Knex } from 'knex';
import { SQLITE_LIMIT_TERM } from '../db/statementLimit.js';
import { countWithoutDeadline } from './countReads.js';

describe('countWithoutDeadline (SQLite)', () => {
  const knex = knexFactory({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  before(async () => {
    await knex.schema.createTable('t', (t) => {
      t.increments('id');
      t.integer('status');
      t.integer('type');
      t.string('title');
      t.decimal('price');
      t.integer('departmentId');
      t.index(['status', 'type']);
      t.index(['price']);
    });
    await knex.schema.createTable('d', (t) => {
      t.increments('id');
      t.string('name');
    });
    await knex('t').insert(Array.from({ length: 200 }, (_, i) => ({ status: i % 3, type: i % 5, title: `t${i}`, price: i / 10, departmentId: i % 7 })));
  });
  after(() => knex.destroy());

  /** The request's read as crud/query.ts filteredQuery makes it: the deadline term first, then the filters. */
  const read = (filters: (qb: Knex.QueryBuilder) => void) => {
    const qb = knex({ a: 't' }).whereRaw(SQLITE_LIMIT_TERM);
    filters(qb);
    return qb;
  };
  let n = 0;
  /** Whether the count went without the term; a key of its own each time (decisions are kept by key). */
  const freed = async (qb: Knex.QueryBuilder) => {
    const { query } = await countWithoutDeadline(knex, qb, `k${n++}`);
    const sql = query.toSQL().sql;
    return !sql.includes('sa_within_limit');
  };

  it('leaves the term out where the index holds every term: equality, IN, a range', async () => {
    assert.equal(await freed(read((qb) => qb.where('a.status', 1).where('a.type', 2))), true);
    assert.equal(await freed(read((qb) => qb.whereIn('a.status', [1, 2]))), true);
    assert.equal(await freed(read((qb) => qb.where('a.price', '>=', 1).where('a.price', '<=', 2)).clone()), true);
  });

  it('keeps it where a term is left for each row: an unindexed column, a LIKE, a column off the index prefix', async () => {
    assert.equal(await freed(read((qb) => qb.where('a.status', 1).where('a.title', 't3'))), false);
    assert.equal(await freed(read((qb) => qb.where('a.status', 1).where('a.title', 'like', '%3%'))), false);
    assert.equal(await freed(read((qb) => qb.where('a.type', 2))), false, 'type alone is not a prefix of (status, type)');
    assert.equal(await freed(read((qb) => qb.where('a.departmentId', 3))), false, 'no index at all: a scan');
  });

  it('keeps it for a join, an OR, a NOT and a raw condition', async () => {
    assert.equal(await freed(read((qb) => qb.leftJoin({ b: 'd' }, 'b.id', 'a.departmentId').where('a.status', 1))), false);
    assert.equal(await freed(read((qb) => qb.where('a.status', 1).orWhere('a.status', 2))), false);
    assert.equal(await freed(read((qb) => qb.whereNot('a.status', 1))), false);
    assert.equal(await freed(read((qb) => qb.where('a.status', 1).whereRaw('a.type + 1 = 3'))), false);
  });

  it('counts the same rows without the term', async () => {
    const qb = read((q) => q.where('a.status', 1).whereIn('a.type', [2, 4]));
    const { query } = await countWithoutDeadline(knex, qb, `k${n++}`);
    const got = (await query.clone().clearSelect().count({ c: '*' }).first()) as { c: number };
    const want = (await knex('t').where('status', 1).whereIn('type', [2, 4]).count({ c: '*' }).first()) as { c: number };
    assert.equal(Number(got.c), Number(want.c));
    assert.ok(Number(want.c) > 0);
  });

  it('a read without the term (no statement limit) is left as it is', async () => {
    const qb = knex({ a: 't' }).where('a.status', 1);
    assert.equal((await countWithoutDeadline(knex, qb, `k${n++}`)).query, qb);
  });
});
