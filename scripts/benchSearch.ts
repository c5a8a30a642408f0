/**
 * Keyword search at size, on one database (docs/decisions.md, "Search that scales"): fills a scratch table shaped
 * like demo_goods with N rows of Chinese, Latin and mixed text, builds that database's search index the way the
 * generated migration does, and times the page query the API runs (20 rows, newest first) for needles of 3–6
 * characters taken from the rows (so they match something) and for rare ones. Drops its scratch database after.
 *
 *   npx tsx scripts/benchSearch.ts sqlite|postgres|mariadb [rows=1000000] [queries=200]
 */
import fs from 'node:fs';
import knexFactory from 'knex';
import type { Knex } from 'knex';

const [dialect = 'sqlite', rowsArg = '1000000', queriesArg = '200'] = process.argv.slice(2);
const ROWS = Number(rowsArg);
const QUERIES = Number(queriesArg);
const NAME = 'bench_search_scratch';
// SQLite: Knex inserts many rows as one compound SELECT, at most 500 terms.
const BATCH = dialect === 'sqlite' ? 400 : 1000;

let seed = 42;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = <T>(a: T[]): T => a[Math.floor(rnd() * a.length)]!;
const LATIN = 'tea green black oolong cup pot leaf fresh organic spring summer harvest hangzhou longjing puer white jasmine gift box sale limited premium classic smoke honey ginger lemon mint rose milk sugar iced hot large small medium order shipping fast free'.split(' ');
const HAN = [...'茶绿红白黑花香叶杭州西湖龙井明前特级新鲜有机春夏秋冬礼盒包装限量经典烟熏蜂蜜生姜柠檬薄荷玫瑰牛奶糖冰热大小中订单快递免费品质产地云南福建安徽浙江四川广东手机电脑衣服鞋子书本文具家居厨房'];
function text(): string {
  const parts: string[] = [];
  const n = 6 + Math.floor(rnd() * 10);
  for (let i = 0; i < n; i++) {
    const r = rnd();
    if (r < 0.45) parts.push(pick(LATIN)[rnd() < 0.2 ? 'toUpperCase' : 'toString']());
    else if (r < 0.9) parts.push(Array.from({ length: 2 + Math.floor(rnd() * 3) }, () => pick(HAN)).join(''));
    else parts.push(String(Math.floor(rnd() * 100000)));
  }
  return parts.join(rnd() < 0.5 ? ' ' : '');
}

