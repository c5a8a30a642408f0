import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pruneLogs } from '../base/logRetention.js';
import { testDatabases } from '../../testing/forEachDb.js';
import { reclaimFiles, spaceKeysOf } from './fileReclaim.js';
import { startTestApp } from '../../testing/testApp.js';
import type { TestApp } from '../../testing/testApp.js';

const T = '/admin/space/type';
const I = '/admin/space/info';
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('tiny png')]);

for (const db of testDatabases()) {
  describe(`space/type (${db.name})`, () => {
    let app: TestApp;
    let uploads: string;
    const fileOf = (url: string) => path.join(uploads, decodeURIComponent(url.replace(/^\/upload\//, '')));
    const upload = async (name: string): Promise<string> => {
      const res = await app.post('/admin/base/comm/upload').attach('file', PNG, name);
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      // Answered behind /api (UPLOAD_BASE_URL's default); the tests name files by their canonical key.
      return (res.body.data as string).replace(/^\/api(?=\/upload\/)/, '');
    };
    const addType = async (name: string, parentId: number | null = null): Promise<number> => {
      const res = await app.post(`${T}/add`, { name, parentId });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      return res.body.data.id as number;
    };
    const addFile = async (classifyId: number, url: string): Promise<number> => {
      const res = await app.post(`${I}/add`, { classifyId, url, name: path.basename(url) });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      return res.body.data.id as number;
    };
    /** Ages every recycle snapshot past recycleKeep and runs the daily prune. */
    const purge = async () => {
      const { knex, config, logger } = app.instance.services;
      await knex('recycle_data').update({ createTime: '2000-01-01 00:00:00' });
      await pruneLogs(knex, new Date(), (records) => reclaimFiles(knex, config, logger, spaceKeysOf(records)).then(() => undefined));
    };
    const typeIds = async () => ((await app.post(`${T}/list`, {})).body.data as { id: number }[]).map((r) => r.id);
    const infoIds = async () => ((await app.instance.services.knex('space_info').select('id')) as { id: number }[]).map((r) => Number(r.id)).sort((a, b) => a - b);

    before(async () => {
      app = await startTestApp(await db.config());
      uploads = path.join(app.instance.services.config.dataDir, 'uploads');
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('CRUD with a parent; list is oldest first (the tree is built from parentId)', async () => {
      const root = await addType('Root');
      const child = await addType('Child', root);
      const other = await addType('Other');
      // Same second for all three: the id breaks the tie, ascending.
      let rows = (await app.post(`${T}/list`, {})).body.data as { id: number; name: string; parentId: number | null }[];
      assert.deepEqual(rows.map((r) => [r.id, r.parentId]), [[root, null], [child, root], [other, null]]);
      // Older rows come first even when their id is larger.
      await app.instance.services.knex('space_type').where({ id: other }).update({ createTime: '2000-01-01 00:00:00' });
      rows = (await app.post(`${T}/list`, {})).body.data;
      assert.deepEqual(rows.map((r) => r.id), [other, root, child]);
      assert.deepEqual(((await app.post(`${T}/list`, { order: 'name', sort: 'desc' })).body.data as { id: number }[]).map((r) => r.id), [root, other, child]);

      assert.equal((await app.post(`${T}/update`, { id: child, name: 'Kid' })).body.code, 1000);
      assert.equal((await app.get(`${T}/info`, { id: child })).body.data.name, 'Kid');
      const page = await app.post(`${T}/page`, { keyWord: 'kid', page: 1, size: 10 });
      assert.deepEqual(page.body.data.list.map((r: { id: number }) => r.id), [child]);
      assert.deepEqual((await app.post(`${T}/list`, { parentId: root })).body.data.map((r: { id: number }) => r.id), [child]);
      assert.equal((await app.post(`${T}/delete`, { ids: [other] })).body.code, 1000);
      assert.ok(!(await typeIds()).includes(other));
    });

    it('refuses a missing parent and a cycle', async () => {
      const a = await addType('A');
      const b = await addType('B', a);
      const c = await addType('C', b);
      const missing = await app.post(`${T}/add`, { name: 'X', parentId: 987654 });
      assert.equal(missing.body.code, 1001);
      assert.match(missing.body.message, /987654/);
      for (const [id, parentId] of [[a, c], [a, a], [b, c]] as const) {
        const res = await app.post(`${T}/update`, { id, parentId });
        assert.equal(res.body.code, 1001, `${id} under ${parentId}`);
      }
      assert.equal((await app.post(`${T}/update`, { id: c, parentId: 987654 })).body.code, 1001);
      assert.equal((await app.get(`${T}/info`, { id: a })).body.data.parentId, null, 'nothing changed');
      assert.equal((await app.post(`${T}/update`, { id: c, parentId: a })).body.code, 1000, 'a legal move');
      assert.equal((await app.post(`${T}/update`, { id: c, parentId: null })).body.code, 1000);
    });

    it('delete takes the subtree and every entry in it; the purge removes the files nothing else uses', async () => {
      const top = await addType('Top');
      const mid = await addType('Mid', top);
      const leaf = await addType('Leaf', mid);
      const keep = await addType('Keep');
      const keepChild = await addType('KeepChild', keep);

      const privateTop = await upload('top.png');
      const privateLeaf = await upload('leaf.png');
      const shared = await upload('shared.png');
      const kept = await upload('kept.png');
      const inTop = [await addFile(top, privateTop), await addFile(top, shared)];
      const inLeaf = [await addFile(leaf, privateLeaf)];
      const inKeep = [await addFile(keep, shared), await addFile(keepChild, kept)];
      const before = await infoIds();

      const res = await app.post(`${T}/delete`, { ids: [top] });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      const types = await typeIds();
      for (const id of [top, mid, leaf]) assert.ok(!types.includes(id), `type ${id} gone`);
      for (const id of [keep, keepChild]) assert.ok(types.includes(id), `type ${id} kept`);
      assert.deepEqual(await infoIds(), before.filter((id) => ![...inTop, ...inLeaf].includes(id)));
      for (const id of inKeep) assert.equal((await app.get(`${I}/info`, { id })).body.code, 1000);
      // One recycle-bin record for the whole delete: the three types, their three entries as a cascade.
      const rec = (await app.instance.services.knex('recycle_data').orderBy('id', 'desc').first('entityInfo', 'count')) as { entityInfo: string | object; count: number };
      const info = (typeof rec.entityInfo === 'string' ? JSON.parse(rec.entityInfo) : rec.entityInfo) as { entity: string; cascades: { entity: string; rows: unknown[] }[] };
      assert.equal(info.entity, 'space/type');
      assert.equal(Number(rec.count), 3);
      assert.deepEqual(info.cascades.map((c) => [c.entity, c.rows.length]), [['space/info', 3]]);

      assert.ok(fs.existsSync(fileOf(privateTop)), 'kept while the snapshot can be restored');
      await purge();
      assert.ok(!fs.existsSync(fileOf(privateTop)), 'entry of the deleted type: file removed');
      assert.ok(!fs.existsSync(fileOf(privateLeaf)), 'entry of a descendant type: file removed');
      assert.ok(fs.existsSync(fileOf(shared)), 'still used by an entry of another type');
      assert.ok(fs.existsSync(fileOf(kept)));
    });

    it('deleting several types at once, overlapping subtrees included, removes each once', async () => {
      const p = await addType('P');
      const q = await addType('Q', p);
      const url = await upload('q.png');
      const id = await addFile(q, url);
      const res = await app.post(`${T}/delete`, { ids: [q, p, 987654] });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      assert.equal((await app.get(`${I}/info`, { id })).body.code, 1001);
      assert.ok(!(await typeIds()).includes(p));
      await purge();
      assert.ok(!fs.existsSync(fileOf(url)));
    });
  });
}
