import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDatabases } from '../../testing/forEachDb.js';
import { seedUser } from '../../testing/seedUser.js';
import { startTestApp } from '../../testing/testApp.js';
import type { TestApp } from '../../testing/testApp.js';

const C = '/admin/base/comm';

for (const db of testDatabases()) {
  describe(`entity schema and user settings for the console (${db.name})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(await db.config());
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('answers an entity with the rules the server validates with, its actions and screen route', async () => {
      const res = await app.get(`${C}/schema`, { prefix: '/admin/demo/goods' });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      const e = res.body.data;
      assert.equal(e.id, 'demo/goods');
      assert.equal(e.audited, true);
      const field = (n: string) => e.fields.find((f: { name: string }) => f.name === n);
      assert.deepEqual([field('price').type, field('price').precision, field('price').scale], ['decimal', 10, 2]);
      assert.deepEqual(field('price').schema['x-decimal'], { precision: 10, scale: 2, minimum: 0, maximum: 99999999.99 });
      assert.deepEqual(field('status').options.map((o: { value: number }) => o.value), [0, 1]);
      assert.equal(field('type').dict, 'goodsType');
      assert.deepEqual(e.required, ['title']);
      assert.equal(e.actions.find((a: { name: string }) => a.name === 'add').perm, 'demo:goods:add');
      assert.equal(e.screen.route, '/demo/goods');
      // The EPS search block of the same entity comes in the same answer (the console reads one answer per entity).
      const eps = (await app.get('/admin/base/open/eps')).body.data as Record<string, { prefix: string; search?: unknown }[]>;
      const epsGoods = Object.values(eps).flat().find((x) => x.prefix === '/admin/demo/goods');
      assert.ok(e.search.keyWordLikeFields.some((f: { propertyName: string }) => f.propertyName === 'description'), JSON.stringify(e.search));
      assert.deepEqual(e.search, epsGoods?.search);

      const user = (await app.get(`${C}/schema`, { prefix: '/admin/base/sys/user' })).body.data;
      const password = user.fields.find((f: { name: string }) => f.name === 'password');
      assert.equal(password.secret, true);
      assert.equal('default' in password, false);
      assert.doesNotMatch(JSON.stringify(user), /scrypt|\$2[aby]\$/, 'no stored secret anywhere');
      assert.equal(user.screen.route, '/sys/user');
      const move = user.actions.find((a: { name: string }) => a.name === 'move');
      assert.deepEqual(move.body.required, ['departmentId', 'userIds'], 'action bodies come with their $defs resolved');
      const menu = (await app.get(`${C}/schema`, { prefix: '/admin/base/sys/menu' })).body.data;
      assert.equal(menu.tree, true);
    });

    it('names the joined label of a reference, and the ids on a page find their labels at any table size', async () => {
      const order = (await app.get(`${C}/schema`, { prefix: '/admin/demo/order' })).body.data;
      const field = (n: string) => order.fields.find((f: { name: string }) => f.name === n);
      // The order page joins its goods' title: the goods column shows it, no lookup of its own.
      assert.equal(field('goodsId').refLabel, 'goodsTitle');
      assert.equal(field('userId').refLabel, undefined, 'no join, no joined label');
      const title = order.joined.find((f: { name: string }) => f.name === 'goodsTitle');
      assert.deepEqual([title.via, title.type, title.readOnly], ['goodsId', 'string', true]);
      const log = (await app.get(`${C}/schema`, { prefix: '/admin/base/sys/log' })).body.data;
      assert.equal(log.fields.find((f: { name: string }) => f.name === 'userId').refLabel, 'name');

      // The console's label lookup: the page's ids only, through the filter language (not the whole list).
      const ids: number[] = [];
      for (const t of ['ref-a', 'ref-b', 'ref-c']) {
        const r = await app.post('/admin/demo/goods/add', { title: t, price: 1, status: 1, type: 0 });
        assert.equal(r.body.code, 1000, JSON.stringify(r.body));
        ids.push(r.body.data.id);
      }
      const res = await app.post('/admin/demo/goods/list', { where: { field: 'id', op: 'in', value: [ids[0], ids[2]] } });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      assert.deepEqual(res.body.data.map((r: { title: string }) => r.title).sort(), ['ref-a', 'ref-c']);
      const tooMany = await app.post('/admin/demo/goods/list', { where: { field: 'id', op: 'in', value: Array.from({ length: 201 }, (_, i) => i + 1) } });
      assert.equal(tooMany.body.code, 1002, 'the console batches 200 ids a request (WHERE_MAX_LIST)');
    });

    it('refuses unknown and internal entities and bad prefixes with a clear error, and needs a sign-in', async () => {
      for (const prefix of ['/admin/nope/thing', '/admin/base/sys/conf', '/admin/base/sys/session', '/admin/base/sys/userRole', '/admin/base/sys/userSetting']) {
        const res = await app.get(`${C}/schema`, { prefix }).set('language', 'en');
        assert.equal(res.status, 200);
        assert.equal(res.body.code, 1001, `${prefix}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.message, `No such entity: ${prefix}`);
      }
      for (const prefix of ['', 'x'.repeat(300), '/admin/../../etc', undefined]) {
        const res = await app.get(`${C}/schema`, prefix === undefined ? {} : { prefix });
        assert.equal(res.body.code, 1002, JSON.stringify(res.body));
      }
      assert.equal((await app.anon.get(`${C}/schema`, { prefix: '/admin/demo/goods' })).status, 401);
      // Public metadata leaves internal tables out (sessions, captchas, configuration, login counters, links).
      const eps = (await app.anon.get('/admin/base/open/eps')).body.data as Record<string, { prefix: string }[]>;
      const prefixes = Object.values(eps).flat().map((e) => e.prefix);
      for (const internal of ['/admin/base/sys/conf', '/admin/base/sys/session', '/admin/base/sys/captcha', '/admin/base/sys/loginAttempt', '/admin/base/sys/userRole', '/admin/base/sys/userSetting']) {
        assert.ok(!prefixes.includes(internal), internal);
      }
      assert.ok(prefixes.includes('/admin/demo/goods'));
    });

    it('keeps each user\'s settings to himself, validates keys and sizes, and deletes with null', async () => {
      const value = { columns: [{ key: 'title', hidden: false, width: 180 }, { key: 'stock', hidden: true }] };
      assert.equal((await app.get(`${C}/setting`, { key: 'columns:demo/goods' })).body.data ?? null, null);
      const saved = await app.post(`${C}/settingSave`, { key: 'columns:demo/goods', value });
      assert.equal(saved.body.code, 1000, JSON.stringify(saved.body));
      assert.deepEqual((await app.get(`${C}/setting`, { key: 'columns:demo/goods' })).body.data, value);
      const changed = { columns: [{ key: 'stock', hidden: false }] };
      await app.post(`${C}/settingSave`, { key: 'columns:demo/goods', value: changed });
      assert.deepEqual((await app.get(`${C}/setting`, { key: 'columns:demo/goods' })).body.data, changed, 'saved again: replaced');

      await seedUser(app, 'viewer', ['demo:goods:page'], { password: 'viewer-pass1' });
      const other = app.as((await app.login('viewer', 'viewer-pass1')).token);
      assert.equal((await other.get(`${C}/setting`, { key: 'columns:demo/goods' })).body.data ?? null, null, 'not another user\'s');
      await other.post(`${C}/settingSave`, { key: 'columns:demo/goods', value: { mine: true } });
      assert.deepEqual((await app.get(`${C}/setting`, { key: 'columns:demo/goods' })).body.data, changed, 'untouched by the other user');

      for (const [body, code] of [
        [{ key: 'bad key!', value: {} }, 1002],
        [{ key: '', value: {} }, 1002],
        [{ key: 'k', value: 'text' }, 1002],
        [{ key: 'k', value: { big: 'x'.repeat(40 * 1024) } }, 1002],
        [{ key: 'k' }, 1002],
      ] as const) {
        const res = await app.post(`${C}/settingSave`, body);
        assert.equal(res.body.code, code, JSON.stringify(body).slice(0, 80));
      }
      assert.equal((await app.post(`${C}/settingSave`, { key: 'columns:demo/goods', value: null })).body.code, 1000);
      assert.equal((await app.get(`${C}/setting`, { key: 'columns:demo/goods' })).body.data ?? null, null);
      assert.equal((await app.anon.get(`${C}/setting`, { key: 'k' })).status, 401);
    });
  });
}
