#!/usr/bin/env node
// `npm run build:server`: bundles the server (runtime-server/src/start.ts and the generator code it uses)
// into runtime-server/dist/start.js with esbuild, so production starts without compiling TypeScript.
// The npm packages the server loads at start are bundled too (see EXTERNAL for those that are not): resolving
// and wrapping some 600 files one by one was a quarter to a third of a cold start (docs/decisions.md, "Cold start").
// Files that find data beside themselves (`import.meta.url`: generated JSON, seed, the console's dist) keep
// finding it: their `import.meta.url` is rewritten to their source location, relative to the bundle.
import fs from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
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

/**
 * npm packages left to node_modules at run time:
 * - better-sqlite3: a native addon;
 * - koa-body, formidable, exceljs, esbuild, json-schema-to-typescript, prettier, typescript: loaded at their
 *   first use (core/loadOnce.ts), which an import inside the bundle would turn into a load at start;
 * - @aws-sdk/client-s3, @aws-sdk/lib-storage: loaded only with STORAGE=s3, at first use (storage/s3Driver.ts);
 * - pg: loaded only for a `postgres://` DATABASE_URL (Knex requires it then; db/createDb.ts its type parsers);
 * - cron-parser and luxon: modules/task/schedule.ts sets the default locale on the luxon that cron-parser
 *   requires, found through node_modules (bundled, cron-parser would hold another copy).
 * A package that does not resolve (knex's drivers for other databases, debug's optional supports-color) is
 * left as a run-time require, which fails only where the package would be used.
 */
const EXTERNAL = new Set(['better-sqlite3', 'koa-body', 'formidable', 'exceljs', 'esbuild', 'json-schema-to-typescript', 'prettier', 'typescript', 'cron-parser', 'luxon', 'pg', '@aws-sdk/client-s3', '@aws-sdk/lib-storage']);
const requireFromRoot = createRequire(path.join(root, 'package.json'));

/** The npm package a bare specifier names (`@scope/name/sub` → `@scope/name`). */
const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

const sourceUrl = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@schema-admin/')) return undefined;
      if (isBuiltin(args.path) || EXTERNAL.has(packageOf(args.path))) return { path: args.path, external: true };
      try {
        requireFromRoot.resolve(args.path, { paths: [args.resolveDir] });
      } catch {
        return { path: args.path, external: true };
      }
      return undefined;
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

/**
 * Escapes every non-ASCII code unit left in the bundle (esbuild escapes strings but keeps comments and regular
 * expressions as written). V8 holds a script's source for lazy compilation, and one non-ASCII character makes
 * it a two-byte string: twice the memory for the whole bundle. `\\uXXXX` means the same code unit in a
 * comment, a string or a regular expression (a surrogate pair stays a pair, with or without the `u` flag).
 * The source map's columns shift on the few lines concerned.
 */
function asciiOnly(file) {
  const text = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(file, text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

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
    // The bundled CommonJS packages require node's modules and the external packages at run time.
    banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
  });
  asciiOnly(outfile);
  // An older checkout (the bench's --baseline) has no such file.
  if (fs.existsSync(leanHeapSource)) {
    await build({ entryPoints: [leanHeapSource], outfile: leanHeapFile, bundle: true, platform: 'node', format: 'esm', target: 'node20', legalComments: 'none', logLevel: 'warning' });
  }
  console.log(`server bundle: ${path.relative(root, outfile)} (${Math.round(fs.statSync(outfile).size / 1024)} KB, ${Date.now() - t0} ms)`);
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildServer();
