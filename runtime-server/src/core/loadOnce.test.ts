import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadOnce } from './loadOnce.js';

describe('loadOnce', () => {
  it('loads once for concurrent and later calls', async () => {
    let loads = 0;
    const get = loadOnce(async () => ({ n: ++loads }));
    const [a, b] = await Promise.all([get(), get()]);
    assert.equal(a, b);
    assert.equal(await get(), a);
    assert.equal(loads, 1);
  });

  it('does not keep a failed load: the next call tries again', async () => {
    let loads = 0;
    const get = loadOnce(async () => {
      loads++;
      if (loads === 1) throw new Error('first load fails');
      return 'loaded';
    });
    await assert.rejects(get(), /first load fails/);
    assert.equal(await get(), 'loaded');
    assert.equal(loads, 2);
  });
});
