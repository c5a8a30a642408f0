/**
 * A real Schema Admin server on an ephemeral port (SQLite) for the core's Node tests, plus a `fetch`
 * that records what the request layer sends (it still goes over the network).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sqliteTestDb, TEST_ADMIN_PASSWORD, TEST_CAPTCHA } from '../../../../runtime-server/src/testing/forEachDb.js';
import { startTestApp } from '../../../../runtime-server/src/testing/testApp.js';
import type { TestApp } from '../../../../runtime-server/src/testing/testApp.js';
import { createStorage, memoryBackend } from '../storage';
import type { AppStorage } from '../storage';

export { TEST_ADMIN_PASSWORD, TEST_CAPTCHA };

export interface LiveServer {
  app: TestApp;
  /** `http://127.0.0.1:<port>/api` */
  baseUrl: string;
  close(): Promise<void>;
}

export async function startLiveServer(): Promise<LiveServer> {
  const db = sqliteTestDb();
  if (!db) throw new Error('no SQLite test database');
  const app = await startTestApp(await db.config());
  const server = http.createServer(app.instance.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}/api`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
      await db.cleanup();
    },
  };
}

export interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
}

/** Node's fetch, logging each call's URL, method and headers. */
export function recordingFetch(): { fetch: typeof fetch; calls: Sent[] } {
  const calls: Sent[] = [];
  const wrapped: typeof fetch = (input, init) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries((init?.headers ?? {}) as Record<string, string>)) headers[k] = v;
    calls.push({ url: String(input), method: init?.method ?? 'GET', headers });
    return fetch(input, init);
  };
  return { fetch: wrapped, calls };
}

export function memoryStorage(): AppStorage {
  return createStorage(memoryBackend());
}
