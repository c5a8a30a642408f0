import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import { buildServer } from '../../../scripts/server-build.mjs';

let bundle: Promise<string> | undefined;

/** The production bundle (runtime-server/dist/start.js), built once per test process. */
export function serverBundle(): Promise<string> {
  bundle ??= buildServer();
  return bundle;
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface SpawnedServer {
  url: string;
  port: number;
  proc: ChildProcess;
  /** stdout + stderr lines so far. */
  lines: string[];
  /** Milliseconds from spawn to the first answer of `/healthz`. */
  coldStartMs: number;
  /** Resolves with the exit code (or the signal's name) once the process is gone and its output read. */
  exited: Promise<number | string>;
  /** Sends the signal and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
  /**
   * The first complete line matching `test`, waiting up to `timeoutMs`: the child writes its log to a
   * pipe asynchronously, so a line can arrive after the answer it is about.
   */
  waitForLine(test: (line: string) => boolean, timeoutMs?: number): Promise<string | undefined>;
}

/**
 * Starts the production bundle in its own process (NODE_ENV=production unless `env` says otherwise)
 * and waits until `/healthz` answers. `env` adds to a clean environment: DATA_DIR, DATABASE_URL, …
 */
export async function spawnServer(env: Record<string, string | undefined>, timeoutMs = 20_000): Promise<SpawnedServer> {
  const file = await serverBundle();
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const t0 = performance.now();
  const proc = spawn(process.execPath, [file], {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  // A chunk can end inside a line: keep each stream's unfinished tail until its newline arrives.
  const collector = () => {
    let tail = '';
    return (chunk: Buffer) => {
      const parts = (tail + chunk.toString('utf8')).split('\n');
      tail = parts.pop()!;
      lines.push(...parts.filter(Boolean));
    };
  };
  proc.stdout!.on('data', collector());
  proc.stderr!.on('data', collector());
  const exited = new Promise<number | string>((resolve) => proc.once('close', (code, signal) => resolve(code ?? signal ?? -1)));
  const url = `http://127.0.0.1:${port}`;
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`server exited before answering:\n${lines.join('\n')}`);
    if (performance.now() - t0 > timeoutMs) {
      proc.kill('SIGKILL');
      throw new Error(`server did not answer /healthz within ${timeoutMs} ms:\n${lines.join('\n')}`);
    }
    const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const coldStartMs = performance.now() - t0;
  return {
    url,
    port,
    proc,
    lines,
    coldStartMs,
    exited,
    async stop(signal = 'SIGTERM') {
      if (!gone) proc.kill(signal);
      return exited;
    },
    async waitForLine(test, timeoutMs = 5_000) {
      const t1 = performance.now();
      for (;;) {
        const found = lines.find(test);
        if (found !== undefined || performance.now() - t1 > timeoutMs) return found;
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}
