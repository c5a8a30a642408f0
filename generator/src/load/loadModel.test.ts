import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { SchemaErrors } from '../errors.js';
import type { Model } from '../model.js';
import { fullForm } from '../testing/schemaFixtures.js';
import { loadModel } from './loadModel.js';

type Raw = Record<string, any>;

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const META = path.join(REPO, 'schemas', 'meta', 'entity.schema.json');
const GOODS: Raw = fullForm(JSON.parse(fs.readFileSync(path.join(REPO, 'schemas', 'demo', 'goods.json'), 'utf8')) as Raw, 'demo', 'goods');
const LABEL = { 'zh-cn': '标签', 'zh-tw': '標籤', en: 'Label' };

const roots: string[] = [];
after(() => {
  for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
});

/** A temporary repository root with schemas/meta/entity.schema.json and the given files (path under schemas/ → JSON or raw text). */
function project(files: Record<string, Raw | string>): { root: string; schemas: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'load-model-'));
  roots.push(root);
  const schemas = path.join(root, 'schemas');
  fs.mkdirSync(path.join(schemas, 'meta'), { recursive: true });
  fs.copyFileSync(META, path.join(schemas, 'meta', 'entity.schema.json'));
  // As in the repository: base's naming group (sys) and the seed's dictionaries, unless a test gives its own.
  for (const rel of ['base/module.json', 'dict/seed/dict.json']) {
    fs.mkdirSync(path.dirname(path.join(schemas, rel)), { recursive: true });
    fs.copyFileSync(path.join(REPO, 'schemas', rel), path.join(schemas, rel));
  }
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(schemas, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return { root, schemas };
}

function load(files: Record<string, Raw | string>): Model {
  const { root, schemas } = project(files);
  return loadModel(schemas, root);
}

/** Loads and expects SchemaErrors; returns [code, file, pointer] of each. */
function failures(files: Record<string, Raw | string>): [string, string, string][] {
  const { root, schemas } = project(files);
  let caught: unknown;
  try {
    loadModel(schemas, root);
  } catch (err) {
    caught = err;
  }
  assert.ok(caught instanceof SchemaErrors, `expected SchemaErrors, got ${String(caught)}`);
  for (const e of caught.errors) assert.ok(caught.message.includes(e.message), 'the summary lists every error');
  return caught.errors.map((e) => [e.code, e.file, e.pointer]);
}

function goods(mutate?: (d: Raw) => void): Raw {
  const d = structuredClone(GOODS);
  mutate?.(d);
  return d;
}

function user(mutate?: (d: Raw) => void): Raw {
  const d: Raw = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'base/sys/user',
    type: 'object',
    'x-label': LABEL,
    'x-table': 'base_sys_user',
    'x-api': ['add', 'page'],
    properties: {
      name: { type: 'string', maxLength: 50, 'x-label': LABEL },
      password: { type: 'string', 'x-secret': true, 'x-label': LABEL },
    },
    required: ['name', 'password'],
  };
  mutate?.(d);
  return d;
}

/** goods with a `userId` pointing at base/sys/user and a join selecting `select`. */
const goodsJoiningUser = (select: Record<string, string>) =>
  goods((d) => {
    d.properties.userId = { type: ['integer', 'null'], 'x-ref': 'base/sys/user', 'x-label': LABEL };
    d['x-query'].join = [{ entity: 'base/sys/user', alias: 'b', on: 'userId', select }];
  });

