import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { verifySecret } from '../../core/secrets.js';
import { testDatabases } from '../../testing/forEachDb.js';
import { startTestApp } from '../../testing/testApp.js';
import type { TestApp } from '../../testing/testApp.js';

const U = '/admin/user/info';
type Row = Record<string, unknown>;
const nicks = (rows: Row[]) => rows.map((r) => r.nickName as string).sort();

/** No row and no response may carry a password key or anything that looks like a hash. */
function assertNoSecret(body: unknown): void {
  const text = JSON.stringify(body);
  assert.equal(text.includes('"password"'), false, `password key in ${text.slice(0, 200)}`);
  assert.equal(text.includes('scrypt$'), false, 'a hash in the response');
}

for (const db of testDatabases()) {
  describe(`end users: /admin/user/info (${db.name})`, () => {
    let app: TestApp;
    const id: Record<string, number> = {};
    const stored = async (userId: number) => (await app.instance.services.knex('user_info').where({ id: userId }).first()) as Row;

    before(async () => {
      app = await startTestApp(await db.config());
      const rows = [
        { nickName: 'Alice', phone: '13800000001', gender: 2, loginType: 0, status: 1, password: 'alice-pw1' },
        { nickName: 'Bob', phone: '13900000002', gender: 1, loginType: 1, status: 0, unionid: 'wx-bob' },
        { nickName: 'Carol 100%', phone: '13700000003', gender: 0, loginType: 2, status: 2, source: 'h5-campaign' },
      ];
      const res = await app.post(`${U}/add`, rows);
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      assertNoSecret(res.body);
      rows.forEach((r, i) => (id[r.nickName] = res.body.data.id[i]));
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('refuses requests without a token', async () => {
      const res = await app.anon.post(`${U}/page`, {});
      assert.equal(res.status, 401);
      assert.notEqual(res.body.code, 1000);
    });

    it('stores an admin-set password as a scrypt hash and never returns it from page, list, info, add or update', async () => {
      const row = await stored(id.Alice!);
      assert.match(String(row.password), /^scrypt\$/);
      assert.ok(await verifySecret('alice-pw1', row.password as string), 'the hash is of the given password');
      assert.equal((await stored(id.Bob!)).password, null, 'no password given → none stored');
      const single = await app.post(`${U}/add`, { nickName: 'Dave', password: 'dave-pw12' });
      assert.equal(single.body.code, 1000);
      assertNoSecret(single.body);
      id.Dave = single.body.data.id;
      const upd = await app.post(`${U}/update`, { id: id.Dave, password: 'dave-pw34' });
      assert.equal(upd.body.code, 1000);
      assertNoSecret(upd.body);
      for (const res of [await app.post(`${U}/page`, {}), await app.post(`${U}/list`, {}), await app.get(`${U}/info`, { id: id.Alice })]) {
        assert.equal(res.body.code, 1000);
        assertNoSecret(res.body);
      }
      // password is not a sortable or filterable column either (it would leak hash order)
      const byPw = await app.post(`${U}/page`, { order: 'password' });
      assert.equal(byPw.body.code, 1002);
    });

    it('leaves the password unchanged on an update with an empty or null password, and changes it with a new one', async () => {
      const before = String((await stored(id.Alice!)).password);
      for (const password of ['', null]) {
        const res = await app.post(`${U}/update`, { id: id.Alice, nickName: 'Alice', password });
        assert.equal(res.body.code, 1000, JSON.stringify(res.body));
        assert.equal((await stored(id.Alice!)).password, before, `password ${JSON.stringify(password)} keeps the hash`);
      }
      const short = await app.post(`${U}/update`, { id: id.Alice, password: 'abc' });
      assert.equal(short.body.code, 1002, 'a non-empty password still needs 6-16 characters');
      const res = await app.post(`${U}/update`, { id: id.Alice, password: 'alice-new1' });
      assert.equal(res.body.code, 1000);
      const after = String((await stored(id.Alice!)).password);
      assert.notEqual(after, before);
      assert.ok(await verifySecret('alice-new1', after));
      const empty = await app.post(`${U}/add`, { nickName: 'Empty pw', password: '' });
      assert.equal(empty.body.code, 1000, 'an empty password on add means none');
      assert.equal((await stored(empty.body.data.id)).password, null);
      await app.post('/admin/user/info/delete', { ids: [empty.body.data.id] });
    });

    it('searches the keyword over nickName and phone only, with wildcards escaped', async () => {
      const byNick = await app.post(`${U}/page`, { keyWord: 'ali' });
      assert.deepEqual(nicks(byNick.body.data.list), ['Alice']);
      const byPhone = await app.post(`${U}/page`, { keyWord: '0000002' });
      assert.deepEqual(nicks(byPhone.body.data.list), ['Bob']);
      const bySource = await app.post(`${U}/page`, { keyWord: 'campaign' });
      assert.equal(bySource.body.data.pagination.total, 0, 'source is not a keyword field');
      const pct = await app.post(`${U}/page`, { keyWord: '%' });
      assert.deepEqual(nicks(pct.body.data.list), ['Carol 100%'], '% matches only a literal %');
    });

    it('filters by status, gender and loginType, arrays as IN, 0 as a value', async () => {
      const cases: [Row, string[]][] = [
        [{ status: 0 }, ['Bob']],
        [{ status: [0, 2] }, ['Bob', 'Carol 100%']],
        [{ gender: 0, status: [1, 2] }, ['Carol 100%', 'Dave']],
        [{ gender: [1, 2] }, ['Alice', 'Bob']],
        [{ loginType: 0, gender: 2 }, ['Alice']],
        [{ loginType: [1, 2] }, ['Bob', 'Carol 100%']],
      ];
      for (const [filter, expected] of cases) {
        const page = await app.post(`${U}/page`, filter);
        assert.equal(page.body.code, 1000, JSON.stringify(page.body));
        assert.deepEqual(nicks(page.body.data.list), expected, JSON.stringify(filter));
        const list = await app.post(`${U}/list`, filter);
        assert.deepEqual(nicks(list.body.data), expected, `list ${JSON.stringify(filter)}`);
      }
      const bad = await app.post(`${U}/page`, { status: 7 });
      assert.equal(bad.body.code, 1002, 'a status outside 0/1/2 is refused, not silently empty');
      const injected = await app.post(`${U}/page`, { status: '1 OR 1=1' });
      assert.equal(injected.body.code, 1002);
    });

    it('answers balance as a 2-decimal string (default "0.00") and source in every row', async () => {
      const page = await app.post(`${U}/page`, { order: 'nickName', sort: 'asc' });
      const rows = page.body.data.list as Row[];
      for (const r of rows) {
        assert.ok('balance' in r && 'source' in r, 'balance and source are row columns');
        assert.equal(r.balance, '0.00');
      }
      assert.equal(rows.find((r) => r.nickName === 'Carol 100%')!.source, 'h5-campaign');
      const res = await app.post(`${U}/update`, { id: id.Bob, balance: 1234567.8 });
      assert.equal(res.body.code, 1000);
      assert.equal((await app.get(`${U}/info`, { id: id.Bob })).body.data.balance, '1234567.80');
      const sub = await app.post(`${U}/update`, { id: id.Bob, balance: 0.005 });
      assert.equal(sub.body.code, 1002, 'fractions of a cent are refused, not rounded');
      assert.equal((await app.get(`${U}/info`, { id: id.Bob })).body.data.balance, '1234567.80');
    });

    it('refuses statuses, genders and login types outside their sets; EPS labels status 0/1/2', async () => {
      for (const bad of [{ status: 3 }, { gender: -1 }, { loginType: 9 }, { status: '1' }]) {
        const res = await app.post(`${U}/update`, { id: id.Alice, ...bad });
        assert.equal(res.body.code, 1002, JSON.stringify(bad));
      }
      assert.equal((await stored(id.Alice!)).status, 1);
      const eps = await app.get('/admin/base/open/eps');
      const entity = (eps.body.data.user as { name: string; columns: Row[] }[]).find((e) => e.name === 'UserInfoEntity')!;
      const status = entity.columns.find((c) => c.propertyName === 'status')!;
      const labels = (status.dict as { value: number; label: string }[]).map((d) => [d.value, d.label]);
      assert.deepEqual(labels, [[0, '禁用'], [1, '正常'], [2, '已注销']]);
      assert.equal(entity.columns.some((c) => c.propertyName === 'password'), false, 'the secret column is not in EPS');
    });

    it('refuses a duplicate phone or unionid with the labelled error, and allows many users without either', async () => {
      const phone = await app.post(`${U}/add`, { nickName: 'Copy', phone: '13800000001' });
      assert.equal(phone.body.code, 1001);
      assert.match(phone.body.message, /手机号已存在/);
      assert.doesNotMatch(phone.body.message, /UNIQUE|Duplicate|constraint|user_info/i);
      const union = await app.post(`${U}/update`, { id: id.Alice, unionid: 'wx-bob' }).set('language', 'en');
      assert.equal(union.body.code, 1001);
      assert.match(union.body.message, /Login unique ID already exists/);
      assert.equal((await stored(id.Alice!)).unionid, null, 'the failed update changed nothing');
      // An empty form input is "none": several users may leave phone and unionid empty.
      const empties = await app.post(`${U}/add`, [
        { nickName: 'No phone 1', phone: '', unionid: '' },
        { nickName: 'No phone 2', phone: '', unionid: '' },
      ]);
      assert.equal(empties.body.code, 1000, JSON.stringify(empties.body));
      for (const newId of empties.body.data.id as number[]) {
        const r = await stored(newId);
        assert.equal(r.phone, null);
        assert.equal(r.unionid, null);
      }
      const clear = await app.post(`${U}/update`, { id: id.Bob, unionid: '' });
      assert.equal(clear.body.code, 1000);
      assert.equal((await stored(id.Bob!)).unionid, null);
    });
  });
}
