/**
 * Deep pages and totals at scale (issue 36, parts 3 and 4): fills demo_goods with `--rows N` rows by bulk SQL in a
 * database of its own per engine (`bench_pages_goods`; SQLite under /tmp/bench_pages), then times the generic page
 * operation (crud/operations/page.ts with a CountCache of COUNT_EXACT_LIMIT `--limit`, default 100 000) against the
 * former one (a full COUNT(*) and LIMIT/OFFSET over whole rows) for first and deep pages in several orders.
 *   npx tsx scripts/bench-pages.ts --rows 1000000 [--db sqlite,mariadb,postgres] [--keep] [--name db] [--shapes all]
 *     [--runs 9] [--no-before] [--seed-only]
 * `--keep` leaves the databases for a screenshot (`--keep` again later reuses them); otherwise they are dropped.
 * `--name` names the scratch database (MariaDB/PostgreSQL) so that two benches on one server do not share one.
 * `--shapes all` measures issue 36's page shapes (first page, equality and range filters, every sort the goods
 * screen offers, page 10 000, keyword) beside a floor: the hand-written deferred join for the same rows (the page's
 * ids from the index with LIMIT/OFFSET, then those rows by primary key) — the rows' cost, no count — timed in the
 * same run; `--runs` answers per shape (p50, p99); `--no-before` leaves out the former page (a full COUNT(*) each).
 */
import fs from 'node:fs';
import type { Knex } from 'knex';
import { loadConfig } from '../runtime-server/src/config.js';
import { loadGenerated } from '../runtime-server/src/app/loadGenerated.js';
import { ENTITIES, TABLES } from '../runtime-server/src/generated/tables.js';
import { createAjv } from '../runtime-server/src/core/validator.js';
import type { CrudContext } from '../runtime-server/src/crud/context.js';
import { CountCache } from '../runtime-server/src/crud/counts.js';
import { createRegistry } from '../runtime-server/src/crud/entityRuntime.js';
import { page } from '../runtime-server/src/crud/operations/page.js';
import { applyOrder, filteredQuery, selectOutput } from '../runtime-server/src/crud/query.js';
import type { ListInput } from '../runtime-server/src/crud/query.js';
import { createDb, dialectOfKnex } from '../runtime-server/src/db/createDb.js';
import { migrateLatest } from '../runtime-server/src/db/migrate.js';
import { withoutIndexes } from './bench/scale.js';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const ROWS = Number(arg('--rows') ?? 1_000_000);
const LIMIT = Number(arg('--limit') ?? 100_000);
const DBS = (arg('--db') ?? 'sqlite,mariadb,postgres').split(',');
const KEEP = process.argv.includes('--keep');
const NAME = arg('--name') ?? 'bench_pages_goods';
const ALL = arg('--shapes') === 'all';
const RUNS = Number(arg('--runs') ?? 9);
const BEFORE = !process.argv.includes('--no-before');
/** `--seed-only` (with `--keep`): fill and leave the database, to measure later when the machine is quieter. */
const SEED_ONLY = process.argv.includes('--seed-only');
const SQLITE_DIR = '/tmp/bench_pages';

async function open(db: string): Promise<{ knex: Knex; drop: () => Promise<void> }> {
  if (db === 'sqlite') {
    fs.mkdirSync(SQLITE_DIR, { recursive: true });
    const { knex } = createDb(loadConfig({ NODE_ENV: 'test', DATA_DIR: SQLITE_DIR }));
    return { knex, drop: async () => { await knex.destroy(); fs.rmSync(SQLITE_DIR, { recursive: true, force: true }); } };
  }
  const server = db === 'mariadb' ? 'mysql://root@127.0.0.1:3306' : 'postgres://postgres@127.0.0.1:5432';
  const admin = createDb(loadConfig({ NODE_ENV: 'test', DATABASE_URL: `${server}/${db === 'mariadb' ? 'mysql' : 'postgres'}` })).knex;
  const exists = db === 'mariadb'
    ? ((await admin.raw('SHOW DATABASES LIKE ?', [NAME])) as [unknown[]])[0].length > 0
    : ((await admin.raw('SELECT 1 FROM pg_database WHERE datname = ?', [NAME])) as { rows: unknown[] }).rows.length > 0;
  if (!exists) await admin.raw(`CREATE DATABASE ${NAME}`);
  const { knex } = createDb(loadConfig({ NODE_ENV: 'test', DATABASE_URL: `${server}/${NAME}` }));
  return {
    knex,
    drop: async () => {
      await knex.destroy();
      await admin.raw(`DROP DATABASE ${NAME}`);
      await admin.destroy();
    },
  };
}

