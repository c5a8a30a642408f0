#!/usr/bin/env node
// `npm run build:server`: bundles the server (runtime-server/src/start.ts and the generator code it uses)
// into runtime-server/dist/start.js with esbuild, so production starts without compiling TypeScript.
// npm packages stay external (node_modules resolves them at run time); the workspace's own packages are
// bundled. Files that find data beside themselves (`import.meta.url`: generated JSON, seed, the console's
// dist) keep finding it: their `import.meta.url` is rewritten to their source location, relative to the bundle.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.join(root, 'runtime-server', 'dist', 'start.js');
/**
 * The heap settings (runtime-server/src/app/leanHeap.ts) on their own, loaded before the bundle by
 * `npm start` and by the bench (`node --import`): the bundle's npm imports would otherwise load first.
 */
export const leanHeapFile = path.join(root, 'runtime-server', 'dist', 'lean-heap.js');
const leanHeapSource = path.join(root, 'runtime-server', 'src', 'app', 'leanHeapAtStart.ts');

const sourceUrl = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@schema-admin/')) return undefined;
      return { path: args.path, external: true };
    });
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      let contents = fs.readFileSync(args.path, 'utf8');
      if (contents.includes('import.meta.url')) {
        const rel = path.relative(path.dirname(outfile), args.path).split(path.sep).join('/');
        contents = contents.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`);
      }
      return { contents, loader: 'ts' };
    });
  },
};

/** Builds the bundle; returns its path. */
export async function buildServer() {
  const t0 = Date.now();
  await build({
    entryPoints: [path.join(root, 'runtime-server', 'src', 'start.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    // The workspace's own packages from this checkout (not wherever node_modules' links point).
    alias: { '@schema-admin/generator': path.join(root, 'generator', 'src', 'index.ts') },
    plugins: [sourceUrl],
  });
  // An older checkout (the bench's --baseline) has no such file.
  if (fs.existsSync(leanHeapSource)) {
    await build({ entryPoints: [leanHeapSource], outfile: leanHeapFile, bundle: true, platform: 'node', format: 'esm', target: 'node20', legalComments: 'none', logLevel: 'warning' });
  }
  console.log(`server bundle: ${path.relative(root, outfile)} (${Math.round(fs.statSync(outfile).size / 1024)} KB, ${Date.now() - t0} ms)`);
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildServer();
