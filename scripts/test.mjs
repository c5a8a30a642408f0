#!/usr/bin/env node
// `npm test`: type-check, generated output up to date, then every *.test.ts on SQLite and MariaDB.
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
// Browser tests drive the built console: build it once here (when stale), never per test file.
if (files.some((f) => f.split(path.sep).join('/').includes('runtime-web/tests/e2e/') || f.endsWith('.e2e.test.ts'))) ensureWebBuild();
// Human-readable spec output on the terminal, TAP in a file for the closing tally.
const tap = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sa-tap-')), 'report.tap');
console.log(`\n== tests (${files.length} files)`);
const r = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${tap}`, ...files],
  { cwd: root, stdio: 'inherit' },
);
const report = fs.existsSync(tap) ? fs.readFileSync(tap, 'utf8') : '';
const count = (k) => Number(new RegExp(`^# ${k} (\\d+)$`, 'm').exec(report)?.[1] ?? 0);
const passed = count('pass');
const failed = count('fail') + count('cancelled');
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(r.status !== 0 || failed > 0 || passed === 0 ? r.status || 1 : 0);
