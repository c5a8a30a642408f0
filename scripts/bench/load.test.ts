import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const LOAD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'load.mjs');

interface Result {
  rps: number;
  total: number;
  bad: number;
  answers: number;
  sampled: number;
  bytes: { min: number; max: number };
  genCpuUs: number;
  genShare: number;
  sample?: string;
}

/** A server whose answer to request number i is `answer(i)`; load.mjs run against it for one second. */
async function loadAgainst(answer: (i: number) => { status: number; body: Buffer }, run: Record<string, unknown>): Promise<Result> {
  let i = 0;
  const server = http.createServer((_req, res) => {
    const a = answer(i++);
    res.writeHead(a.status, { 'content-type': 'application/json', 'content-length': a.body.length });
    res.end(a.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const file = path.join(os.tmpdir(), `sa-load-test-${process.pid}-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, method: 'GET', path: '/', headers: {}, seconds: 1, connections: 4, expectCode: true, ...run }));
  try {
    // Asynchronously: the server answers in this process.
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [LOAD, file], { stdio: ['ignore', 'pipe', 'inherit'] });
      let text = '';
      child.stdout.on('data', (c: Buffer) => (text += c));
      child.on('exit', (code: number) => (code === 0 ? resolve(text) : reject(new Error(`load.mjs exited ${code}`))));
    });
    return JSON.parse(out.trim().split('\n').at(-1)!) as Result;
  } finally {
    fs.rmSync(file, { force: true });
    server.close();
  }
}

const big = Buffer.from(JSON.stringify({ code: 1000, message: 'success', data: 'x'.repeat(100_000) }));

describe('the load generator (scripts/bench/load.mjs)', () => {
  it('counts every answer without keeping its body, and reports its own CPU', async () => {
    const r = await loadAgainst(() => ({ status: 200, body: big }), { fixedSize: true });
    assert.ok(r.answers > 0);
    assert.equal(r.answers, r.total, 'every answer checked');
    assert.equal(r.bad, 0, r.sample);
    assert.deepEqual(r.bytes, { min: big.length, max: big.length });
    assert.ok(r.sampled >= 1 && r.sampled < r.answers, 'a sample read whole, not every answer');
    assert.ok(r.genCpuUs > 0 && r.genShare > 0 && r.genShare < 2);
  });

  it('fails an answer whose size differs from the first, whose status is not 200, or a sampled one without the success code', async () => {
    const wrongSize = await loadAgainst((i) => ({ status: 200, body: i % 50 === 7 ? big.subarray(0, 100) : big }), { fixedSize: true });
    assert.ok(wrongSize.bad > 0);
    assert.match(wrongSize.sample ?? '', /bytes where the first answer had/);
    const status = await loadAgainst((i) => ({ status: i % 50 === 7 ? 500 : 200, body: big }), {});
    assert.ok(status.bad > 0);
    assert.match(status.sample ?? '', /status 500/);
    const code = await loadAgainst(() => ({ status: 200, body: Buffer.from('{"code":1001,"message":"no"}') }), {});
    assert.equal(code.bad, code.sampled, 'each sampled answer fails');
    assert.match(code.sample ?? '', /no "code":1000/);
  });
});
