/**
 * Issue 39, point 2: `npm run dev` watches schemas/. A schema saved while the server runs is generated, migrated
 * and served — routes, EPS, menu — and announced on `comm/devEvents`, with the token the client already holds (no
 * new sign-in). A refused save (destructive change, broken JSON) answers `npm run generate`'s own message there
 * and in the terminal, and the last good state keeps serving. SQLite: the sync path is the same on every
 * database (applyMigrations, tested on all three by the coding endpoints' and the first draft's tests).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readEvents } from '../runtime-web/src/core/sse.js';
import { FIRST_DRAFT } from './testing/firstDraft.js';
import { copyProject, signIn, startSourceServer } from './testing/projectCopy.js';
import type { Caller, SourceServer } from './testing/projectCopy.js';

interface DevState {
  version: number;
  ok: boolean;
  error?: string;
  changed: string[];
  ms: number;
}

/** Follows `comm/devEvents` with the caller's token; `next(test)` waits for the first state passing `test`. */
async function follow(base: string, token: string) {
  const abort = new AbortController();
  const res = await fetch(`${base}/admin/base/comm/devEvents`, { headers: { authorization: token }, signal: abort.signal });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /text\/event-stream/);
  const states: DevState[] = [];
  const waiting: { test: (s: DevState) => boolean; resolve: (s: DevState) => void }[] = [];
  // The console's own reader of the stream (runtime-web/src/core/sse.ts), so the test reads it as the console does.
  void (async () => {
    for await (const { event, data } of readEvents(res.body!)) {
      if (event !== 'schema') continue;
      const state = data as DevState;
      states.push(state);
      for (const w of waiting.splice(0)) (w.test(state) ? w.resolve(state) : waiting.push(w));
    }
  })().catch(() => undefined);
  return {
    states,
    next(test: (s: DevState) => boolean, timeoutMs = 30_000): Promise<DevState> {
      const seen = states.find(test);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no such state within ${timeoutMs} ms; seen: ${JSON.stringify(states)}`)), timeoutMs);
        waiting.push({ test, resolve: (s) => (clearTimeout(timer), resolve(s)) });
      });
    },
    close: () => abort.abort(),
  };
}

describe('npm run dev watches schemas/', () => {
  let root: string;
  let dataDir: string;
  let server: SourceServer;
  let call: Caller;
  let events: Awaited<ReturnType<typeof follow>>;
  const book = () => path.join(root, 'schemas/library/book.json');

  before(async () => {
    root = copyProject('sa-dev-watch-');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-dev-watch-data-'));
    server = await startSourceServer(root, { DATA_DIR: dataDir }, ['scripts/dev.mjs', '--api-only']);
    call = await signIn(server.base);
    events = await follow(server.base, call.token);
    await events.next((s) => s.version === 0 && s.ok);
  });
  after(async () => {
    events?.close();
    await server?.stop();
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a new schema file is served within seconds: event, EPS, menu, add — same token', async () => {
    const t0 = performance.now();
    fs.mkdirSync(path.dirname(book()), { recursive: true });
    fs.writeFileSync(book(), FIRST_DRAFT);
    const state = await events.next((s) => s.ok && s.changed.includes('library/book'));
    const seconds = (performance.now() - t0) / 1000;
    console.log(`save → served: ${seconds.toFixed(2)} s (server's own figure ${state.ms} ms)`);
    assert.ok(seconds < 15, `served in ${seconds} s`);
    assert.ok(fs.readdirSync(path.join(root, 'runtime-server/migrations')).some((n) => /_create_library_book\.ts$/.test(n)), 'the migration is written');
    const eps = await call('GET', '/admin/base/open/eps');
    assert.match(JSON.stringify(eps.data), /\/admin\/library\/book/);
    const menus = await call('GET', '/admin/base/comm/permmenu');
    assert.ok((menus.data.menus as { router: string | null }[]).some((m) => m.router === '/library/book'), 'the menu entry');
    const added = await call('POST', '/admin/library/book/add', { title: 'Call to Arms', isbn: '978-7-111', price: 25.5 });
    assert.equal(added.code, 1000, added.message);
    assert.match(server.out.join(''), /\[dev\] schemas served: library\/book/);
  });

  it('a changed schema re-serves its routes with the new model', async () => {
    const before = events.states.at(-1)!.version;
    fs.writeFileSync(book(), FIRST_DRAFT.replace('"published":', '"pages": { "type": "integer", "minimum": 1 },\n    "published":'));
    await events.next((s) => s.ok && s.version > before && s.changed.includes('library/book'));
    const added = await call('POST', '/admin/library/book/add', { title: 'Wild Grass', isbn: '978-7-112', pages: 80 });
    assert.equal(added.code, 1000, added.message);
    assert.equal((await call('GET', `/admin/library/book/info?id=${added.data.id}`)).data.pages, 80);
    assert.equal((await call('POST', '/admin/library/book/add', { title: 'Zero', isbn: '978-7-113', pages: 0 })).code, 1002, 'the new rule validates');

    const version = events.states.at(-1)!.version;
    fs.writeFileSync(book(), fs.readFileSync(book(), 'utf8').replace('"add", "delete", ', '"add", '));
    await events.next((s) => s.ok && s.version > version);
    const gone = await fetch(`${server.base}/admin/library/book/delete`, { method: 'POST', headers: { authorization: call.token, 'content-type': 'application/json' }, body: '{"ids":[1]}' });
    assert.equal(gone.status, 404, 'an action the schema no longer declares stops answering');
    assert.equal((await call('GET', `/admin/library/book/info?id=${added.data.id}`)).data.title, 'Wild Grass', 'the row is still there');
  });

  it('a controller with a named handler written beside its schema is served too', async () => {
    const version = events.states.at(-1)!.version;
    const handler = path.join(root, 'runtime-server/src/modules/library/shelf.ts');
    fs.mkdirSync(path.dirname(handler), { recursive: true });
    fs.writeFileSync(handler, "import type { Handler } from '../../core/handler.js';\n\nexport const hello: Handler = () => 'shelf says hello';\n");
    fs.writeFileSync(
      path.join(root, 'schemas/library/shelf.json'),
      JSON.stringify({ type: 'object', 'x-label': { en: 'Shelf' }, 'x-api': [{ name: 'hello', method: 'get', handler: 'hello', auth: 'login', summary: { 'zh-cn': '问候', 'zh-tw': '問候', en: 'Hello' } }] }),
    );
    await events.next((s) => s.ok && s.version > version && s.changed.includes('library/shelf'));
    const hello = await call('GET', '/admin/library/shelf/hello');
    assert.deepEqual([hello.code, hello.data], [1000, 'shelf says hello']);
  });

  it('a destructive save is refused with `npm run generate`’s own message; the last good state keeps serving', async () => {
    const good = fs.readFileSync(book(), 'utf8');
    fs.writeFileSync(book(), good.replace(/\s*"price": \{[^\n]*\} \},/, ''));
    const state = await events.next((s) => !s.ok && /destructive/.test(s.error ?? ''));
    const cli = spawnSync('npm', ['run', '--silent', 'generate'], { cwd: root, encoding: 'utf8', env: { ...process.env, DATA_DIR: '', DATABASE_URL: '' } });
    assert.equal(cli.status, 1);
    assert.equal(state.error, cli.stderr.trim(), 'the same refusal, with the fix (--allow-destructive)');
    assert.match(state.error!, /--allow-destructive/);
    assert.match(server.out.join(''), /\[dev\] schemas not applied/);
    const page = await call('POST', '/admin/library/book/page', { page: 1, size: 20 });
    assert.equal(page.code, 1000);
    assert.ok((page.data.list as { price: unknown }[]).some((b) => Number(b.price) === 25.5), 'price is still served');

    fs.writeFileSync(book(), '{ "$id": "library/book", ');
    const broken = await events.next((s) => !s.ok && /not valid JSON/.test(s.error ?? ''));
    assert.match(broken.error!, /schemas\/library\/book\.json/);
    assert.equal((await call('POST', '/admin/library/book/page', { page: 1, size: 20 })).code, 1000, 'still served');

    const version = events.states.at(-1)!.version;
    fs.writeFileSync(book(), good);
    const back = await events.next((s) => s.ok && s.version > version);
    assert.equal(back.error, undefined, 'the banner clears once the schema is good again');
  });

  it('never runs in production: `npm run dev` with NODE_ENV=production stops at the configuration', () => {
    const r = spawnSync(process.execPath, ['scripts/dev.mjs', '--api-only'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0' },
    });
    assert.notEqual(r.status, 0);
    assert.match(r.stdout + r.stderr, /SCHEMA_WATCH is a development switch/);
  });
});
