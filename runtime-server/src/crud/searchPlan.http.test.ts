/**
 * A page of a common needle walks the request's order with LIKE instead of collecting every candidate of the
 * search index (db/like.ts `commonNeedle`, crud/operations/page.ts WALK_ROWS; docs/decisions.md, "Search that
 * scales"): the answer is the same either way — rows, order and total equal a hand-written LIKE on every database —
 * and, on SQLite, the plan is the one chosen: a common needle's first pages read no search index (no FTS5 MATCH), a
 * rare needle's and a deep page's do. PostgreSQL walks a needle its planner estimates common and reads a page the
 * walk does not fill through the trigram index alone; MariaDB has no search index: there the answers are checked.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Knex } from 'knex';
import { TABLES } from '../generated/tables.js';
import { testDatabases } from '../testing/forEachDb.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';
import { dialectOfKnex } from '../db/createDb.js';

const ROWS = 20_000;
const PAGE = '/admin/demo/goods/page';
/** In every row's description. */
const COMMON = 'teapot';
/** In a few rows only. */
const RARE = 'zebrafish';
/** Common (4 rows in 9), but only in the oldest four days: absent from the first WALK_PREFIX rows newest first. */
const LATE = 'kettle';

/**
 * `ROWS` goods in one statement; every 997th also holds RARE, those of the four oldest days LATE; createTime
 * repeats (ties broken by id).
 */
async function fill(knex: Knex, dialect: string): Promise<void> {
  const cols = `INSERT INTO ?? (??, ??, ??, ??) `;
  const ids = [TABLES.demoGoods, 'title', 'description', 'createTime', 'updateTime'];
  const desc = (n: string, mod: string) =>
    `'Porcelain ${COMMON} number ' || ${n} || CASE WHEN ${mod} = 0 THEN ' with a ${RARE} painted' ELSE '' END || CASE WHEN ${n} % 9 < 4 THEN ' and ${LATE}' ELSE '' END`;
  const at = (n: string) => `'2026-11-0' || (1 + ${n} % 9) || ' 10:00:00'`;
  const sql =
    dialect === 'sqlite'
      ? `WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${ROWS}) ${cols} SELECT 'Goods ' || n, ${desc('n', 'n % 997')}, ${at('n')}, ${at('n')} FROM s`
      : dialect === 'mysql'
        ? `${cols} SELECT CONCAT('Goods ', seq), CONCAT('Porcelain ${COMMON} number ', seq, IF(seq % 997 = 0, ' with a ${RARE} painted', ''), IF(seq % 9 < 4, ' and ${LATE}', '')), CONCAT('2026-11-0', 1 + seq % 9, ' 10:00:00'), CONCAT('2026-11-0', 1 + seq % 9, ' 10:00:00') FROM seq_1_to_${ROWS}`
        : `${cols} SELECT 'Goods ' || n, ${desc('n', 'n % 997')}, CAST(${at('n')} AS timestamp), CAST(${at('n')} AS timestamp) FROM generate_series(1, ${ROWS}) AS g(n)`;
  await knex.raw(sql, ids);
  // PostgreSQL's choice reads the planner's estimate: statistics as a real table has them.
  if (dialect === 'postgres') await knex.raw('ANALYZE ??', [TABLES.demoGoods]);
}

