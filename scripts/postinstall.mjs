#!/usr/bin/env node
// npm's postinstall: applies patches/ (Semi's accessibility fixes, docs/decisions.md "Accessibility") with
// patch-package. An install without dev dependencies (a production server that serves a prebuilt console) has
// neither patch-package nor a console to build, so it skips instead of failing the install.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let bin;
try {
  bin = require.resolve('patch-package/index.js');
} catch {
  console.warn('postinstall: patch-package is not installed (no dev dependencies); patches/ not applied');
  process.exit(0);
}
const r = spawnSync(process.execPath, [bin], { stdio: 'inherit' });
process.exit(r.status ?? 1);
