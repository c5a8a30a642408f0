/**
 * `npm run bench -- --rows 10000000 --db sqlite|mariadb|postgres|all --only export,import [--import-rows 1000000]
 * [--import-mode all|skip]` (issue 36, export and import at scale): the data jobs. On a scratch database of each
 * kind, the bundle's own migrations, then `rows` goods by one INSERT … SELECT in the database (scripts/bench/scale.ts's bulk seed).
 * - export: a CSV export job of every goods row through the job API (start, poll jobInfo), the server in its own
 *   process; rows/s, and its RSS sampled every 20 ms: idle before, the peak while the first CHECKPOINT rows were
 *   written, and the peak of the whole job. Growth = whole-job peak − checkpoint peak, the memory the job gains
 *   from 1 M rows on. The file's records are counted afterwards (a short file fails the run).
 * - import: a generated CSV of `import-rows` new goods uploaded to importPreview (multipart; the preview scans and
 *   validates the file), then importStart in `import-mode` and polled until done; rows/s of the job, the preview
 *   timed apart, and the table's count checked afterwards.
 * Writes a Markdown table to stdout and the `bulk` section of bench/results.json (other sections kept).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { TABLES } from '../../runtime-server/src/generated/tables.js';
import { bulkSeed } from './scale.js';
import type { Proc, ScaleDeps } from './scale.js';
import { cpuTimeUs, rssMb } from './procStats.js';

/** The export's rows up to which memory counts as the job's working set; growth is measured from here on. */
const CHECKPOINT = 1_000_000;
const J = '/admin/base/sys/dataJob';
const EXPORT_BODY = { prefix: '/admin/demo/goods', format: 'csv', columns: ['title', 'price', 'status', 'stock', 'description', 'createTime'] };

