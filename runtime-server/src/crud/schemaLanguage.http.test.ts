import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { ProjectPaths } from '@schema-admin/generator';
import { testDatabases } from '../testing/forEachDb.js';
import { inlineProject } from '../testing/inlineProject.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';

// A 5-field entity in the short language (schemas/README.md): no $id, x-table or property labels, no "null"
// in types, no multipleOf — all implied. It must be accepted on the first generator run and mean what it says.
const BOOK = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  'x-label': { 'zh-cn': '图书', 'zh-tw': '圖書', en: 'Book' },
  'x-api': ['add', 'delete', 'update', 'info', 'list', 'page'],
  properties: {
    title: { type: 'string', maxLength: 50 },
    price: { type: 'number', 'x-column': { type: 'decimal', precision: 6, scale: 2 } },
    stock: { type: 'integer', default: 0 },
    status: { type: 'integer', 'x-dict': 'goodsType' },
    note: { type: 'string', 'x-column': { type: 'text' } },
  },
  required: ['title'],
};

for (const db of testDatabases()) {
  describe(`an entity written in the short schema language (${db.name})`, () => {
    let paths: ProjectPaths;
    let app: TestApp;
    before(async () => {
      paths = await inlineProject({ 'lab/book.json': BOOK });
      app = await startTestApp(await db.config(), { project: paths });
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
      fs.rmSync(paths.root, { recursive: true, force: true });
    });

    it('takes its names from the file name and its labels from the property names', () => {
      const entity = app.instance.services.schema.generated.model.entities.find((e) => e.file === 'schemas/lab/book.json')!;
      assert.deepEqual([entity.id, entity.table, entity.name, entity.prefix], ['lab/book', 'lab_book', 'LabBookEntity', '/admin/lab/book']);
      assert.deepEqual(entity.fields.find((f) => f.name === 'price')!.label, { 'zh-cn': '价格', 'zh-tw': '價格', en: 'Price' });
    });

    it('refuses more decimals than the scale and more digits than the precision, translated, and stores nothing', async () => {
      const add = (body: unknown, language: string) => app.post('/admin/lab/book/add', body).set('language', language);
      for (const price of [1.234, '1.234']) {
        const en = await add({ title: 'x', price }, 'en');
        assert.equal(en.body.code, 1002, JSON.stringify(en.body));
        assert.equal(en.body.message, 'Price (price): at most 2 decimal places', 'said once (not again as "a multiple of 0.01")');
        assert.match((await add({ title: 'x', price }, 'zh-cn')).body.message, /价格 \(price\): 最多 2 位小数/);
      }
      for (const price of [12345.5, '12345.50', -10000]) {
        const en = await add({ title: 'x', price }, 'en');
        assert.equal(en.body.code, 1002, `${price}: ${JSON.stringify(en.body)}`);
        assert.match(en.body.message, /Price \(price\): at most 4 digits before the decimal point/);
      }
      assert.equal((await app.instance.services.knex('lab_book').count({ n: '*' }))[0]!.n, 0);
    });

    it('stores what the column holds exactly, and leaves what is not required null', async () => {
      const res = await app.post('/admin/lab/book/add', { title: 'a', price: '9999.99' });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      const row = (await app.get('/admin/lab/book/info', { id: res.body.data.id })).body.data;
      assert.deepEqual([row.price, row.stock, row.status, row.note], ['9999.99', 0, null, null]);
      const cleared = await app.post('/admin/lab/book/update', { id: row.id, price: null, status: 2 });
      assert.equal(cleared.body.code, 1000, JSON.stringify(cleared.body));
      const after = (await app.get('/admin/lab/book/info', { id: row.id })).body.data;
      assert.deepEqual([after.price, after.status], [null, 2]);
      const noStock = await app.post('/admin/lab/book/update', { id: row.id, stock: null }).set('language', 'en');
      assert.equal(noStock.body.code, 1002, 'a defaulted property is NOT NULL');
    });
  });
}
