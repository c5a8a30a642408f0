import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { packShipped, samplePackage, zipOf } from '../../../../runtime-server/src/modules/plugin/testPackages.js';
import { readDroppedManifest } from './manifest';

const blob = (bytes: Buffer) => new Blob([new Uint8Array(bytes)]);

describe('plugin drop: the name from the package manifest', () => {
  it('reads plugin.json from a packed (deflated) package and from a stored zip', async () => {
    assert.deepEqual(await readDroppedManifest(blob(await packShipped('task-demo'))), { name: 'Task demo', keyName: 'taskDemo' });
    assert.deepEqual(await readDroppedManifest(blob(await packShipped('upload-local-root', { keyName: 'uploadOther', name: 'Other storage' }))), {
      name: 'Other storage',
      keyName: 'uploadOther',
    });
    assert.deepEqual(await readDroppedManifest(blob(await samplePackage({ name: '  示例插件  ', keyName: 'sample' }))), { name: '示例插件', keyName: 'sample' });
  });

  it('gives undefined for anything it cannot read, so the file name is shown instead', async () => {
    const cases = [
      await zipOf([{ name: 'README.md', data: 'no manifest' }]),
      await zipOf([{ name: 'plugin.json', data: '{not json' }]),
      await zipOf([{ name: 'plugin.json', data: JSON.stringify({ name: '   ', keyName: 'x' }) }]),
      await zipOf([{ name: 'nested/plugin.json', data: JSON.stringify({ name: 'Nested' }) }]),
      Buffer.from('not a zip at all'),
      Buffer.alloc(0),
    ];
    for (const bytes of cases) assert.equal(await readDroppedManifest(blob(bytes)), undefined);
    const whole = await packShipped('task-demo');
    assert.equal(await readDroppedManifest(blob(whole.subarray(0, whole.length - 30))), undefined, 'a truncated package');
  });
});
