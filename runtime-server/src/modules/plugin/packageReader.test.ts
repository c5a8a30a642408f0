import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { AppError } from '../../core/errors.js';
import { addMessages } from '../../core/i18n.js';
import { messages } from './messages.js';
import { messageOf, PluginValidators } from './manifest.js';
import { packPlugin } from './pack.js';
import { DEFAULT_PACKAGE_LIMITS, pathProblem, readPackage } from './packageReader.js';
import { PLUGINS_DIR, samplePackage, zipOf } from './testPackages.js';

// The module's messages, as the app merges them at boot (the messages of refusals are read below).
addMessages('plugin', messages);
const validators = new PluginValidators();
const read = (buf: Buffer, limits = DEFAULT_PACKAGE_LIMITS) => readPackage(buf, limits, validators);

/** Rejects with the AppError `key`; returns its English message for further checks. */
async function refused(p: Promise<unknown>, key: string): Promise<string> {
  let caught: unknown;
  await p.catch((err: unknown) => {
    caught = err;
  });
  assert.ok(caught instanceof AppError, `expected AppError ${key}, got ${String(caught)}`);
  assert.equal(caught.key, key, messageOf(caught, 'en'));
  return messageOf(caught, 'en');
}

describe('plugin package reader', () => {
  it('classifies entry paths', () => {
    assert.equal(pathProblem('server/index.mjs'), undefined);
    assert.equal(pathProblem('assets/'), undefined);
    assert.equal(pathProblem('/etc/passwd'), 'absolute');
    assert.equal(pathProblem('C:/x.js'), 'absolute');
    assert.equal(pathProblem('../x.js'), 'traversal');
    assert.equal(pathProblem('a/../../x.js'), 'traversal');
    assert.equal(pathProblem('a\\..\\x.js'), 'badName');
    assert.equal(pathProblem('a//x.js'), 'badName');
    assert.equal(pathProblem('./x.js'), 'badName');
  });

  it('reads the shipped plugins as packed by the packer (round trip)', async () => {
    const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'sa-pack-'));
    try {
      for (const [dir, key, hook] of [['upload-local-root', 'uploadLocalRoot', 'upload'], ['task-demo', 'taskDemo', null]] as const) {
        const packed = await packPlugin(path.join(PLUGINS_DIR, dir), path.join(tmp, `${key}.cool`));
        assert.equal(packed.keyName, key);
        const pkg = await read(await fs.readFile(packed.file));
        assert.equal(pkg.manifest.keyName, key);
        assert.equal(pkg.manifest.hook, hook);
        assert.equal(pkg.manifest.entry, 'server/index.mjs');
        assert.match(pkg.entrySource, /export\s*\{\s*activate\s*\}/);
        assert.doesNotMatch(pkg.entrySource, /runtime-server/, 'nothing of the server is bundled');
        assert.match(pkg.logo ?? '', /^iVBORw0KGgo[A-Za-z0-9+/=]+$/, 'bare base64 of the PNG (no data: prefix)');
        assert.match(pkg.readme, /^# /);
        assert.match(pkg.tsSource ?? '', /export (async )?function activate/);
      }
      // Same sources, same bytes.
      const again = await packPlugin(path.join(PLUGINS_DIR, 'task-demo'), path.join(tmp, 'again.cool'));
      assert.deepEqual(await fs.readFile(again.file), await fs.readFile(path.join(tmp, 'taskDemo.cool')));
    } finally {
      await fs.rm(tmp, { recursive: true, force: true });
    }
  });

  it('refuses `..` entries, absolute paths, symlinks and duplicates, naming the path', async () => {
    assert.match(await refused(read(await samplePackage({}, [{ name: '../evil.mjs', data: 'x' }])), 'plugin.path.traversal'), /\.\.\/evil\.mjs/);
    assert.match(await refused(read(await samplePackage({}, [{ name: 'a/../../evil.mjs', data: 'x' }])), 'plugin.path.traversal'), /evil/);
    assert.match(await refused(read(await samplePackage({}, [{ name: '/etc/cron.d/evil', data: 'x' }])), 'plugin.path.absolute'), /\/etc\/cron\.d\/evil/);
    await refused(read(await samplePackage({}, [{ name: 'link', data: '/etc/passwd', mode: 0o120777 }])), 'plugin.path.symlink');
    await refused(read(await samplePackage({}, [{ name: 'README.md', data: 'twice' }])), 'plugin.path.duplicate');
  });

  it('refuses a package without plugin.json, or missing the entry or readme it names', async () => {
    await refused(read(await zipOf([{ name: 'README.md', data: '#' }, { name: 'server/index.mjs', data: 'export {}' }])), 'plugin.noManifest');
    const noEntry = await zipOf([{ name: 'plugin.json', data: JSON.stringify({ name: 'S', keyName: 'sample', version: '1.0.0', author: 'a', description: '' }) }, { name: 'README.md', data: '#' }]);
    assert.match(await refused(read(noEntry), 'plugin.missingFile'), /server\/index\.mjs/);
    assert.match(await refused(read(await samplePackage({ readme: 'docs/README.md' })), 'plugin.missingFile'), /docs\/README\.md/);
    assert.match(await refused(read(await samplePackage({ logo: 'assets/missing.png' })), 'plugin.missingFile'), /missing\.png/);
  });

  it('validates the manifest and the defaults against the plugin’s own config schema', async () => {
    assert.match(await refused(read(await samplePackage({ keyName: '../x' })), 'plugin.manifestInvalid'), /keyName/);
    assert.match(await refused(read(await samplePackage({ version: 'latest' })), 'plugin.manifestInvalid'), /version/);
    assert.match(await refused(read(await samplePackage({ hook: 'database' })), 'plugin.manifestInvalid'), /hook/);
    assert.match(await refused(read(await samplePackage({ unknown: 1 })), 'plugin.manifestInvalid'), /unknown|additional/i);
    assert.match(await refused(read(await samplePackage({ config: { n: 0 } })), 'plugin.defaultsInvalid'), /N \(n\)/);
    const notJson = await zipOf([{ name: 'plugin.json', data: '{ nope' }, { name: 'README.md', data: '#' }]);
    await refused(read(notJson), 'plugin.manifestInvalid');
  });

  it('refuses what is too large or not a zip before unpacking anything', async () => {
    const pkg = await samplePackage();
    await refused(read(pkg, { ...DEFAULT_PACKAGE_LIMITS, maxPackageBytes: pkg.length - 1 }), 'plugin.tooLarge');
    await refused(read(await samplePackage({}, [{ name: 'big.bin', data: Buffer.alloc(2048) }]), { ...DEFAULT_PACKAGE_LIMITS, maxEntryBytes: 1024 }), 'plugin.entryTooLarge');
    await refused(read(await samplePackage({}, [{ name: 'a.bin', data: Buffer.alloc(600) }, { name: 'b.bin', data: Buffer.alloc(600) }]), { ...DEFAULT_PACKAGE_LIMITS, maxTotalBytes: 1000 }), 'plugin.unpackedTooLarge');
    const many = Array.from({ length: 8 }, (_, i) => ({ name: `f${i}.txt`, data: 'x' }));
    await refused(read(await samplePackage({}, many), { ...DEFAULT_PACKAGE_LIMITS, maxEntries: 5 }), 'plugin.tooManyEntries');
    await refused(read(Buffer.from('just some text, not a zip at all')), 'plugin.notZip');
    const cut = pkg.subarray(0, pkg.length - 30);
    await refused(read(cut), 'plugin.invalidPackage');
  });
});