for (const db of testDatabases()) {
  describe(`search plan per needle (${db.name})`, () => {
    let app: TestApp;
    let knex: Knex;
    const seen: string[] = [];
    before(async () => {
      app = await startTestApp(await db.config());
      knex = app.instance.services.knex;
      await fill(knex, dialectOfKnex(app.instance.services.knex));
      knex.on('query', (q: { sql: string }) => seen.push(q.sql));
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    /** The page as a hand-written LIKE gives it: newest first, ties by id. */
    async function byLike(needle: string, page: number, size: number): Promise<{ ids: number[]; total: number }> {
      const op = db.name === 'postgres' ? 'ILIKE' : 'LIKE';
      const where = (q: Knex.QueryBuilder) => q.whereRaw(`?? ${op} ?`, ['description', `%${needle}%`]);
      const rows = (await where(knex(TABLES.demoGoods).select('id')).orderBy([{ column: 'createTime', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(size).offset((page - 1) * size)) as { id: number }[];
      const [row] = (await where(knex(TABLES.demoGoods).count({ n: '*' }))) as { n: number | string }[];
      return { ids: rows.map((r) => Number(r.id)), total: Number(row?.n) };
    }

    /** The API's page, and the SQL of the statement that read its rows. */
    async function byApi(needle: string, page: number, size: number) {
      seen.length = 0;
      const res = await app.post(PAGE, { keyWord: needle, page, size });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      const data = res.body.data as { list: { id: number }[]; pagination: { total: number } };
      const rowsSql = seen.find((s) => /select .*`?"?a"?`?\."?`?title/i.test(s) && /limit/i.test(s)) ?? '';
      return { ids: data.list.map((r) => Number(r.id)), total: data.pagination.total, rowsSql };
    }

    const readsIndex = (sql: string) => / MATCH /.test(sql);

    for (const [needle, pages] of [[COMMON, [1, 3, 60]], [RARE, [1]], ['number 12', [1, 2]], [LATE, [1, 2]]] as const) {
      it(`"${needle}": pages ${pages.join(', ')} and the total equal a hand-written LIKE`, async () => {
        for (const page of pages) {
          const api = await byApi(needle, page, 20);
          const like = await byLike(needle, page, 20);
          assert.deepEqual(api.ids, like.ids, `page ${page}`);
          assert.equal(api.total, like.total, `page ${page} total`);
        }
      });
    }

    if (db.name === 'sqlite') {
      it('a common needle\'s first pages walk the order; a rare needle and a deep page read the search index', async () => {
        const common = await byApi(COMMON, 1, 20);
        assert.ok(common.rowsSql, 'the rows statement was seen');
        assert.equal(readsIndex(common.rowsSql), false, common.rowsSql);
        const rare = await byApi(RARE, 1, 20);
        assert.equal(readsIndex(rare.rowsSql), true, rare.rowsSql);
        // Past WALK_ROWS the deferred id query is the rows statement that filters: it keeps the index.
        seen.length = 0;
        await app.post(PAGE, { keyWord: COMMON, page: 60, size: 20 });
        assert.ok(seen.some((s) => readsIndex(s) && /offset/i.test(s)), seen.join('\n'));
      });

    }

    if (db.name === 'postgres') {
      // The planner's estimate only decides whether the bounded walk is tried; a page the walk does not fill is read
      // with only bitmap scans allowed (the trigram index), never by walking the order's index through the table.
      it('a needle estimated common walks a bounded prefix; missing from the head of the order, the index answers', async () => {
        const common = await byApi(COMMON, 1, 20);
        assert.ok(/limit/i.test(common.rowsSql) && seen.filter((s) => /limit/i.test(s) && /title/.test(s)).length === 1, seen.join('\n'));
        assert.equal(seen.some((s) => /enable_indexscan/.test(s)), false, seen.join('\n'));
        // Estimated common, yet no row of the head of the order qualifies (the newest days hold another status): the
        // walk reads its prefix in vain and the index answers, the page equal to a hand-written query.
        await knex(TABLES.demoGoods).update({ status: 0 }).where('createTime', '>=', '2026-11-05 00:00:00');
        try {
          seen.length = 0;
          const res = await app.post(PAGE, { keyWord: COMMON, status: 1, page: 2, size: 20 });
          assert.equal(res.body.code, 1000, JSON.stringify(res.body));
          const rowReads = seen.filter((s) => /limit/i.test(s) && /title/.test(s));
          assert.equal(rowReads.length, 2, rowReads.join('\n'));
          assert.ok(seen.some((s) => /SET LOCAL enable_indexscan = off/.test(s)), seen.join('\n'));
          const like = (await knex(TABLES.demoGoods).select('id').where('status', 1).whereRaw('?? ILIKE ?', ['description', `%${COMMON}%`]).orderBy([{ column: 'createTime', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(20).offset(20)) as { id: number }[];
          const [n] = (await knex(TABLES.demoGoods).count({ n: '*' }).where('status', 1).whereRaw('?? ILIKE ?', ['description', `%${COMMON}%`])) as { n: string }[];
          const data = res.body.data as { list: { id: number }[]; pagination: { total: number } };
          assert.deepEqual(data.list.map((r) => Number(r.id)), like.map((r) => Number(r.id)));
          assert.equal(data.pagination.total, Number(n?.n));
        } finally {
          await knex(TABLES.demoGoods).update({ status: 1 });
        }
        // A rare needle: no walk, the planner's own plan (the trigram index).
        await byApi(RARE, 1, 20);
        assert.equal(seen.filter((s) => /limit/i.test(s) && /title/.test(s)).length, 1, seen.join('\n'));
        assert.equal(seen.some((s) => /enable_indexscan/.test(s)), false, seen.join('\n'));
      });
    }

    // SQLite's probe counts candidates exactly; PostgreSQL's estimate of this needle may fall either side of it.
    if (db.name === 'sqlite') {
      it('a common needle missing from the head of the order: the walk gives up within its prefix and the index answers', async () => {
        const late = await byApi(LATE, 1, 20);
        assert.deepEqual(late.ids, (await byLike(LATE, 1, 20)).ids);
        const rowReads = seen.filter((s) => /limit/i.test(s) && /title/.test(s));
        assert.equal(rowReads.length, 2, rowReads.join('\n'));
        assert.deepEqual(rowReads.map(readsIndex), [false, true], rowReads.join('\n'));
      });
    }
  });
}
