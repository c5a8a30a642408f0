/**
 * `npx tsx scripts/dashboard-figures.ts [-- --orders 100000]`: fills a fresh database (SQLite, or
 * DATABASE_URL pointing at an empty scratch database) with demo goods, end users, request-log rows and
 * orders spread over the last 400 days, then times the dashboard endpoint against a 20-row page request of
 * the same orders, sequentially, in one run. Compare the two figures with each other, not across machines.
 */
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import dayjs from 'dayjs';
import { createApp } from '../runtime-server/src/app/createApp.js';
import { parts } from '../runtime-server/src/parts.js';
import { loadConfig } from '../runtime-server/src/config.js';
import { TABLES } from '../runtime-server/src/generated/tables.js';

const i = process.argv.indexOf('--orders');
const ORDERS = i > 0 ? Number(process.argv[i + 1]) : 100_000;
const RUNS = 30;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-dash-'));
// A private admin password and fixed captcha for this throw-away database only.
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', ADMIN_PASSWORD: 'figures-pass1', CAPTCHA_FIXED_CODE: '1234' });
const instance = await createApp(config, parts, { logger: { info() {}, warn() {}, error: console.error } });
const server = http.createServer(instance.callback());
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const port = (server.address() as AddressInfo).port;
let token = '';

function call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ code: number; data?: any }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string | number> = token ? { authorization: token } : {};
    if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const captcha = await call('GET', '/admin/base/open/captcha');
const login = await call('POST', '/admin/base/open/login', { username: 'admin', password: 'figures-pass1', captchaId: captcha.data.captchaId, verifyCode: '1234' });
if (login.code !== 1000) throw new Error(`login failed: ${JSON.stringify(login)}`);
token = login.data.token;

const knex = instance.services.knex;
const FMT = 'YYYY-MM-DD HH:mm:ss';
const now = dayjs();
const ts = now.format(FMT);
const chunked = async (table: string, rows: Record<string, unknown>[]) => {
  for (let k = 0; k < rows.length; k += 500) await knex(table).insert(rows.slice(k, k + 500));
};
const started = Date.now();
await chunked(TABLES.demoGoods, Array.from({ length: 200 }, (_, g) => ({ title: `Goods ${g}`, type: (g % 3) + 1, price: 1, status: 1, stock: 0, createTime: ts, updateTime: ts })));
const goodsIds = (await knex(TABLES.demoGoods).pluck('id')) as number[];
await chunked(TABLES.userInfo, Array.from({ length: 10_000 }, (_, u) => {
  const t = now.subtract(u % 400, 'day').format(FMT);
  return { nickName: `u${u}`, status: u % 3, gender: 0, loginType: 0, createTime: t, updateTime: t };
}));
await chunked(TABLES.baseSysLog, Array.from({ length: 50_000 }, (_, l) => {
  const t = now.subtract(l % 2000, 'minute').format(FMT);
  return { action: '/admin/x', ip: `10.0.${l % 50}.${l % 200}`, createTime: t, updateTime: t };
}));
for (let k = 0; k < ORDERS; k += 5000) {
  await chunked(TABLES.demoOrder, Array.from({ length: Math.min(5000, ORDERS - k) }, (_, o) => {
    const n = k + o;
    const t = now.subtract((n * 7919) % (400 * 24 * 60), 'minute').format(FMT);
    return { goodsId: goodsIds[n % goodsIds.length], quantity: 1 + (n % 3), amount: ((n % 500) + 0.99).toFixed(2), status: n % 4 === 0 ? 0 : 1, payTime: n % 4 === 0 ? null : t, createTime: t, updateTime: t };
  }));
}
console.log(`filled ${ORDERS} orders, 10 000 end users, 50 000 log rows in ${((Date.now() - started) / 1000).toFixed(1)} s (${config.databaseUrl ? 'MySQL/MariaDB' : 'SQLite'})`);

async function time(name: string, run: () => Promise<{ code: number }>): Promise<void> {
  await run();
  const ms: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    const res = await run();
    ms.push(performance.now() - t0);
    if (res.code !== 1000) throw new Error(`${name}: ${JSON.stringify(res)}`);
  }
  ms.sort((a, b) => a - b);
  console.log(`${name.padEnd(44)} median ${ms[Math.floor(RUNS / 2)]!.toFixed(1)} ms  p90 ${ms[Math.floor(RUNS * 0.9)]!.toFixed(1)} ms`);
}
if (process.env.PROFILE) {
  const starts = new Map<string, number>();
  knex.on('query', (q: { __knexQueryUid: string }) => starts.set(q.__knexQueryUid, performance.now()));
  knex.on('query-response', (_r: unknown, q: { __knexQueryUid: string; sql: string }) => {
    const ms = performance.now() - (starts.get(q.__knexQueryUid) ?? 0);
    if (ms > 3) console.log(`  ${ms.toFixed(1)} ms  ${q.sql.slice(0, 160)}`);
  });
  await call('GET', '/admin/demo/dashboard/summary');
  knex.removeAllListeners('query');
  knex.removeAllListeners('query-response');
}
await time('GET demo/dashboard/summary', () => call('GET', '/admin/demo/dashboard/summary'));
await time('POST demo/order/page (20 rows, newest)', () => call('POST', '/admin/demo/order/page', { page: 1, size: 20 }));

server.closeAllConnections?.();
server.close();
await instance.close();
fs.rmSync(dataDir, { recursive: true, force: true });
