#!/usr/bin/env node
// `npm run dev`: the API server (PORT, default 8001) plus Vite's dev server with hot reload (WEB_PORT,
// default 5173) proxying `/api` and `/upload` to it. Ctrl-C stops both.
// The API server watches schemas/ (SCHEMA_WATCH=1, runtime-server/src/modules/base/authoring/schemaWatch.ts): a saved schema is
// generated, migrated and served, and the open console shows it. `--api-only` starts the API server alone.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.PORT || '8001';
const children = [];

function run(label, cmd, args, options) {
  const child = spawn(cmd, args, { stdio: 'inherit', ...options });
  child.on('exit', (code, signal) => {
    console.log(`[dev] ${label} exited (${signal ?? code})`);
    stop(code ?? 1);
  });
  children.push(child);
}

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  process.exitCode = code;
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

run('api', process.execPath, ['--import', 'tsx', 'runtime-server/src/start.ts'], { cwd: root, env: { ...process.env, PORT: apiPort, SCHEMA_WATCH: '1' } });
if (!process.argv.includes('--api-only')) run('vite', process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js')], {
  cwd: path.join(root, 'runtime-web'),
  env: { ...process.env, API_PORT: apiPort },
});
