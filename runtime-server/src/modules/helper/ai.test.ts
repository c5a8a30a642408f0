import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { testDatabases } from '../../testing/forEachDb.js';
import { startTestApp } from '../../testing/testApp.js';
import type { TestApp } from '../../testing/testApp.js';
import { buildEntitySchema } from '../base/authoring/draftSchema.js';
import { parseFieldSpecs } from '../base/authoring/fieldSpec.js';
import { entityNames } from '../base/authoring/names.js';
import { stubProvider } from '../../testing/stubProvider.js';

const KEY = 'sk-test-9f8e7d6c5b4a3928';
const DRAFT = buildEntitySchema({ names: entityNames('library', 'loan'), fields: parseFieldSpecs('borrower!:string:50 dueDate:date fine:decimal') });

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
  at: number;
}

/** Posts to a live server and reads the event stream as it arrives (arrival time per event). */
async function readSse(base: string, token: string | undefined, body: unknown): Promise<{ status: number; type: string; events: SseEvent[]; raw: string; json?: Record<string, unknown> }> {
  const res = await fetch(`${base}/admin/helper/ai/draft`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', language: 'en', ...(token ? { Authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('event-stream')) return { status: res.status, type, events: [], raw: '', json: (await res.json()) as Record<string, unknown> };
  const events: SseEvent[] = [];
  const decoder = new TextDecoder();
  let raw = '';
  let buffer = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    const text = decoder.decode(chunk, { stream: true });
    raw += text;
    buffer += text;
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}') as Record<string, unknown>;
      events.push({ event, data, at: Date.now() });
    }
  }
  return { status: res.status, type, events, raw };
}

