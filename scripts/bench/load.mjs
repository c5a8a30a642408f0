#!/usr/bin/env node
// The benchmark's load generator, in its own process: autocannon against one endpoint for a bounded time.
// `node scripts/bench/load.mjs <run.json>` → one JSON line on stdout with req/s, latency, failures and the
// generator's own CPU time. Bodies that must differ per request (login captchas, add/update/delete ids) are made here.
//
// The generator must never be the bottleneck (issue 41): autocannon's client appends every answer's body to a
// JavaScript string (its pipelined-request queue), and the earlier version of this file also searched each one,
// so a 117 KB EPS answer capped the generator near 2 000 requests/s while the server idled. Here autocannon's own
// client runs with that queue counting a body's bytes instead; every answer's status and size are checked, and a
// sample of the answers (the first ones, then one in SAMPLE_EVERY) is kept whole and checked for the success code.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

const require = createRequire(import.meta.url);
const Queue = require('autocannon/lib/pipelinedRequestsQueue.js');

const run = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
/** Answers kept whole and checked: the first SAMPLE_FIRST, then one in SAMPLE_EVERY. */
const SAMPLE_FIRST = 32;
const SAMPLE_EVERY = 256;
let n = 0;
let answers = 0;
let bad = 0;
let sampled = 0;
/** The size every answer must have (run.fixedSize: the answer does not change per request), from the first one. */
let size;
/** Smallest and largest body seen, in bytes. */
let minBytes = Infinity;
let maxBytes = 0;
/** The first failed answer, so a broken case says why. */
let sample;
const json = { 'content-type': 'application/json' };

Queue.prototype.insertRequest = function insertRequest(req) {
  const keep = n < SAMPLE_FIRST || n % SAMPLE_EVERY === 0;
  this.pendingRequests.push({ req, bytes: 0, body: '', size: 0, chunks: keep ? [] : undefined, headers: {}, startTime: process.hrtime() });
};
Queue.prototype.addBody = function addBody(data) {
  const r = this.pendingRequests[0];
  if (!r) return;
  r.size += data.length;
  // autocannon hands a slice of its socket buffer: copy what is kept (the buffer is reused).
  if (r.chunks) r.chunks.push(Buffer.from(data));
};
const terminate = Queue.prototype.terminateRequest;
Queue.prototype.terminateRequest = function terminateRequest() {
  const r = terminate.call(this);
  if (r) check(r);
  return r;
};

/** Status and size of every answer; the success code of a sampled one. */
function check(r) {
  answers++;
  const status = r.headers?.statusCode;
  minBytes = Math.min(minBytes, r.size);
  maxBytes = Math.max(maxBytes, r.size);
  let why;
  if (status !== 200) why = `status ${status}`;
  else if (run.fixedSize) {
    size ??= r.size;
    if (r.size !== size) why = `${r.size} bytes where the first answer had ${size}`;
  }
  if (r.chunks) {
    sampled++;
    const text = Buffer.concat(r.chunks).toString('utf8');
    if (!why && run.expectCode && !text.includes('"code":1000')) why = 'no "code":1000';
    if (why) sample ??= `${why}: ${text.slice(0, 200)}`;
  }
  if (why) {
    bad++;
    sample ??= why;
  }
}

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

const cpu0 = process.cpuUsage();
const t0 = performance.now();
const instance = autocannon({
  url: run.url,
  timeout: TIMEOUT_SECONDS,
  connections: run.connections,
  duration: run.seconds,
  requests: [{ method: run.method, path: run.path, setupRequest: (req) => ({ ...req, ...request(n++) }) }],
});
// `errors` counts the timeouts too (autocannon README).
instance.on('done', (r) => {
  const cpu = process.cpuUsage(cpu0);
  const wallUs = (performance.now() - t0) * 1000;
  const cpuUs = cpu.user + cpu.system;
  process.stdout.write(
    `${JSON.stringify({
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      total: r.requests.total,
      issued: n,
      bad: bad + r.errors,
      answers,
      sampled,
      bytes: { min: minBytes === Infinity ? 0 : minBytes, max: maxBytes },
      // The generator's CPU: per answer, and as a share of one core over the run (1 = a saturated core).
      genCpuUs: Math.round(cpuUs / Math.max(1, answers)),
      genShare: Math.round((cpuUs / wallUs) * 100) / 100,
      ...(sample || r.errors || r.timeouts ? { sample: sample ?? failures(r) } : {}),
    })}\n`,
  );
});

/** Why requests failed when no answer said so: none came in time, or the connection broke. */
function failures(r) {
  const parts = [];
  if (r.timeouts) parts.push(`${r.timeouts} without an answer within ${TIMEOUT_SECONDS} s`);
  if (r.errors > r.timeouts) parts.push(`${r.errors - r.timeouts} connection error(s)`);
  return parts.join(', ');
}