/** One INSERT … SELECT over a number series (as scripts/bench-scale.ts): what a DBA would type, not the API. */
async function seed(knex: Knex, rows: number): Promise<void> {
  const d = dialectOfKnex(knex);
  const have = Number(((await knex(TABLES.demoGoods).count({ n: '*' }).first()) as { n: number | string }).n);
  if (have >= rows) return;
  await knex(TABLES.demoGoods).delete();
  const cols = '"title", "price", "description", "type", "status", "stock", "createTime", "updateTime"';
  if (d === 'sqlite') {
    await knex.raw(
      `WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${rows}) INSERT INTO demo_goods (${cols}) SELECT 'goods ' || n, (n % 10000) / 100.0, 'description of goods number ' || n, CASE WHEN n % 7 = 0 THEN NULL ELSE n % 5 END, n % 3, n % 1000, datetime('2025-01-01', '+' || (n / 3) || ' seconds'), datetime('2025-01-01', '+' || (n / 3) || ' seconds') FROM s`,
    );
    await knex.raw('ANALYZE');
  } else if (d === 'postgres') {
    await knex.raw(
      `INSERT INTO demo_goods (${cols}) SELECT 'goods ' || n, (n % 10000) / 100.0, 'description of goods number ' || n, CASE WHEN n % 7 = 0 THEN NULL ELSE n % 5 END, n % 3, n % 1000, timestamp '2025-01-01' + (n / 3) * interval '1 second', timestamp '2025-01-01' + (n / 3) * interval '1 second' FROM generate_series(1, ${rows}) n`,
    );
    await knex.raw('VACUUM ANALYZE demo_goods');
  } else {
    // The secondary indexes dropped for the fill and built after it (scripts/bench/scale.ts, withoutIndexes).
    const restore = await withoutIndexes(knex, TABLES.demoGoods);
    await knex.raw(
      `INSERT INTO demo_goods (${cols.replaceAll('"', '`')}) SELECT CONCAT('goods ', seq), (seq % 10000) / 100.0, CONCAT('description of goods number ', seq), IF(seq % 7 = 0, NULL, seq % 5), seq % 3, seq % 1000, TIMESTAMP '2025-01-01 00:00:00' + INTERVAL (seq DIV 3) SECOND, TIMESTAMP '2025-01-01 00:00:00' + INTERVAL (seq DIV 3) SECOND FROM seq_1_to_${rows}`,
    );
    await restore();
    await knex.raw('ANALYZE TABLE demo_goods');
  }
}

type Order = [string, 'asc' | 'desc'][];
const byCreate: Order = [['createTime', 'desc'], ['id', 'desc']];
/** label, the page request, and for the floor its WHERE (`?` bindings) and order. */
const SHAPES: [string, ListInput, { where?: [string, unknown[]]; order: Order }][] = [
  ['page 1, default order', { page: 1 }, { order: byCreate }],
  ['page 10 000, default order', { page: 10_000 }, { order: byCreate }],
  ['page 10 000, price asc', { page: 10_000, order: 'price', sort: 'asc' }, { order: [['price', 'asc'], ['id', 'asc']] }],
  ['page 10 000, stock desc', { page: 10_000, order: 'stock', sort: 'desc' }, { order: [['stock', 'desc'], ['id', 'desc']] }],
  ['page 1 000, status = 1', { page: 1_000, status: 1 }, { where: ['status = ?', [1]], order: byCreate }],
];
/** Issue 36's page shapes (`--shapes all`): every filter the goods screen has an index for, every offered sort. */
const ALL_SHAPES: typeof SHAPES = [
  ['page 1, default order (createTime desc)', { page: 1 }, { order: byCreate }],
  ['equality: status = 1, type = 3', { page: 1, status: 1, type: 3 }, { where: ['status = ? AND type = ?', [1, 3]], order: byCreate }],
  ['range: price 10–10.5', { page: 1, price: [10, 10.5] }, { where: ['price >= ? AND price <= ?', [10, 10.5]], order: byCreate }],
  ['sort createTime asc', { page: 1, order: 'createTime', sort: 'asc' }, { order: [['createTime', 'asc'], ['id', 'asc']] }],
  ['sort price asc', { page: 1, order: 'price', sort: 'asc' }, { order: [['price', 'asc'], ['id', 'asc']] }],
  ['sort price desc', { page: 1, order: 'price', sort: 'desc' }, { order: [['price', 'desc'], ['id', 'desc']] }],
  ['sort stock asc', { page: 1, order: 'stock', sort: 'asc' }, { order: [['stock', 'asc'], ['id', 'asc']] }],
  ['sort stock desc', { page: 1, order: 'stock', sort: 'desc' }, { order: [['stock', 'desc'], ['id', 'desc']] }],
  ['page 10 000, default order', { page: 10_000 }, { order: byCreate }],
  ['page 10 000, price asc', { page: 10_000, order: 'price', sort: 'asc' }, { order: [['price', 'asc'], ['id', 'asc']] }],
  ['page 10 000, stock desc', { page: 10_000, order: 'stock', sort: 'desc' }, { order: [['stock', 'desc'], ['id', 'desc']] }],
  ['page 1 000, status = 1', { page: 1_000, status: 1 }, { where: ['status = ?', [1]], order: byCreate }],
  ['keyword, 11 chars (number 4242)', { page: 1, keyWord: 'number 4242' }, { where: ['description LIKE ?', ['%number 4242%']], order: byCreate }],
  ['keyword, 3 chars (999)', { page: 1, keyWord: '999' }, { where: ['description LIKE ?', ['%999%']], order: byCreate }],
];

