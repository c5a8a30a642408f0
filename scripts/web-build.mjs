#!/usr/bin/env node
// Builds the console (runtime-web/dist) with Vite when it is missing or older than its sources.
// `node scripts/web-build.mjs` builds only when stale; `--force` always builds.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'runtime-web');
const dist = path.join(web, 'dist', 'index.html');
const SOURCES = ['src', 'index.html', 'vite.config.ts', 'package.json', 'public'];

function newestMtime(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p, { withFileTypes: true })) {
    // Unit tests sit beside the code but are not part of the bundle.
    if (entry.name.endsWith('.test.ts')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry.name)));
  }
  return newest;
}

/** True when dist is missing or any source file changed after the last build. */
export function webBuildStale() {
  let built;
  try {
    built = fs.statSync(dist).mtimeMs;
  } catch {
    return true;
  }
  return SOURCES.some((s) => newestMtime(path.join(web, s)) > built);
}

/** Builds when stale (or forced); exits the process on a failed build. */
export function ensureWebBuild({ force = false } = {}) {
  if (!force && !webBuildStale()) return false;
  console.log('\n== building the console: vite build (runtime-web)');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`\nvite build failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status || 1);
  }
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const built = ensureWebBuild({ force: process.argv.includes('--force') });
  if (!built) console.log('runtime-web/dist is up to date');
}
