/**
 * Scale figures (issue 36): fills demo_goods with `--rows N` rows by bulk SQL on a scratch database of each test
 * database (TEST_DB=sqlite,mariadb,postgres as in npm test), then times each page query shape the generic page
 * builds (crud/query.ts) with the generated indexes, and again with them dropped (the "before").
 *   npx tsx scripts/bench-scale.ts --rows 200000
 * Short on purpose: the machine is shared; each shape runs 5 times, the median is reported.
 */
import type { Knex } from 'knex';
import { loadGenerated } from '../runtime-server/src/app/loadGenerated.js';
import { ENTITIES, TABLES } from '../runtime-server/src/generated/tables.js';
import { createAjv } from '../runtime-server/src/core/validator.js';
import { createRegistry } from '../runtime-server/src/crud/entityRuntime.js';
import { applyOrder, filteredQuery, selectOutput } from '../runtime-server/src/crud/query.js';
import type { ListInput } from '../runtime-server/src/crud/query.js';
import { createDb, dialectOfKnex } from '../runtime-server/src/db/createDb.js';
import { testDatabases } from '../runtime-server/src/testing/forEachDb.js';

const rowsArg = process.argv.indexOf('--rows');
const ROWS = rowsArg > 0 ? Number(process.argv[rowsArg + 1]) : 100_000;

/** One INSERT … SELECT over a number series: what a DBA would type, not the API. */
async function seed(knex: Knex, rows: number): Promise<void> {
  const d = dialectOfKnex(knex);
  const cols = '"title", "price", "description", "type", "status", "stock", "createTime", "updateTime"';
  const q = (s: string) => (d === 'mysql' ? s.replaceAll('"', '`') : s);
  const row = (n: string, ts: string) =>
    `'goods ' || ${n}, (${n} % 10000) / 100.0, 'description of goods number ' || ${n}, ${n} % 5, ${n} % 3, ${n} % 1000, ${ts}, ${ts}`;
  if (d === 'sqlite') {
    await knex.raw(
      `WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${rows}) INSERT INTO demo_goods (${cols}) SELECT ${row('n', "datetime('2025-01-01', '+' || (n / 3) || ' seconds')")} FROM s`,
    );
  } else if (d === 'postgres') {
    await knex.raw(
      `INSERT INTO demo_goods (${cols}) SELECT 'goods ' || n, (n % 10000) / 100.0, 'description of goods number ' || n, n % 5, n % 3, n % 1000, timestamp '2025-01-01' + (n / 3) * interval '1 second', timestamp '2025-01-01' + (n / 3) * interval '1 second' FROM generate_series(1, ${rows}) n`,
    );
  } else {
    await knex.raw(
      q(`INSERT INTO demo_goods (${cols}) SELECT CONCAT('goods ', seq), (seq % 10000) / 100.0, CONCAT('description of goods number ', seq), seq % 5, seq % 3, seq % 1000, TIMESTAMP '2025-01-01 00:00:00' + INTERVAL (seq DIV 3) SECOND, TIMESTAMP '2025-01-01 00:00:00' + INTERVAL (seq DIV 3) SECOND FROM seq_1_to_${rows}`),
    );
  }
  if (d === 'sqlite') await knex.raw('ANALYZE');
  else if (d === 'postgres') await knex.raw('ANALYZE demo_goods');
  else await knex.raw('ANALYZE TABLE demo_goods');
}

const SHAPES: [string, ListInput][] = [
  ['first page, default sort', {}],
  ['status + type', { status: 1, type: 2 }],
  ['price range', { price: [10, 11] }],
  ['sort by price', { order: 'price', sort: 'asc' }],
  ['sort by stock desc', { order: 'stock', sort: 'desc' }],
  ['page 1 000', { page: 1000 }],
];

async function median(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = process.hrtime.bigint();
    await run();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return times.sort((a, b) => a - b)[2]!;
}

async function timeShapes(knex: Knex): Promise<number[]> {
  const generated = loadGenerated();
  const rt = createRegistry(generated.model, createAjv(), { pageSize: 100, listRows: 1000, batchRows: 100 }).get(ENTITIES.demoGoods)!;
  const out: number[] = [];
  for (const [, input] of SHAPES) {
    const size = 20;
    out.push(await median(() => applyOrder(selectOutput(filteredQuery(knex, rt, input), rt), rt, input).limit(size).offset(((input.page ?? 1) - 1) * size)));
  }
  return out;
}

for (const db of testDatabases()) {
  const { knex } = createDb(await db.config());
  try {
    const t0 = Date.now();
    await seed(knex, ROWS);
    const seeded = Date.now() - t0;
    const after = await timeShapes(knex);
    // The "before": the indexes this migration added to demo_goods, dropped.
    await knex.schema.alterTable(TABLES.demoGoods, (t) => {
      const goods = loadGenerated().model.entities.find((e) => e.id === ENTITIES.demoGoods)!;
      for (const ix of goods.indexes) if (ix.name !== 'demo_goods_updatetime_index') t.dropIndex([], ix.name);
      t.index(['createTime'], 'demo_goods_createtime_index');
      t.index(['tenantId'], 'demo_goods_tenantid_index');
    });
    const before = await timeShapes(knex);
    console.log(`\n${db.name}, ${ROWS} rows (seeded in ${seeded} ms): median of 5, ms`);
    console.log('| shape | before | after |\n| --- | ---: | ---: |');
    SHAPES.forEach(([label], i) => console.log(`| ${label} | ${before[i]!.toFixed(1)} | ${after[i]!.toFixed(1)} |`));
  } finally {
    await knex.destroy();
    await db.cleanup();
  }
}
