import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { now } from '../../db/values.js';
import { TABLES } from '../../generated/tables.js';
import { testDatabases } from '../../testing/forEachDb.js';
import { startTestApp } from '../../testing/testApp.js';
import { eventually } from '../../testing/eventually.js';

for (const db of testDatabases()) {
  describe(`dict/info/data cached per instance with a shared dictionary epoch (${db.name})`, () => {
    after(() => db.cleanup());
    it('answers from the cache, sees a write through the app at once where made and within seconds elsewhere', async () => {
      const config = await db.config();
      const a = await startTestApp(config);
      const b = await startTestApp(config);
      try {
        const knex = a.instance.services.knex;
        const key = `cachetest${Date.now()}`;
        const type = await a.post('/admin/dict/type/add', { name: 'Cache test', key });
        assert.equal(type.body.code, 1000, JSON.stringify(type.body));
        const typeId = Number(type.body.data.id ?? type.body.data);
        const names = async (client: typeof a) => {
          const r = await client.post('/admin/dict/info/data', { types: [key] });
          assert.equal(r.body.code, 1000, JSON.stringify(r.body));
          return (r.body.data[key] as { name: string }[]).map((i) => i.name);
        };
        // The type added on A: A sees it at once, B within the epoch check (its first read is fresh anyway).
        assert.deepEqual(await names(a), []);
        assert.deepEqual(await names(b), []);

        // A row written behind the app's back is not seen at once (cached)…
        const ts = now();
        await knex(TABLES.dictInfo).insert({ typeId, name: 'direct', value: '1', orderNum: 1, createTime: ts, updateTime: ts });
        assert.deepEqual(await names(a), [], 'served from the cache');
        // …and is read again after the cache's TTL (3 s), epoch or not.
        const waited = await eventually(async () => (await names(a)).includes('direct'), 'direct write seen on A', 4500);
        assert.ok(waited <= 4000, `seen after ${waited} ms`);
        await eventually(async () => (await names(b)).includes('direct'), 'direct write seen on B', 4500);

        // A write through the API on B: B answers it at once, A within the epoch check (1 s), well within 5 s.
        const add = await b.post('/admin/dict/info/add', { typeId, name: 'via api', value: '2', orderNum: 2 });
        assert.equal(add.body.code, 1000, JSON.stringify(add.body));
        assert.deepEqual(await names(b), ['direct', 'via api']);
        const seen = await eventually(async () => (await names(a)).includes('via api'), 'API write seen on A', 5000);
        assert.ok(seen <= 2000, `seen on A after ${seen} ms`);

        // The same types in another order or repeated are the same answer.
        const r = await a.post('/admin/dict/info/data', { types: [key, key] });
        assert.deepEqual(r.body.data[key].map((i: { name: string }) => i.name), ['direct', 'via api']);
      } finally {
        await a.close();
        await b.close();
      }
    });
  });
}
