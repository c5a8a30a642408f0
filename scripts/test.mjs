#!/usr/bin/env node
// `npm test`: type-check, generated output up to date, then every *.test.ts on SQLite, MariaDB and PostgreSQL.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SKIP = new Set(['node_modules', 'data', 'dist', '.git', 'test-artifacts']);

function findTests(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...findTests(p));
    else if (entry.name.endsWith('.test.ts')) out.push(path.relative(root, p));
  }
  return out.sort();
}

function run(label, cmd, args) {
  console.log(`\n== ${label}: ${[cmd, ...args].join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`\n${label} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status || 1);
  }
}

const only = process.argv.slice(2);
const files = only.length ? only : findTests(root);
if (!only.length) {
  run('typecheck', process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json']);
  run('typecheck web', process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'runtime-web/tsconfig.json']);
  run('generate --check', process.execPath, ['--import', 'tsx', 'generator/src/cli.ts', '--check']);
}
const isBrowser = (f) => f.split(path.sep).join('/').includes('runtime-web/tests/e2e/') || f.endsWith('.e2e.test.ts');
// Browser tests drive the built console: build it once here (when stale), never per test file.
if (files.some(isBrowser)) ensureWebBuild();
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-tap-'));
// Two test files at a time (node's default is one fewer than the cores: one, on CI's two): a suite spends much of
// its time waiting on a database server, a child process or a timer, which the other one's work fills. The
// browser suites then run one by one: two Chromiums at once on a loaded host missed 20 s waits for a menu.
// TEST_CONCURRENCY=1 runs everything one by one.
const concurrency = Math.max(1, Number(process.env.TEST_CONCURRENCY) || 2);
// Files that time requests under a load they make themselves (the statement limit's isolation test: another user's
// paging p99 under 500 ms while 20 searches are cut) run on their own, after the others: beside another file's
// work on CI's two cores its p99 went to 1 182 ms once, the measured load being the neighbour's, not its own.
const ALONE = new Set(['runtime-server/src/db/statementLimit.http.test.ts']);
const alone = (f) => ALONE.has(f.split(path.sep).join('/'));
const phases = [
  { label: 'tests', files: files.filter((f) => !isBrowser(f) && !alone(f)), concurrency },
  { label: 'tests that time themselves under load', files: files.filter(alone), concurrency: 1 },
  { label: 'browser tests', files: files.filter(isBrowser), concurrency: 1 },
].filter((p) => p.files.length);
let status = 0;
const tally = { pass: 0, fail: 0 };
const perFile = [];
for (const [i, phase] of phases.entries()) {
  // Human-readable spec output on the terminal, TAP in a file for the closing tally.
  const tap = path.join(reports, `report${i}.tap`);
  const times = path.join(reports, `times${i}.json`);
  console.log(`\n== ${phase.label} (${phase.files.length} files, ${phase.concurrency} at a time)`);
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', `--test-concurrency=${phase.concurrency}`, '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${tap}`,
      `--test-reporter=${path.join(root, 'scripts', 'testTimes.mjs')}`, `--test-reporter-destination=${times}`, ...phase.files],
    { cwd: root, stdio: 'inherit' },
  );
  if (r.status !== 0) status = r.status || 1;
  const report = fs.existsSync(tap) ? fs.readFileSync(tap, 'utf8') : '';
  const count = (k) => Number(new RegExp(`^# ${k} (\\d+)$`, 'm').exec(report)?.[1] ?? 0);
  tally.pass += count('pass');
  tally.fail += count('fail') + count('cancelled');
  // Where the time went (scripts/testTimes.mjs): the top-level tests' durations summed per file.
  if (fs.existsSync(times)) perFile.push(...Object.entries(JSON.parse(fs.readFileSync(times, 'utf8') || '{}')));
}
if (perFile.length) {
  console.log('\nslowest test files (s, summed over their top-level tests):');
  for (const [file, ms] of perFile.sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${(ms / 1000).toFixed(1).padStart(7)}  ${path.relative(root, file)}`);
}
const { pass: passed, fail: failed } = tally;
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(status !== 0 || failed > 0 || passed === 0 ? status || 1 : 0);
