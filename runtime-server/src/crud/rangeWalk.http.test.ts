/**
 * A range filter matching many rows, on a column the order does not start with: SQLite's first pages walk the order
 * instead of sorting every match (crud/operations/page.ts `rangeOffOrder`; docs/decisions.md, "Search that scales").
 * The answer is the same either way — rows, order and total equal hand-written SQL on every database — and on
 * SQLite the plan is the one chosen: a common range walks a bounded prefix of the order, a rare range and a range
 * on the order's own column do not, and a common range absent from the head of the order falls back to its index.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Knex } from 'knex';
import { TABLES } from '../generated/tables.js';
import { testDatabases } from '../testing/forEachDb.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';
import { dialectOfKnex } from '../db/createDb.js';

const ROWS = 27_000;
const PAGE = '/admin/demo/goods/page';
/** Prices 0–99, the five newest days: 15 000 rows, above WALK_PREFIX. */
const COMMON: [number, number] = [0, 99];
/** One price: 150 rows. */
const RARE: [number, number] = [7, 7];
/** Prices 1 000–1 099, only in the four oldest days: 12 000 rows, none in the first WALK_PREFIX rows newest first. */
const LATE: [number, number] = [1000, 1099];

/** `ROWS` goods in one statement; createTime repeats over nine days (ties broken by id). */
async function fill(knex: Knex, dialect: string): Promise<void> {
  const cols = `INSERT INTO ?? (??, ??, ??, ??) `;
  const ids = [TABLES.demoGoods, 'title', 'price', 'createTime', 'updateTime'];
  const price = (n: string) => `CASE WHEN ${n} % 9 < 4 THEN 1000 + ${n} % 100 ELSE ${n} % 100 END`;
  const at = (n: string) => `'2026-11-0' || (1 + ${n} % 9) || ' 10:00:00'`;
  const sql =
    dialect === 'sqlite'
      ? `WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${ROWS}) ${cols} SELECT 'Goods ' || n, ${price('n')}, ${at('n')}, ${at('n')} FROM s`
      : dialect === 'mysql'
        ? `${cols} SELECT CONCAT('Goods ', seq), ${price('seq')}, CONCAT('2026-11-0', 1 + seq % 9, ' 10:00:00'), CONCAT('2026-11-0', 1 + seq % 9, ' 10:00:00') FROM seq_1_to_${ROWS}`
        : `${cols} SELECT 'Goods ' || n, ${price('n')}, CAST(${at('n')} AS timestamp), CAST(${at('n')} AS timestamp) FROM generate_series(1, ${ROWS}) AS g(n)`;
  await knex.raw(sql, ids);
  // ORDERS orders of the first 100 goods; the even ones paid on PAID_DAY (1 200 rows, above DEFERRED_OFFSET).
  const o = [TABLES.demoOrder, 'goodsId', 'status', 'payTime', 'createTime', 'updateTime'];
  const pay = (n: string) => `CASE WHEN ${n} % 2 = 0 THEN '${PAID_DAY} 12:00:00' ELSE '2026-10-01 12:00:00' END`;
  const made = (n: string) => `'2026-11-0' || (1 + ${n} % 9) || ' 10:00:00'`;
  const orders =
    dialect === 'sqlite'
      ? `WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${ORDERS}) INSERT INTO ?? (??, ??, ??, ??, ??) SELECT 1 + n % 100, 1, ${pay('n')}, ${made('n')}, ${made('n')} FROM s`
      : dialect === 'mysql'
        ? `INSERT INTO ?? (??, ??, ??, ??, ??) SELECT 1 + seq % 100, 1, ${pay('seq')}, CONCAT('2026-11-0', 1 + seq % 9, ' 10:00:00'), CONCAT('2026-11-0', 1 + seq % 9, ' 10:00:00') FROM seq_1_to_${ORDERS}`
        : `INSERT INTO ?? (??, ??, ??, ??, ??) SELECT 1 + n % 100, 1, CAST(${pay('n')} AS timestamp), CAST(${made('n')} AS timestamp), CAST(${made('n')} AS timestamp) FROM generate_series(1, ${ORDERS}) AS g(n)`;
  await knex.raw(orders, o);
  if (dialect === 'postgres') await knex.raw('ANALYZE ??, ??', [TABLES.demoGoods, TABLES.demoOrder]);
}

const ORDERS = 2400;
const PAID_DAY = '2026-11-05';