async function open(): Promise<Knex> {
  if (dialect === 'sqlite') {
    const file = `/tmp/${NAME}.db`;
    for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
    return knexFactory({ client: 'better-sqlite3', connection: { filename: file }, useNullAsDefault: true });
  }
  const admin = dialect === 'postgres'
    ? knexFactory({ client: 'pg', connection: { host: '127.0.0.1', user: 'postgres', database: 'postgres' } })
    : knexFactory({ client: 'mysql2', connection: { host: '127.0.0.1', user: 'root' } });
  await admin.raw(`DROP DATABASE IF EXISTS ${NAME}`);
  await admin.raw(dialect === 'postgres' ? `CREATE DATABASE ${NAME}` : `CREATE DATABASE ${NAME} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.destroy();
  return dialect === 'postgres'
    ? knexFactory({ client: 'pg', connection: { host: '127.0.0.1', user: 'postgres', database: NAME } })
    : knexFactory({ client: 'mysql2', connection: { host: '127.0.0.1', user: 'root', database: NAME, charset: 'utf8mb4' } });
}

async function drop(knex: Knex): Promise<void> {
  await knex.destroy();
  if (dialect === 'sqlite') {
    for (const f of ['', '-wal', '-shm']) fs.rmSync(`/tmp/${NAME}.db${f}`, { force: true });
    return;
  }
  const admin = dialect === 'postgres'
    ? knexFactory({ client: 'pg', connection: { host: '127.0.0.1', user: 'postgres', database: 'postgres' } })
    : knexFactory({ client: 'mysql2', connection: { host: '127.0.0.1', user: 'root' } });
  await admin.raw(`DROP DATABASE IF EXISTS ${NAME}`);
  await admin.destroy();
}

const pct = (a: number[], p: number) => a[Math.min(a.length - 1, Math.floor((a.length * p) / 100))]!.toFixed(1);

type Result = { ms: number; count: number; countMs: number };

/**
 * MariaDB's search alternatives (issue 36 part 2: "the best the engine offers, measured; say exactly what matches"),
 * each timed like the LIKE above and its counts compared with LIKE's, needle by needle:
 * - InnoDB FULLTEXT (the built-in parser: words split at spaces and punctuation, no n-gram parser in MariaDB), the
 *   needle as a boolean-mode phrase;
 * - Mroonga (a maintained MariaDB storage engine, Debian's mariadb-plugin-mroonga) on a side table of (id, text) with
 *   a bigram tokenizer, the needle as a phrase, rechecked by LIKE on the base table as SQLite's FTS5 path is — skipped
 *   when the engine is not installed.
 */
async function alternatives(knex: Knex, needles: string[], likeCounts: number[], report: (label: string, r: Result[]) => void) {
  const time = async (page: string, count: string, bind: (needle: string, pattern: string) => unknown[]) => {
    const out: Result[] = [];
    for (const needle of needles) {
      const pattern = `%${needle.replace(/[!%_]/g, (c) => '!' + c)}%`;
      let t = process.hrtime.bigint();
      await knex.raw(page, bind(needle, pattern) as Knex.RawBinding[]);
      const ms = Number(process.hrtime.bigint() - t) / 1e6;
      t = process.hrtime.bigint();
      const [[row]] = (await knex.raw(count, bind(needle, pattern) as Knex.RawBinding[])) as [{ n: number }[]];
      out.push({ ms, count: Number(row!.n), countMs: Number(process.hrtime.bigint() - t) / 1e6 });
    }
    return out;
  };
  const compare = (label: string, r: Result[]) => {
    const same = r.filter((x, i) => x.count === likeCounts[i]).length;
    const fewer = r.filter((x, i) => x.count < likeCounts[i]!);
    console.log(`mariadb ${label}: count equal to LIKE's for ${same} of ${r.length} needles; fewer for ${fewer.length}; e.g. ${needles.filter((_, i) => r[i]!.count !== likeCounts[i]).slice(0, 6).map((n) => JSON.stringify(n)).join(', ')}`);
  };
  const phrase = (needle: string) => `"${needle.replace(/["\\]/g, ' ')}"`;
  let t0 = Date.now();
  await knex.raw('ALTER TABLE goods ADD FULLTEXT INDEX goods_ft (description)');
  console.log(`mariadb: InnoDB FULLTEXT index built in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  const ft = await time(
    'SELECT a.id, a.title FROM goods a WHERE MATCH(a.description) AGAINST(? IN BOOLEAN MODE) ORDER BY a.createTime DESC, a.id DESC LIMIT 20',
    'SELECT COUNT(*) AS n FROM goods a WHERE MATCH(a.description) AGAINST(? IN BOOLEAN MODE)',
    (n) => [phrase(n)],
  );
  report('InnoDB FULLTEXT phrase', ft);
  compare('InnoDB FULLTEXT phrase', ft);
  const [engines] = (await knex.raw("SELECT ENGINE FROM information_schema.ENGINES WHERE ENGINE = 'Mroonga' AND SUPPORT IN ('YES', 'DEFAULT')")) as [unknown[]];
  if (!engines.length) return console.log('mariadb: Mroonga not installed, not measured');
  t0 = Date.now();
  await knex.raw(`CREATE TABLE goods_search (id INT PRIMARY KEY, description VARCHAR(1000), FULLTEXT INDEX goods_search_ft (description) COMMENT 'tokenizer "TokenBigramSplitSymbolAlphaDigit", normalizer "NormalizerMySQLUnicodeCI"') ENGINE=Mroonga DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  await knex.raw('INSERT INTO goods_search (id, description) SELECT id, description FROM goods');
  console.log(`mariadb: Mroonga side table filled and indexed in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  const mr = await time(
    "SELECT a.id, a.title FROM goods a WHERE a.id IN (SELECT s.id FROM goods_search s WHERE MATCH(s.description) AGAINST(? IN BOOLEAN MODE)) AND a.description LIKE ? ESCAPE '!' ORDER BY a.createTime DESC, a.id DESC LIMIT 20",
    "SELECT COUNT(*) AS n FROM goods a WHERE a.id IN (SELECT s.id FROM goods_search s WHERE MATCH(s.description) AGAINST(? IN BOOLEAN MODE)) AND a.description LIKE ? ESCAPE '!'",
    (n, p) => [phrase(n), p],
  );
  report('Mroonga bigram phrase + LIKE recheck', mr);
  compare('Mroonga bigram phrase + LIKE recheck', mr);
  const raw = await time(
    'SELECT s.id FROM goods_search s WHERE MATCH(s.description) AGAINST(? IN BOOLEAN MODE) LIMIT 20',
    'SELECT COUNT(*) AS n FROM goods_search s WHERE MATCH(s.description) AGAINST(? IN BOOLEAN MODE)',
    (n) => [phrase(n)],
  );
  report('Mroonga bigram phrase alone (no order, no recheck)', raw);
  compare('Mroonga bigram phrase alone', raw);
}

async function main() {
  const knex = await open();
  try {
    await knex.schema.createTable('goods', (t) => {
      t.increments('id').primary();
      t.string('title', 50).notNullable();
      t.string('description', 1000).nullable();
      t.dateTime('createTime', { useTz: false, precision: 0 }).notNullable();
      t.index(['createTime', 'id']);
    });
    if (dialect === 'sqlite') await knex.raw('PRAGMA journal_mode = WAL');
    const samples: string[] = [];
    let t0 = Date.now();
    const base = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < ROWS; i += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, ROWS - i) }, (_, j) => {
        const d = text();
        if ((i + j) % Math.ceil(ROWS / 500) === 0) samples.push(d);
        return { title: text().slice(0, 50), description: d, createTime: new Date(base + (i + j) * 1000).toISOString().slice(0, 19).replace('T', ' ') };
      });
      await knex('goods').insert(batch);
    }
    console.log(`${dialect}: ${ROWS} rows inserted in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    t0 = Date.now();
    if (dialect === 'sqlite') {
      await knex.raw(`CREATE VIRTUAL TABLE goods_fts USING fts5(description, title, content='goods', content_rowid='id', tokenize='trigram')`);
      await knex.raw(`INSERT INTO goods_fts(goods_fts) VALUES ('rebuild')`);
    } else if (dialect === 'postgres') {
      await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      await knex.raw('CREATE INDEX goods_description_trgm ON goods USING gin ((CAST(description AS TEXT)) gin_trgm_ops)');
      await knex.raw('ANALYZE goods');
    }
    if (dialect !== 'mariadb') console.log(`${dialect}: search index built in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

    // Needles: substrings of 3–6 characters of sampled rows (they match), and rare strings (no match).
    const needles: string[] = [];
    while (needles.length < QUERIES) {
      if (needles.length % 10 === 9) { needles.push(`zq${needles.length}x`); continue; }
      const s = [...pick(samples)];
      const len = 3 + Math.floor(rnd() * 4);
      const at = Math.floor(rnd() * Math.max(1, s.length - len));
      const n = s.slice(at, at + len).join('');
      if ([...n].length >= 3) needles.push(n);
    }
    /** Times the page query and the count of every needle; `engine` false: the plain LIKE, no search index. */
    const run = async (engine: boolean) => {
      const out: { ms: number; count: number; countMs: number }[] = [];
      for (const needle of needles) {
        const pattern = `%${needle.replace(/[!%_]/g, (c) => '!' + c)}%`;
        const where = dialect === 'postgres' ? `CAST(a.description AS TEXT) ILIKE ? ESCAPE '!'` : `a.description LIKE ? ESCAPE '!'`;
        const fts = dialect === 'sqlite' && engine ? `a.id IN (SELECT rowid FROM goods_fts WHERE goods_fts MATCH ?) AND ` : '';
        const bind = fts ? [`{description} : "${needle.replace(/"/g, '""')}"`, pattern] : [pattern];
        const sql = (q: string) => (dialect === 'postgres' && !engine ? knex.transaction(async (trx) => {
          await trx.raw('SET LOCAL enable_bitmapscan = off');
          return trx.raw(q, bind);
        }) : knex.raw(q, bind));
        let t = process.hrtime.bigint();
        await sql(`SELECT a.id, a.title FROM goods a WHERE ${fts}${where} ORDER BY a.${dialect === 'postgres' ? '"createTime"' : 'createTime'} DESC, a.id DESC LIMIT 20`);
        const ms = Number(process.hrtime.bigint() - t) / 1e6;
        t = process.hrtime.bigint();
        const res = (await sql(`SELECT COUNT(*) AS n FROM goods a WHERE ${fts}${where}`)) as unknown;
        const countMs = Number(process.hrtime.bigint() - t) / 1e6;
        const rows = dialect === 'postgres' ? (res as { rows: { n: unknown }[] }).rows : dialect === 'mariadb' ? (res as { n: unknown }[][])[0]! : (res as { n: unknown }[]);
        out.push({ ms, count: Number(rows[0]!.n), countMs });
      }
      return out;
    };
    const report = (label: string, r: { ms: number; count: number; countMs: number }[]) => {
      const line = (name: string, xs: typeof r) => {
        if (!xs.length) return;
        const ms = xs.map((x) => x.ms).sort((a, b) => a - b);
        const cs = xs.map((x) => x.countMs).sort((a, b) => a - b);
        console.log(`${dialect} ${label}, ${name} (${xs.length}): page p50 ${pct(ms, 50)} ms, p99 ${pct(ms, 99)} ms; count p50 ${pct(cs, 50)} ms, p99 ${pct(cs, 99)} ms`);
      };
      line('all needles', r);
      line('matching ≤ 1 000 rows', r.filter((x) => x.count <= 1000));
      line('matching > 1 000 rows', r.filter((x) => x.count > 1000));
    };
    const like = await run(true);
    report(dialect === 'mariadb' ? 'LIKE' : 'search index', like);
    if (dialect !== 'mariadb') report('plain LIKE (no search index)', await run(false));
    if (dialect === 'mariadb') await alternatives(knex, needles, like.map((x) => x.count), report);
    if (dialect === 'sqlite') {
      const size = fs.statSync(`/tmp/${NAME}.db`).size;
      console.log(`sqlite: file ${(size / 1e6).toFixed(0)} MB with the FTS table`);
    }
  } finally {
    await drop(knex);
  }
}

await main();
