import { observable, runInAction } from 'mobx';
import { loadSession } from './bootstrap';
import { currentLocale } from './i18n';
import { readEvents } from './sse';
import type { Stores } from './stores';

/** The schema watcher's last state (`GET /admin/base/comm/devEvents`, `npm run dev`). */
export interface DevSchemaState {
  version: number;
  ok: boolean;
  error?: string;
  changed: string[];
  ms: number;
}

/** What the banner shows: the watcher's last state, while the console follows it. */
export const devSchema = observable.box<DevSchemaState | undefined>(undefined, { deep: false });

const RETRY_MS = 2_000;

/**
 * A console opened on the developer's machine may face a watching server (`npm run dev` serves the built console
 * too); a deployment reached by its name never asks, so production sees no request from this.
 */
export function isLocalHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/**
 * Development (`npm run dev`): follows the schema watcher. A new version reloads EPS and the session's menus and
 * permissions — the new or changed screen appears with no browser reload and no new sign-in; a refused save shows
 * the generator's message in the banner. Stops for good when the server watches nothing (it answers an error).
 */
export async function followDevEvents(stores: Stores): Promise<void> {
  let seen: number | undefined;
  for (;;) {
    const token = stores.user.token;
    if (!token) {
      await sleep(RETRY_MS);
      continue;
    }
    try {
      const res = await fetch('/api/admin/base/comm/devEvents', { headers: { Authorization: token, language: currentLocale() } });
      // A token past its time (401) is refreshed by the console's next call: try again then. Any other answer that
      // is not a stream (the server watches nothing: always in production) ends this for good.
      if (res.status === 401) {
        await res.body?.cancel();
        await sleep(RETRY_MS);
        continue;
      }
      if (!(res.headers.get('content-type') ?? '').includes('text/event-stream') || !res.body) return;
      for await (const { event, data } of readEvents(res.body)) {
        if (event !== 'schema') continue;
        const state = data as DevSchemaState;
        if (seen !== undefined && state.version > seen) {
          await stores.eps.load();
          await loadSession(stores);
        }
        seen = state.version;
        runInAction(() => devSchema.set(state));
      }
    } catch (err) {
      console.warn('[dev] schema events:', err instanceof Error ? err.message : err);
    }
    await sleep(RETRY_MS);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
