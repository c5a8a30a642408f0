import assert from 'node:assert/strict';

/**
 * Polls `check` every `stepMs` until it holds (returns the time it took, in ms), or fails naming `what` after
 * `timeoutMs`: for what another instance or a cache follows within a bound (shared epochs, plugin reloads).
 */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 3000, stepMs = 100): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    if (await check()) return Date.now() - t0;
    if (Date.now() - t0 > timeoutMs) assert.fail(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
