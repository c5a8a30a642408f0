/**
 * `npm run bench [-- --seconds 5 --concurrency 16 --rows 5000]`: measures the main generic endpoints
 * on a fresh database (SQLite by default, MySQL/MariaDB with DATABASE_URL pointing at a scratch
 * database). Prints requests/second and latency percentiles per endpoint, from one run on one machine:
 * compare ratios between endpoints or commits, not absolute numbers across machines.
 */
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createApp } from '../runtime-server/src/app/createApp.js';
import { loadConfig } from '../runtime-server/src/config.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const SECONDS = arg('seconds', 5);
const CONCURRENCY = arg('concurrency', 16);
const ROWS = arg('rows', 5000);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bench-'));
// A private admin password and fixed captcha for this throw-away database only.
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', ADMIN_PASSWORD: 'bench-pass1', CAPTCHA_FIXED_CODE: '1234' });
const instance = await createApp(config, { logger: { info() {}, warn() {}, error: console.error } });
const server = http.createServer(instance.callback());
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const port = (server.address() as AddressInfo).port;
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

let token = '';

function call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; json: { code: number; data?: any } }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string | number> = token ? { authorization: token } : {};
    if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
    const req = http.request(
      { host: '127.0.0.1', port, method, path: url, agent, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const captcha = await call('GET', '/admin/base/open/captcha');
const login = await call('POST', '/admin/base/open/login', { username: 'admin', password: 'bench-pass1', captchaId: captcha.json.data.captchaId, verifyCode: '1234' });
if (login.json.code !== 1000) throw new Error(`login failed: ${JSON.stringify(login.json)}`);
token = login.json.data.token;

// Seed rows in batches through the API itself.
for (let done = 0; done < ROWS; done += 500) {
  const batch = Array.from({ length: Math.min(500, ROWS - done) }, (_, i) => ({
    title: `Item ${done + i}`,
    price: ((done + i) % 1000) + 0.99,
    description: `description ${(done + i) % 97}`,
    status: (done + i) % 2,
    exampleImages: ['a.png'],
  }));
  const res = await call('POST', '/admin/demo/goods/add', batch);
  if (res.json.code !== 1000) throw new Error(`seeding failed: ${JSON.stringify(res.json)}`);
}

interface Case {
  name: string;
  run: (i: number) => Promise<{ status: number; json: { code: number } }>;
}

const cases: Case[] = [
  { name: 'POST page (size 20, default order)', run: () => call('POST', '/admin/demo/goods/page', { page: 1, size: 20 }) },
  { name: 'POST page (keyword + eq + sort)', run: (i) => call('POST', '/admin/demo/goods/page', { page: 1 + (i % 10), size: 20, keyWord: 'description 4', status: 1, order: 'price', sort: 'asc' }) },
  { name: 'GET info', run: (i) => call('GET', `/admin/demo/goods/info?id=${1 + (i % ROWS)}`) },
  { name: 'POST list (title LIKE, full scan)', run: (i) => call('POST', '/admin/demo/goods/list', { title: `Item ${i % ROWS}x` }) },
  { name: 'POST add', run: (i) => call('POST', '/admin/demo/goods/add', { title: `Bench ${i}`, price: 1.5 }) },
  { name: 'GET eps', run: () => call('GET', '/admin/base/open/eps') },
  { name: 'GET permmenu', run: () => call('GET', '/admin/base/comm/permmenu') },
];

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

console.log(`Schema Admin bench: ${config.databaseUrl ? 'MySQL/MariaDB' : 'SQLite'}, ${ROWS} rows, ${CONCURRENCY} concurrent, ${SECONDS}s per endpoint, Node ${process.version}`);
console.log('endpoint'.padEnd(38), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'errors'.padStart(7));
for (const c of cases) {
  const latencies: number[] = [];
  let errors = 0;
  let n = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const res = await c.run(n++);
        latencies.push(performance.now() - t0);
        if (res.status !== 200 || res.json.code !== 1000) errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  console.log(
    c.name.padEnd(38),
    (latencies.length / SECONDS).toFixed(0).padStart(8),
    pct(latencies, 50).toFixed(2).padStart(8),
    pct(latencies, 99).toFixed(2).padStart(8),
    String(errors).padStart(7),
  );
}

agent.destroy();
server.close();
await instance.close();
fs.rmSync(dataDir, { recursive: true, force: true });
