/**
 * Issue 34 finding 3: an entity written by `createCode` (or drafted by the AI helper) stays in its lane — no join
 * reading base/sys/conf (the JWT secret), no relation writing the user–role links, no x-ref or rename reaching an
 * internal table: 1002 naming the entity, nothing written. A join to business data still passes the check.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { loadModel } from '@schema-admin/generator';
import type { ProjectPaths } from '@schema-admin/generator';
import { checkDraft } from './validateDraft.js';
import { testDatabases } from '../../../testing/forEachDb.js';
import { startTestApp } from '../../../testing/testApp.js';
import type { TestApp } from '../../../testing/testApp.js';
import { scratchProject, treeOf } from '../../../testing/scratchProject.js';

const L = { 'zh-cn': '窃取', 'zh-tw': '竊取', en: 'Steal' };
const base = (extra: Record<string, unknown>, properties: Record<string, unknown> = {}) => ({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'shop/steal',
  type: 'object',
  'x-label': L,
  'x-table': 'shop_steal',
  'x-api': [{ name: 'page' }, { name: 'add' }, { name: 'update' }],
  properties: { title: { type: 'string', maxLength: 50, 'x-label': L }, ...properties },
  ...extra,
});

/** The refused drafts: what each reaches, and the words the refusal must hold. */
const REFUSED: [string, Record<string, unknown>, RegExp][] = [
  ['a join reading the JWT secret', base({ 'x-query': { join: [{ entity: 'base/sys/conf', alias: 'c', on: 'title', select: { secret: 'cValue' } }] } }), /base\/sys\/conf/],
  [
    'a relation writing the user–role links',
    base({}, { roles: { type: 'array', items: { type: 'integer' }, 'x-relation': { through: 'base/sys/userRole', self: 'userId', other: 'roleId' }, 'x-label': L } }),
    /base\/sys\/userRole/,
  ],
  ['an x-ref to the users', base({}, { ownerId: { type: 'integer', 'x-ref': 'base/sys/user', 'x-label': L } }), /base\/sys\/user/],
  ['a join on the request log', base({ 'x-query': { join: [{ entity: 'base/sys/log', alias: 'l', on: 'title', select: { p: 'params' } }] } }), /base\/sys\/log/],
  ['a rename taking over the session table', base({ 'x-renamedFrom': 'base_sys_session' }), /base_sys_session/],
];

describe('created entities stay in their lane (draft check, as the AI helper uses it)', () => {
  it('refuses each internal reach with an InternalEntity problem at its pointer, and lets a business join pass', () => {
    const paths = scratchProject();
    try {
      const existing = loadModel(paths.schemas, paths.root).entities;
      for (const [what, doc, words] of REFUSED) {
        const check = checkDraft(doc as never, paths.schemas, existing);
        assert.equal(check.valid, false, what);
        const lane = check.problems.filter((p) => p.code === 'InternalEntity');
        assert.ok(lane.some((p) => words.test(p.message)), `${what}: ${JSON.stringify(check.problems)}`);
      }
      const goods = base({ 'x-query': { join: [{ entity: 'demo/goods', alias: 'g', on: 'goodsId', select: { goodsTitle: 'title' } }] } }, { goodsId: { type: 'integer', 'x-ref': 'demo/goods', 'x-label': L } });
      assert.deepEqual(checkDraft(goods as never, paths.schemas, existing).problems, []);
    } finally {
      fs.rmSync(paths.root, { recursive: true, force: true });
    }
  });
});

for (const db of testDatabases()) {
  describe(`createCode cannot reach internal tables (${db.name})`, () => {
    let app: TestApp;
    let paths: ProjectPaths;
    before(async () => {
      paths = scratchProject();
      app = await startTestApp(await db.config({ schemasDir: paths.schemas }));
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
      fs.rmSync(paths.root, { recursive: true, force: true });
    });

    it('each reach into an internal table is refused with 1002 naming it, nothing written', async () => {
      const before = treeOf(paths);
      for (const [what, schema, words] of REFUSED) {
        const res = await app.post('/admin/base/coding/createCode', { schema }).set('language', 'en');
        assert.equal(res.body.code, 1002, `${what}: ${JSON.stringify(res.body)}`);
        assert.match(res.body.message, words, what);
        assert.match(res.body.message, /created entit/, what);
      }
      const byNotation = await app.post('/admin/base/coding/createCode', { module: 'shop', entity: 'steal', fields: 'title:string owner:ref:base/sys/user' });
      assert.equal(byNotation.body.code, 1002, JSON.stringify(byNotation.body));
      assert.deepEqual(treeOf(paths), before, 'nothing written');
      assert.equal(await app.instance.services.knex.schema.hasTable('shop_steal'), false);
    });

    it('a join to business data (demo/goods) is created and served', async () => {
      const schema = base({ 'x-query': { join: [{ entity: 'demo/goods', alias: 'g', on: 'goodsId', select: { goodsTitle: 'title' } }] } }, { goodsId: { type: 'integer', 'x-ref': 'demo/goods', 'x-label': L } });
      const res = await app.post('/admin/base/coding/createCode', { schema });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      const page = await app.post('/admin/shop/steal/page', {});
      assert.equal(page.body.code, 1000, JSON.stringify(page.body));
    });
  });
}
