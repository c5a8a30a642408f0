import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDatabases } from '../testing/forEachDb.js';
import { seedUser } from '../testing/seedUser.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';

const R = '/admin/recycle/data';

for (const db of testDatabases()) {
  describe(`recycle bin (${db.name})`, () => {
    let app: TestApp;
    const knex = () => app.instance.services.knex;
    const count = async (table: string, where: Record<string, unknown> = {}) => Number((await knex()(table).where(where).count({ n: '*' }))[0]?.n);
    const newestRecord = async () => (await app.post(`${R}/page`, { order: 'id', sort: 'desc', size: 1 })).body.data.list[0];

    before(async () => {
      app = await startTestApp(await db.config());
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('is super-admin only: an admin holding every recycle permission can neither read nor restore deleted rows', async () => {
      const { body } = await app.post('/admin/user/info/add', { nickName: 'Secret phone', phone: '13900000000' });
      assert.equal((await app.post('/admin/user/info/delete', { ids: [body.data.id] })).body.code, 1000);
      const rec = await newestRecord();
      assert.ok(rec, 'the super-admin sees the snapshot');
      await seedUser(app, 'binkeeper', ['recycle:data:page', 'recycle:data:info', 'recycle:data:restore'], { password: 'bin-pass1' });
      const other = app.as((await app.login('binkeeper', 'bin-pass1')).token);
      for (const res of [await other.post(`${R}/page`, {}), await other.get(`${R}/info`, { id: rec.id }), await other.post(`${R}/restore`, { ids: [rec.id] })]) {
        assert.equal(res.status, 403, JSON.stringify(res.body));
        assert.doesNotMatch(JSON.stringify(res.body), /13900000000/);
      }
      assert.equal(await count('recycle_data', { id: rec.id }), 1, 'not restored');
    });

    it('a generic delete stores the full rows, actor, url, params and count in the same transaction; restore brings them back', async () => {
      const { body } = await app.post('/admin/demo/goods/add', [
        { title: 'Kept one', price: 19.99, exampleImages: ['a.png'] },
        { title: 'Kept two', price: 5 },
      ]);
      const ids = body.data.id as number[];
      assert.equal((await app.post('/admin/demo/goods/delete', { ids })).body.code, 1000);
      assert.equal(await count('demo_goods'), 0);

      const rec = await newestRecord();
      assert.equal(rec.count, 2);
      assert.equal(rec.url, '/admin/demo/goods/delete');
      assert.deepEqual(rec.params, { ids });
      assert.equal(rec.userName, '超级管理员', 'joined operator name');
      assert.deepEqual(rec.data.map((r: { title: string }) => r.title).sort(), ['Kept one', 'Kept two']);
      assert.equal(rec.entityInfo.entity, 'demo/goods');
      const info = await app.get(`${R}/info`, { id: rec.id });
      assert.equal(info.body.data.data.find((r: { title: string }) => r.title === 'Kept one').price, '19.99');

      assert.equal((await app.post(`${R}/restore`, { ids: [rec.id] })).body.code, 1000);
      const back = await app.get('/admin/demo/goods/info', { id: ids[0] });
      assert.equal(back.body.data.title, 'Kept one');
      assert.equal(back.body.data.price, '19.99');
      assert.deepEqual(back.body.data.exampleImages, ['a.png']);
      assert.equal(await count('recycle_data', { id: rec.id }), 0, 'the snapshot is consumed');
    });

    it('a restored id the id sequence has not reached yet: the next add still takes a fresh id', async () => {
      const { body } = await app.post('/admin/demo/goods/add', { title: 'Ahead', price: 1 });
      const id = Number(body.data.id);
      assert.equal((await app.post('/admin/demo/goods/delete', { ids: [id] })).body.code, 1000);
      const rec = await newestRecord();
      // A snapshot of a row whose id the sequence has not handed out (rows that came from another database, or
      // a sequence restored behind its table): the next id it would draw.
      const data = rec.data.map((r: Record<string, unknown>) => ({ ...r, id: id + 1 }));
      await knex()('recycle_data').where({ id: rec.id }).update({ data: JSON.stringify(data) });
      assert.equal((await app.post(`${R}/restore`, { ids: [rec.id] })).body.code, 1000);
      assert.equal((await app.get('/admin/demo/goods/info', { id: id + 1 })).body.data.title, 'Ahead');
      const next = await app.post('/admin/demo/goods/add', { title: 'After the restore', price: 2 });
      assert.equal(next.body.code, 1000, JSON.stringify(next.body));
      assert.equal(next.body.data.id, id + 2, 'the sequence moved past the restored id');
    });

    it('page searches the operator name and the url', async () => {
      const byUrl = await app.post(`${R}/page`, { keyWord: 'goods/delete' });
      const byName = await app.post(`${R}/page`, { keyWord: '超级管理员' });
      const none = await app.post(`${R}/page`, { keyWord: 'no-such-thing' });
      assert.equal(byUrl.body.code, 1000);
      assert.equal(none.body.data.pagination.total, 0);
      assert.ok(byName.body.data.pagination.total >= byUrl.body.data.pagination.total);
    });

    it('a user delete snapshots the user without the password hash and its role links; restore brings both', async () => {
      const role = (await knex()('base_sys_role').where({ label: 'admin' }).first('id')).id as number;
      const id = (await app.post('/admin/base/sys/user/add', { username: 'gone', password: 'gone-pass1', name: 'Gone', roleIdList: [role] })).body.data as number;
      assert.equal((await app.post('/admin/base/sys/user/delete', { ids: [id] })).body.code, 1000);
      assert.equal(await count('base_sys_user_role', { userId: id }), 0);
      const rec = await newestRecord();
      const raw = JSON.stringify((await app.get(`${R}/info`, { id: rec.id })).body);
      assert.equal(raw.includes('scrypt$'), false, 'no hash in the snapshot');
      assert.equal(rec.data.some((u: Record<string, unknown>) => 'password' in u), false);
      assert.deepEqual(rec.entityInfo.cascades.map((c: { entity: string }) => c.entity), ['base/sys/userRole']);

      assert.equal((await app.post(`${R}/restore`, { ids: [rec.id] })).body.code, 1000);
      const user = await app.get('/admin/base/sys/user/info', { id });
      assert.equal(user.body.data.username, 'gone');
      assert.deepEqual(user.body.data.roleIdList, [role], 'role links restored');
      const stored = await knex()('base_sys_user').where({ id }).first('password');
      assert.equal(stored.password, null, 'the password was never in the bin: an admin must set a new one');
    });

    it('a department delete with its subtree, users and links is one snapshot, restored whole', async () => {
      const root = (await knex()('base_sys_department').whereNull('parentId').first('id')).id as number;
      const parent = (await app.post('/admin/base/sys/department/add', { name: 'Sales', parentId: root })).body.data.id as number;
      const child = (await app.post('/admin/base/sys/department/add', { name: 'Sales East', parentId: parent })).body.data.id as number;
      const userId = (await app.post('/admin/base/sys/user/add', { username: 'seller', password: 'sell-pass1', departmentId: child })).body.data as number;
      assert.equal((await app.post('/admin/base/sys/department/delete', { ids: [parent], deleteUser: true })).body.code, 1000);
      assert.equal(await count('base_sys_department', { id: child }), 0, 'the subtree went too');
      assert.equal(await count('base_sys_user', { id: userId }), 0);
      const rec = await newestRecord();
      assert.equal(rec.entityInfo.entity, 'base/sys/department');
      assert.equal(rec.count, 2);
      assert.ok(rec.entityInfo.cascades.some((c: { entity: string }) => c.entity === 'base/sys/user'));

      assert.equal((await app.post(`${R}/restore`, { ids: [rec.id] })).body.code, 1000);
      assert.equal(await count('base_sys_department', { id: child, parentId: parent }), 1);
      assert.equal((await knex()('base_sys_user').where({ id: userId }).first('departmentId')).departmentId, child);
    });

    it('dictionary deletes take the items (type) and the subtree (item) through the bin', async () => {
      const typeId = (await app.post('/admin/dict/type/add', { name: 'Sizes', key: 'size_kind' })).body.data.id as number;
      const parent = (await app.post('/admin/dict/info/add', { typeId, name: 'Large', value: 'L' })).body.data.id as number;
      const child = (await app.post('/admin/dict/info/add', { typeId, name: 'Extra large', value: 'XL', parentId: parent })).body.data.id as number;
      const grandchild = (await app.post('/admin/dict/info/add', { typeId, name: 'XXL', value: 'XXL', parentId: child })).body.data.id as number;

      assert.equal((await app.post('/admin/dict/info/delete', { ids: [parent] })).body.code, 1000);
      assert.equal(await count('dict_info', { typeId }), 0, 'no orphaned children');
      const itemRec = await newestRecord();
      assert.equal(itemRec.count, 3);
      await app.post(`${R}/restore`, { ids: [itemRec.id] });
      assert.equal(await count('dict_info', { id: grandchild, parentId: child }), 1);

      assert.equal((await app.post('/admin/dict/type/delete', { ids: [typeId] })).body.code, 1000);
      assert.equal(await count('dict_info', { typeId }), 0, 'the type took its items');
      const typeRec = await newestRecord();
      assert.equal(typeRec.entityInfo.cascades[0].rows.length, 3);
      await app.post(`${R}/restore`, { ids: [typeRec.id] });
      const data = await app.post('/admin/dict/info/data', { types: ['size_kind'] });
      assert.equal(data.body.data.size_kind.length, 3);
    });

    it('an end-user delete takes their addresses along; restore brings both', async () => {
      const userId = (await app.post('/admin/user/info/add', { nickName: 'Ann', phone: '13800000000' })).body.data.id as number;
      await app.post('/admin/user/address/add', { userId, contact: 'Ann', phone: '13800000000', address: 'Road 1', isDefault: true });
      assert.equal((await app.post('/admin/user/info/delete', { ids: [userId] })).body.code, 1000);
      assert.equal(await count('user_address', { userId }), 0, 'no orphaned address');
      const rec = await newestRecord();
      assert.deepEqual(rec.entityInfo.cascades.map((c: { entity: string }) => c.entity), ['user/address']);
      await app.post(`${R}/restore`, { ids: [rec.id] });
      assert.equal(await count('user_address', { userId }), 1);
    });

    it('a restore that would collide changes nothing and says why; batches are all or nothing', async () => {
      const first = (await app.post('/admin/dict/type/add', { name: 'Colours', key: 'colour' })).body.data.id as number;
      await app.post('/admin/dict/type/delete', { ids: [first] });
      const colourRec = await newestRecord();
      const other = (await app.post('/admin/dict/type/add', { name: 'Tastes', key: 'taste' })).body.data.id as number;
      await app.post('/admin/dict/type/delete', { ids: [other] });
      const tasteRec = await newestRecord();
      await app.post('/admin/dict/type/add', { name: 'Colours again', key: 'colour' });

      const before = await count('dict_type');
      const res = await app.post(`${R}/restore`, { ids: [tasteRec.id, colourRec.id] });
      assert.equal(res.body.code, 1001);
      assert.match(res.body.message, /无法恢复.*id=\d+.*已存在/);
      assert.equal(await count('dict_type'), before, 'neither snapshot was restored');
      assert.equal(await count('recycle_data', { id: tasteRec.id }), 1, 'snapshots kept');
      assert.equal(await count('recycle_data', { id: colourRec.id }), 1);
      const en = await app.post(`${R}/restore`, { ids: [colourRec.id] }).set('language', 'en');
      assert.match(en.body.message, /Cannot restore.*nothing was changed/);
      assert.equal((await app.post(`${R}/restore`, { ids: [tasteRec.id] })).body.code, 1000, 'the other one alone restores');
    });

    it('a refused delete leaves no snapshot; restore of unknown ids is an error', async () => {
      const before = await count('recycle_data');
      assert.equal((await app.post('/admin/base/sys/user/delete', { ids: [1] })).body.code, 1001, 'deleting yourself is refused');
      assert.equal(await count('recycle_data'), before);
      assert.equal((await app.post(`${R}/restore`, { ids: [999999] })).body.code, 1001);
      assert.equal((await app.post(`${R}/restore`, {})).body.code, 1002);
    });
  });
}