interface JobState {
  status: number;
  total: number;
  processed: number;
  error?: string | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function api<T>(url: string, token: string, pathname: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}${pathname}`, { method: body === undefined ? 'GET' : 'POST', headers: { authorization: token, 'content-type': 'application/json', language: 'en' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await res.json()) as { code: number; data: T };
  if (json.code !== 1000) throw new Error(`${pathname}: ${JSON.stringify(json).slice(0, 300)}`);
  return json.data;
}

/** Polls the job every 50 ms until it ends; `tick` gets every state seen. */
async function untilEnded(url: string, token: string, id: number, tick: (s: JobState) => void): Promise<JobState> {
  for (;;) {
    const s = await api<JobState>(url, token, `${J}/jobInfo?id=${id}`);
    tick(s);
    if (s.status >= 2) return s;
    await sleep(50);
  }
}

export interface BulkExport {
  rows: number;
  wallMs: number;
  rowsPerSec: number;
  cpuMs: number;
  idleRssMb: number;
  /** Peak RSS while the job had written at most CHECKPOINT rows (the whole job when it has fewer). */
  checkpointPeakRssMb: number;
  peakRssMb: number;
  /** peakRssMb − checkpointPeakRssMb: what the job's memory grew by past the checkpoint. */
  growthMb: number;
  /** Peak RSS while the job had written at most each of these row counts (1 M, 5 M, 10 M), when it reached it. */
  peakRssAtMb: Record<string, number>;
  fileRecords: number;
}

async function exportJob(p: Proc, token: string, dataDir: string): Promise<BulkExport> {
  const pid = p.proc.pid!;
  const idleRssMb = rssMb(pid);
  let peak = idleRssMb;
  let checkpointPeak = idleRssMb;
  let processed = 0;
  const marks = [1_000_000, 5_000_000, 10_000_000];
  const peakAt: Record<string, number> = {};
  const sample = () => {
    const r = rssMb(pid);
    peak = Math.max(peak, r);
    if (processed <= CHECKPOINT) checkpointPeak = Math.max(checkpointPeak, r);
    for (const m of marks) if (processed <= m) peakAt[m] = Math.max(peakAt[m] ?? idleRssMb, r);
  };
  const sampler = setInterval(sample, 20);
  const cpu0 = cpuTimeUs(pid);
  const t0 = performance.now();
  let job: JobState;
  try {
    const started = await api<{ id: number }>(p.url, token, `${J}/exportStart`, EXPORT_BODY);
    job = await untilEnded(p.url, token, started.id, (s) => {
      processed = s.processed;
      sample();
    });
  } finally {
    clearInterval(sampler);
  }
  const wallMs = performance.now() - t0;
  if (job.status !== 2 || job.processed !== job.total) throw new Error(`export job ended ${JSON.stringify(job)}`);
  const cpuMs = Math.round((cpuTimeUs(pid) - cpu0) / 1000);
  // The file's records (no exported value holds a line break here): every row written, plus the header.
  const dir = path.join(dataDir, 'data-jobs');
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.csv'))!;
  let lines = 0;
  for await (const _ of readline.createInterface({ input: fs.createReadStream(path.join(dir, file)) })) lines++;
  fs.rmSync(path.join(dir, file));
  if (lines - 1 !== job.processed) throw new Error(`export file holds ${lines - 1} records, the job says ${job.processed}`);
  return { rows: job.processed, wallMs: Math.round(wallMs), rowsPerSec: Math.round(job.processed / (wallMs / 1000)), cpuMs, idleRssMb, checkpointPeakRssMb: checkpointPeak, peakRssMb: peak, growthMb: peak - checkpointPeak, peakRssAtMb: Object.fromEntries(marks.filter((m) => m <= job.processed).map((m) => [m, peakAt[m]!])), fileRecords: lines - 1 };
}

export interface BulkImport {
  rows: number;
  mode: string;
  fileMb: number;
  previewMs: number;
  jobMs: number;
  rowsPerSec: number;
  cpuMs: number;
  peakRssMb: number;
}

/** `n` new goods as CSV, English headers (the import maps labels in any language), values the add endpoint accepts. */
function importFile(n: number): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bulk-')), 'goods.csv');
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, 'Title,Price,Status,Stock,Description\r\n');
  let chunk: string[] = [];
  for (let i = 1; i <= n; i++) {
    chunk.push(`imported ${i},${(i % 10000) / 100},${i % 2 ? 'Enabled' : 'Disabled'},${i % 1000},"imported row ${i}, quoted"`);
    if (chunk.length === 10_000 || i === n) {
      fs.writeSync(fd, `${chunk.join('\r\n')}\r\n`);
      chunk = [];
    }
  }
  fs.closeSync(fd);
  return file;
}

async function importJob(p: Proc, token: string, rows: number, mode: string, countGoods: () => Promise<number>): Promise<BulkImport> {
  const file = importFile(rows);
  const fileMb = Math.round(fs.statSync(file).size / 1e5) / 10;
  const pid = p.proc.pid!;
  const before = await countGoods();
  const t0 = performance.now();
  const form = new FormData();
  form.set('prefix', EXPORT_BODY.prefix);
  form.set('file', new Blob([fs.readFileSync(file)]), 'goods.csv');
  const res = await fetch(`${p.url}${J}/importPreview`, { method: 'POST', headers: { authorization: token, language: 'en' }, body: form }).catch((e: Error & { cause?: { code?: string } }) => {
    throw new Error(`importPreview upload failed (${e.cause?.code ?? e.message}); the server's last lines: ${p.lines.slice(-5).join(' | ')}`);
  });
  const preview = (await res.json()) as { code: number; data: { id: number; total: number; valid: number; errorCount?: number } };
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  if (preview.code !== 1000 || preview.data.valid !== rows) throw new Error(`importPreview: ${JSON.stringify(preview).slice(0, 300)}`);
  const previewMs = Math.round(performance.now() - t0);
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const cpu0 = cpuTimeUs(pid);
  const t1 = performance.now();
  let job: JobState;
  try {
    await api(p.url, token, `${J}/importStart`, { id: preview.data.id, mode });
    job = await untilEnded(p.url, token, preview.data.id, () => undefined);
  } finally {
    clearInterval(sampler);
  }
  const jobMs = performance.now() - t1;
  const added = (await countGoods()) - before;
  if (job.status !== 2 || added !== rows) throw new Error(`import job ended ${JSON.stringify(job)}, ${added} rows added`);
  return { rows, mode, fileMb, previewMs, jobMs: Math.round(jobMs), rowsPerSec: Math.round(rows / (jobMs / 1000)), cpuMs: Math.round((cpuTimeUs(pid) - cpu0) / 1000), peakRssMb: peak };
}

