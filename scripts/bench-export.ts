/**
 * Export benchmark (issue 14 figures; a script, not a test): goods rows exported to CSV and .xlsx through the
 * job API on one in-process server, at 10 000 and at 100 000 rows in one run — wall time, the process's peak
 * RSS above its level before the job, and a page request's latency while the job runs vs idle — then the
 * largest CSV imported back (skip-invalid).
 *
 *   npx tsx scripts/bench-export.ts [--rows 10000,100000]
 *
 * SQLite in a temporary DATA_DIR; DATABASE_URL pointing at an empty scratch MariaDB database uses that instead.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { loadConfig } from '../runtime-server/src/config.js';
import { startTestApp } from '../runtime-server/src/testing/testApp.js';
import { TEST_ADMIN_PASSWORD, TEST_CAPTCHA } from '../runtime-server/src/testing/forEachDb.js';
import { TABLES } from '../runtime-server/src/generated/tables.js';

const arg = (name: string, d: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : d;
};
const sizes = arg('rows', '10000,100000').split(',').map(Number);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-'));
const config = loadConfig({ NODE_ENV: 'test', CAPTCHA_FIXED_CODE: TEST_CAPTCHA, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, DATA_DIR: dir, ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) }, { scheduler: { enabled: false } });
const app = await startTestApp(config);
const knex = app.instance.services.knex;
const mb = (b: number) => (b / 1024 / 1024).toFixed(1);

async function fill(total: number): Promise<void> {
  const have = Number(((await knex(TABLES.demoGoods).count({ n: '*' })) as { n: number }[])[0]!.n);
  const ts = '2026-01-01 00:00:00';
  const rows = [];
  for (let i = have; i < total; i++) {
    rows.push({ title: `Goods ${i}`, price: `${(i % 100000) + 0.25}`, status: i % 2, type: (i % 3) + 1, stock: i, description: `row ${i} of the export benchmark`, createTime: ts, updateTime: ts });
    if (rows.length === 500) await knex.batchInsert(TABLES.demoGoods, rows.splice(0), 500);
  }
  if (rows.length) await knex.batchInsert(TABLES.demoGoods, rows, 500);
}

async function pageLatency(): Promise<number> {
  const t0 = performance.now();
  const res = await app.post('/admin/demo/goods/page', { page: 3, size: 20, order: 'price', sort: 'asc' });
  if (res.body.code !== 1000) throw new Error(JSON.stringify(res.body));
  return performance.now() - t0;
}

async function run(format: 'csv' | 'xlsx', rows: number) {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  const start = await app.post('/admin/base/sys/dataJob/exportStart', { prefix: '/admin/demo/goods', format, columns: ['title', 'price', 'status', 'type', 'stock', 'description', 'createTime'] });
  if (start.body.code !== 1000) throw new Error(JSON.stringify(start.body));
  const latencies: number[] = [];
  let job;
  for (;;) {
    latencies.push(await pageLatency());
    job = (await app.get('/admin/base/sys/dataJob/jobInfo', { id: start.body.data.id })).body.data;
    if (job.status >= 2) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const wall = performance.now() - t0;
  clearInterval(sampler);
  if (job.status !== 2 || job.processed !== rows) throw new Error(`job ended ${JSON.stringify(job)}`);
  const file = fs.readdirSync(path.join(dir, 'data-jobs')).find((f) => f.startsWith(`${job.id}-`))!;
  const size = fs.statSync(path.join(dir, 'data-jobs', file)).size;
  latencies.sort((a, b) => a - b);
  return { wall, growth: peak - base, size, file: path.join(dir, 'data-jobs', file), p50: latencies[Math.floor(latencies.length / 2)]!, max: latencies.at(-1)! };
}

try {
  const idle: number[] = [];
  await fill(sizes[0]!);
  for (let i = 0; i < 20; i++) idle.push(await pageLatency());
  idle.sort((a, b) => a - b);
  console.log(`database: ${process.env.DATABASE_URL ? 'MariaDB' : 'SQLite'}; page request idle: p50 ${idle[10]!.toFixed(1)} ms, max ${idle.at(-1)!.toFixed(1)} ms`);
  console.log('rows     format  wall (s)  peak RSS growth (MB)  file (MB)  page p50/max during job (ms)');
  const growth: Record<string, number[]> = { csv: [], xlsx: [] };
  let lastCsv: string | undefined;
  for (const n of sizes) {
    await fill(n);
    for (const format of ['csv', 'xlsx'] as const) {
      const r = await run(format, n);
      if (format === 'csv') lastCsv = r.file;
      growth[format]!.push(r.growth);
      console.log(`${String(n).padEnd(8)} ${format.padEnd(7)} ${(r.wall / 1000).toFixed(1).padStart(8)}  ${mb(r.growth).padStart(20)}  ${mb(r.size).padStart(9)}  ${r.p50.toFixed(1)}/${r.max.toFixed(1)}`);
    }
  }
  // Import the largest CSV back (skip-invalid, batches of 500 through the generic add, audited).
  const csvJob = lastCsv;
  if (csvJob) {
    global.gc?.();
    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const t0 = performance.now();
    const res = await request(app.instance.callback())
      .post('/admin/base/sys/dataJob/importPreview')
      .set('Authorization', app.admin.token)
      .field('prefix', '/admin/demo/goods')
      .attach('file', csvJob, 'goods.csv');
    if (res.body.code !== 1000) throw new Error(JSON.stringify(res.body));
    const previewed = performance.now() - t0;
    await app.post('/admin/base/sys/dataJob/importStart', { id: res.body.data.id, mode: 'skip' });
    let job;
    for (;;) {
      job = (await app.get('/admin/base/sys/dataJob/jobInfo', { id: res.body.data.id })).body.data;
      if (job.status >= 2) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    clearInterval(sampler);
    console.log(`import of the ${sizes.at(-1)}-row CSV: preview ${(previewed / 1000).toFixed(1)} s, total ${((performance.now() - t0) / 1000).toFixed(1)} s, ${job.processed} rows, status ${job.status}, peak RSS growth ${mb(peak - base)} MB`);
  }
  for (const f of ['csv', 'xlsx']) {
    const g = growth[f]!;
    console.log(`${f}: RSS growth ${sizes.at(-1)} rows vs ${sizes[0]} rows: ${mb(g.at(-1)! - g[0]!)} MB (must stay < 50 MB)`);
  }
} finally {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
