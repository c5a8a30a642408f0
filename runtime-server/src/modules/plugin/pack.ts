import fs from 'node:fs/promises';
import path from 'node:path';
import yazl from 'yazl';
import { PluginValidators } from './manifest.js';

/** What `packPlugin` produced. */
export interface Packed {
  file: string;
  keyName: string;
  version: string;
  bytes: number;
}

/** Where the packed entry module sits inside a package (the manifest's `entry`). */
export const PACKED_ENTRY = 'server/index.mjs';
const SOURCES = ['src/index.ts', 'src/index.mjs', 'src/index.js'];
// Fixed timestamps: packing the same sources twice gives the same bytes.
const MTIME = new Date(Date.UTC(2020, 0, 1));

/**
 * Builds `<dir>/dist/<keyName>.cool` (or `outFile`) from a plugin folder: `plugin.json`, `README.md`,
 * the logo it names, the entry bundled to one ES module (`src/index.ts` → `server/index.mjs`, node
 * built-ins left as imports) and the TypeScript source as `source/index.ts`. The manifest is
 * validated first, with the same rules the server applies on install.
 */
export async function packPlugin(dir: string, outFile?: string): Promise<Packed> {
  const root = path.resolve(dir);
  const raw = JSON.parse(await fs.readFile(path.join(root, 'plugin.json'), 'utf8')) as Record<string, unknown>;
  const json = { ...raw, entry: PACKED_ENTRY };
  const manifest = new PluginValidators().parseManifest(json);
  let source: string | undefined;
  for (const s of SOURCES) {
    if (await exists(path.join(root, s))) {
      source = s;
      break;
    }
  }
  if (!source) throw new Error(`${root}: no entry source (${SOURCES.join(', ')})`);
  const { build } = await import('esbuild');
  const out = await build({
    entryPoints: [path.join(root, source)],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const bundle = out.outputFiles[0]?.text;
  if (!bundle) throw new Error(`${root}: the bundle is empty`);

  const zip = new yazl.ZipFile();
  const add = (buf: Buffer, name: string) => zip.addBuffer(buf, name, { mtime: MTIME, mode: 0o100644 });
  add(Buffer.from(`${JSON.stringify(json, null, 2)}\n`), 'plugin.json');
  add(await fs.readFile(path.join(root, manifest.readme)), manifest.readme);
  if (manifest.logo) add(await fs.readFile(path.join(root, manifest.logo)), manifest.logo);
  add(Buffer.from(bundle), PACKED_ENTRY);
  if (source.endsWith('.ts')) add(await fs.readFile(path.join(root, source)), 'source/index.ts');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  const bytes = Buffer.concat(chunks);
  const file = path.resolve(outFile ?? path.join(root, 'dist', `${manifest.keyName}.cool`));
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, bytes);
  return { file, keyName: manifest.keyName, version: manifest.version, bytes: bytes.length };
}

async function exists(p: string): Promise<boolean> {
  return fs.stat(p).then(
    (s) => s.isFile(),
    () => false,
  );
}
