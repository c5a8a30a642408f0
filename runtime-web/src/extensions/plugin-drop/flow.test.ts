import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { installDropped, isPluginFile, pluginNameOf } from './flow';
import type { InstallAnswer } from './flow';

/** A scripted server: answers in order, and records the force flag of each post and each dialog. */
function script(answers: (InstallAnswer | undefined)[], confirmWith = true) {
  const log: string[] = [];
  return {
    log,
    deps: {
      post: async (force: boolean) => {
        log.push(`post force=${force}`);
        return answers.shift();
      },
      confirm: async (kind: 'error' | 'warning', message: string) => {
        log.push(`${kind}: ${message}`);
        return confirmWith;
      },
    },
  };
}

describe('plugin drop-install flow (docs/reference/product-spec.md §4)', () => {
  it('empty answer: installed after one unforced post', async () => {
    const s = script([undefined]);
    assert.equal(await installDropped(s.deps), 'installed');
    assert.deepEqual(s.log, ['post force=false']);
  });
  it('type 0: error confirmation, then a forced retry', async () => {
    const s = script([{ type: 0, message: 'bad' }, undefined]);
    assert.equal(await installDropped(s.deps), 'installed');
    assert.deepEqual(s.log, ['post force=false', 'error: bad', 'post force=true']);
  });
  it('types 1 and 2: warning confirmation, then a forced retry; cancelling stops', async () => {
    for (const type of [1, 2]) {
      const s = script([{ type, message: 'exists' }, undefined]);
      assert.equal(await installDropped(s.deps), 'installed');
      assert.deepEqual(s.log, ['post force=false', 'warning: exists', 'post force=true']);
    }
    const cancelled = script([{ type: 1, message: 'exists' }], false);
    assert.equal(await installDropped(cancelled.deps), 'cancelled');
    assert.deepEqual(cancelled.log, ['post force=false', 'warning: exists']);
  });
  it('type 3: a forced retry directly, no dialog', async () => {
    const s = script([{ type: 3, message: '' }, undefined]);
    assert.equal(await installDropped(s.deps), 'installed');
    assert.deepEqual(s.log, ['post force=false', 'post force=true']);
  });
  it('a failing forced retry rejects with the server error', async () => {
    const deps = {
      post: async (force: boolean) => {
        if (force) throw new Error('invalid package');
        return { type: 0, message: 'bad' };
      },
      confirm: async () => true,
    };
    await assert.rejects(installDropped(deps), /invalid package/);
  });
  it('names the plugin after the file', () => {
    assert.equal(pluginNameOf('taskDemo.cool'), 'taskDemo');
    assert.ok(isPluginFile('x.COOL'));
    assert.ok(!isPluginFile('x.zip'));
  });
});
