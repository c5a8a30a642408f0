import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDatabases } from '../testing/forEachDb.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const G = '/admin/demo/goods';

for (const db of testDatabases()) {
  describe(`generic CRUD over HTTP (${db.name})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(await db.config());
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('adds one object and returns its id; info returns every column in one format', async () => {
      const res = await app.post(`${G}/add`, {
        title: 'Phone',
        price: 19.99,
        description: 'a red phone',
        exampleImages: ['a.png', 'b.png'],
        type: 1,
        stock: 3,
      });
      assert.equal(res.status, 200);
      assert.equal(res.body.code, 1000);
      const id = res.body.data.id;
      assert.ok(Number.isInteger(id) && id > 0);

      const info = await app.get(`${G}/info`, { id });
      assert.equal(info.body.code, 1000);
      const row = info.body.data;
      assert.equal(row.id, id);
      assert.equal(row.title, 'Phone');
      assert.equal(row.price, '19.99', 'decimal exact to the cent, as a fixed-scale string');
      assert.deepEqual(row.exampleImages, ['a.png', 'b.png'], 'JSON column parsed');
      assert.equal(row.status, 1, 'schema default applied');
      assert.equal(row.stock, 3);
      assert.equal(row.mainImage, null);
      assert.match(row.createTime, TIME);
      assert.match(row.updateTime, TIME);
    });

    it('adds an array in one call and returns every id', async () => {
      const res = await app.post(`${G}/add`, [
        { title: 'Shoe', price: 5, description: 'for jogging', status: 0 },
        { title: 'Hat 100%_off', price: 0.3, description: 'straw hat' },
      ]);
      assert.equal(res.body.code, 1000);
      assert.equal(res.body.data.id.length, 2);
      const [a, b] = res.body.data.id;
      assert.equal((await app.get(`${G}/info`, { id: a })).body.data.status, 0);
      assert.equal((await app.get(`${G}/info`, { id: b })).body.data.price, '0.30');
    });

    it('pages with keyword, equality (scalar and array), like, sort and pagination', async () => {
      const all = await app.post(`${G}/page`, { page: 1, size: 2, order: 'price', sort: 'asc' });
      assert.equal(all.body.code, 1000);
      assert.deepEqual(all.body.data.pagination, { page: 1, size: 2, total: 3 });
      assert.deepEqual(all.body.data.list.map((r: { price: string }) => r.price), ['0.30', '5.00']);
      const second = await app.post(`${G}/page`, { page: 2, size: 2, order: 'price', sort: 'asc' });
      assert.deepEqual(second.body.data.list.map((r: { title: string }) => r.title), ['Phone']);

      const kw = await app.post(`${G}/page`, { keyWord: 'red' });
      assert.deepEqual(kw.body.data.list.map((r: { title: string }) => r.title), ['Phone'], 'keyword searches description');
      const kwTitle = await app.post(`${G}/page`, { keyWord: 'Shoe' });
      assert.equal(kwTitle.body.data.pagination.total, 0, 'keyword is only over keyWordLikeFields');

      const eq = await app.post(`${G}/page`, { status: 0 });
      assert.deepEqual(eq.body.data.list.map((r: { title: string }) => r.title), ['Shoe'], 'status = 0 is applied (0 is a value)');
      const inList = await app.post(`${G}/page`, { status: [0, 1], order: 'title', sort: 'asc' });
      assert.equal(inList.body.data.pagination.total, 3);

      const like = await app.post(`${G}/page`, { title: 'ho' });
      assert.deepEqual(like.body.data.list.map((r: { title: string }) => r.title).sort(), ['Phone', 'Shoe']);
      const wild = await app.post(`${G}/page`, { title: '%_' });
      assert.deepEqual(wild.body.data.list.map((r: { title: string }) => r.title), ['Hat 100%_off'], 'LIKE wildcards are escaped');

      const def = await app.post(`${G}/page`, {});
      assert.equal(def.body.data.pagination.size, 20);
      const times = def.body.data.list.map((r: { createTime: string }) => r.createTime);
      assert.deepEqual([...times].sort().reverse(), times, 'default order createTime desc');
    });

    it('lists with the same filters and no paging', async () => {
      const res = await app.post(`${G}/list`, { status: 1, order: 'price', sort: 'desc' });
      assert.equal(res.body.code, 1000);
      assert.deepEqual(res.body.data.map((r: { price: string }) => r.price), ['19.99', '0.30']);
    });

    it('filters by inclusive ranges (decimal as number or exact string, datetime), either end open; bad bounds are 1002', async () => {
      const titles = async (body: Record<string, unknown>) => {
        const res = await app.post(`${G}/page`, { ...body, order: 'price', sort: 'asc' });
        assert.equal(res.body.code, 1000, JSON.stringify(res.body));
        return res.body.data.list.map((r: { title: string }) => r.title);
      };
      assert.deepEqual(await titles({ price: [0.3, 5] }), ['Hat 100%_off', 'Shoe'], 'both ends inclusive');
      assert.deepEqual(await titles({ price: ['5.00', null] }), ['Shoe', 'Phone'], 'open upper end, exact string bound');
      assert.deepEqual(await titles({ price: [null, '0.30'] }), ['Hat 100%_off']);
      assert.deepEqual(await titles({ price: [null, null] }), ['Hat 100%_off', 'Shoe', 'Phone'], 'no bound, no filter');
      assert.deepEqual(await titles({ price: [6, 5] }), [], 'an empty interval matches nothing');
      const first = (await app.post(`${G}/page`, { order: 'createTime', sort: 'asc', size: 1 })).body.data.list[0].createTime as string;
      assert.equal((await titles({ createTime: [first, null] })).length, 3);
      assert.deepEqual(await titles({ createTime: ['2000-01-01 00:00:00', '2000-12-31 23:59:59'] }), []);
      assert.deepEqual(await titles({ createTime: [null, '2999-01-01 00:00:00'], status: 1 }), ['Hat 100%_off', 'Phone'], 'ranges combine with equality');

      for (const bad of [{ price: ['abc', null] }, { price: [1] }, { price: [1, 2, 3] }, { price: 5 }, { createTime: ['yesterday', null] }, { createTime: ['2026-02-30 00:00:00', null] }]) {
        const res = await app.post(`${G}/page`, bad);
        assert.equal(res.status, 200);
        assert.equal(res.body.code, 1002, `${JSON.stringify(bad)} → ${JSON.stringify(res.body)}`);
      }
    });

    it('updates only the given fields and bumps updateTime', async () => {
      const list = await app.post(`${G}/list`, { title: 'Phone' });
      const before = list.body.data[0];
      const res = await app.post(`${G}/update`, { id: before.id, price: 21.5, exampleImages: [] });
      assert.equal(res.body.code, 1000);
      assert.equal('data' in res.body, false, 'no data key for a null payload');
      const after = (await app.get(`${G}/info`, { id: before.id })).body.data;
      assert.equal(after.price, '21.50');
      assert.deepEqual(after.exampleImages, []);
      assert.equal(after.title, 'Phone', 'untouched field kept');
      assert.equal(after.createTime, before.createTime);
    });

    it('accepts back every value info answers (decimals as exact strings) and refuses digits past the scale', async () => {
      const added = await app.post(`${G}/add`, { title: 'Round trip', price: '45.25', stock: 2, exampleImages: ['/upload/a.png'] });
      assert.equal(added.body.code, 1000, JSON.stringify(added.body));
      const id = added.body.data.id;
      const row = (await app.get(`${G}/info`, { id })).body.data;
      assert.equal(row.price, '45.25');
      const { createTime: _c, updateTime: _u, tenantId: _t, ...back } = row;
      const same = await app.post(`${G}/update`, back);
      assert.equal(same.body.code, 1000, `info → update unchanged: ${JSON.stringify(same.body)}`);
      const again = (await app.get(`${G}/info`, { id })).body.data;
      assert.deepEqual({ ...again, updateTime: row.updateTime }, row, 'nothing changed');
      const history = (await app.get(`${G}/history`, { id })).body.data as { action: string }[];
      assert.deepEqual(history.map((h) => h.action), ['add'], 'an unchanged save leaves no empty history entry');

      for (const [price, pattern] of [
        ['1.234', /price.*(at most 2 decimal|最多 2 位小数)/],
        [1.234, /price.*(at most 2 decimal|最多 2 位小数)/],
        ['123456789.5', /price.*(digits before|整数部分)/],
        ['-1.00', /price/],
        ['12,5', /price/],
      ] as const) {
        const bad = await app.post(`${G}/update`, { id, price });
        assert.equal(bad.body.code, 1002, `${String(price)}: ${JSON.stringify(bad.body)}`);
        assert.match(bad.body.message, pattern);
      }
      const en = await app.post(`${G}/update`, { id, price: '9.999' }).set('language', 'en');
      assert.match(en.body.message, /Price \(price\): at most 2 decimal places/);
      assert.equal((await app.get(`${G}/info`, { id })).body.data.price, '45.25', 'nothing written by a refused update');
      assert.equal((await app.post(`${G}/update`, { id, price: '0.1' })).body.code, 1000);
      assert.equal((await app.get(`${G}/info`, { id })).body.data.price, '0.10');
    });

    it('deletes by id list (array or comma string) and refuses an unknown id on update/info', async () => {
      const { body } = await app.post(`${G}/add`, [{ title: 'Del 1' }, { title: 'Del 2' }]);
      const [a, b] = body.data.id;
      assert.equal((await app.post(`${G}/delete`, { ids: `${a},${b}` })).body.code, 1000);
      const gone = await app.get(`${G}/info`, { id: a });
      assert.equal(gone.body.code, 1001);
      assert.match(gone.body.message, new RegExp(String(a)));
      const upd = await app.post(`${G}/update`, { id: b, title: 'ghost' });
      assert.equal(upd.body.code, 1001);
      assert.equal((await app.post(`${G}/page`, { title: 'Del' })).body.data.pagination.total, 0);
    });

    it('never saves unknown, implicit or read-only fields', async () => {
      const res = await app.post(`${G}/add`, { id: 9999, title: 'Sneaky', bogus: 'x', createTime: '2000-01-01 00:00:00' });
      assert.equal(res.body.code, 1000);
      assert.notEqual(res.body.data.id, 9999, 'id in an add body does not pick (or overwrite) a row');
      const row = (await app.get(`${G}/info`, { id: res.body.data.id })).body.data;
      assert.equal('bogus' in row, false);
      assert.notEqual(row.createTime, '2000-01-01 00:00:00');

      const user = await app.post('/admin/base/sys/user/add', { username: 'eve', password: 'secret12', isSuper: true, passwordV: 99 });
      assert.equal(user.body.code, 1000);
      // base/sys/user/add answers the bare id, as the reference does (docs/reference/api-contract.md §6.2)
      const u = (await app.get('/admin/base/sys/user/info', { id: user.body.data })).body.data;
      assert.equal(u.isSuper, false, 'the super-admin flag cannot be set through a request');
      assert.equal(u.passwordV, 1);
    });

    it('stores secret fields hashed and never returns them', async () => {
      const add = await app.post('/admin/base/sys/user/add', { username: 'mallory', password: 'pa55word', name: 'M' });
      const id = add.body.data;
      const stored = await app.instance.services.knex('base_sys_user').where({ id }).first('password');
      assert.match(stored.password, /^scrypt\$/);
      assert.equal(stored.password.includes('pa55word'), false);
      for (const res of [
        await app.get('/admin/base/sys/user/info', { id }),
        await app.post('/admin/base/sys/user/page', {}),
        await app.post('/admin/base/sys/user/list', {}),
      ]) {
        assert.equal(res.body.code, 1000);
        const rows = Array.isArray(res.body.data) ? res.body.data : res.body.data.list ?? [res.body.data];
        assert.ok(rows.length > 0);
        for (const r of rows) assert.equal('password' in r, false, 'no password key in any row');
        assert.equal(JSON.stringify(res.body).includes('scrypt$'), false, 'no hash anywhere in the response');
      }
    });

    it('round-trips booleans as true/false', async () => {
      const add = await app.post('/admin/base/sys/menu/add', { name: 'Hidden page', type: 1, router: '/hidden', orderNum: 1, keepAlive: false, isShow: false });
      assert.equal(add.body.code, 1000);
      const row = (await app.get('/admin/base/sys/menu/info', { id: add.body.data.id })).body.data;
      assert.equal(row.keepAlive, false);
      assert.equal(row.isShow, false);
      const def = await app.post('/admin/base/sys/menu/add', { name: 'Default flags', type: 0, orderNum: 2 });
      const row2 = (await app.get('/admin/base/sys/menu/info', { id: def.body.data.id })).body.data;
      assert.equal(row2.keepAlive, true);
      assert.equal(row2.isShow, true);
      const filtered = await app.post('/admin/base/sys/menu/list', { order: 'orderNum' });
      assert.equal(filtered.body.code, 1000);
    });

    it('maps a unique violation to a labelled 1001 error without SQL text', async () => {
      const first = await app.post('/admin/dict/type/add', { name: 'Colours', key: 'colour' });
      assert.equal(first.body.code, 1000);
      const dup = await app.post('/admin/dict/type/add', { name: 'Colours again', key: 'colour' });
      assert.equal(dup.body.code, 1001);
      assert.match(dup.body.message, /已存在/);
      assert.doesNotMatch(dup.body.message, /UNIQUE|Duplicate|constraint|dict_type/i);
      const en = await app.post('/admin/dict/type/add', { name: 'x', key: 'colour' }).set('language', 'en');
      assert.match(en.body.message, /already exists/);
      const count = await app.instance.services.knex('dict_type').where({ key: 'colour' }).count({ n: '*' });
      assert.equal(Number(count[0]?.n), 1);
    });

    it('answers under /api too, and 404 with an envelope for unknown routes', async () => {
      const res = await app.post(`/api${G}/page`, {});
      assert.equal(res.body.code, 1000);
      const missing = await app.get('/admin/demo/nothing');
      assert.equal(missing.status, 404);
      assert.equal(missing.body.code, 404);
      const wrongMethod = await app.get(`${G}/add`);
      assert.equal(wrongMethod.status, 405);
      assert.notEqual(wrongMethod.body.code, 1000);
    });
  });
}
