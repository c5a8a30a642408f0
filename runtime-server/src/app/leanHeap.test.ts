import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { buildServer, leanHeapFile } from '../../../scripts/server-build.mjs';
import { ConfigError, loadConfig } from '../config.js';
import { LEAN_HEAP_FLAGS, leanHeapFlags, youngGrowthSwitch } from './leanHeap.js';

/** Allocates objects that survive a few young collections (as in-flight requests do), then prints the young generation's size in MB. */
const ALLOCATE = `
const v8 = require('node:v8');
let keep = [];
for (let i = 0; i < 3e6; i++) { keep.push({ a: i, b: 'x' + i }); if (keep.length > 20000) keep = []; }
console.log(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 1048576);
`;

function youngGenerationMb(env: Record<string, string>): number {
  const r = spawnSync(process.execPath, ['--import', pathToFileURL(leanHeapFile).href, '-e', ALLOCATE], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return Number(r.stdout.trim());
}

describe('lean heap (LEAN_HEAP)', () => {
  it('is on unless switched off, and yields to heap flags the operator gave', () => {
    assert.deepEqual(leanHeapFlags({}, []), LEAN_HEAP_FLAGS);
    assert.deepEqual(leanHeapFlags({ LEAN_HEAP: 'on' }, []), LEAN_HEAP_FLAGS);
    assert.deepEqual(leanHeapFlags({ LEAN_HEAP: '0' }, []), []);
    assert.deepEqual(leanHeapFlags({ LEAN_HEAP: 'off' }, []), []);
    assert.deepEqual(leanHeapFlags({}, ['--max-semi-space-size=16']), []);
    assert.deepEqual(leanHeapFlags({ NODE_OPTIONS: '--max-old-space-size=4096' }, []), []);
    // An unreadable value sets nothing; the configuration check then stops the start with a clear message.
    assert.deepEqual(leanHeapFlags({ LEAN_HEAP: 'maybe' }, []), []);
    assert.throws(() => loadConfig({ LEAN_HEAP: 'maybe' }), (e: unknown) => e instanceof ConfigError && /LEAN_HEAP/.test((e as Error).message));
    assert.doesNotThrow(() => loadConfig({ LEAN_HEAP: '0' }));
  });

  it('keeps the young generation at its initial size in a real process loaded as npm start loads it (default V8 grows it)', async () => {
    await buildServer();
    const lean = youngGenerationMb({});
    const standard = youngGenerationMb({ LEAN_HEAP: '0' });
    assert.ok(lean <= 4, `lean young generation ${lean} MB`);
    assert.ok(standard >= 8, `default young generation ${standard} MB: the check would not tell them apart`);
  });

  it('lets the young generation grow to its serving cap once the app serves, and no further', async () => {
    await buildServer();
    // Start-up with the lean heap, then serving: survivors over several turns of the event loop (the cap is checked every 100 ms).
    const script = `
      import v8 from 'node:v8';
      import { leanHeapApplied, relaxLeanHeapForServing } from ${JSON.stringify(pathToFileURL(leanHeapFile).href)};
      const mb = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 1048576;
      let keep = [];
      const churn = (n) => { for (let i = 0; i < n; i++) { keep.push({ a: i, b: 'x' + i }); if (keep.length > 20000) keep = []; } };
      churn(1e6);
      const atStart = mb();
      const stop = relaxLeanHeapForServing(leanHeapApplied, 4);
      // About as much per turn as a busy server allocates in a check's interval (tens of MB per second).
      for (let round = 0; round < 100; round++) {
        churn(5e4);
        await new Promise((r) => setTimeout(r, 20));
      }
      stop();
      console.log(JSON.stringify({ atStart, serving: mb() }));
    `;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env: { PATH: process.env.PATH }, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const { atStart, serving } = JSON.parse(r.stdout.trim()) as { atStart: number; serving: number };
    assert.ok(atStart <= 4, `young generation at start ${atStart} MB`);
    // new_space counts both semi-spaces: a 4 MB cap is 8 MB, and growth may overshoot it by one doubling.
    assert.ok(serving >= 8 && serving <= 16, `young generation while serving ${serving} MB`);
  });

  it('switches growth on again when V8 has shrunk the young generation after a quiet spell', () => {
    // V8's memory reducer shrinks an idle process's young generation (after about 8 s, too slow for a real process
    // here): growth left off then kept the next burst of load on 1 MB semi-spaces, which the bench caught.
    let size = 2;
    const flags: string[] = [];
    const growth = youngGrowthSwitch(8, () => size, (f) => flags.push(f));
    growth.check();
    growth.check();
    size = 16;
    growth.check();
    size = 4.25;
    growth.check();
    size = 17;
    growth.check();
    size = 3;
    growth.check();
    growth.stop();
    assert.deepEqual(flags, ['--semi-space-growth-factor=2', '--semi-space-growth-factor=1', '--semi-space-growth-factor=2', '--semi-space-growth-factor=1', '--semi-space-growth-factor=2', '--semi-space-growth-factor=1']);
  });
});
