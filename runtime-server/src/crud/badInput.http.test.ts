import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import request from 'supertest';
import { testDatabases } from '../testing/forEachDb.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';

const G = '/admin/demo/goods';

for (const db of testDatabases()) {
  describe(`bad input gets a clear error and writes nothing (${db.name})`, () => {
    let app: TestApp;
    let seededId: number;
    const count = async () => Number((await app.instance.services.knex('demo_goods').count({ n: '*' }))[0]?.n);
    const snapshot = async () => app.instance.services.knex('demo_goods').orderBy('id').select();

    before(async () => {
      app = await startTestApp(await db.config());
      seededId = (await app.post(`${G}/add`, { title: 'Keep me', price: 1 })).body.data.id;
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    /** Sends a bad request and checks: non-1000 code, the expected words, the table unchanged. */
    async function rejects(send: () => Promise<request.Response>, code: number, pattern: RegExp) {
      const before = await snapshot();
      const res = await send();
      assert.equal(res.status, 200, 'business/validation errors answer HTTP 200 (docs/reference/api-contract.md §1)');
      assert.equal(res.body.code, code, JSON.stringify(res.body));
      assert.match(res.body.message, pattern);
      assert.doesNotMatch(res.body.message, /select |insert |update `|sqlite|knex|at .*\.ts/i, 'no SQL or stack text');
      assert.deepEqual(await snapshot(), before, 'nothing written');
    }

    it('wrong types name the field', async () => {
      await rejects(() => app.post(`${G}/add`, { title: 'x', price: 'abc' }), 1002, /价格 \(price\)/);
      await rejects(() => app.post(`${G}/add`, { title: 'x', stock: 1.5 }), 1002, /stock/);
      await rejects(() => app.post(`${G}/add`, { title: { a: 1 } }), 1002, /title/);
      await rejects(() => app.post(`${G}/add`, { title: 'x', exampleImages: 'a.png' }), 1002, /exampleImages/);
      await rejects(() => app.post(`${G}/add`, { title: 'x', status: 7 }), 1002, /status/);
      await rejects(() => app.post(`${G}/update`, { id: seededId, price: -1 }), 1002, /price/);
    });

    it('a missing required field and an empty array body are refused', async () => {
      await rejects(() => app.post(`${G}/add`, { price: 3 }), 1002, /title/);
      await rejects(() => app.post(`${G}/add`, []), 1002, /1000/);
    });

    it('one bad row in an array body rejects the whole batch', async () => {
      await rejects(() => app.post(`${G}/add`, [{ title: 'ok' }, { title: 'x'.repeat(51) }]), 1002, /^第 2 行：标题 \(title\)/);
    });

    it('over-long strings are refused in the caller language', async () => {
      const res = await app.post(`${G}/add`, { title: 'x'.repeat(51) }).set('language', 'en');
      assert.equal(res.body.code, 1002);
      assert.match(res.body.message, /Title \(title\): must NOT be longer than 50 characters/);
      const tw = await app.post(`${G}/add`, { title: 'x'.repeat(51) }).set('language', 'zh-tw');
      assert.match(tw.body.message, /標題 \(title\)/);
      assert.equal(await count(), 1);
    });

    it('an unknown sort column or a mismatched sort list is refused', async () => {
      await rejects(() => app.post(`${G}/page`, { order: 'password' }), 1002, /password/);
      await rejects(() => app.post(`${G}/page`, { order: 'title; drop table demo_goods' }), 1002, /排序/);
      await rejects(() => app.post(`${G}/page`, { order: 'title,price', sort: 'asc,desc,asc' }), 1002, /order 与 sort/);
      await rejects(() => app.post(`${G}/page`, { order: 'title', sort: 'sideways' }), 1002, /排序/);
    });

    it('an oversized page, a bad page number and filters of the wrong type are refused', async () => {
      await rejects(() => app.post(`${G}/page`, { size: 100000 }), 1002, /size.*1000/);
      await rejects(() => app.post(`${G}/page`, { page: 0 }), 1002, /page/);
      await rejects(() => app.post(`${G}/page`, { status: 'x' }), 1002, /status/);
      await rejects(() => app.post(`${G}/page`, { status: [1, 'x'] }), 1002, /status/);
    });

    it('malformed JSON is a clear 1002 error', async () => {
      const res = await request(app.instance.callback())
        .post(`${G}/add`)
        .set('content-type', 'application/json')
        .send('{"title": "half');
      assert.equal(res.status, 200);
      assert.equal(res.body.code, 1002);
      assert.match(res.body.message, /JSON/);
      assert.equal(await count(), 1);
    });

    it('a __proto__ key anywhere in a body is a 1002 (not a 500), signed in or not, and writes nothing', async () => {
      const bodies = ['{"__proto__":{"isSuper":1},"title":"x"}', '{"title":"x","nested":{"__proto__":{"a":1}}}'];
      for (const [url, token] of [[`${G}/add`, app.admin.token], ['/admin/base/open/login', undefined]] as const) {
        for (const body of bodies) {
          let req = request(app.instance.callback()).post(url).set('content-type', 'application/json');
          if (token) req = req.set('Authorization', token);
          const res = await req.send(body);
          assert.equal(res.status, 200, `${url} ${body}`);
          assert.equal(res.body.code, 1002, `${url} ${body}: ${JSON.stringify(res.body)}`);
          assert.doesNotMatch(JSON.stringify(res.body), /at .*\.(ts|js):\d+/, 'no stack');
        }
      }
      assert.equal(await count(), 1);
    });

    it('filters keep the field length, and a page whose offset leaves the safe integers is refused', async () => {
      const long = await app.post(`${G}/page`, { page: 1, title: 'x'.repeat(60_000) });
      assert.equal(long.status, 200);
      assert.equal(long.body.code, 1002, JSON.stringify(long.body).slice(0, 200));
      assert.equal((await app.post(`${G}/page`, { page: 1, title: 'x'.repeat(50) })).body.code, 1000, 'up to maxLength');
      for (const page of [4.6e17, 1e300]) {
        const res = await app.post(`${G}/page`, { page, size: 20 });
        assert.equal(res.status, 200);
        assert.equal(res.body.code, 1002, `page ${page}: ${JSON.stringify(res.body)}`);
      }
    });

    it('integers the column cannot hold and lone surrogates are a 1002 on both databases, and write nothing', async () => {
      for (const stock of [2147483648, -2147483649, 1e20]) {
        await rejects(() => app.post(`${G}/add`, { title: 'big', stock }), 1002, /库存/);
        await rejects(() => app.post(`${G}/update`, { id: seededId, stock }), 1002, /库存/);
      }
      assert.equal((await app.post(`${G}/update`, { id: seededId, stock: 2147483647 })).body.code, 1000, 'the largest value the column holds');
      assert.equal((await app.get(`${G}/info`, { id: seededId })).body.data.stock, 2147483647);
      for (const body of ['{"title":"\\ud800x"}', '{"title":"ok","description":"\\udfff"}', '{"title":"ok","exampleImages":["\\ud83d"]}', '{"\\ud800":1,"title":"ok"}']) {
        const send = () => request(app.instance.callback()).post(`${G}/add`).set('content-type', 'application/json').set('Authorization', app.admin.token).send(body);
        await rejects(send, 1002, /参数|surrogate/);
      }
      const paired = await app.post(`${G}/add`, { title: 'emoji 😀' });
      assert.equal(paired.body.code, 1000, 'a proper pair (an emoji) is fine');
      assert.equal((await app.get(`${G}/info`, { id: paired.body.data.id })).body.data.title, 'emoji 😀');
      await app.post(`${G}/delete`, { ids: [paired.body.data.id] });
    });

    it('delete without ids, with empty or non-numeric ids, is refused', async () => {
      await rejects(() => app.post(`${G}/delete`, {}), 1002, /ids/);
      await rejects(() => app.post(`${G}/delete`, { ids: [] }), 1002, /ids/);
      await rejects(() => app.post(`${G}/delete`, { ids: ['1 or 1=1'] }), 1002, /ids/);
      await rejects(() => app.post(`${G}/delete`, { ids: '1,x' }), 1002, /ids/);
    });

    it('update and info without a valid id are refused', async () => {
      await rejects(() => app.post(`${G}/update`, { title: 'no id' }), 1002, /id/);
      await rejects(() => app.get(`${G}/info`), 1002, /id/);
      await rejects(() => app.get(`${G}/info`, { id: 'abc' }), 1002, /id/);
    });

    it('a custom action body is validated against its schema', async () => {
      const res = await app.post('/admin/dict/info/data', { types: ['', 'brand'] });
      assert.equal(res.body.code, 1002);
      assert.match(res.body.message, /types/);
      const ok = await app.post('/admin/dict/info/data', { types: ['brand'] });
      assert.equal(ok.body.code, 1000);
    });
  });
}
