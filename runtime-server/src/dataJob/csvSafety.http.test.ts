/**
 * Issue 34 finding 9: CSV exports quote per RFC 4180 (also `;`, the list separator some locales split on),
 * neutralise formula starts in every cell (also after leading spaces, and in headers), and a job's file is
 * served only while its owner still holds the entity's permission.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { binary } from '../testing/binaryBody.js';
import { bumpAuthEpoch } from '../auth/authz.js';
import { TABLES } from '../generated/tables.js';
import { testDatabases } from '../testing/forEachDb.js';
import { createScopedAdmin } from '../testing/scopedAdmin.js';
import { startTestApp } from '../testing/testApp.js';
import type { Client, TestApp } from '../testing/testApp.js';
import { CONSOLE_CSP, consoleCsp } from '../http/serveWeb.js';
import { ConfigError, loadConfig } from '../config.js';
import { safeText, unguarded } from './cellText.js';

const J = '/admin/base/sys/dataJob';
const G = '/admin/demo/goods';

async function exportJob(client: Client, body: Record<string, unknown>): Promise<number> {
  const res = await client.post(`${J}/exportStart`, body);
  assert.equal(res.body.code, 1000, JSON.stringify(res.body));
  for (let i = 0; i < 200; i++) {
    const info = await client.get(`${J}/jobInfo`, { id: res.body.data.id });
    if (info.body.data.status >= 2) return res.body.data.id as number;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('export job did not end');
}


describe('formula guard (unit)', () => {
  it('every formula start, also after spaces, gets a quote; numbers and plain text stay; import removes it again', () => {
    for (const s of ['=1+1', '+1', '-x', '@SUM(A1)', '\tx', '\rx', '  =1+1', ' \t@x', '\u3000=x', '＝1']) {
      assert.equal(safeText(s), `'${s}`, JSON.stringify(s));
      assert.equal(unguarded(safeText(s)), s);
    }
    for (const s of ['-5', '-1.25', 'plain', 'a=b', "'quoted"]) assert.equal(safeText(s), s);
  });
  it('the console frames only itself and the documentation site it embeds', () => {
    const frame = CONSOLE_CSP.split('; ').find((d) => d.startsWith('frame-src '))!;
    assert.doesNotMatch(frame, / https?:( |$)/, frame);
    assert.match(frame, /^frame-src 'self' https:\/\/cool-js\.com$/);
    const extra = consoleCsp(loadConfig({ FRAME_ORIGINS: 'https://docs.example.com/, http://intra.example:8080' }).frameOrigins);
    assert.match(extra, /frame-src 'self' https:\/\/cool-js\.com https:\/\/docs\.example\.com http:\/\/intra\.example:8080;/);
    for (const bad of ['https:', '*', 'javascript:alert(1)', 'https://x.example/path', "https://a.example 'unsafe-inline'"]) {
      assert.throws(() => loadConfig({ FRAME_ORIGINS: bad }), ConfigError, bad);
    }
  });
});

for (const db of testDatabases()) {
  describe(`CSV export safety (${db.name})`, () => {
    let app: TestApp;
    const titles = ['a;b', 'say "hi"', 'line\nbreak', '  =1+1', '-2+3', '@SUM(A1)', 'cr\rhere', 'plain'];
    before(async () => {
      app = await startTestApp(await db.config());
      for (const title of titles) assert.equal((await app.post(`${G}/add`, { title, price: 1 })).body.code, 1000);
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('quotes ; quotes CR LF per RFC 4180 and guards formulas in every cell', async () => {
      const id = await exportJob(app, { prefix: G, format: 'csv', columns: ['title', 'price'], filters: { order: 'id', sort: 'asc' } });
      const res = await app.get(`${J}/jobDownload`, { id }).buffer(true).parse(binary);
      const text = (res.body as Buffer).toString('utf8');
      assert.ok(text.startsWith('\ufeff'), 'BOM');
      assert.ok(text.includes('"a;b",'), 'a ; is quoted');
      assert.ok(text.includes('"say ""hi""",'), 'quotes doubled inside quotes');
      assert.ok(text.includes('"line\nbreak"'), 'a newline is quoted');
      assert.ok(text.includes('"cr\rhere"'), 'a lone CR is quoted');
      assert.ok(text.includes('\r\n'), 'records end with CRLF');
      const rows = parse(text, { bom: true }) as string[][];
      assert.deepEqual(rows.slice(1).map((r) => r[0]), ['a;b', 'say "hi"', 'line\nbreak', "'  =1+1", "'-2+3", "'@SUM(A1)", 'cr\rhere', 'plain']);
      // Nothing a spreadsheet would run, in any cell (headers included).
      for (const r of rows) for (const cell of r) assert.doesNotMatch(cell, /^\s*[=+@\t\r]|^\s*-(?!\d+(\.\d+)?$)/, JSON.stringify(cell));
    });

    it('a job download checks the permission again: a user who lost the page permission gets no file', async () => {
      const scoped = await createScopedAdmin(app, { username: `csv-perm-${db.name}`, perms: ['demo:goods:page'], departmentIds: [1] });
      const client = app.as(scoped.tokens.token);
      const id = await exportJob(client, { prefix: G, format: 'csv', columns: ['title'] });
      const ok = await client.get(`${J}/jobDownload`, { id }).buffer(true).parse(binary);
      assert.equal(ok.status, 200);
      await app.instance.services.knex(TABLES.baseSysMenu).where({ id: scoped.menuId }).update({ perms: 'demo:goods:add' });
      await bumpAuthEpoch(app.instance.services.knex);
      const refused = await client.get(`${J}/jobDownload`, { id });
      assert.equal(refused.status, 403, `${refused.status} ${JSON.stringify(refused.body)}`);
    });
  });
}
