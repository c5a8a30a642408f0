import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { ProjectPaths } from '@schema-admin/generator';
import { testDatabases } from '../testing/forEachDb.js';
import { inlineProject } from '../testing/inlineProject.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';

// x-relation on schemas declared here: a team's members through a link entity, all by the generic CRUD.
const S = 'https://json-schema.org/draft/2020-12/schema';
const L = (en: string) => ({ 'zh-cn': en, 'zh-tw': en, en });
const PERSON = {
  $schema: S, $id: 'lab/person', title: 'Person', type: 'object', 'x-label': L('Person'), 'x-table': 'lab_person', 'x-api': ['add', 'list'],
  properties: { name: { type: 'string', maxLength: 50, 'x-label': L('Name') } }, required: ['name'],
};
const MEMBER = {
  $schema: S, $id: 'lab/teamMember', title: 'Team member', type: 'object', 'x-label': L('Team member'), 'x-table': 'lab_team_member', 'x-api': [],
  'x-indexes': [{ columns: ['teamId', 'personId'], unique: true }],
  properties: {
    teamId: { type: 'integer', 'x-ref': 'lab/team', 'x-label': L('Team') },
    personId: { type: 'integer', 'x-ref': 'lab/person', 'x-label': L('Person') },
  },
  required: ['teamId', 'personId'],
};
const TEAM = {
  $schema: S, $id: 'lab/team', title: 'Team', type: 'object', 'x-label': L('Team'), 'x-table': 'lab_team',
  'x-api': ['add', 'delete', 'update', 'info', 'list', 'page'],
  properties: {
    name: { type: 'string', maxLength: 50, 'x-label': L('Name') },
    personIdList: {
      type: ['array', 'null'], items: { type: 'integer' }, uniqueItems: true, 'x-label': L('Members'),
      'x-relation': { through: 'lab/teamMember', self: 'teamId', other: 'personId' },
    },
  },
  required: ['name'],
};

for (const db of testDatabases()) {
  describe(`x-relation through the generic CRUD (${db.name})`, () => {
    let paths: ProjectPaths;
    let app: TestApp;
    let people: number[];
    const knex = () => app.instance.services.knex;
    const links = async (teamId: number) =>
      ((await knex()('lab_team_member').where({ teamId }).orderBy('personId').select('personId')) as { personId: number }[]).map((r) => Number(r.personId));
    const ok = async (url: string, body: unknown) => {
      const res = await app.post(url, body);
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      return res.body.data;
    };
    const info = async (id: number) => (await app.get('/admin/lab/team/info', { id })).body.data as Record<string, unknown>;

    before(async () => {
      paths = await inlineProject({ 'lab/person.json': PERSON, 'lab/team-member.json': MEMBER, 'lab/team.json': TEAM, 'lab/module.json': { label: L('Lab') } });
      app = await startTestApp(await db.config(), { project: paths });
      people = [];
      for (const name of ['ann', 'bob', 'cid']) people.push((await ok('/admin/lab/person/add', { name })).id as number);
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
      fs.rmSync(paths.root, { recursive: true, force: true });
    });

    it('adds with ids, info answers them; update replaces, absent keeps, [] clears', async () => {
      const [a, b, c] = people as [number, number, number];
      const id = (await ok('/admin/lab/team/add', { name: 'red', personIdList: [c, a] })).id as number;
      assert.deepEqual(await links(id), [a, c]);
      assert.deepEqual((await info(id)).personIdList, [a, c], 'ascending, from the link rows');
      const page = (await ok('/admin/lab/team/page', { page: 1, size: 10 })).list as Record<string, unknown>[];
      assert.equal('personIdList' in page[0]!, false, 'a relation without a column is answered by info only');
      await ok('/admin/lab/team/update', { id, personIdList: [b] });
      assert.deepEqual((await info(id)).personIdList, [b]);
      await ok('/admin/lab/team/update', { id, name: 'red2' });
      assert.deepEqual(await links(id), [b], 'absent: unchanged');
      await ok('/admin/lab/team/update', { id, name: 'red3', personIdList: null });
      assert.deepEqual(await links(id), [b], 'null: unchanged');
      await ok('/admin/lab/team/update', { id, personIdList: [] });
      assert.deepEqual(await links(id), [], '[] clears');
      assert.deepEqual((await info(id)).personIdList, []);
    });

    it('an unknown id is a translated error naming it, and nothing is written', async () => {
      const [a] = people as [number];
      const teams = async () => Number((await knex()('lab_team').count({ n: '*' }))[0]!.n);
      const before = await teams();
      const add = await app.post('/admin/lab/team/add', { name: 'ghosts', personIdList: [a, 99999, 99998] }).set('language', 'en');
      assert.equal(add.body.code, 1001);
      assert.equal(add.body.message, 'Members: not found (id=99999,99998)');
      const zh = await app.post('/admin/lab/team/add', { name: 'ghosts', personIdList: [99999] });
      assert.equal(zh.body.message, 'Members不存在（id=99999）');
      assert.equal(await teams(), before, 'no row');
      const id = (await ok('/admin/lab/team/add', { name: 'blue', personIdList: [a] })).id as number;
      const upd = await app.post('/admin/lab/team/update', { id, name: 'renamed', personIdList: [99999] }).set('language', 'en');
      assert.equal(upd.body.code, 1001);
      assert.equal((await info(id)).name, 'blue', 'the row is unchanged');
      assert.deepEqual(await links(id), [a], 'the links are unchanged');
      const bad = await app.post('/admin/lab/team/add', { name: 'x', personIdList: ['a'] }).set('language', 'en');
      assert.equal(bad.body.code, 1002, 'not a list of ids: a validation error');
      assert.match(bad.body.message, /Members/);
    });

    it('link changes are audited as the link entity’s adds and deletes', async () => {
      const [a, b] = people as [number, number];
      const id = (await ok('/admin/lab/team/add', { name: 'audited', personIdList: [a] })).id as number;
      await ok('/admin/lab/team/update', { id, personIdList: [b] });
      const rows = (await knex()('base_sys_audit').where({ entity: 'lab/teamMember' }).orderBy('id').select('action', 'changes')) as { action: string; changes: unknown }[];
      // MariaDB answers the JSON column parsed, SQLite as text.
      const changes = (r: { changes: unknown }) => (typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes) as Record<string, unknown>;
      const mine = rows.filter((r) => Number(changes(r).teamId) === id);
      assert.deepEqual(mine.map((r) => [r.action, Number(changes(r).personId)]), [['add', a], ['delete', a], ['add', b]]);
    });

    it('delete takes the links into the recycle-bin snapshot; restore brings them back', async () => {
      const [a, c] = [people[0]!, people[2]!];
      const id = (await ok('/admin/lab/team/add', { name: 'gone', personIdList: [a, c] })).id as number;
      await ok('/admin/lab/team/delete', { ids: [id] });
      assert.deepEqual(await links(id), [], 'links deleted with the row');
      const rec = (await ok('/admin/recycle/data/page', { page: 1, size: 1 })).list[0] as { id: number; entityInfo: { cascades: { entity: string }[] } };
      const full = (await app.get('/admin/recycle/data/info', { id: rec.id })).body.data as { entityInfo: { cascades: { entity: string; rows: unknown[] }[] } };
      assert.deepEqual(full.entityInfo.cascades.map((x) => [x.entity, x.rows.length]), [['lab/teamMember', 2]]);
      await ok('/admin/recycle/data/restore', { ids: [rec.id] });
      assert.deepEqual((await info(id)).personIdList, [a, c]);
    });
  });
}
