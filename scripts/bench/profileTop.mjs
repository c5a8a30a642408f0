#!/usr/bin/env node
// Summarises a V8 CPU profile (`node --cpu-prof`, or `npm run bench -- --cpu-prof <dir>`): the functions with
// the most self time, and the project's own functions with the most total time (self + callees), as tables.
// `node scripts/bench/profileTop.mjs <file.cpuprofile> [--top 25]`
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/bench/profileTop.mjs <file.cpuprofile> [--top 25]');
  process.exit(2);
}
const topIndex = process.argv.indexOf('--top');
const TOP = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 25;
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Sample counts per node (the sampling interval is even, so counts are shares of time).
const hits = new Map();
for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
const total = profile.samples.length;
/** The bundle's functions named by their source file and line (its linked source map), not the bundle's line. */
const maps = new Map();
const mapOf = (url) => {
  if (!maps.has(url)) {
    let map;
    try {
      const file = url.startsWith('file:') ? fileURLToPath(url) : url;
      if (file.endsWith('.js') && !file.includes('node_modules') && fs.existsSync(`${file}.map`)) map = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')));
    } catch {
      map = undefined;
    }
    maps.set(url, map);
  }
  return maps.get(url);
};
const short = (url) => url.replace(/^.*\/(node_modules\/)/, '$1').replace(/^.*\/(runtime-server|generator|scripts)\//, '$1/');
const label = (n) => {
  const f = n.callFrame;
  let where = f.url ? `${short(f.url)}:${f.lineNumber + 1}` : '';
  const entry = f.url && mapOf(f.url)?.findEntry(f.lineNumber, f.columnNumber);
  if (entry?.originalSource) where = `${short(entry.originalSource)}:${entry.originalLine + 1}`;
  return `${f.functionName || '(anonymous)'} ${where}`.trim();
};

const self = new Map();
const inclusive = new Map();
for (const [id, count] of hits) {
  const key = label(byId.get(id));
  self.set(key, (self.get(key) ?? 0) + count);
  // Each function counted once per sample, however often it recurs on the stack.
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const k = label(byId.get(at));
    if (seen.has(k)) continue;
    seen.add(k);
    inclusive.set(k, (inclusive.get(k) ?? 0) + count);
  }
}
const idle = self.get('(idle)') ?? 0;
const pct = (n, of = total) => `${((n / of) * 100).toFixed(1)} %`;
const print = (title, map, filter = () => true, of = total) => {
  console.log(`\n${title}\n| function | share |\n|---|---:|`);
  for (const [k, n] of [...map].filter(([k]) => filter(k)).sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`| ${k.replaceAll('|', '\\|')} | ${pct(n, of)} |`);
};
console.log(`${file}: ${total} samples, ${pct(total - idle)} busy`);
print('Self time', self);
print('Total time (self + callees), busy samples only', inclusive, (k) => !/^\((root|program|idle|garbage collector)\)/.test(k), total - idle);
