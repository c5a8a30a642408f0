import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import yazl from 'yazl';
import { packPlugin } from './pack.js';

/** Test helpers: packages built from the shipped plugins, and hand-made (also malicious) zips. */

export const PLUGINS_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../../plugins');

export interface ZipFileSpec {
  name: string;
  data: string | Buffer;
  /** Unix mode stored in the entry (e.g. 0o120777 for a symlink). */
  mode?: number;
}

/**
 * A zip of the given entries. yazl refuses `..` and absolute names, so such names are written
 * under a same-length placeholder and patched in the finished bytes (names are not checksummed).
 */
export async function zipOf(files: ZipFileSpec[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const patches: [Buffer, Buffer][] = [];
  for (const [i, f] of files.entries()) {
    let name = f.name;
    if (name.startsWith('/') || name.split('/').includes('..') || /^[A-Za-z]:/.test(name)) {
      const placeholder = `~${String(i).padStart(3, '0')}`.padEnd(Buffer.byteLength(name), 'x');
      patches.push([Buffer.from(placeholder), Buffer.from(name)]);
      name = placeholder;
    }
    zip.addBuffer(Buffer.isBuffer(f.data) ? f.data : Buffer.from(f.data), name, { mode: f.mode ?? 0o100644, compress: false });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  const out = Buffer.concat(chunks);
  for (const [from, to] of patches) {
    for (let at = out.indexOf(from); at !== -1; at = out.indexOf(from, at + 1)) to.copy(out, at);
  }
  return out;
}

/** A minimal valid manifest, with overrides. */
export function manifestOf(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Sample',
    keyName: 'samplePlugin',
    version: '1.0.0',
    author: 'tester',
    description: 'a sample',
    hook: null,
    entry: 'server/index.mjs',
    configSchema: { type: 'object', properties: { n: { type: 'integer', minimum: 1, title: 'N' } } },
    config: { n: 1 },
    ...over,
  };
}

/** A valid package from a manifest plus extra/replacement entries. */
export function samplePackage(over: Record<string, unknown> = {}, extra: ZipFileSpec[] = []): Promise<Buffer> {
  return zipOf([
    { name: 'plugin.json', data: JSON.stringify(manifestOf(over)) },
    { name: 'README.md', data: '# sample' },
    { name: 'server/index.mjs', data: 'export function activate() { return {}; }\n' },
    ...extra,
  ]);
}

/**
 * Packs a shipped plugin (optionally with manifest changes, e.g. another version or keyName) into a
 * temp folder and returns the package bytes.
 */
export async function packShipped(dir: string, manifestChanges: Record<string, unknown> = {}): Promise<Buffer> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'sa-pack-'));
  try {
    const src = path.join(PLUGINS_DIR, dir);
    await fs.cp(src, tmp, { recursive: true, filter: (p) => !p.includes(`${path.sep}dist`) });
    // The copy's type-only import points elsewhere; esbuild drops it, so only the manifest matters.
    const mf = JSON.parse(await fs.readFile(path.join(tmp, 'plugin.json'), 'utf8')) as Record<string, unknown>;
    await fs.writeFile(path.join(tmp, 'plugin.json'), JSON.stringify({ ...mf, ...manifestChanges }));
    const packed = await packPlugin(tmp, path.join(tmp, 'out.cool'));
    return await fs.readFile(packed.file);
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}
