import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { BreeClock } from './breeClock.js';

describe('BreeClock (bree as the in-process timer)', () => {
  it('fires once, in-process, no later than asked; an earlier pending wake wins', async () => {
    const fired: number[] = [];
    const clock = new BreeClock(() => fired.push(Date.now()));
    const t0 = Date.now();
    await clock.wakeIn(300);
    await clock.wakeIn(80); // earlier: replaces
    await clock.wakeIn(600); // later: the 80 ms wake stays
    await sleep(900);
    assert.equal(fired.length, 1);
    const after = (fired[0] as number) - t0;
    assert.ok(after >= 75 && after < 300, `fired after ${after} ms`);
    await clock.wakeIn(50);
    await sleep(200);
    assert.equal(fired.length, 2, 'a new wake after the last one fired');
    await clock.stop();
  });

  it('stop clears the pending wake: nothing fires afterwards', async () => {
    let fired = 0;
    const clock = new BreeClock(() => fired++);
    await clock.wakeIn(100);
    await clock.stop();
    await clock.wakeIn(10);
    await sleep(250);
    assert.equal(fired, 0);
  });
});
