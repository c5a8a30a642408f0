#!/usr/bin/env node
// `npm start`. With NODE_ENV=production it runs the prebuilt server bundle (runtime-server/dist) and
// serves the prebuilt console (runtime-web/dist) — nothing is compiled at start; `npm run build:prod`
// makes both. Otherwise it builds the console when stale and runs the TypeScript sources through tsx.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundle = path.join(root, 'runtime-server', 'dist', 'start.js');
const leanHeap = path.join(root, 'runtime-server', 'dist', 'lean-heap.js');
const console_ = path.join(root, 'runtime-web', 'dist', 'index.html');

if (process.env.NODE_ENV === 'production') {
  const missing = [bundle, leanHeap, console_].filter((f) => !fs.existsSync(f)).map((f) => path.relative(root, f));
  if (missing.length) {
    console.error(`NODE_ENV=production runs prebuilt files, missing: ${missing.join(', ')} — run \`npm run build:prod\` first`);
    process.exit(1);
  }
  // The heap settings first (LEAN_HEAP, docs/configuration.md): before the bundle's libraries load and grow the heap.
  await import(pathToFileURL(leanHeap).href);
  await import(pathToFileURL(bundle).href);
} else {
  const { ensureWebBuild } = await import('./web-build.mjs');
  ensureWebBuild();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'runtime-server', 'src', 'start.ts')], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
