import assert from 'node:assert/strict';
import { test } from 'node:test';
import knexFactory from 'knex';
import type { Knex } from 'knex';
import { memoizeCompiles } from './compileMemo.js';

/**
 * The memo must give exactly what Knex's compiler gives, for every shape and every value, on every dialect: each
 * case is built twice with different values (the first proves the shape, the second is served from the memo) and
 * compared with a Knex instance that compiles every time. Compiling needs no connection.
 */
const DIALECTS: Knex.Config[] = [
  { client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true },
  { client: 'mysql2' },
  { client: 'pg' },
];

type Case = [name: string, build: (k: Knex, v: number) => Knex.QueryBuilder];

const CASES: Case[] = [
  ['where, order, limit, offset', (k, v) => k({ a: 't' }).where('a.x', v).where('a.y', '>=', `s${v}`).orderBy([{ column: 'a.x', order: 'desc' }, 'a.id']).limit(20 + v).offset(20 * v)],
  ['offset zero is not written', (k, v) => k('t').where('x', v).limit(21).offset(v % 2 ? 0 : 40)],
  ['IN lists of two lengths', (k, v) => k('t').whereIn('x', v % 2 ? [v] : [v, v + 1, v + 2]).whereNotIn('y', [`a${v}`])],
  ['an empty IN list', (k, v) => k('t').whereIn('x', v % 2 ? [] : [v])],
  ['null against a value', (k, v) => k('t').where('x', v % 2 ? null : v)],
  ['between and like', (k, v) => k('t').whereBetween('x', [v, v + 10]).whereLike('y', `%${v}%`).orWhere('z', '<>', v)],
  ['a raw term with bindings', (k, v) => k({ a: 't' }).whereRaw('(a.id % ? <> 0 OR a.x = ?)', [61 + v, `r${v}`]).where('a.z', v)],
  ['a raw identifier binding', (k, v) => k('t').whereRaw('?? = ?', [v % 2 ? 'x' : 'y', v])],
  ['a left join and a select list', (k, v) => k({ a: 't' }).leftJoin({ b: 'u' }, 'b.id', 'a.userId').select(['a.id as id', 'b.name as name']).where('b.name', `n${v}`)],
  ['a join on a value', (k, v) => k({ a: 't' }).join({ b: 'u' }, (j) => j.on('b.id', '=', 'a.userId').andOnVal('b.kind', '=', v))],
  ['a bounded count of a subquery', (k, v) => k.from(k({ a: 't' }).where('a.x', v).select(k.raw('1 as one')).limit(100001 + v).as('bounded')).count({ total: '*' }).first()],
  ['a grouped condition (a callback)', (k, v) => k('t').where((w) => w.where('x', v).orWhere('y', v + 1))],
  ['a subquery in IN', (k, v) => k('t').whereIn('x', k('u').select('id').where('kind', v)).where('y', v)],
  ['group by and having', (k, v) => k('t').select('x').count({ n: '*' }).groupBy('x').having('x', '>', v)],
  ['first', (k, v) => k('t').where('x', v).first()],
  ['a Date value', (k, v) => k('t').where('at', '<', new Date(Date.UTC(2026, 0, v)))],
];

for (const config of DIALECTS) {
  test(`the memo compiles as Knex does: ${String(config.client)}`, async () => {
    const memo = knexFactory(config);
    const plain = knexFactory(config);
    memoizeCompiles(memo);
    try {
      for (const [name, build] of CASES) {
        for (const v of [1, 2, 3, 4]) {
          const got = build(memo, v).toSQL();
          const want = build(plain, v).toSQL();
          assert.equal(got.sql, want.sql, `${name} (${v}): text`);
          assert.deepEqual(got.bindings, want.bindings, `${name} (${v}): bindings`);
          assert.equal(got.method, want.method, `${name} (${v}): method`);
          assert.deepEqual(got.toNative(), want.toNative(), `${name} (${v}): native form`);
        }
      }
    } finally {
      await memo.destroy();
      await plain.destroy();
    }
  });
}

test('a proven shape is served without compiling; one that cannot be proven is compiled every time', async () => {
  const knex = knexFactory(DIALECTS[0]!);
  memoizeCompiles(knex);
  try {
    // A served query's id is `memo:<n>`; Knex's own ids (nanoid) never hold a colon.
    const served = (q: Knex.QueryBuilder) => (q.toSQL() as unknown as { __knexQueryUid: string }).__knexQueryUid.startsWith('memo:');
    const page = (v: number) => knex({ a: 't' }).where('a.x', v).orderBy('a.id').limit(21);
    assert.equal(served(page(1)), false, 'the first of a shape is compiled');
    assert.equal(served(page(2)), true, 'the next is served');
    const ident = (c: string) => knex('t').whereRaw('?? = 1', [c]);
    assert.equal(ident('x').toSQL().sql, 'select * from `t` where `x` = 1');
    assert.equal(served(ident('y')), false, 'a raw identifier is part of the text: never served');
    assert.equal(ident('y').toSQL().sql, 'select * from `t` where `y` = 1');
    const grouped = (v: number) => knex('t').where((w) => w.where('x', v));
    grouped(1).toSQL();
    assert.equal(served(grouped(2)), false, 'a callback is not read: compiled');
    assert.equal(served(knex('t').insert({ x: 1 })), false, 'only reads are kept');
  } finally {
    await knex.destroy();
  }
});

test('a served statement runs and reads the rows its values select (SQLite)', async () => {
  const knex = knexFactory(DIALECTS[0]!);
  memoizeCompiles(knex);
  try {
    await knex.schema.createTable('t', (t) => {
      t.increments('id');
      t.integer('x');
    });
    await knex('t').insert([{ x: 1 }, { x: 2 }, { x: 2 }, { x: 3 }]);
    const ids = async (x: number) => (await knex('t').where('x', x).orderBy('id').select('id')).map((r: { id: number }) => r.id);
    assert.deepEqual(await ids(2), [2, 3]);
    assert.deepEqual(await ids(3), [4]);
    assert.deepEqual(await ids(1), [1]);
    const total = async (x: number) => Number(((await knex('t').where('x', '>=', x).count({ n: '*' }).first()) as { n: number }).n);
    assert.deepEqual([await total(1), await total(2), await total(3), await total(4)], [4, 3, 1, 0]);
    // In a transaction too: its client shares the database's memo.
    await knex.transaction(async (trx) => {
      assert.deepEqual((await trx('t').where('x', 2).orderBy('id').select('id')).map((r: { id: number }) => r.id), [2, 3]);
    });
  } finally {
    await knex.destroy();
  }
});