for (const db of testDatabases()) {
  describe(`range filter plan (${db.name})`, () => {
    let app: TestApp;
    let knex: Knex;
    const seen: string[] = [];
    const statements: { sql: string; bindings: unknown[] }[] = [];
    before(async () => {
      app = await startTestApp(await db.config());
      knex = app.instance.services.knex;
      await fill(knex, dialectOfKnex(knex));
      knex.on('query', (q: { sql: string; bindings?: unknown[] }) => {
        seen.push(q.sql);
        statements.push({ sql: q.sql, bindings: q.bindings ?? [] });
      });
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    /** The page as hand-written SQL gives it, in the request's order (default newest first), ties by id. */
    async function bySql(range: [number, number], page: number, order?: 'price'): Promise<{ ids: number[]; total: number }> {
      const where = (q: Knex.QueryBuilder) => q.whereBetween('price', range);
      const dir = order ? 'asc' : 'desc';
      const rows = (await where(knex(TABLES.demoGoods).select('id'))
        .orderBy([{ column: order ?? 'createTime', order: dir }, { column: 'id', order: dir }])
        .limit(20)
        .offset((page - 1) * 20)) as { id: number }[];
      const [row] = (await where(knex(TABLES.demoGoods).count({ n: '*' }))) as { n: number | string }[];
      return { ids: rows.map((r) => Number(r.id)), total: Number(row?.n) };
    }

    /** The API's page, and the statements that read goods rows (they select the title). */
    async function byApi(range: [number, number], page: number, order?: 'price') {
      seen.length = 0;
      const res = await app.post(PAGE, { price: range, page, size: 20, ...(order ? { order, sort: 'asc' } : {}) });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      const data = res.body.data as { list: { id: number }[]; pagination: { total: number } };
      const rowReads = seen.filter((s) => /title/.test(s) && /limit/i.test(s));
      return { ids: data.list.map((r) => Number(r.id)), total: data.pagination.total, rowReads };
    }

    const walks = (sql: string) => /from \(select/i.test(sql);

    for (const [name, range, pages] of [['common', COMMON, [1, 2, 60]], ['rare', RARE, [1, 3]], ['late', LATE, [1, 2]]] as const) {
      it(`a ${name} price range: pages ${pages.join(', ')} and the total equal hand-written SQL`, async () => {
        for (const page of pages) {
          const api = await byApi(range, page);
          const sql = await bySql(range, page);
          assert.deepEqual(api.ids, sql.ids, `page ${page}`);
          assert.equal(api.total, sql.total, `page ${page} total`);
        }
        const api = await byApi(range, 2, 'price');
        assert.deepEqual(api.ids, (await bySql(range, 2, 'price')).ids, 'ordered by price');
      });
    }

    it('orders paid on a day, with their goods\' titles: pages 1 and 3 and the total equal hand-written SQL', async () => {
      for (const page of [1, 3]) {
        seen.length = 0;
        statements.length = 0;
        const res = await app.post('/admin/demo/order/page', { status: 1, payTime: [`${PAID_DAY} 00:00:00`, `${PAID_DAY} 23:59:59`], page, size: 20 });
        assert.equal(res.body.code, 1000, JSON.stringify(res.body));
        const data = res.body.data as { list: { id: number; goodsTitle: string }[]; pagination: { total: number } };
        const server = [...seen];
        if (db.name === 'sqlite') {
          // The sort reads the orders alone; only the page's rows are joined to their goods.
          const sorted = server.filter((s) => /demo_order/.test(s) && /order by/i.test(s));
          assert.ok(sorted.length === 1 && !/join/i.test(sorted[0]!), sorted.join('\n'));
          assert.ok(server.some((s) => /left join/i.test(s) && /demo_goods/.test(s) && !/order by/i.test(s)), server.join('\n'));
        }
        if (db.name === 'mariadb') {
          // The sort reads the orders' ids alone, which the (status, payTime, createTime…) index holds (at 10 M
          // the planner reads them from it, docs/benchmark.md; on 2 400 rows it may walk createTime instead).
          const sorted = statements.filter((s) => /demo_order/.test(s.sql) && /order by/i.test(s.sql));
          assert.ok(sorted.length === 1 && /^select [`"]?a[`"]?\.[`"]?id[`"]? from/i.test(sorted[0]!.sql), sorted.map((s) => s.sql).join('\n'));
          assert.ok(!/join/i.test(sorted[0]!.sql), sorted[0]!.sql);
        }
        const where = (q: Knex.QueryBuilder) => q.where('a.status', 1).whereBetween('a.payTime', [`${PAID_DAY} 00:00:00`, `${PAID_DAY} 23:59:59`]);
        const rows = (await where(knex({ a: TABLES.demoOrder }).leftJoin({ g: TABLES.demoGoods }, 'g.id', 'a.goodsId').select('a.id', 'g.title'))
          .orderBy([{ column: 'a.createTime', order: 'desc' }, { column: 'a.id', order: 'desc' }])
          .limit(20)
          .offset((page - 1) * 20)) as { id: number; title: string }[];
        assert.deepEqual(data.list.map((r) => [Number(r.id), r.goodsTitle]), rows.map((r) => [Number(r.id), r.title]), `page ${page}`);
        assert.equal(data.pagination.total, ORDERS / 2);
      }
    });

    if (db.name === 'sqlite') {
      it('a common range walks the order; a rare one, a deep page and an order by the range column do not', async () => {
        const common = await byApi(COMMON, 1);
        assert.deepEqual(common.rowReads.map(walks), [true], common.rowReads.join('\n'));
        assert.equal(seen.filter((s) => /count\(/i.test(s)).length, 1, seen.join('\n'));
        const rare = await byApi(RARE, 1);
        assert.deepEqual(rare.rowReads.map(walks), [false], rare.rowReads.join('\n'));
        const deep = await byApi(COMMON, 60);
        assert.equal(deep.rowReads.some(walks), false, deep.rowReads.join('\n'));
        const byPrice = await byApi(COMMON, 1, 'price');
        assert.deepEqual(byPrice.rowReads.map(walks), [false], byPrice.rowReads.join('\n'));
      });

      it('a common range missing from the head of the order: the walk gives up within its prefix and the index answers', async () => {
        const late = await byApi(LATE, 1);
        assert.deepEqual(late.rowReads.map(walks), [true, false], late.rowReads.join('\n'));
        assert.deepEqual(late.ids, (await bySql(LATE, 1)).ids);
      });
    }
  });
}