/** The floor: the page's ids by the same WHERE and order with LIMIT/OFFSET, then those rows by primary key. */
function floorPage(knex: Knex, f: (typeof SHAPES)[number][2], offset: number, size: number) {
  const ids = knex(TABLES.demoGoods).select('id');
  if (f.where) ids.whereRaw(f.where[0], f.where[1] as Knex.RawBinding[]);
  for (const [c, dir] of f.order) ids.orderBy(c, dir);
  ids.limit(size).offset(offset);
  const q = knex({ g: TABLES.demoGoods }).select('g.*').join(ids.as('p'), 'p.id', 'g.id');
  for (const [c, dir] of f.order) q.orderBy(`g.${c}`, dir);
  return q;
}

async function times(n: number, run: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    await run();
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return out.sort((a, b) => a - b);
}

const p = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

async function main(): Promise<void> {
  const registry = createRegistry(loadGenerated().model, createAjv(), { pageSize: 1000, listRows: 10_000, batchRows: 1000 });
  const rt = registry.get(ENTITIES.demoGoods)!;
  const limits = { pageSize: 1000, listRows: 10_000, batchRows: 1000 };
  for (const db of DBS) {
    const { knex, drop } = await open(db);
    try {
      await migrateLatest(knex);
      const t0 = Date.now();
      await seed(knex, ROWS);
      console.log(`\n${db}: ${ROWS} goods (ready in ${((Date.now() - t0) / 1000).toFixed(0)} s), COUNT_EXACT_LIMIT ${LIMIT}`);
      if (SEED_ONLY) continue;
      const counts = new CountCache(knex, { exactLimit: LIMIT });
      const c = { knex, rt, limits, locale: 'en', app: { counts } } as unknown as CrudContext;
      for (const [label, input, f] of ALL ? ALL_SHAPES : SHAPES) {
        const size = 20;
        const before = BEFORE
          ? await times(3, async () => {
              const base = filteredQuery(knex, rt, input, {});
              await base.clone().count({ total: '*' }).first();
              await applyOrder(selectOutput(base, rt), rt, input).limit(size).offset(((input.page ?? 1) - 1) * size);
            })
          : [NaN];
        // The first answer (no count kept yet: bounded count + estimate), then the steady state.
        const first = await times(1, () => page(c, { ...input, size }));
        await counts.idle();
        // A shape whose first answer took seconds (a substring search MariaDB reads the table for) gets 5 answers.
        const runs = first[0]! > 2000 ? Math.min(5, RUNS) : RUNS;
        const after = await times(runs, () => page(c, { ...input, size }));
        const answer = await page(c, { ...input, size });
        const offset = ((input.page ?? 1) - 1) * size;
        const floorRows = (await floorPage(knex, f, offset, size)) as { id: number }[];
        const same = JSON.stringify(floorRows.map((r) => r.id)) === JSON.stringify(answer.list.map((r) => r.id));
        const floor = await times(runs, () => floorPage(knex, f, offset, size));
        const ms = (x: number) => x.toFixed(1).padStart(7);
        console.log(
          `  ${label.padEnd(40)} before p50 ${ms(p(before, 0.5))} ms | now first ${ms(first[0]!)} ms, p50 ${ms(p(after, 0.5))}, p99 ${ms(p(after, 0.99))} ms | floor p50 ${ms(p(floor, 0.5))}, p99 ${ms(p(floor, 0.99))} ms${same ? '' : ' (FLOOR ROWS DIFFER)'} | total ${answer.pagination.total}${answer.pagination.totalExact === false ? ' (approximate)' : ''}`,
        );
      }
      await counts.idle();
    } finally {
      if (KEEP) await knex.destroy();
      else await drop();
    }
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
