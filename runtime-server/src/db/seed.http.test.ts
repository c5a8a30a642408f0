import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ProjectPaths } from '@schema-admin/generator';
import type { Knex } from 'knex';
import type { Config } from '../config.js';
import { parts } from '../parts.js';
import { testDatabases } from '../testing/forEachDb.js';
import { inlineProject } from '../testing/inlineProject.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';
import { SCHEMAS_DIR, seed, seedSources } from './seed.js';

const LABEL = { 'zh-cn': '实验', 'zh-tw': '實驗', en: 'Lab' };
const MODULE_ORDER = parts.modules.map((m) => m.name);

// A module with no manifest (only schemas and a seed folder), declared by the test: its seeds run after the
// manifests' modules, and may refer to rows an earlier module seeded (base's departments).
const NOTE = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'lab/note',
  title: 'Note',
  type: 'object',
  'x-label': LABEL,
  'x-table': 'lab_note',
  'x-api': ['info', 'list', 'page'],
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 20, 'x-label': LABEL },
    deptId: { type: ['integer', 'null'], 'x-label': LABEL },
  },
  required: ['title'],
};
const NOTE_SEED = {
  rows: [
    { entity: 'lab/note', match: ['title'], values: { title: 'plain', deptId: null } },
    { entity: 'lab/note', match: ['title'], values: { title: 'in 开发', deptId: { $ref: 'base/sys/department', where: { name: '开发' } } } },
  ],
};

async function counts(knex: Knex): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['lab_note', 'base_sys_conf', 'base_sys_department', 'base_sys_menu', 'dict_type', 'dict_info', 'task_info']) {
    out[table] = Number((await knex(table).count({ n: '*' }))[0]?.n);
  }
  return out;
}

describe('seed files', () => {
  it("run the kernel's first, then each module's in module order (modules/index.ts), each folder by file name", () => {
    const at = (name: string) => MODULE_ORDER.indexOf(name);
    assert.ok(at('base') >= 0 && at('base') < at('dict') && at('dict') < at('task'), 'the order this test reads');
    assert.deepEqual(
      seedSources(SCHEMAS_DIR, MODULE_ORDER).map((s) => s.file),
      ['schemas/kernel/seed/conf.json', 'schemas/base/seed/base.json', 'schemas/base/seed/menus.json', 'schemas/dict/seed/dict.json', 'schemas/task/seed/tasks.json'],
    );
  });
});

for (const db of testDatabases()) {
  describe(`module seeds (${db.name})`, () => {
    let paths: ProjectPaths;
    let config: Config;
    let app: TestApp;
    before(async () => {
      paths = await inlineProject({ 'lab/note.json': NOTE, 'lab/module.json': { label: LABEL }, 'lab/seed/notes.json': NOTE_SEED });
      config = await db.config({}, { empty: true });
      app = await startTestApp(config, { project: paths });
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
      fs.rmSync(paths.root, { recursive: true, force: true });
    });

    it("seeds an inline module's seed file after the shipped modules', resolving a reference to an earlier module", async () => {
      assert.deepEqual(seedSources(paths.schemas, MODULE_ORDER).map((s) => s.folder), ['kernel', 'base', 'base', 'dict', 'task', 'lab']);
      const page = await app.post('/admin/lab/note/page', { page: 1, size: 10, order: 'id', sort: 'asc' });
      assert.equal(page.body.code, 1000, JSON.stringify(page.body));
      const dept = await app.instance.services.knex('base_sys_department').where({ name: '开发' }).first('id');
      assert.deepEqual(
        page.body.data.list.map((r: { title: string; deptId: number | null }) => [r.title, r.deptId]),
        [['plain', null], ['in 开发', Number(dept.id)]],
      );
    });

    it('adds nothing on a second start or a second run, and keeps an edited seeded row as the admin left it', async () => {
      const knex = app.instance.services.knex;
      await knex('lab_note').where({ title: 'plain' }).update({ deptId: 7 });
      const before = await counts(knex);
      assert.deepEqual(
        { conf: before.base_sys_conf! > 0, dept: before.base_sys_department, types: before.dict_type, infos: before.dict_info, tasks: before.task_info },
        { conf: true, dept: 4, types: 3, infos: 11, tasks: 6 },
      );
      await app.close();
      app = await startTestApp(config, { project: paths });
      const knex2 = app.instance.services.knex;
      assert.deepEqual(await counts(knex2), before, 'a restart seeds nothing twice');
      assert.equal(await seed(knex2, app.instance.services.schema.registry, app.instance.services.auth.ports.identity, seedSources(paths.schemas, MODULE_ORDER)), 0);
      assert.equal(Number((await knex2('lab_note').where({ title: 'plain' }).first('deptId')).deptId), 7, "the admin's edit stands");
    });

    it('refuses a reference to rows only a later module seeds, on a new database and a seeded one alike', async () => {
      const knex = app.instance.services.knex;
      const before = await counts(knex);
      // The lab module moved before base: its reference to base's departments would find nothing on a new database.
      const early = seedSources(paths.schemas, ['lab', ...MODULE_ORDER]);
      await assert.rejects(
        seed(knex, app.instance.services.schema.registry, app.instance.services.auth.ports.identity, early),
        /schemas\/lab\/seed\/notes\.json row 1: base\/sys\/department rows are first seeded by a later file/,
      );
      assert.deepEqual(await counts(knex), before, 'the refused run wrote nothing');
      assert.ok(path.isAbsolute(early[0]!.abs));
    });
  });
}
