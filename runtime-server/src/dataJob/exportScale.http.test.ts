/**
 * An export of many batches (issue 36, export at scale): every row once, in the page's order, values and CSV
 * quoting exact; the job reads in batches of at most EXPORT_BATCH rows (never the whole table at once) and writes
 * its progress far less often than once a batch. A batch add keeps each returned id with its row (multi-row INSERTs).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { Knex } from 'knex';
import { binary } from '../testing/binaryBody.js';
import { testDatabases } from '../testing/forEachDb.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';
import { TABLES } from '../generated/tables.js';
import { EXPORT_BATCH } from './exportJob.js';

const J = '/admin/base/sys/dataJob';
const G = '/admin/demo/goods';
const ROWS = 20_000;

/** Titles that need quoting or the formula guard, spread over the table (row numbers 1-based). */
const SPECIAL: Record<number, { title: string; csv: string }> = {
  7: { title: 'comma, inside', csv: '"comma, inside"' },
  4321: { title: 'say "hi"', csv: '"say ""hi"""' },
  9999: { title: 'semi;colon', csv: '"semi;colon"' },
  15000: { title: ' padded ', csv: '" padded "' },
  19998: { title: '=1+2', csv: "'=1+2" },
};


for (const db of testDatabases()) {
  describe(`export of ${ROWS} rows (${db.name})`, () => {
    let app: TestApp;
    let knex: Knex;
    before(async () => {
      app = await startTestApp(await db.config());
      knex = app.instance.services.knex;
      await knex(TABLES.demoGoods).delete();
      // Straight into the table (the search-index triggers fire as for any insert); one second apart, oldest first.
      const base = Date.UTC(2026, 0, 1) / 1000;
      const stamp = (n: number) => new Date((base + n) * 1000).toISOString().slice(0, 19).replace('T', ' ');
      for (let i = 1; i <= ROWS; i += 500) {
        const rows = Array.from({ length: Math.min(500, ROWS - i + 1) }, (_, k) => {
          const n = i + k;
          return { title: SPECIAL[n]?.title ?? `goods ${n}`, price: `${n % 1000}.${String(n % 100).padStart(2, '0')}`, status: n % 2, stock: n, description: n % 3 ? `line one\nline two ${n}` : null, createTime: stamp(n), updateTime: stamp(n) };
        });
        await knex(TABLES.demoGoods).insert(rows);
      }
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('every row once, newest first, exact values and quoting; read in bounded batches', async () => {
      const statements: { sql: string; bindings: unknown[] }[] = [];
      const listen = (q: { sql: string; bindings?: unknown[] }) => statements.push({ sql: q.sql, bindings: q.bindings ?? [] });
      knex.on('query', listen);
      let job: { id: number; status: number; total: number; processed: number };
      try {
        const res = await app.post(`${J}/exportStart`, { prefix: G, format: 'csv', columns: ['title', 'price', 'status', 'stock', 'description'] }).set('language', 'en');
        assert.equal(res.body.code, 1000, JSON.stringify(res.body));
        for (let i = 0; ; i++) {
          job = (await app.get(`${J}/jobInfo`, { id: res.body.data.id })).body.data;
          if (job.status >= 2) break;
          assert.ok(i < 1200, 'the export ended within a minute');
          await new Promise((r) => setTimeout(r, 50));
        }
      } finally {
        knex.off('query', listen);
      }
      assert.deepEqual([job.status, job.total, job.processed], [2, ROWS, ROWS], JSON.stringify(job));
      const file = (await app.get(`${J}/jobDownload`, { id: job.id }).buffer(true).parse(binary)).body as Buffer;
      const text = file.toString('utf8');
      const records = parse(text, { bom: true }) as string[][];
      assert.equal(records.length, ROWS + 1);
      assert.deepEqual(records[0], ['Title', 'Price', 'Status', 'Stock', 'Description']);
      // Newest first: record r holds row ROWS + 1 − r; stock carries the row number.
      const stocks = records.slice(1).map((r) => Number(r[3]));
      assert.deepEqual(stocks, Array.from({ length: ROWS }, (_, i) => ROWS - i));
      const recordOf = (n: number) => records[ROWS + 1 - n]!;
      assert.deepEqual(recordOf(1), ['goods 1', '1.01', 'Enabled', '1', 'line one\nline two 1']);
      assert.deepEqual(recordOf(12_345), ['goods 12345', '345.45', 'Enabled', '12345', '']);
      assert.deepEqual(recordOf(ROWS), [`goods ${ROWS}`, '0.00', 'Disabled', String(ROWS), 'line one\nline two 20000']);
      for (const [n, s] of Object.entries(SPECIAL)) {
        assert.equal(recordOf(Number(n))[0], s.title.startsWith('=') ? `'${s.title}` : s.title);
        assert.ok(text.includes(`\r\n${s.csv},`), `row ${n} written as ${s.csv}`);
      }
      assert.ok(text.includes(',"line one\nline two 2"\r\n'), 'a value with a line break is quoted; records end with CRLF');

      // Bounded memory, structurally: each read of the table asks for at most EXPORT_BATCH rows, and there are
      // as many reads as batches (a seek needs up to two statements a batch on MariaDB), none unbounded.
      const reads = statements.filter((s) => /^select .* from [`"]demo_goods[`"]/i.test(s.sql) && !/count\(\*\)/i.test(s.sql));
      assert.ok(reads.length >= ROWS / EXPORT_BATCH && reads.length <= (2 * ROWS) / EXPORT_BATCH + 2, `${reads.length} reads`);
      for (const r of reads) {
        assert.match(r.sql, /limit (\?|\$\d+)$/i, r.sql);
        assert.ok(Number(r.bindings.at(-1)) <= EXPORT_BATCH, String(r.bindings.at(-1)));
      }
      // Progress at most once a second, not once a batch.
      const progress = statements.filter((s) => /^update [`"]base_sys_data_job[`"] set [`"]processed[`"]/i.test(s.sql));
      assert.ok(progress.length >= 1 && progress.length < ROWS / EXPORT_BATCH, `${progress.length} progress updates`);
    });

    it('a batch add answers each row its own id, rows of different columns alike', async () => {
      const rows = Array.from({ length: 600 }, (_, i) => ({ title: `batch ${i}`, price: i, ...(i % 3 ? { description: `d ${i}` } : {}), ...(i % 5 === 0 ? { stock: i } : {}) }));
      const res = await app.post(`${G}/add`, rows);
      assert.equal(res.body.code, 1000, JSON.stringify(res.body).slice(0, 300));
      const ids = res.body.data.id as number[];
      assert.equal(new Set(ids).size, 600);
      const stored = new Map(((await knex(TABLES.demoGoods).whereIn('id', ids).select('id', 'title', 'description', 'stock')) as { id: number; title: string; description: string | null; stock: number | null }[]).map((r) => [Number(r.id), r]));
      ids.forEach((id, i) => {
        const r = stored.get(id)!;
        assert.equal(r.title, `batch ${i}`);
        assert.equal(r.description, i % 3 ? `d ${i}` : null);
        if (i % 5 === 0) assert.equal(Number(r.stock), i);
      });
    });
  });
}
