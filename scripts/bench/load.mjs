#!/usr/bin/env node
// The benchmark's load generator, in its own process: autocannon against one endpoint for a bounded time.
// `node scripts/bench/load.mjs <run.json>` → one JSON line on stdout with req/s, latency and failures.
// Bodies that must differ per request (login captchas, add/update/delete ids) are made here.
import fs from 'node:fs';
import autocannon from 'autocannon';

const run = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
let n = 0;
let bad = 0;
/** The first failed answer, so a broken case says why. */
let sample;
const json = { 'content-type': 'application/json' };

/** The request number `i` of this run: method, path, headers and body. */
function request(i) {
  const headers = { ...run.headers, 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
  switch (run.vary) {
    case 'login': {
      // A captcha the server issued, answered (scripts/bench.ts); each is single-use, so a reuse fails visibly.
      const { captchaId, verifyCode } = run.captchas[i % run.captchas.length];
      return { headers: { ...headers, ...json }, body: JSON.stringify({ ...run.body, username: `user${i % run.users}`, captchaId, verifyCode }) };
    }
    case 'add':
      return { headers: { ...headers, ...json }, body: JSON.stringify({ title: `Bench ${run.seed}-${i}`, price: (i % 1000) + 0.5, status: i % 2 }) };
    case 'update':
      return { headers: { ...headers, ...json }, body: JSON.stringify({ id: run.idFrom + (i % run.idCount), title: `Updated ${i}`, price: 2.5 }) };
    case 'delete':
      return { headers: { ...headers, ...json }, body: JSON.stringify({ ids: [run.idFrom - i] }) };
    default:
      return run.body === undefined ? { headers } : { headers: { ...headers, ...json }, body: JSON.stringify(run.body) };
  }
}

/** An answer slower than this counts as failed (autocannon's own default, said here). */
const TIMEOUT_SECONDS = 10;

const instance = autocannon({
  url: run.url,
  timeout: TIMEOUT_SECONDS,
  connections: run.connections,
  duration: run.seconds,
  requests: [
    {
      method: run.method,
      path: run.path,
      setupRequest: (req) => ({ ...req, ...request(n++) }),
      onResponse: (status, body) => {
        if (status !== 200 || (run.expectCode && !body.includes('"code":1000'))) {
          bad++;
          sample ??= `${status} ${String(body).slice(0, 200)}`;
        }
      },
    },
  ],
});
// `errors` counts the timeouts too (autocannon README).
instance.on('done', (r) => {
  process.stdout.write(
    `${JSON.stringify({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total, issued: n, bad: bad + r.errors, ...(sample || r.errors || r.timeouts ? { sample: sample ?? failures(r) } : {}) })}\n`,
  );
});

/** Why requests failed when no answer said so: none came in time, or the connection broke. */
function failures(r) {
  const parts = [];
  if (r.timeouts) parts.push(`${r.timeouts} without an answer within ${TIMEOUT_SECONDS} s`);
  if (r.errors > r.timeouts) parts.push(`${r.errors - r.timeouts} connection error(s)`);
  return parts.join(', ');
}
