/**
 * Issue 34, an outside fuzzer's three findings: each answers 1002 (never HTTP 500, never a success) and writes
 * nothing — a decimal past its column (`price: -1e308`), a body that does not match its Content-Encoding, and
 * `delete` with an id past the id column's integer range.
 */
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { testDatabases } from '../testing/forEachDb.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';

const G = '/admin/demo/goods';

for (const db of testDatabases()) {
  describe(`fuzz findings answer 1002 (${db.name})`, () => {
    let app: TestApp;
    const count = async () => Number((await app.instance.services.knex('demo_goods').count({ n: '*' }))[0]?.n);

    before(async () => {
      app = await startTestApp(await db.config());
      await app.post(`${G}/add`, { title: 'Keep me', price: 1 });
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('a decimal far outside its column (±1e308) is refused, on add and update', async () => {
      const n = await count();
      for (const price of [-1e308, 1e308, '-1e308', -1e21, 1e21, 123456789012]) {
        const res = await app.post(`${G}/add`, { title: 'x', price });
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.equal(res.body.code, 1002, `${price}: ${JSON.stringify(res.body)}`);
      }
      assert.equal(await count(), n);
    });

    it('a body that does not match its Content-Encoding answers 1002, not 500', async () => {
      for (const [encoding, body] of [
        ['gzip', Buffer.from('{"title":"x"}')],
        ['deflate', Buffer.from('not deflated')],
        ['br', Buffer.from('{}')],
        ['gzip', gzipSync('{"title":')],
      ] as const) {
        const res = await app.post(`${G}/add`).set('Content-Type', 'application/json').set('Content-Encoding', encoding).send(body);
        assert.ok(res.status < 500, `${encoding}: HTTP ${res.status}`);
        if (res.status === 200) assert.equal(res.body.code, 1002, JSON.stringify(res.body));
        else assert.ok([400, 413, 415].includes(res.status), `${encoding}: HTTP ${res.status}`);
      }
    });

    it('delete refuses ids past the integer range like every other operation', async () => {
      const n = await count();
      for (const ids of [2147483648, [1, 2147483648], '2147483648', 9007199254740991]) {
        const res = await app.post(`${G}/delete`, { ids });
        assert.equal(res.body.code, 1002, `${JSON.stringify(ids)}: ${JSON.stringify(res.body)}`);
      }
      const info = await app.get(`${G}/info`, { id: 2147483648 });
      assert.notEqual(info.body.code, 1000, `info refuses the same id: ${JSON.stringify(info.body)}`);
      assert.equal(await count(), n);
    });
  });
}
