import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDatabases } from '../../testing/forEachDb.js';
import { startTestApp } from '../../testing/testApp.js';
import type { TestApp } from '../../testing/testApp.js';

// What crud.http.test.ts already proves on this entity (19.99 and a literal 0.3 round trip, the
// keyword over description, the title LIKE with escaped wildcards, status = / IN, sorting by price,
// exampleImages [] on update) is not repeated here; this file covers the rest of docs/reference/product-spec.md §3/§7.

const G = '/admin/demo/goods';
type Row = Record<string, unknown>;
const titles = (rows: Row[]) => rows.map((r) => r.title as string).sort();

for (const db of testDatabases()) {
  describe(`demo goods: /admin/demo/goods (${db.name})`, () => {
    let app: TestApp;
    const info = async (id: number) => (await app.get(`${G}/info`, { id })).body.data as Row;
    const addOne = async (body: Row) => {
      const res = await app.post(`${G}/add`, body);
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      return res.body.data.id as number;
    };

    before(async () => {
      app = await startTestApp(await db.config());
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('binds type to the goodsType dictionary, whose seeded items are 数码/服装/食品', async () => {
      const eps = await app.get('/admin/base/open/eps');
      const entity = (eps.body.data.demo as { name: string; columns: Row[] }[]).find((e) => e.name === 'DemoGoodsEntity')!;
      assert.equal(entity.columns.find((c) => c.propertyName === 'type')!.dict, 'goodsType');
      const dict = await app.post('/admin/dict/info/data', { types: ['goodsType'] });
      assert.equal(dict.body.code, 1000);
      const items = dict.body.data.goodsType as Row[];
      assert.deepEqual(items.map((i) => [i.name, i.value]), [['数码', 1], ['服装', 2], ['食品', 3]]);
    });

    it('filters by type (scalar and IN, null = no filter) and combines title LIKE, status and keyword with AND', async () => {
      await app.post(`${G}/add`, [
        { title: 'Laptop', type: 1, status: 1, description: 'fast machine' },
        { title: 'Laptop bag', type: 2, status: 1, description: 'fits a machine' },
        { title: 'Old laptop', type: 1, status: 0, description: 'slow machine' },
        { title: 'Apple', type: 3, status: 1, description: 'fruit' },
        { title: 'Mystery box', type: null },
      ]);
      const cases: [Row, string[]][] = [
        [{ type: 1 }, ['Laptop', 'Old laptop']],
        [{ type: [2, 3] }, ['Apple', 'Laptop bag']],
        [{ type: null }, ['Apple', 'Laptop', 'Laptop bag', 'Mystery box', 'Old laptop']],
        [{ title: 'laptop' }, ['Laptop', 'Laptop bag', 'Old laptop']],
        [{ title: 'laptop', type: 1, status: 1 }, ['Laptop']],
        [{ title: 'lap', keyWord: 'machine', status: [0] }, ['Old laptop']],
        [{ keyWord: 'machine', type: 2 }, ['Laptop bag']],
      ];
      for (const [filter, expected] of cases) {
        const page = await app.post(`${G}/page`, filter);
        assert.equal(page.body.code, 1000, JSON.stringify(page.body));
        assert.deepEqual(titles(page.body.data.list), expected, JSON.stringify(filter));
      }
      const kwTitle = await app.post(`${G}/page`, { keyWord: 'Laptop' });
      assert.equal(kwTitle.body.data.pagination.total, 0, 'the keyword does not search the title (that is the title filter)');
      const badType = await app.post(`${G}/page`, { type: 'digital' });
      assert.equal(badType.body.code, 1002, 'a type filter must be the dictionary value, a number');
    });

    it('keeps decimal prices exact to the cent, up to 99999999.99, and refuses what the column cannot hold', async () => {
      const cases: [number, string][] = [
        [0.1 + 0.2, '0.30'], // 0.30000000000000004 on the wire
        [1.1 * 3, '3.30'], // 3.3000000000000003
        [99999999.99, '99999999.99'],
        [12345678.91, '12345678.91'],
        [0.01, '0.01'],
        [10, '10.00'],
      ];
      const ids: number[] = [];
      for (const [price, expected] of cases) {
        const id = await addOne({ title: `Price ${expected}`, price });
        ids.push(id);
        assert.equal((await info(id)).price, expected, `${price} → ${expected}`);
      }
      const page = await app.post(`${G}/page`, { title: 'Price ', order: 'price', sort: 'desc' });
      assert.deepEqual(
        page.body.data.list.map((r: Row) => r.price),
        ['99999999.99', '12345678.91', '10.00', '3.30', '0.30', '0.01'],
        'sorted as numbers, not text',
      );
      assert.equal((await info(await addOne({ title: 'No price' }))).price, '0.00', 'default price');
      // An exact decimal string is accepted (what info answers goes back unchanged); more decimals are not.
      assert.equal((await info(await addOne({ title: 'Text price', price: '19.99' }))).price, '19.99');
      for (const price of [100000000, 99999999.995, -0.01, 0.001, 1.005, '19.999', '1e3', 'abc']) {
        const res = await app.post(`${G}/add`, { title: 'Bad price', price });
        assert.equal(res.body.code, 1002, `price ${JSON.stringify(price)}`);
        assert.match(res.body.message, /价格/);
      }
      assert.equal((await app.post(`${G}/page`, { title: 'Bad price' })).body.data.pagination.total, 0);
      const upd = await app.post(`${G}/update`, { id: ids[0], price: 99999999.99 });
      assert.equal(upd.body.code, 1000);
      assert.equal((await info(ids[0]!)).price, '99999999.99');
    });

    it('round-trips exampleImages as an array of strings or null, refusing other shapes', async () => {
      const imgs = ['https://cdn.example.com/a.png', '/upload/b 1.jpg', '图片.webp'];
      const id = await addOne({ title: 'Gallery', exampleImages: imgs });
      assert.deepEqual((await info(id)).exampleImages, imgs);
      const list = await app.post(`${G}/list`, { title: 'Gallery' });
      assert.deepEqual(list.body.data[0].exampleImages, imgs, 'parsed in list rows too');
      assert.equal((await app.post(`${G}/update`, { id, exampleImages: null })).body.code, 1000);
      assert.equal((await info(id)).exampleImages, null, 'null stays null, not "null" or []');
      const raw = await app.instance.services.knex('demo_goods').where({ id }).first('exampleImages');
      assert.equal(raw.exampleImages, null, 'stored as SQL NULL, not the JSON text "null"');
      const none = await addOne({ title: 'No gallery' });
      assert.equal((await info(none)).exampleImages, null);
      for (const exampleImages of [[1, 2], 'a.png', { a: 'b' }, Array.from({ length: 21 }, (_, i) => `${i}.png`)]) {
        const res = await app.post(`${G}/update`, { id, exampleImages });
        assert.equal(res.body.code, 1002, JSON.stringify(exampleImages).slice(0, 40));
      }
      assert.equal((await info(id)).exampleImages, null, 'refused updates changed nothing');
    });

    it('defaults stock to 0 and refuses a negative or fractional stock; title is required, 1-50 characters', async () => {
      const id = await addOne({ title: 'Stockless' });
      const row = await info(id);
      assert.equal(row.stock, 0);
      assert.equal(row.status, 1);
      assert.equal(row.type, null);
      for (const bad of [{ stock: -1 }, { stock: 1.5 }, { stock: '3' }, { title: '' }, { title: 'x'.repeat(51) }, { status: 2 }, { type: 'food' }]) {
        const res = await app.post(`${G}/update`, { id, ...bad });
        assert.equal(res.body.code, 1002, JSON.stringify(bad));
      }
      const missing = await app.post(`${G}/add`, { price: 1 });
      assert.equal(missing.body.code, 1002);
      assert.match(missing.body.message, /标题/);
      assert.equal((await addOne({ title: 'x'.repeat(50), stock: 2147483647 })) > 0, true, 'the bounds themselves are accepted');
    });
  });
}
