import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { ProjectPaths } from '@schema-admin/generator';
import { testDatabases } from '../testing/forEachDb.js';
import { inlineProject } from '../testing/inlineProject.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';

// The generic layer on a schema declared here, not on the shipped demo goods: what one schema file gives.
const NOTE = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'lab/note',
  title: 'Note',
  type: 'object',
  'x-label': { 'zh-cn': '笔记', 'zh-tw': '筆記', en: 'Notes' },
  'x-table': 'lab_note',
  'x-api': ['add', 'delete', 'update', 'info', 'list', 'page'],
  'x-query': { keyWordLikeFields: ['title'], fieldEq: ['level'], fieldLike: [] },
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 20, 'x-label': { 'zh-cn': '标题', 'zh-tw': '標題', en: 'Title' } },
    level: { type: 'integer', enum: [1, 2, 3], default: 1, 'x-label': { 'zh-cn': '级别', 'zh-tw': '級別', en: 'Level' } },
    weight: { type: ['number', 'null'], minimum: 0, 'x-column': { type: 'decimal', precision: 6, scale: 2 }, 'x-label': { 'zh-cn': '重量', 'zh-tw': '重量', en: 'Weight' } },
  },
  required: ['title'],
};

for (const db of testDatabases()) {
  describe(`generic CRUD on a schema declared in the test (${db.name})`, () => {
    let paths: ProjectPaths;
    let app: TestApp;
    before(async () => {
      paths = await inlineProject({ 'lab/note.json': NOTE, 'lab/module.json': { label: { 'zh-cn': '实验', 'zh-tw': '實驗', en: 'Lab' } } });
      app = await startTestApp(await db.config(), { project: paths });
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
      fs.rmSync(paths.root, { recursive: true, force: true });
    });

    it('validates against the declared schema, with translated messages, and writes nothing refused', async () => {
      const en = (url: string, body: unknown) => app.post(url, body).set('language', 'en');
      const missing = await en('/admin/lab/note/add', { level: 2 });
      assert.equal(missing.status, 200);
      assert.equal(missing.body.code, 1002);
      assert.match(missing.body.message, /Title/);
      assert.equal((await en('/admin/lab/note/add', { title: 'x', level: 7 })).body.code, 1002, 'outside the enum');
      assert.equal((await en('/admin/lab/note/add', { title: 'x', weight: '1.234' })).body.code, 1002, 'more decimals than the scale');
      assert.equal((await en('/admin/lab/note/add', { title: 'x'.repeat(21) })).body.code, 1002, 'longer than maxLength');
      assert.equal((await app.instance.services.knex('lab_note').count({ n: '*' }))[0]!.n, 0);
    });

    it('adds, pages with keyWord and equality filters, updates and deletes', async () => {
      const add = async (body: unknown) => {
        const res = await app.post('/admin/lab/note/add', body);
        assert.equal(res.body.code, 1000, JSON.stringify(res.body));
        return res.body.data.id as number;
      };
      const a = await add({ title: 'alpha', level: 2, weight: '1.25' });
      await add({ title: 'beta', level: 3 });
      const page = await app.post('/admin/lab/note/page', { page: 1, size: 10, keyWord: 'alp' });
      assert.deepEqual(page.body.data.list.map((r: { title: string }) => r.title), ['alpha']);
      assert.equal(page.body.data.list[0].weight, '1.25');
      assert.equal(page.body.data.list[0].level, 2);
      const byLevel = await app.post('/admin/lab/note/page', { page: 1, size: 10, level: 3 });
      assert.deepEqual(byLevel.body.data.list.map((r: { title: string }) => r.title), ['beta']);
      assert.equal((await app.post('/admin/lab/note/update', { id: a, title: 'alpha2' })).body.code, 1000);
      assert.equal((await app.get('/admin/lab/note/info', { id: a })).body.data.title, 'alpha2');
      assert.equal((await app.post('/admin/lab/note/delete', { ids: [a] })).body.code, 1000);
      const gone = await app.get('/admin/lab/note/info', { id: a }).set('language', 'en');
      assert.equal(gone.body.code, 1001);
      assert.match(gone.body.message, new RegExp(`id=${a}`));
      assert.equal((await app.post('/admin/lab/note/list', {})).body.data.length, 1);
    });
  });
}