for (const db of testDatabases()) {
  describe(`AI helper on ${db.name}`, () => {
    const logs: string[] = [];
    const logger = {
      info: (...a: unknown[]) => logs.push(a.map(String).join(' ')),
      warn: (...a: unknown[]) => logs.push(a.map(String).join(' ')),
      error: (...a: unknown[]) => logs.push(a.map((x) => (x instanceof Error ? `${x.message} ${x.stack}` : String(x))).join(' ')),
    };
    const started: { app: TestApp; server: http.Server; base: string }[] = [];
    async function start(ai: { baseUrl?: string; apiKey?: string; model?: string }) {
      const app = await startTestApp(await db.config({ ai }), { logger });
      const server = http.createServer(app.instance.callback());
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const s = { app, server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
      started.push(s);
      return s;
    }
    after(async () => {
      for (const s of started) {
        await new Promise((r) => s.server.close(r));
        await s.app.close();
      }
      await db.cleanup();
    });

    it('streams a provider draft as server-sent events, validates it and never leaks the key', async () => {
      const stub = await stubProvider('Here is the schema:\n```json\n' + JSON.stringify(DRAFT, null, 2) + '\n```', { pieces: 10, delayMs: 60 });
      try {
        const { app, base } = await start({ baseUrl: stub.url, apiKey: KEY, model: 'stub-model' });
        const res = await readSse(base, app.admin.token, { description: 'library loans with borrower, due date and fine', module: 'library' });
        assert.equal(res.status, 200);
        assert.match(res.type, /^text\/event-stream/);
        const names = res.events.map((e) => e.event);
        assert.equal(names[0], 'start');
        assert.deepEqual(res.events[0]!.data, { source: 'ai', model: 'stub-model' });
        const deltas = res.events.filter((e) => e.event === 'progress' && typeof e.data.delta === 'string');
        assert.ok(deltas.length >= 10, `one progress event per chunk, got ${deltas.length}`);
        assert.ok(deltas[0]!.at < stub.lastChunkAt, 'the first chunk reached the client before the provider finished (not buffered)');
        assert.deepEqual(names.slice(-3), ['schema', 'validation', 'done']);
        const schema = res.events.find((e) => e.event === 'schema')!.data;
        assert.equal(schema.source, 'ai');
        assert.deepEqual(schema.schema, DRAFT);
        assert.deepEqual(res.events.find((e) => e.event === 'validation')!.data, { valid: true, errors: [] });

        const sent = stub.requests[0]!;
        assert.equal(sent.authorization, `Bearer ${KEY}`);
        assert.equal(sent.body.stream, true);
        assert.equal(sent.body.model, 'stub-model');
        assert.ok(JSON.stringify(sent.body.messages).includes('library loans with borrower'));
        assert.ok(!res.raw.includes(KEY), 'key not in the stream');
        assert.ok(!logs.join('\n').includes(KEY), 'key not in the logs');
      } finally {
        await stub.close();
      }
    });

    it('cancelling the stream stops it on the server: the provider call is dropped and nothing is created', async () => {
      const stub = await stubProvider(JSON.stringify(DRAFT), { pieces: 60, delayMs: 100 });
      try {
        const { app, base } = await start({ baseUrl: stub.url, apiKey: KEY, model: 'stub-model' });
        const knex = app.instance.services.knex;
        const menusBefore = (await knex('base_sys_menu').count({ n: '*' }))[0]!.n;
        const failures = logs.filter((l) => l.includes('draft failed')).length;
        const controller = new AbortController();
        const res = await fetch(`${base}/admin/helper/ai/draft`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', Authorization: app.admin.token },
          body: JSON.stringify({ description: 'library loans with borrower, due date and fine', module: 'library' }),
          signal: controller.signal,
        });
        const reader = res.body!.getReader();
        let seen = '';
        while ((seen.match(/"delta"/g) ?? []).length < 2) seen += new TextDecoder().decode((await reader.read()).value);
        controller.abort();
        await reader.cancel().catch(() => undefined);
        for (let waited = 0; !stub.hungUp && waited < 5000; waited += 50) await sleep(50);
        assert.equal(stub.hungUp, true, 'the server dropped its provider call when the client left');
        const sent = stub.chunks;
        assert.ok(sent < 60, `the provider stopped early (${sent} of 60 chunks)`);
        await sleep(400);
        assert.equal(stub.chunks, sent, 'no chunk after the hang-up');
        assert.equal(logs.filter((l) => l.includes('draft failed')).length, failures, 'a cancel is not logged as a failure');
        assert.equal((await knex('base_sys_menu').count({ n: '*' }))[0]!.n, menusBefore, 'no menu');
        assert.equal(await knex.schema.hasTable('library_loan'), false, 'no table');
        assert.equal(app.instance.services.schema.registry.get('library/loan'), undefined, 'no route');
      } finally {
        await stub.close();
      }
    });

    it('a provider failure is an error event without the key; an invalid draft lists its errors', async () => {
      const failing = await stubProvider('', { fail: true, key: KEY });
      const invalid = await stubProvider(JSON.stringify({ ...DRAFT, $id: 'demo/goods', 'x-table': 'demo_goods' }));
      try {
        const a = await start({ baseUrl: failing.url, apiKey: KEY, model: 'stub-model' });
        const res = await readSse(a.base, a.app.admin.token, { description: 'anything' });
        const error = res.events.find((e) => e.event === 'error');
        assert.match(String(error?.data.message), /The AI provider failed: HTTP 401$/);
        assert.ok(!res.raw.includes('Incorrect API key'), 'the provider body is not relayed');
        assert.equal(res.events.at(-1)!.event, 'done');
        assert.ok(!res.events.some((e) => e.event === 'schema'));
        assert.ok(!res.raw.includes(KEY));
        assert.ok(logs.some((l) => l.includes('HTTP 401') && l.includes('Incorrect API key')), 'the failure is logged with what the provider said');
        assert.ok(!logs.join('\n').includes(KEY), 'key not in the logs');

        const b = await start({ baseUrl: invalid.url, apiKey: KEY });
        const res2 = await readSse(b.base, b.app.admin.token, { description: 'goods again' });
        const validation = res2.events.find((e) => e.event === 'validation')!.data as { valid: boolean; errors: { pointer: string; code: string }[] };
        assert.equal(validation.valid, false);
        assert.ok(validation.errors.some((e) => e.code === 'DuplicateId' && e.pointer === '/$id'), JSON.stringify(validation.errors));
      } finally {
        await failing.close();
        await invalid.close();
      }
    });

    it('a param never chooses where the server connects nor where the key goes; aiModel may pick the model', async () => {
      const stub = await stubProvider(JSON.stringify(DRAFT));
      try {
        const { app, base } = await start({ apiKey: KEY });
        for (const [keyName, data] of [['aiBaseUrl', stub.url], ['aiModel', 'param-model']]) {
          const added = await app.post('/admin/base/sys/param/add', { keyName, name: keyName, data, dataType: 0 });
          assert.equal(added.body.code, 1000, JSON.stringify(added.body));
        }
        const res = await readSse(base, app.admin.token, { description: 'a product with title, price and stock' });
        assert.deepEqual(res.events[0]!.data, { source: 'local' }, 'no AI_BASE_URL: the local drafter, whatever the params say');
        assert.equal(stub.requests.length, 0, 'nothing sent to the param-chosen URL, the key least of all');

        const named = await start({ baseUrl: stub.url, apiKey: KEY });
        await named.app.post('/admin/base/sys/param/add', { keyName: 'aiModel', name: 'aiModel', data: 'param-model', dataType: 0 });
        const res2 = await readSse(named.base, named.app.admin.token, { description: 'loans' });
        assert.deepEqual(res2.events[0]!.data, { source: 'ai', model: 'param-model' });
        assert.equal(stub.requests.length, 1, 'the environment names the provider');
      } finally {
        await stub.close();
      }
    });

    it('with no provider the local drafter answers, labelled as such; bad input and no token are refused', async () => {
      const { app, base } = await start({});
      const res = await readSse(base, app.admin.token, { description: 'a product with title, price and stock', module: 'shop' });
      assert.deepEqual(res.events[0]!.data, { source: 'local' });
      assert.match(String(res.events[1]!.data.message), /No AI provider configured/);
      const schema = res.events.find((e) => e.event === 'schema')!.data as { source: string; schema: { $id: string } };
      assert.equal(schema.source, 'local');
      assert.equal(schema.schema.$id, 'shop/product');
      assert.equal(res.events.find((e) => e.event === 'validation')!.data.valid, true);

      const vague = await readSse(base, app.admin.token, { description: 'something nice' });
      assert.match(String(vague.events.find((e) => e.event === 'error')?.data.message), /No fields found/);

      const badModule = await readSse(base, app.admin.token, { description: 'a product with title', module: '../x' });
      assert.equal(badModule.json?.code, 1002);
      const empty = await readSse(base, app.admin.token, { description: '' });
      assert.equal(empty.json?.code, 1002);
      const anon = await readSse(base, undefined, { description: 'a product with title' });
      assert.equal(anon.status, 401);
    });
  });
}
