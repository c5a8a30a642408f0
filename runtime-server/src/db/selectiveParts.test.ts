/**
 * PostgreSQL: a needle of several words looks up its rarest word in the trigram index and tests the whole needle
 * on those candidates only (db/like.ts `selectiveParts`, docs/decisions.md "Search that scales"). What matches must
 * not change: every needle's rows equal a hand-written ILIKE, whether a part was chosen or not.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Knex } from 'knex';
import { TABLES } from '../generated/tables.js';
import { testDatabases } from '../testing/forEachDb.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';
import { escapeLike, partKey, selectiveParts, whereContains } from './like.js';
import type { SearchIndex } from './like.js';

const ROWS = 3000;

for (const db of testDatabases().filter((d) => d.name === 'postgres')) {
  describe(`a needle's selective word (${db.name})`, () => {
    let app: TestApp;
    let knex: Knex;
    const search: SearchIndex = { table: TABLES.demoGoods, ftsTable: '', id: 'a.id', columns: ['a.description', 'a.title'] };
    before(async () => {
      app = await startTestApp(await db.config());
      knex = app.instance.services.knex;
      // Every description holds "number" and "goods"; the numbers, 绿茶 (one row in 7) and "Tea" vary.
      await knex.raw(
        `INSERT INTO ?? (title, description, "createTime", "updateTime") SELECT 'Goods ' || n,
          'description of goods number ' || n || CASE WHEN n % 7 = 0 THEN ' 绿茶叶 Tea' ELSE ' 红茶' END, now(), now()
         FROM generate_series(1, ${ROWS}) AS g(n)`,
        [TABLES.demoGoods],
      );
      await knex.raw('ANALYZE ??', [TABLES.demoGoods]);
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    const ids = async (needle: string, parts?: Map<string, string>) => {
      const qb = knex({ a: TABLES.demoGoods }).select('a.id').orderBy('a.id');
      whereContains(qb, ['a.description'], needle, search, false, false, parts?.get(partKey(['a.description'], needle)));
      return ((await qb) as { id: number }[]).map((r) => Number(r.id));
    };
    const byHand = async (needle: string) =>
      ((await knex(TABLES.demoGoods).whereRaw(`description ILIKE ? ESCAPE '!'`, [`%${escapeLike(needle)}%`]).select('id').orderBy('id')) as { id: number }[]).map((r) => Number(r.id));

    it('picks the rare word of a needle whose other words are in every row, and finds what ILIKE finds', async () => {
      const needles = ['number 2424', 'goods number 7', 'of goods 绿茶叶', '绿茶叶 tea', 'NUMBER 2999 绿茶叶', 'number 12 红茶', 'number 99999', 'goods number', 'er 24'];
      const parts = await selectiveParts(knex, search, needles.map((n) => [['a.description'], n] as const), 0);
      assert.equal(parts.get(partKey(['a.description'], 'number 2424')), '2424');
      assert.equal(parts.get(partKey(['a.description'], 'of goods 绿茶叶')), '绿茶叶', 'one row in 7 against every row');
      assert.equal(parts.get(partKey(['a.description'], 'goods number')), undefined, 'words as common as each other: the whole needle');
      assert.equal(parts.get(partKey(['a.description'], 'er 24')), undefined, 'one word of three characters or more');
      for (const n of needles) assert.deepEqual(await ids(n, parts), await byHand(n), n);
      // The index looks up the part; the whole needle is the test of its candidates.
      const qb = knex({ a: TABLES.demoGoods }).select('a.id');
      whereContains(qb, ['a.description'], 'number 2424', search, false, false, '2424');
      const res = (await knex.raw(`EXPLAIN (FORMAT JSON) ${qb.toSQL().sql}`, qb.toSQL().bindings)) as { rows: { 'QUERY PLAN': unknown }[] };
      const plan = JSON.stringify(res.rows[0]?.['QUERY PLAN']);
      assert.match(plan, /%2424%/, plan);
      assert.doesNotMatch(plan.replace(/"Filter":"[^"]*"/g, ''), /number 2424/, 'the whole needle only as a filter on the candidates');
    });

    it('a page through the API answers the same rows and total with a part as the hand-written ILIKE', async () => {
      // The planner's row count says the table is large (PART_MIN_ROWS): the server samples it as it would one of
      // a million rows (the statistics only; the sample reads the 3 000 rows there are).
      await knex.raw(`UPDATE pg_class SET reltuples = 1000000 WHERE oid = to_regclass(?)`, [TABLES.demoGoods]);
      const bindings: unknown[][] = [];
      knex.on('query', (q: { bindings?: unknown[] }) => bindings.push(q.bindings ?? []));
      for (const keyWord of ['number 2424', 'of goods 绿茶叶']) {
        const res = await app.post('/admin/demo/goods/page', { keyWord, page: 1, size: 500 });
        assert.equal(res.body.code, 1000, JSON.stringify(res.body));
        const got = (res.body.data.list as { id: number }[]).map((r) => Number(r.id)).sort((a, b) => a - b);
        assert.deepEqual(got, await byHand(keyWord), keyWord);
        assert.equal(res.body.data.pagination.total, got.length);
      }
      const flat = bindings.flat();
      assert.ok(flat.includes('%2424%') && flat.includes('%绿茶叶%'), 'the page looked the parts up');
    });
  });
}
