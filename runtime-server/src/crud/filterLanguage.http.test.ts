import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDatabases } from '../testing/forEachDb.js';
import { seedUser } from '../testing/seedUser.js';
import { startTestApp } from '../testing/testApp.js';
import type { Client, TestApp } from '../testing/testApp.js';

const G = '/admin/demo/goods';

async function titles(client: Client, where: unknown, extra: Record<string, unknown> = {}): Promise<string[]> {
  const res = await client.post(`${G}/page`, { size: 100, order: 'title', sort: 'asc', where, ...extra });
  assert.equal(res.body.code, 1000, JSON.stringify(res.body));
  return res.body.data.list.map((r: { title: string }) => r.title);
}

for (const db of testDatabases()) {
  describe(`the where filter language (${db.name})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(await db.config());
      const goods = [
        { title: 'Green tea', price: '12.50', status: 1, type: 3, description: 'leaf' },
        { title: 'Black tea', price: '30.00', status: 0, type: 3, description: null },
        { title: 'Phone', price: '999.00', status: 1, type: 1, description: '' },
        { title: 'Shirt 50%_off', price: '20.00', status: 1, type: 2, description: 'sale' },
        { title: 'Socks', price: '5.00', status: 1, type: null, description: 'x' },
      ];
      assert.equal((await app.post(`${G}/add`, goods)).body.code, 1000);
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('nested and/or groups with typed operators, next to the classic filters', async () => {
      const where = {
        and: [
          { field: 'price', op: 'gte', value: 10 },
          { or: [{ field: 'title', op: 'contains', value: 'tea' }, { field: 'type', op: 'in', value: [2] }] },
        ],
      };
      assert.deepEqual(await titles(app, where), ['Black tea', 'Green tea', 'Shirt 50%_off']);
      assert.deepEqual(await titles(app, where, { status: 1 }), ['Green tea', 'Shirt 50%_off'], 'and the classic status filter');
      assert.deepEqual(await titles(app, { field: 'price', op: 'between', value: ['5.00', 20] }), ['Green tea', 'Shirt 50%_off', 'Socks']);
      assert.deepEqual(await titles(app, { field: 'price', op: 'lt', value: 12.5 }), ['Socks']);
      assert.deepEqual(await titles(app, { field: 'price', op: 'lte', value: 12.5 }), ['Green tea', 'Socks']);
      assert.deepEqual(await titles(app, { field: 'price', op: 'gt', value: 30 }), ['Phone']);
      assert.deepEqual(await titles(app, { field: 'title', op: 'startsWith', value: 'S' }), ['Shirt 50%_off', 'Socks']);
      assert.deepEqual(await titles(app, { field: 'title', op: 'contains', value: '%_' }), ['Shirt 50%_off'], 'wildcards are literal');
      assert.deepEqual(await titles(app, { field: 'type', op: 'ne', value: 3 }), ['Phone', 'Shirt 50%_off', 'Socks'], 'ne keeps rows without a value');
      assert.deepEqual(await titles(app, { field: 'type', op: 'eq', value: null }), ['Socks']);
      assert.deepEqual(await titles(app, { field: 'description', op: 'isEmpty', value: true }), ['Black tea', 'Phone']);
      assert.deepEqual(await titles(app, { field: 'description', op: 'isEmpty', value: false }), ['Green tea', 'Shirt 50%_off', 'Socks']);
      assert.deepEqual(await titles(app, { or: [] }), [], 'an empty or-group matches nothing');
      assert.equal((await titles(app, { and: [] })).length, 5, 'an empty and-group filters nothing');
      const list = await app.post(`${G}/list`, { where: { field: 'status', op: 'eq', value: 0 } });
      assert.deepEqual(list.body.data.map((r: { title: string }) => r.title), ['Black tea']);
    });

    it('refuses unknown fields, secret fields, operators a field does not take and values unlike the field (1002, translated)', async () => {
      const refuse = async (where: unknown, message: RegExp, prefix = G) => {
        const res = await app.post(`${prefix}/page`, { where }).set('language', 'en');
        assert.equal(res.body.code, 1002, JSON.stringify(res.body));
        assert.match(res.body.message, message);
      };
      await refuse({ field: 'nope', op: 'eq', value: 1 }, /Cannot filter by "nope"/);
      await refuse({ field: 'password', op: 'eq', value: 'x' }, /Cannot filter by "password"/, '/admin/base/sys/user');
      await refuse({ field: 'price', op: 'contains', value: '1' }, /does not take the condition "contains"/);
      await refuse({ field: 'title', op: 'like', value: 'x' }, /does not take the condition "like"/);
      await refuse({ field: 'price', op: 'gt', value: 'ten' }, /Price/);
      await refuse({ field: 'status', op: 'in', value: [1, 7] }, /Status/);
      await refuse({ field: 'price', op: 'between', value: [1] }, /between takes \[from, to\]/);
      await refuse({ field: 'title', op: 'isEmpty', value: 'yes' }, /isEmpty takes true or false/);
      await refuse({ and: [{ field: 'title', op: 'eq', value: 'x' }], or: [] }, /a group is/);
      await refuse({ field: 'title', op: 'eq', value: 'x', extra: 1 }, /a condition is/);
      await refuse('title = 1', /must be an object/);
      let deep: unknown = { field: 'title', op: 'eq', value: 'x' };
      for (let i = 0; i < 7; i++) deep = { and: [deep] };
      await refuse(deep, /levels/);
      await refuse({ or: Array.from({ length: 60 }, () => ({ field: 'title', op: 'eq', value: 'x' })) }, /at most 50 conditions/);
      const zh = await app.post(`${G}/page`, { where: { field: 'nope', op: 'eq', value: 1 } });
      assert.equal(zh.body.message, '不能按「nope」筛选');
    });

    it('is injection-safe: field names are whitelisted and values are bound', async () => {
      const injected = await app.post(`${G}/page`, { where: { field: 'title) OR 1=1 --', op: 'eq', value: 'x' } });
      assert.equal(injected.body.code, 1002);
      for (const value of ["' OR '1'='1", 'x\'; DROP TABLE demo_goods; --', '%', '_']) {
        assert.deepEqual(await titles(app, { field: 'title', op: 'eq', value }), [], `value ${value}`);
      }
      assert.deepEqual(await titles(app, { field: 'title', op: 'contains', value: "' OR 1=1 --" }), []);
      assert.equal(Number((await app.instance.services.knex('demo_goods').count({ n: '*' }))[0]?.n), 5, 'table intact');
    });

    it('stays inside the tenant: an or-group cannot widen the scoped WHERE', async () => {
      await seedUser(app, 'where-t1', ['demo:goods:add', 'demo:goods:page'], { tenantId: 1 });
      const t1 = app.as((await app.login('where-t1', 'user-pass1')).token);
      assert.equal((await t1.post(`${G}/add`, { title: 'Tenant tea', price: 1 })).body.code, 1000);
      const res = await t1.post(`${G}/page`, { size: 100, where: { or: [{ field: 'title', op: 'isEmpty', value: false }, { field: 'id', op: 'gte', value: 1 }] } });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      assert.deepEqual(res.body.data.list.map((r: { title: string }) => r.title), ['Tenant tea']);
    });

    it('matches text alike on every database: Latin letters in any case, wildcards as themselves, CJK substrings', async () => {
      const goods = [
        { title: 'Matcha LATTE', price: 1, description: '抹茶拿铁 Hot' },
        { title: 'matcha_cold', price: 1, description: '冷泡 100%' },
        { title: '抹茶 Mochi', price: 1, description: 'mochi' },
      ];
      assert.equal((await app.post(`${G}/add`, goods)).body.code, 1000);
      const contains = (value: string) => titles(app, { field: 'title', op: 'contains', value });
      assert.deepEqual(await contains('MATCHA'), ['Matcha LATTE', 'matcha_cold'], 'upper case finds lower');
      assert.deepEqual(await contains('latte'), ['Matcha LATTE'], 'lower case finds upper');
      assert.deepEqual(await contains('a_c'), ['matcha_cold'], '_ is a character, not a wildcard');
      assert.deepEqual(await contains('抹茶'), ['抹茶 Mochi']);
      assert.deepEqual(await titles(app, { field: 'title', op: 'startsWith', value: 'mATCHA' }), ['Matcha LATTE', 'matcha_cold']);
      const keyWord = async (kw: string) =>
        ((await app.post(`${G}/page`, { size: 100, order: 'title', sort: 'asc', keyWord: kw })).body.data.list as { title: string }[]).map((r) => r.title);
      assert.deepEqual(await keyWord('拿铁 hot'), ['Matcha LATTE'], 'the keyword: CJK and Latin of any case');
      assert.deepEqual(await keyWord('0%'), ['matcha_cold'], '% is a character');
      assert.deepEqual(await keyWord('MOCHI'), ['抹茶 Mochi']);
      const like = await app.post(`${G}/page`, { size: 100, title: 'TCHA l' });
      assert.deepEqual(like.body.data.list.map((r: { title: string }) => r.title), ['Matcha LATTE'], 'fieldLike too');
    });
  });
}
