import assert from 'node:assert/strict';

/** Polls `check` every 100 ms until it holds (returns the time it took, in ms), or fails naming `what` after `timeoutMs`. */
export async function eventually(check: () => Promise<boolean>, what: string, timeoutMs: number): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    if (await check()) return Date.now() - t0;
    if (Date.now() - t0 > timeoutMs) assert.fail(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
