#!/usr/bin/env node
// Gzip size of the JavaScript the login route loads (the entry and its static imports from index.html), and of each lazy chunk.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'runtime-web', 'dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const gz = (f) => zlib.gzipSync(fs.readFileSync(path.join(dist, f))).length;
const all = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const initialBytes = initial.reduce((n, f) => n + gz(f), 0);
console.log(`login route JS (gzip): ${kb(initialBytes)} in ${initial.length} files`);
for (const f of initial) console.log(`  ${kb(gz(f)).padStart(9)}  ${f}`);
console.log('lazy chunks (gzip):');
for (const f of all.filter((f) => !initial.includes(f)).sort((a, b) => gz(b) - gz(a)).slice(0, 12)) console.log(`  ${kb(gz(f)).padStart(9)}  ${f}`);
if (process.argv.includes('--json')) console.log(JSON.stringify({ loginRouteGzip: initialBytes }));