export async function runBulk(deps: ScaleDeps, rows: number): Promise<void> {
  const only = deps.opt('only', '').split(',');
  const importRows = Number(deps.opt('import-rows', String(Math.min(rows, 1_000_000))));
  const mode = deps.opt('import-mode', 'skip');
  const bundle = await deps.buildServer();
  const result = { method: { rows, importRows, importMode: mode, checkpoint: CHECKPOINT, host: `${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`, node: process.version, date: new Date().toISOString() }, databases: [] as unknown[] };
  const table = ['| database | export rows | rows/s | idle RSS | peak at 1 M | peak | growth | import rows | mode | rows/s | preview s |', '|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|'];
  for (const kind of deps.dbs) {
    const db = await deps.scratchDb(kind);
    let server: Proc | undefined;
    try {
      await deps.stop(await deps.startServer(bundle, db.env));
      const t0 = Date.now();
      await deps.seed(db.knex, 100, 0);
      if (only.includes('export')) {
        process.stderr.write(`[${db.name}] seeding ${rows} goods…\n`);
        await bulkSeed(db.knex, rows, 0, 'goods');
      }
      const seedSeconds = Math.round((Date.now() - t0) / 1000);
      const env = { ...db.env, IMPORT_MAX_ROWS: String(Math.max(importRows, 1)), IMPORT_MAX_MB: '10000', IMPORT_QUOTA_MB: '10000' };
      server = await deps.startServer(bundle, env, true);
      const token = (await deps.signIn(server.url, db.knex)).admin!;
      const countGoods = async () => Number(((await db.knex(TABLES.demoGoods).count({ n: '*' })) as { n: unknown }[])[0]!.n);
      const exp = only.includes('export') ? await exportJob(server, token, db.env.DATA_DIR!) : undefined;
      if (exp) process.stderr.write(`[${db.name}] export: ${exp.rows} rows in ${exp.wallMs} ms (${exp.rowsPerSec} rows/s), RSS idle ${exp.idleRssMb} MB, peak to ${CHECKPOINT} rows ${exp.checkpointPeakRssMb} MB, peak ${exp.peakRssMb} MB (growth ${exp.growthMb} MB), peak by rows ${JSON.stringify(exp.peakRssAtMb)}\n`);
      const imp = only.includes('import') ? await importJob(server, token, importRows, mode, countGoods) : undefined;
      if (imp) process.stderr.write(`[${db.name}] import (${mode}): ${imp.rows} rows in ${imp.jobMs} ms (${imp.rowsPerSec} rows/s), preview ${imp.previewMs} ms, peak RSS ${imp.peakRssMb} MB\n`);
      result.databases.push({ db: db.name, seedSeconds, ...(exp ? { export: exp } : {}), ...(imp ? { import: imp } : {}) });
      const e = (f: (x: BulkExport) => unknown) => (exp ? String(f(exp)) : '—');
      const i = (f: (x: BulkImport) => unknown) => (imp ? String(f(imp)) : '—');
      table.push(`| ${db.name} | ${e((x) => x.rows)} | ${e((x) => x.rowsPerSec)} | ${e((x) => x.idleRssMb)} | ${e((x) => x.checkpointPeakRssMb)} | ${e((x) => x.peakRssMb)} | ${e((x) => x.growthMb)} | ${i((x) => x.rows)} | ${i((x) => x.mode)} | ${i((x) => x.rowsPerSec)} | ${i((x) => (x.previewMs / 1000).toFixed(1))} |`);
    } finally {
      await deps.stop(server);
      await db.cleanup();
    }
  }
  console.log(table.join('\n'));
  const prior = fs.existsSync(deps.out) ? (JSON.parse(fs.readFileSync(deps.out, 'utf8')) as Record<string, unknown>) : {};
  const before = ((prior.bulk as Record<string, { databases?: { db: string }[] }> | undefined) ?? {})[String(rows)];
  const mine = result.databases as { db: string }[];
  result.databases = [...(before?.databases ?? []).filter((x) => !mine.some((m) => m.db === x.db)), ...mine];
  const bulk = { ...((prior.bulk as Record<string, unknown>) ?? {}), [String(rows)]: result };
  fs.writeFileSync(deps.out, `${JSON.stringify({ ...prior, bulk }, null, 2)}\n`);
  console.log(`\nwritten ${path.relative(process.cwd(), deps.out)} (bulk.${rows})`);
}
