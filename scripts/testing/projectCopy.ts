import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../runtime-server/src/testing/spawnServer.js';
import { TEST_ADMIN_PASSWORD, TEST_CAPTCHA } from '../../runtime-server/src/testing/forEachDb.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A scratch copy of the repository's sources, schemas and migrations (node_modules linked): tests run the CLI and the server in it. */
export function copyProject(prefix = 'sa-project-'): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const p of ['package.json', 'tsconfig.json', 'schemas', 'scripts/dev.mjs', 'generator/package.json', 'generator/src', 'runtime-server/package.json', 'runtime-server/src', 'runtime-server/migrations']) {
    fs.cpSync(path.join(ROOT, p), path.join(root, p), { recursive: true });
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

export interface SourceServer {
  base: string;
  proc: ChildProcess;
  out: string[];
  stop(): Promise<void>;
}

/** Starts `node <entry>` (default: the server from its sources) in `root` and waits for `/healthz`. */
export async function startSourceServer(root: string, env: Record<string, string>, args = ['--import', 'tsx', 'runtime-server/src/start.ts']): Promise<SourceServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: 'test', CAPTCHA_FIXED_CODE: TEST_CAPTCHA, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const out: string[] = [];
  for (const s of [proc.stdout!, proc.stderr!]) s.on('data', (c: Buffer) => out.push(c.toString('utf8')));
  const exited = new Promise((r) => proc.once('exit', r));
  const stop = async () => {
    // The process group: `npm run dev`'s children go with it.
    if (proc.exitCode === null) process.kill(-proc.pid!, 'SIGTERM');
    await exited;
  };
  const t0 = Date.now();
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited:\n${out.join('')}`);
    if (Date.now() - t0 > 90_000) {
      await stop();
      throw new Error(`no answer within 90 s:\n${out.join('')}`);
    }
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, proc, out, stop };
}

export interface Caller {
  (method: 'GET' | 'POST', url: string, body?: unknown, language?: string): Promise<{ code: number; message?: string; data?: any }>;
  token: string;
}

/** Signs in as the seeded admin (the fixed test captcha) and returns a caller carrying the token. */
export async function signIn(base: string): Promise<Caller> {
  const call = (async (method: 'GET' | 'POST', url: string, body?: unknown, language = 'zh-cn') => {
    const send = () =>
      fetch(`${base}${url}`, {
        method,
        headers: { 'content-type': 'application/json', language, ...(call.token ? { authorization: call.token } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    // A kept-alive socket the server closed for idleness just as it was reused (a slow step between two calls
    // on a busy host) fails before the request reached the server: sent again once on a fresh connection.
    const res = await send().catch((err: Error & { cause?: { code?: string } }) => {
      if (err.cause?.code !== 'UND_ERR_SOCKET') throw err;
      return send();
    });
    return (await res.json()) as { code: number; message?: string; data?: any };
  }) as Caller;
  call.token = '';
  const captcha = await call('GET', '/admin/base/open/captcha');
  const login = await call('POST', '/admin/base/open/login', { username: 'admin', password: TEST_ADMIN_PASSWORD, captchaId: captcha.data.captchaId, verifyCode: TEST_CAPTCHA });
  if (login.code !== 1000) throw new Error(`login: ${JSON.stringify(login)}`);
  call.token = login.data.token;
  return call;
}