describe('loadModel', () => {
  it("loads a valid folder, sorted by $id, skipping meta/ and a module's seed/", () => {
    const model = load({
      'demo/goods.json': goodsJoiningUser({ userName: 'name' }),
      'base/sys-user.json': user(),
      'demo/seed/10-x.json': '[1, 2, 3]',
    });
    assert.deepEqual(model.entities.map((e) => [e.id, e.file]), [
      ['base/sys/user', 'schemas/base/sys-user.json'],
      ['demo/goods', 'schemas/demo/goods.json'],
    ]);
    const join = model.entities[1]!.query.join[0]!;
    assert.equal(join.table, 'base_sys_user', 'join table filled in from the target entity');
    assert.deepEqual(join.select, { userName: 'name' });
  });

  it('reports invalid JSON with the file path relative to the root', () => {
    assert.deepEqual(failures({ 'demo/goods.json': goods(), 'demo/broken.json': '{ "a": ' }), [
      ['InvalidJson', 'schemas/demo/broken.json', ''],
    ]);
    assert.deepEqual(failures({ 'demo/list.json': '[]' }), [['InvalidJson', 'schemas/demo/list.json', '']]);
  });

  it('reports meta-schema violations with the pointer of the offending value', () => {
    assert.deepEqual(
      // A partial label is fine now (the rest is derived from the name); an unknown locale is not.
      failures({ 'demo/goods.json': goods((d) => { d.properties.title['x-label'].fr = 'Titre'; }) }),
      [['MetaSchema', 'schemas/demo/goods.json', '/properties/title/x-label']],
    );
    assert.deepEqual(
      failures({ 'demo/goods.json': goods((d) => { d.properties.title['x-foo'] = true; }) }),
      [['MetaSchema', 'schemas/demo/goods.json', '/properties/title']],
    );
    assert.deepEqual(
      failures({ 'demo/goods.json': goods((d) => { d.properties.price['x-column'].type = 'money'; }) }),
      [['MetaSchema', 'schemas/demo/goods.json', '/properties/price/x-column/type']],
    );
    assert.deepEqual(
      failures({ 'demo/goods.json': goods((d) => { delete d['x-label']; }) }),
      [['MetaSchema', 'schemas/demo/goods.json', '']],
    );
    // Only the implicit timestamps can be named (a declared field takes x-index).
    assert.deepEqual(
      failures({ 'demo/goods.json': goods((d) => { d['x-time-indexes'] = ['title']; }) }),
      [['MetaSchema', 'schemas/demo/goods.json', '/x-time-indexes/0']],
    );
  });

  it('names the offending keyword or property in a meta-schema message', () => {
    const { root, schemas } = project({ 'demo/goods.json': goods((d) => { d.properties.title['x-foo'] = true; }) });
    assert.throws(
      () => loadModel(schemas, root),
      (err: unknown) => err instanceof SchemaErrors && /schemas\/demo\/goods\.json#\/properties\/title: .*x-foo/.test(err.message),
    );
  });

  it('reports an x-ref to an unknown entity', () => {
    assert.deepEqual(
      failures({
        'demo/goods.json': goods((d) => {
          d.properties.userId = { type: ['integer', 'null'], 'x-ref': 'base/sys/nobody', 'x-label': LABEL };
        }),
      }),
      [['InvalidRelation', 'schemas/demo/goods.json', '/properties/userId/x-ref']],
    );
  });

  it('reports an x-ref to a controller-only schema (no table)', () => {
    const open: Raw = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'base/open',
      type: 'object',
      'x-label': LABEL,
      'x-api': [],
    };
    assert.deepEqual(
      failures({
        'base/open.json': open,
        'demo/goods.json': goods((d) => {
          d.properties.userId = { type: ['integer', 'null'], 'x-ref': 'base/open', 'x-label': LABEL };
        }),
      }),
      [['InvalidRelation', 'schemas/demo/goods.json', '/properties/userId/x-ref']],
    );
  });

  it('refuses a join that selects a secret field', () => {
    assert.deepEqual(
      failures({ 'base/sys-user.json': user(), 'demo/goods.json': goodsJoiningUser({ userPassword: 'password' }) }),
      [['InvalidRelation', 'schemas/demo/goods.json', '/x-query/join/0/select/userPassword']],
    );
  });

  it('reports join targets, join columns and aliases that do not exist', () => {
    assert.deepEqual(
      failures({
        'base/sys-user.json': user(),
        'demo/goods.json': goods((d) => {
          d.properties.userId = { type: ['integer', 'null'], 'x-label': LABEL };
          d['x-query'].join = [
            { entity: 'base/sys/user', alias: 'b', on: 'userId', select: { userNick: 'nick' } },
            { entity: 'base/sys/nobody', alias: 'c', on: 'userId', select: { x: 'name' } },
          ];
          d['x-query'].fieldLike = ['title', 'd.name'];
        }),
      }),
      [
        ['UnknownField', 'schemas/demo/goods.json', '/x-query/join/0/select/userNick'],
        ['InvalidRelation', 'schemas/demo/goods.json', '/x-query/join/1/entity'],
        ['InvalidRelation', 'schemas/demo/goods.json', '/x-query/fieldLike/1'],
      ],
    );
  });

  it('refuses filtering on a secret column of a joined entity', () => {
    assert.deepEqual(
      failures({
        'base/sys-user.json': user(),
        'demo/goods.json': goods((d) => {
          d.properties.userId = { type: ['integer', 'null'], 'x-label': LABEL };
          d['x-query'].join = [{ entity: 'base/sys/user', alias: 'b', on: 'userId', select: { userName: 'name' } }];
          d['x-query'].fieldEq = ['status', { column: 'b.password', requestParam: 'pw' }];
        }),
      }),
      [['UnknownField', 'schemas/demo/goods.json', '/x-query/fieldEq/1']],
    );
  });

  it('reports a table used by two files on the second one', () => {
    assert.deepEqual(
      failures({
        'demo/goods.json': goods(),
        'demo/items.json': goods((d) => { d.$id = 'demo/items'; d['x-naming-exception'] = 'a test of duplicates'; }),
      }),
      [['DuplicateTable', 'schemas/demo/items.json', '/x-table']],
    );
  });

  it('reports a $id used by two files', () => {
    assert.deepEqual(
      failures({
        'demo/goods.json': goods(),
        'demo/other.json': goods((d) => { d['x-table'] = 'demo_other'; d['x-naming-exception'] = 'a test of duplicates'; }),
      }),
      [['DuplicateId', 'schemas/demo/other.json', '/$id']],
    );
  });

  it('reports the errors of every file together, in file order', () => {
    const errors = failures({
      'base/broken.json': 'not json at all',
      'demo/goods.json': goods((d) => { d.properties.title['x-foo'] = true; }),
      'demo/items.json': goods((d) => {
        d.$id = 'demo/items';
        d['x-table'] = 'demo_items';
        d.properties.id = { type: 'integer', 'x-label': LABEL };
      }),
      'dict/type.json': goods((d) => {
        d.$id = 'demo/type';
        d['x-table'] = 'dict_type';
        d['x-naming-exception'] = 'a test of misplaced ids';
        d.properties.ownerId = { type: ['integer', 'null'], 'x-ref': 'base/sys/nobody', 'x-label': LABEL };
      }),
    });
    assert.deepEqual(errors, [
      ['InvalidJson', 'schemas/base/broken.json', ''],
      ['MetaSchema', 'schemas/demo/goods.json', '/properties/title'],
      ['ReservedFieldName', 'schemas/demo/items.json', '/properties/id'],
      ['ModuleMismatch', 'schemas/dict/type.json', '/$id'],
      ['InvalidRelation', 'schemas/dict/type.json', '/properties/ownerId/x-ref'],
    ]);
  });

  it("names a kernel table's file after its module: the names, groups and label of schemas/<module>/<words>.json", () => {
    const note = { type: 'object', 'x-label': LABEL, 'x-api': ['page'], properties: { text: { type: 'string', maxLength: 20 } } };
    const model = load({ 'kernel/base-sys-note.json': note, 'kernel/shop-note.json': note, 'shop/module.json': { label: LABEL } });
    const byFile = new Map(model.entities.map((e) => [e.file, e]));
    const sys = byFile.get('schemas/kernel/base-sys-note.json')!;
    assert.deepEqual([sys.id, sys.module, sys.table, sys.name, sys.handlerModule, sys.prefix], ['base/sys/note', 'base', 'base_sys_note', 'BaseSysNoteEntity', 'base/sys-note', '/admin/base/sys/note']);
    const baseLabel = (JSON.parse(fs.readFileSync(path.join(REPO, 'schemas', 'base', 'module.json'), 'utf8')) as { label: unknown }).label;
    assert.deepEqual(sys.screen?.moduleLabel, baseLabel, "the module's label: its menu directory");
    const shop = byFile.get('schemas/kernel/shop-note.json')!;
    assert.deepEqual([shop.id, shop.table], ['shop/note', 'shop_note']);
    // A name no module folder answers, or no words after it, is refused.
    assert.deepEqual(failures({ 'kernel/nowhere-note.json': note, 'kernel/base.json': note }), [
      ['InvalidJson', 'schemas/kernel/base.json', ''],
      ['InvalidJson', 'schemas/kernel/nowhere-note.json', ''],
    ]);
    // The same table from a module folder and the kernel is one table too many.
    assert.deepEqual(failures({ 'kernel/base-sys-note.json': note, 'base/sys-note.json': note }).map(([code]) => code), ['DuplicateId', 'DuplicateTable']);
  });

  it('loads the real schemas: every action perm is the $id with ":" plus the action name', () => {
    const model = loadModel(path.join(REPO, 'schemas'), REPO);
    assert.ok(model.entities.length >= 10, `only ${model.entities.length} entities`);
    const ids = model.entities.map((e) => e.id);
    assert.deepEqual(ids, [...ids].sort(), 'sorted by $id');
    assert.equal(new Set(ids).size, ids.length);
    assert.ok(ids.includes('demo/goods') && ids.includes('base/sys/user'));
    const log = model.entities.find((e) => e.id === 'base/sys/log')!;
    assert.deepEqual([log.file, log.table, log.name, log.handlerModule], ['schemas/kernel/base-sys-log.json', 'base_sys_log', 'BaseSysLogEntity', 'base/sys-log']);
    let actions = 0;
    for (const e of model.entities) {
      // A kernel table's file keeps its module's names: `schemas/kernel/<module>-<words>.json`.
      assert.ok((e.file.startsWith(`schemas/${e.module}/`) || e.file.startsWith(`schemas/kernel/${e.module}-`)) && e.file.endsWith('.json'), e.file);
      assert.equal(e.prefix, `/admin/${e.id}`);
      for (const a of e.actions) {
        actions++;
        assert.equal(a.perm, `${e.id.split('/').join(':')}:${a.name}`);
        assert.equal(a.url, `/admin/${e.id}/${a.name}`);
      }
      if (e.table) {
        assert.equal(e.fields[0]!.name, 'id');
        assert.deepEqual(e.fields.slice(-2).map((f) => f.name), ['createTime', 'updateTime']);
      }
      for (const j of e.query.join) assert.ok(j.table, `${e.id}: join to ${j.entity} has its table`);
    }
    assert.ok(actions > 50, `only ${actions} actions`);
    const goodsEntity = model.entities.find((e) => e.id === 'demo/goods')!;
    assert.equal(goodsEntity.actions.find((a) => a.name === 'page')!.perm, 'demo:goods:page');
  });
});
