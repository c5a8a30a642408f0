import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDatabases } from '../../testing/forEachDb.js';
import { startTestApp } from '../../testing/testApp.js';
import type { TestApp } from '../../testing/testApp.js';

const A = '/admin/user/address';
type Row = Record<string, unknown>;

const addr = (userId: number, contact: string, extra: Row = {}): Row => ({
  userId,
  contact,
  phone: '13800138000',
  province: '广东省',
  city: '深圳市',
  district: '南山区',
  address: `${contact} street 1`,
  ...extra,
});

for (const db of testDatabases()) {
  describe(`end-user addresses: /admin/user/address (${db.name})`, () => {
    let app: TestApp;
    let ann: number;
    let ben: number;
    const knex = () => app.instance.services.knex;
    /** The contacts of a user's default addresses, straight from the table. */
    const defaults = async (userId: number) =>
      ((await knex()('user_address').where({ userId, isDefault: 1 }).orderBy('contact').select('contact')) as Row[]).map((r) => r.contact);
    const add = async (body: unknown) => {
      const res = await app.post(`${A}/add`, body);
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      return res.body.data.id as number & number[];
    };

    before(async () => {
      app = await startTestApp(await db.config());
      const users = await app.post('/admin/user/info/add', [
        { nickName: 'Ann', phone: '13811112222' },
        { nickName: 'Ben', phone: '13933334444' },
      ]);
      assert.equal(users.body.code, 1000);
      [ann, ben] = users.body.data.id as [number, number];
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('adds, reads, updates and deletes an address; rows carry the user nickName from the join', async () => {
      const id = await add(addr(ann, 'Home'));
      const info = await app.get(`${A}/info`, { id });
      assert.equal(info.body.code, 1000);
      assert.equal(info.body.data.nickName, 'Ann');
      assert.equal(info.body.data.userId, ann);
      assert.equal(info.body.data.isDefault, false, 'isDefault defaults to false');
      assert.equal((await app.post(`${A}/update`, { id, city: '广州市' })).body.code, 1000);
      assert.equal((await app.get(`${A}/info`, { id })).body.data.city, '广州市');
      const page = await app.post(`${A}/page`, {});
      const row = (page.body.data.list as Row[]).find((r) => r.id === id)!;
      assert.equal(row.nickName, 'Ann');
      assert.equal(page.body.data.list.every((r: Row) => !('password' in r)), true, 'the join selects no secret');
      const byNick = await app.post(`${A}/page`, { order: 'nickName', sort: 'asc' });
      assert.equal(byNick.body.code, 1000, 'join outputs are sortable');
      assert.equal((await app.post(`${A}/delete`, { ids: [id] })).body.code, 1000);
      assert.equal((await app.get(`${A}/info`, { id })).body.code, 1001);
    });

    it('refuses a phone that is not exactly 11 digits, naming the field', async () => {
      for (const phone of ['1380013800', '138001380001', '1380013800a', '+8613800138', '１３８００１３８０００']) {
        const res = await app.post(`${A}/add`, addr(ann, 'Bad phone', { phone }));
        assert.equal(res.body.code, 1002, phone);
        assert.match(res.body.message, /手机号/);
        assert.match(res.body.message, /11/);
      }
      const en = await app.post(`${A}/add`, addr(ann, 'Bad phone', { phone: '123' })).set('language', 'en');
      assert.match(en.body.message, /Phone .*11 digits/);
      const num = await app.post(`${A}/add`, addr(ann, 'Bad phone', { phone: 13800138000 }));
      assert.equal(num.body.code, 1002, 'a number is not a phone string');
      const id = await add(addr(ann, 'Phone ok'));
      const upd = await app.post(`${A}/update`, { id, phone: '1234' });
      assert.equal(upd.body.code, 1002);
      assert.equal((await app.get(`${A}/info`, { id })).body.data.phone, '13800138000');
      const inArray = await app.post(`${A}/add`, [addr(ann, 'Fine'), addr(ann, 'Broken', { phone: '1' })]);
      assert.equal(inArray.body.code, 1002);
      assert.equal(await knex()('user_address').where({ contact: 'Fine' }).first(), undefined, 'nothing of a refused batch is saved');
      await app.post(`${A}/delete`, { ids: [id] });
    });

    it('refuses an address for a user that does not exist, on add and update', async () => {
      const res = await app.post(`${A}/add`, addr(999999, 'Ghost'));
      assert.equal(res.body.code, 1001);
      assert.match(res.body.message, /999999/);
      const batch = await app.post(`${A}/add`, [addr(ann, 'Real'), addr(999998, 'Ghost')]);
      assert.equal(batch.body.code, 1001);
      assert.equal(await knex()('user_address').where({ contact: 'Real' }).first(), undefined, 'the batch is all or nothing');
      const id = await add(addr(ann, 'Movable'));
      const move = await app.post(`${A}/update`, { id, userId: 999997 });
      assert.equal(move.body.code, 1001);
      assert.equal((await app.get(`${A}/info`, { id })).body.data.userId, ann);
      await app.post(`${A}/delete`, { ids: [id] });
    });

    it('keeps at most one default per user when adding', async () => {
      await add(addr(ann, 'A1', { isDefault: true }));
      await add(addr(ben, 'B1', { isDefault: true }));
      assert.deepEqual(await defaults(ann), ['A1']);
      await add(addr(ann, 'A2', { isDefault: true }));
      assert.deepEqual(await defaults(ann), ['A2'], 'the new default clears the old one');
      assert.deepEqual(await defaults(ben), ['B1'], "another user's default is untouched");
      await add(addr(ann, 'A3'));
      assert.deepEqual(await defaults(ann), ['A2'], 'a non-default add changes nothing');
      // an array body: several rows of one user claim default → the last one wins
      await add([addr(ann, 'A4', { isDefault: true }), addr(ben, 'B2', { isDefault: true }), addr(ann, 'A5', { isDefault: true }), addr(ann, 'A6')]);
      assert.deepEqual(await defaults(ann), ['A5']);
      assert.deepEqual(await defaults(ben), ['B2']);
      const a2 = await knex()('user_address').where({ contact: 'A2' }).first('updateTime', 'createTime');
      assert.ok(a2.updateTime >= a2.createTime);
    });

    it('keeps one default when several requests claim it at the same time', async () => {
      const [carl] = (await app.post('/admin/user/info/add', [{ nickName: 'Carl' }])).body.data.id as [number];
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => app.post(`${A}/add`, addr(carl, `C${i}`, { isDefault: true }))));
      for (const r of results) assert.equal(r.body.code, 1000, JSON.stringify(r.body));
      assert.equal((await defaults(carl)).length, 1, 'concurrent claims are serialised per user');
      const ids = results.map((r) => r.body.data.id as number);
      const moves = await Promise.all(ids.map((id) => app.post(`${A}/update`, { id, isDefault: true })));
      for (const r of moves) assert.equal(r.body.code, 1000, JSON.stringify(r.body));
      assert.equal((await defaults(carl)).length, 1);
    });

    it('keeps at most one default per user when updating, including moves to another user', async () => {
      const idOf = async (contact: string) => Number((await knex()('user_address').where({ contact }).first('id')).id);
      await app.post(`${A}/update`, { id: await idOf('A3'), isDefault: true });
      assert.deepEqual(await defaults(ann), ['A3']);
      // an edit form sends the whole row back: a non-default row stays non-default
      const a1 = (await app.get(`${A}/info`, { id: await idOf('A1') })).body.data;
      assert.equal((await app.post(`${A}/update`, { ...a1, contact: 'A1' })).body.code, 1000);
      assert.deepEqual(await defaults(ann), ['A3']);
      // array: two rows of one user claim default → last wins
      const res = await app.post(`${A}/update`, [
        { id: await idOf('A1'), isDefault: true },
        { id: await idOf('A4'), isDefault: true },
      ]);
      assert.equal(res.body.code, 1000);
      assert.deepEqual(await defaults(ann), ['A4']);
      // moving Ann's default address to Ben makes it Ben's only default, and Ann has none left
      assert.equal((await app.post(`${A}/update`, { id: await idOf('A4'), userId: ben })).body.code, 1000);
      assert.deepEqual(await defaults(ben), ['A4']);
      assert.deepEqual(await defaults(ann), []);
      // an update that fails (unknown id in the batch) rolls the default change back too
      const bad = await app.post(`${A}/update`, [{ id: await idOf('A1'), isDefault: true }, { id: 999999, isDefault: true }]);
      assert.equal(bad.body.code, 1001);
      assert.deepEqual(await defaults(ann), []);
      assert.deepEqual(await defaults(ben), ['A4']);
      // clearing the default is allowed: a user may have none
      assert.equal((await app.post(`${A}/update`, { id: await idOf('A4'), isDefault: false })).body.code, 1000);
      assert.deepEqual(await defaults(ben), []);
    });

    it("filters page and list by userId (and isDefault); the keyword covers contact and the address's phone", async () => {
      await add(addr(ben, 'B3', { isDefault: true, phone: '13700001111' }));
      const page = await app.post(`${A}/page`, { userId: ben, size: 100 });
      const rows = page.body.data.list as Row[];
      assert.ok(rows.length >= 3);
      assert.ok(rows.every((r) => r.userId === ben && r.nickName === 'Ben'));
      assert.equal(page.body.data.pagination.total, Number((await knex()('user_address').where({ userId: ben }).count({ n: '*' }))[0]!.n));
      const list = await app.post(`${A}/list`, { userId: [ann], isDefault: false });
      assert.ok(list.body.data.length > 0);
      assert.ok(list.body.data.every((r: Row) => r.userId === ann && r.isDefault === false));
      const def = await app.post(`${A}/list`, { isDefault: true, userId: ben });
      assert.deepEqual(def.body.data.map((r: Row) => r.contact), ['B3']);
      const kw = await app.post(`${A}/page`, { keyWord: '13700001111' });
      assert.deepEqual(kw.body.data.list.map((r: Row) => r.contact), ['B3']);
      // "phone" exists in both tables: the keyword is the address's phone, not the user's
      const userPhone = await app.post(`${A}/page`, { keyWord: '13933334444' });
      assert.equal(userPhone.body.code, 1000);
      assert.equal(userPhone.body.data.pagination.total, 0);
      const badUser = await app.post(`${A}/page`, { userId: 'x' });
      assert.equal(badUser.body.code, 1002);
    });
  });
}
