import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { SchemaError } from '../errors.js';
import { GENERIC_ACTIONS } from '../model.js';
import type { EntityModel } from '../model.js';
import { fullForm } from '../testing/schemaFixtures.js';
import { indexName } from './indexName.js';
import type { RawSchemaFile } from './loadSchemas.js';
import { entityClassName, sanitizeEntity } from './sanitizeEntity.js';

type Raw = Record<string, any>;

const GOODS_FILE = fileURLToPath(new URL('../../../schemas/demo/goods.json', import.meta.url));
const GOODS: Raw = fullForm(JSON.parse(fs.readFileSync(GOODS_FILE, 'utf8')) as Raw, 'demo', 'goods');
const LABEL = { 'zh-cn': '标签', 'zh-tw': '標籤', en: 'Label' };

function raw(doc: Raw, module = 'demo', baseName = 'goods'): RawSchemaFile {
  return { file: `schemas/${module}/${baseName}.json`, module, baseName, doc };
}

/** demo/goods as a plain entity (its x-tenant is tested on its own below), optionally changed. */
function goods(mutate?: (d: Raw) => void): Raw {
  const d = structuredClone(GOODS);
  delete d['x-tenant'];
  mutate?.(d);
  return d;
}

function run(doc: Raw, module?: string, baseName?: string): { entity: EntityModel; errors: SchemaError[] } {
  return sanitizeEntity(raw(doc, module, baseName));
}

function valid(doc: Raw, module?: string, baseName?: string): EntityModel {
  const { entity, errors } = run(doc, module, baseName);
  assert.deepEqual(errors.map((e) => e.message), []);
  return entity;
}

/** [code, pointer] of every error. */
function problems(doc: Raw, module?: string, baseName?: string): [string, string][] {
  return run(doc, module, baseName).errors.map((e) => [e.code, e.pointer]);
}

describe('sanitizeEntity errors', () => {
  it('accepts the demo goods schema as is', () => {
    assert.deepEqual(problems(goods()), []);
  });

  it('rejects reserved property names', () => {
    const { errors } = run(
      goods((d) => {
        d.properties.id = { type: 'integer', 'x-label': LABEL };
        d.properties.createTime = { type: ['string', 'null'], format: 'datetime', 'x-label': LABEL };
      }),
    );
    assert.deepEqual(errors.map((e) => [e.code, e.pointer]), [
      ['ReservedFieldName', '/properties/id'],
      ['ReservedFieldName', '/properties/createTime'],
    ]);
    assert.equal(errors[0]!.file, 'schemas/demo/goods.json');
    assert.ok(errors[0]!.message.startsWith('schemas/demo/goods.json#/properties/id:'));
    assert.ok(errors[0]!.message.endsWith('(ReservedFieldName)'));
  });

  it('rejects a filter whose request parameter is a paging key', () => {
    const doc = goods((d) => {
      d.properties.page = { type: ['integer', 'null'], 'x-label': LABEL };
      d['x-query'].fieldEq = ['page', 'status'];
    });
    assert.deepEqual(problems(doc), [['ReservedFieldName', '/x-query/fieldEq/0']]);
  });

  it('rejects a paging key given as requestParam, and accepts a renamed parameter', () => {
    assert.deepEqual(
      problems(goods((d) => { d['x-query'].fieldLike = [{ column: 'title', requestParam: 'size' }]; })),
      [['ReservedFieldName', '/x-query/fieldLike/0']],
    );
    const doc = goods((d) => {
      d.properties.sort = { type: ['integer', 'null'], 'x-label': LABEL };
      d['x-query'].fieldEq = ['status', { column: 'sort', requestParam: 'sortNum' }];
    });
    const e = valid(doc);
    assert.deepEqual(e.query.fieldEq, [
      { column: 'a.status', param: 'status' },
      { column: 'a.sort', param: 'sortNum' },
    ]);
  });

  it('takes range filters on number and time columns only, and one meaning per request parameter', () => {
    assert.deepEqual(valid(goods()).query.fieldRange, [
      { column: 'a.price', param: 'price' },
      { column: 'a.createTime', param: 'createTime' },
    ]);
    assert.deepEqual(
      problems(goods((d) => { d['x-query'].fieldRange = ['description', 'stock']; })),
      [['IncompatibleColumnType', '/x-query/fieldRange/0']],
    );
    assert.deepEqual(
      problems(goods((d) => { d['x-query'].fieldRange = ['status']; })),
      [['DuplicateFilter', '/x-query/fieldRange/0']],
      'status is already an equality filter',
    );
    const renamed = valid(goods((d) => { d['x-query'].fieldRange = [{ column: 'status', requestParam: 'statusBetween' }]; }));
    assert.deepEqual(renamed.query.fieldRange, [{ column: 'a.status', param: 'statusBetween' }]);
  });

  // The language says "nullable unless required" (schemas/README.md): a default is the opt-out.
  it('makes a property nullable unless it is required or has a default', () => {
    const field = (prop: Raw, required = false) =>
      valid(goods((d) => { d.properties.weight = { ...prop, 'x-label': LABEL }; if (required) d.required.push('weight'); })).fields.find((f) => f.name === 'weight')!;
    const bare = field({ type: 'number' });
    assert.deepEqual([bare.nullable, bare.schema.type], [true, ['number', 'null']]);
    const defaulted = field({ type: 'number', default: 0 });
    assert.deepEqual([defaulted.nullable, defaulted.schema.type], [false, 'number']);
    const required = field({ type: 'number' }, true);
    assert.deepEqual([required.nullable, required.schema.type], [false, 'number']);
    const explicit = field({ type: ['number', 'null'], default: 0 });
    assert.deepEqual([explicit.nullable, explicit.schema.type], [true, ['number', 'null']], 'a default with "null" written stays nullable');
  });

  it('holds a lone draft (no project around it) to every label, as the coding endpoints always did', () => {
    assert.deepEqual(problems(goods((d) => { d.properties.weight = { type: 'number', 'x-label': { en: 'Weight' } }; })), [['MetaSchema', '/properties/weight']]);
    const inProject = sanitizeEntity({ ...raw(goods((d) => { d.properties.weight = { type: 'number' }; })), groups: [] });
    assert.deepEqual(inProject.errors, []);
    assert.deepEqual(inProject.entity.fields.find((f) => f.name === 'weight')!.label, { 'zh-cn': '重量', 'zh-tw': '重量', en: 'Weight' });
  });

  it('requires a default or null on a required read-only column (no request can set it)', () => {
    const doc = goods((d) => {
      d.properties.views = { type: 'integer', readOnly: true, 'x-label': LABEL };
      d.required.push('views');
    });
    assert.deepEqual(problems(doc), [['MissingDefault', '/properties/views']]);
    assert.deepEqual(problems(goods((d) => { d.properties.views = { type: 'integer', readOnly: true, 'x-label': LABEL }; })), [], 'nullable when not required');
  });

  it('rejects a decimal without precision and scale', () => {
    assert.deepEqual(
      problems(goods((d) => { d.properties.price['x-column'] = { type: 'decimal' }; })),
      [['IncompatibleColumnType', '/properties/price/x-column']],
    );
    assert.deepEqual(
      problems(goods((d) => { d.properties.price['x-column'] = { type: 'decimal', precision: 10 }; })),
      [['IncompatibleColumnType', '/properties/price/x-column']],
    );
  });

  it('rejects an x-column type that cannot hold the JSON type', () => {
    assert.deepEqual(
      problems(goods((d) => { d.properties.title['x-column'] = { type: 'integer' }; })),
      [['IncompatibleColumnType', '/properties/title/x-column/type']],
    );
    assert.deepEqual(
      problems(goods((d) => { d.properties.stock['x-column'] = { type: 'text' }; })),
      [['IncompatibleColumnType', '/properties/stock/x-column/type']],
    );
    // compatible overrides pass
    assert.deepEqual(problems(goods((d) => { d.properties.stock['x-column'] = { type: 'bigint' }; })), []);
    assert.deepEqual(problems(goods((d) => { d.properties.description['x-column'] = { type: 'longtext' }; })), []);
  });

  it('rejects a property without a storable type', () => {
    assert.deepEqual(
      problems(goods((d) => { d.properties.weird = { type: ['string', 'integer'], 'x-label': LABEL }; })),
      [['UnknownFieldType', '/properties/weird/type']],
    );
    assert.deepEqual(
      problems(goods((d) => { d.properties.nothing = { type: 'null', 'x-label': LABEL }; })),
      [['UnknownFieldType', '/properties/nothing/type']],
    );
  });

  it('rejects an $id whose first segment is not the module folder', () => {
    const doc = goods((d) => { d.$id = 'demo/x'; });
    assert.deepEqual(problems(doc, 'dict', 'x'), [['ModuleMismatch', '/$id']]);
  });

  it('rejects a custom action without a handler', () => {
    const doc = goods((d) => { d['x-api'] = ['add', { name: 'move', summary: LABEL }]; });
    assert.deepEqual(problems(doc), [['InvalidAction', '/x-api/1']]);
    assert.deepEqual(run(doc).entity.actions.map((a) => a.name), ['add', 'history']);
  });

  it('carries a list\'s own default order, and refuses one on another action', () => {
    const sort = { field: 'price', order: 'asc' };
    const list = valid(goods((d) => { d['x-api'] = ['page', { name: 'list', defaultSort: sort }]; })).actions.find((a) => a.name === 'list');
    assert.deepEqual([list?.generic, list?.handler, list?.defaultSort], ['list', undefined, sort]);
    assert.deepEqual(problems(goods((d) => { d['x-api'] = ['list', { name: 'page', defaultSort: sort }]; })), [['InvalidAction', '/x-api/1/defaultSort']]);
  });

  it('rejects a custom action without a summary', () => {
    const doc = goods((d) => { d['x-api'] = ['add', 'page', { name: 'move', handler: 'move' }]; });
    assert.deepEqual(problems(doc), [['InvalidAction', '/x-api/2/summary']]);
  });

  it('rejects an action declared twice, and a body on a GET / a query on a POST', () => {
    assert.deepEqual(problems(goods((d) => { d['x-api'] = ['add', 'page', { name: 'add', handler: 'add' }]; })), [
      ['InvalidAction', '/x-api/2'],
    ]);
    assert.deepEqual(
      problems(goods((d) => {
        d['x-api'] = [
          { name: 'find', handler: 'find', method: 'get', summary: LABEL, body: { type: 'object' } },
          { name: 'push', handler: 'push', summary: LABEL, query: { type: 'object' } },
        ];
      })),
      [['InvalidAction', '/x-api/0/body'], ['InvalidAction', '/x-api/1/query']],
    );
  });

  it('rejects a generic action on a controller-only schema without a handler', () => {
    const doc: Raw = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'demo/open',
      type: 'object',
      'x-label': LABEL,
      'x-api': ['page', { name: 'info', handler: 'info' }],
    };
    assert.deepEqual(problems(doc, 'demo', 'open'), [['InvalidAction', '/x-api/0']]);
  });

  it('rejects properties on a controller-only schema', () => {
    const doc: Raw = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'demo/open',
      type: 'object',
      'x-label': LABEL,
      'x-api': [],
      properties: { name: { type: 'string', 'x-label': LABEL } },
    };
    assert.deepEqual(problems(doc, 'demo', 'open'), [['UnknownField', '/properties/name']]);
  });

  it('rejects query, required, index, data-scope and screen references to unknown fields', () => {
    assert.deepEqual(
      problems(goods((d) => { d['x-query'].keyWordLikeFields = ['nope']; })),
      [['UnknownField', '/x-query/keyWordLikeFields/0']],
    );
    assert.deepEqual(
      problems(goods((d) => { d['x-query'].fieldLike = ['title', 'nope']; })),
      [['UnknownField', '/x-query/fieldLike/1']],
    );
    assert.deepEqual(
      problems(goods((d) => { d['x-query'].order = [{ column: 'nope', direction: 'asc' }]; })),
      [['UnknownField', '/x-query/order/0/column']],
    );
    assert.deepEqual(
      problems(goods((d) => { d['x-query'].join = [{ entity: 'base/sys/user', alias: 'b', on: 'nope', select: { userName: 'name' } }]; })),
      [['UnknownField', '/x-query/join/0/on']],
    );
    assert.deepEqual(problems(goods((d) => { d.required = ['title', 'nope']; })), [['UnknownField', '/required/1']]);
    assert.deepEqual(
      problems(goods((d) => { d['x-indexes'] = [{ columns: ['status', 'nope'] }]; })),
      [['UnknownField', '/x-indexes/0/columns/1']],
    );
    assert.deepEqual(problems(goods((d) => { d['x-data-scope'] = 'nope'; })), [['UnknownField', '/x-data-scope']]);
    assert.deepEqual(
      problems(goods((d) => { d['x-screen'].search.filters = ['status', 'nope']; })),
      [['UnknownField', '/x-screen/search/filters/1']],
    );
    // A virtual item (a handler's value, not a property) is fine in columns and form, never as a filter.
    const virtual = { field: 'tagNames', virtual: { label: LABEL } };
    assert.deepEqual(problems(goods((d) => { d['x-screen'].columns = ['title', virtual]; d['x-screen'].form = ['title', virtual]; })), []);
    assert.deepEqual(
      problems(goods((d) => { d['x-screen'].search.filters = ['status', virtual]; })),
      [['UnknownField', '/x-screen/search/filters/1']],
    );
  });

  it('reports every problem of a file together', () => {
    const doc = goods((d) => {
      d.properties.id = { type: 'integer', 'x-label': LABEL };
      d.properties.weight = { type: 'number', readOnly: true, 'x-label': LABEL };
      d.required.push('weight');
      d['x-api'] = ['add', { name: 'move', summary: LABEL }];
      d['x-query'].keyWordLikeFields = ['nope'];
    });
    assert.deepEqual(problems(doc), [
      ['ReservedFieldName', '/properties/id'],
      ['MissingDefault', '/properties/weight'],
      ['InvalidAction', '/x-api/1'],
      ['UnknownField', '/x-query/keyWordLikeFields/0'],
    ]);
  });
});

describe('sanitizeEntity model of demo/goods', () => {
  const e = valid(goods());
  const field = (name: string) => {
    const f = e.fields.find((x) => x.name === name);
    assert.ok(f, `no field ${name}`);
    return f;
  };

  it('names the entity, table, prefix and handler module', () => {
    assert.equal(e.id, 'demo/goods');
    assert.equal(e.module, 'demo');
    assert.equal(e.file, 'schemas/demo/goods.json');
    assert.equal(e.handlerModule, 'demo/goods');
    assert.equal(e.prefix, '/admin/demo/goods');
    assert.equal(e.name, 'DemoGoodsEntity');
    assert.equal(e.table, 'demo_goods');
    assert.deepEqual(e.label, GOODS['x-label']);
    assert.equal(e.recycle, true);
    assert.deepEqual(e.required, ['title']);
    assert.deepEqual(e.screen, GOODS['x-screen']);
    assert.equal('renamedFrom' in e, false);
  });

  it('orders fields id, declared ones, createTime, updateTime', () => {
    assert.deepEqual(
      e.fields.map((f) => f.name),
      ['id', 'title', 'price', 'description', 'mainImage', 'type', 'status', 'exampleImages', 'stock', 'createTime', 'updateTime'],
    );
    for (const name of ['id', 'createTime', 'updateTime']) {
      const f = field(name);
      assert.equal(f.implicit, true);
      assert.equal(f.readOnly, true);
      assert.equal(f.nullable, false);
    }
    assert.equal(field('id').type, 'integer');
    assert.equal(field('createTime').type, 'datetime');
    assert.equal(field('title').implicit, false);
  });

  it('maps JSON types and x-column to storage types', () => {
    assert.deepEqual([field('title').type, field('title').length, field('title').nullable], ['string', 50, false]);
    assert.deepEqual([field('price').type, field('price').precision, field('price').scale], ['decimal', 10, 2]);
    assert.equal(field('price').default, 0);
    assert.equal(field('price').dbDefault, undefined);
    assert.deepEqual([field('description').type, field('description').length, field('description').nullable], ['string', 1000, true]);
    assert.deepEqual([field('type').type, field('type').nullable, field('type').dict], ['integer', true, 'goodsType']);
    assert.equal(field('exampleImages').type, 'json');
    assert.equal(field('exampleImages').nullable, true);
    assert.equal(field('stock').default, 0);
  });

  it('keeps status options and strips x- keywords from the field schema', () => {
    const status = field('status');
    assert.deepEqual(status.options, GOODS.properties.status['x-options']);
    assert.deepEqual(status.options!.map((o) => o.value), [0, 1]);
    assert.deepEqual(status.label, GOODS.properties.status['x-label']);
    // A decimal is accepted as a number or as the exact string the server answers; x-decimal bounds its digits.
    assert.deepEqual(field('price').schema, {
      type: ['number', 'string'],
      minimum: 0,
      maximum: 99999999.99,
      multipleOf: 0.01,
      default: 0,
      pattern: '^-?\\d+(\\.\\d+)?$',
      'x-decimal': { precision: 10, scale: 2, minimum: 0, maximum: 99999999.99 },
    });
    for (const f of e.fields) {
      const extra = Object.keys(f.schema).filter((k) => k.startsWith('x-') && !(f.type === 'decimal' && k === 'x-decimal'));
      assert.deepEqual(extra, [], `${f.name} schema has x- keys`);
    }
  });

  it('derives every generic action with url, perm and method', () => {
    assert.deepEqual(e.actions.map((a) => a.name), [...GENERIC_ACTIONS, 'history'], 'history: added to every audited entity');
    for (const a of e.actions) {
      assert.equal(a.generic, a.name);
      assert.equal(a.path, `/${a.name}`);
      assert.equal(a.url, `/admin/demo/goods/${a.name}`);
      assert.equal(a.perm, `demo:goods:${a.name}`);
      assert.equal(a.auth, 'perm');
      assert.equal(a.method, a.name === 'info' || a.name === 'history' ? 'get' : 'post');
      assert.equal(a.handler, undefined);
      assert.equal(typeof a.summary.en, 'string');
    }
    const page = e.actions.find((a) => a.name === 'page')!;
    assert.equal(page.perm, 'demo:goods:page');
    assert.equal(page.url, '/admin/demo/goods/page');
    assert.deepEqual(page.summary, { 'zh-cn': '分页查询', 'zh-tw': '分頁查詢', en: 'Page' });
  });

  it('keeps generic and handler when a named handler overrides a generic action', () => {
    const o = valid(goods((d) => { d['x-api'] = ['add', { name: 'page', handler: 'page' }, { name: 'info', handler: 'myInfo', auth: 'login' }]; }));
    const page = o.actions.find((a) => a.name === 'page')!;
    assert.equal(page.generic, 'page');
    assert.equal(page.handler, 'page');
    assert.equal(page.method, 'post');
    assert.equal(page.perm, 'demo:goods:page');
    assert.equal(page.summary.en, 'Page');
    const info = o.actions.find((a) => a.name === 'info')!;
    assert.deepEqual([info.generic, info.handler, info.method, info.auth], ['info', 'myInfo', 'get', 'login']);
  });

  it('adds GET history?id= (perm <id>:history) to audited entities only', () => {
    const h = valid(goods()).actions.find((a) => a.name === 'history')!;
    assert.deepEqual([h.generic, h.method, h.perm, h.auth, h.summary.en], ['history', 'get', 'demo:goods:history', 'perm', 'History']);
    assert.deepEqual(h.query, { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } });
    const off = valid(goods((d) => { d['x-audit'] = false; }));
    assert.equal(off.audit, false);
    assert.equal(off.actions.some((a) => a.name === 'history'), false, 'x-audit false: no history');
    assert.equal(valid(goods()).audit, true, 'audited by default');
  });

  it('builds custom actions from their spec', () => {
    const o = valid(
      goods((d) => {
        d['x-api'] = [{ name: 'move', handler: 'move', auth: 'open', summary: LABEL, body: { $ref: '#/$defs/move' } }];
        d.$defs = { move: { type: 'object' } };
      }),
    );
    assert.deepEqual(o.actions.filter((a) => a.name !== 'history'), [
      {
        name: 'move',
        method: 'post',
        path: '/move',
        url: '/admin/demo/goods/move',
        auth: 'open',
        perm: 'demo:goods:move',
        summary: LABEL,
        handler: 'move',
        body: { $ref: '#/$defs/move' },
      },
    ]);
    assert.deepEqual(o.defs, { move: { type: 'object' } });
  });

  it('qualifies query columns with the main alias', () => {
    assert.deepEqual(e.query, {
      keyWordLikeFields: ['a.description'],
      fieldEq: [
        { column: 'a.status', param: 'status' },
        { column: 'a.type', param: 'type' },
      ],
      fieldLike: [{ column: 'a.title', param: 'title' }],
      fieldRange: [
        { column: 'a.price', param: 'price' },
        { column: 'a.createTime', param: 'createTime' },
      ],
      order: [],
      join: [],
    });
  });

  it('indexes updateTime and the access paths (sorts with id, filters, screen filters together) under knex-style names', () => {
    assert.deepEqual(e.indexes.map((ix) => ix.name), ['demo_goods_updatetime_index', 'demo_goods_createtime_id_index', 'demo_goods_price_id_index', 'demo_goods_stock_id_index', 'demo_goods_status_type_createtime_id_index', 'demo_goods_status_createtime_id_index', 'demo_goods_type_createtime_id_index']);
    assert.deepEqual(e.indexes.find((ix) => ix.name === 'demo_goods_createtime_id_index')?.columns, ['createTime', 'id']);
  });

  it('collects x-unique, x-index, x-ref and composite indexes', () => {
    const o = valid(
      goods((d) => {
        d.properties.title['x-unique'] = true;
        d.properties.stock['x-index'] = true;
        d.properties.userId = { type: ['integer', 'null'], 'x-ref': 'base/sys/user', 'x-label': LABEL };
        d['x-indexes'] = [{ columns: ['status', 'type'], unique: true }, { columns: ['type', 'stock'] }];
      }),
    );
    // Declared and derived together: x-index on stock becomes (stock, id), the unique (status, type) serves the
    // screen's two filters, each filter alone is read in the default order from its own (column, createTime, id).
    assert.deepEqual(
      o.indexes.map((ix) => [ix.name, ix.columns.join(','), ix.unique]),
      [
        ['demo_goods_title_unique', 'title', true],
        ['demo_goods_status_type_unique', 'status,type', true],
        ['demo_goods_userid_index', 'userId', false],
        ['demo_goods_updatetime_index', 'updateTime', false],
        ['demo_goods_type_stock_index', 'type,stock', false],
        ['demo_goods_createtime_id_index', 'createTime,id', false],
        ['demo_goods_price_id_index', 'price,id', false],
        ['demo_goods_stock_id_index', 'stock,id', false],
        ['demo_goods_status_type_createtime_id_index', 'status,type,createTime,id', false],
        ['demo_goods_status_createtime_id_index', 'status,createTime,id', false],
        ['demo_goods_type_createtime_id_index', 'type,createTime,id', false],
      ],
    );
    assert.equal(o.fields.find((f) => f.name === 'userId')!.ref, 'base/sys/user');
  });

  it('leaves a reference unindexed with "x-index": false, and keeps the reference', () => {
    const o = valid(
      goods((d) => {
        d.properties.userId = { type: ['integer', 'null'], 'x-ref': 'base/sys/user', 'x-index': false, 'x-label': LABEL };
      }),
    );
    assert.deepEqual(o.indexes.map((ix) => ix.name), ['demo_goods_updatetime_index', 'demo_goods_createtime_id_index', 'demo_goods_price_id_index', 'demo_goods_stock_id_index', 'demo_goods_status_type_createtime_id_index', 'demo_goods_status_createtime_id_index', 'demo_goods_type_createtime_id_index']);
    assert.equal(o.fields.find((f) => f.name === 'userId')!.ref, 'base/sys/user');
  });

  it('indexes only the implicit timestamps x-time-indexes names', () => {
    const names = (doc: Raw) => valid(doc).indexes.map((ix) => ix.name);
    assert.deepEqual(names(goods((d) => void (d['x-time-indexes'] = ['createTime']))), ['demo_goods_createtime_id_index', 'demo_goods_price_id_index', 'demo_goods_stock_id_index', 'demo_goods_status_type_createtime_id_index', 'demo_goods_status_createtime_id_index', 'demo_goods_type_createtime_id_index']);
    // Left out of x-time-indexes, createTime is left out of the derived indexes too.
    assert.deepEqual(names(goods((d) => void (d['x-time-indexes'] = []))), ['demo_goods_price_id_index', 'demo_goods_stock_id_index', 'demo_goods_status_type_index', 'demo_goods_status_id_index', 'demo_goods_type_id_index']);
    // The screen's filters together, then its default order: a filtered page reads in order from the index.
    assert.deepEqual(valid(goods()).indexes.find((ix) => ix.name.startsWith('demo_goods_status_type'))?.columns, ['status', 'type', 'createTime', 'id']);
    assert.deepEqual(names(goods()), ['demo_goods_updatetime_index', 'demo_goods_createtime_id_index', 'demo_goods_price_id_index', 'demo_goods_stock_id_index', 'demo_goods_status_type_createtime_id_index', 'demo_goods_status_createtime_id_index', 'demo_goods_type_createtime_id_index']);
  });

  it('gives the keyword and fieldLike text columns a search index, with "x-search": false to opt out', () => {
    const withQuery = (m?: (d: Raw) => void) => goods((d) => {
      d['x-query'] = { keyWordLikeFields: ['description', 'title'], fieldLike: ['title', 'mainImage'], fieldEq: ['status'] };
      m?.(d);
    });
    assert.deepEqual(valid(withQuery()).search, ['description', 'title', 'mainImage']);
    assert.deepEqual(valid(withQuery((d) => void (d.properties.mainImage['x-search'] = false))).search, ['description', 'title']);
    // One keyword column opted out: the keyword reads every row anyway, so neither of its columns is indexed for it.
    assert.deepEqual(valid(withQuery((d) => void (d.properties.description['x-search'] = false))).search, ['title', 'mainImage']);
    assert.equal(valid(withQuery((d) => void (d['x-search'] = false))).search, undefined);
    // A number column in the keyword: no index serves the keyword.
    assert.deepEqual(valid(withQuery((d) => void (d['x-query'].keyWordLikeFields = ['description', 'stock']))).search, ['title', 'mainImage']);
  });

  it('opts a column out of the derived indexes with "x-index": false', () => {
    const names = valid(goods((d) => void (d.properties.price['x-index'] = false))).indexes.map((ix) => ix.name);
    assert.ok(!names.some((n) => n.includes('price')), names.join());
  });

  it('keeps NULLs first in the sort index of a nullable column (PostgreSQL orders them so for a page)', () => {
    const o = valid(goods((d) => void (d.properties.stock.type = ['integer', 'null'])));
    assert.equal(o.indexes.find((ix) => ix.name === 'demo_goods_stock_id_index')?.nullsFirst, true);
    assert.equal(o.indexes.find((ix) => ix.name === 'demo_goods_price_id_index')?.nullsFirst, undefined);
  });

  it('honours x-entity, x-renamedFrom, x-recycle, x-data-scope and field x-renamedFrom / x-secret', () => {
    const o = valid(
      goods((d) => {
        d['x-entity'] = 'ShopItemEntity';
        d['x-table'] = 'shop_item';
        d['x-renamedFrom'] = 'demo_goods';
        d['x-recycle'] = false;
        d.properties.departmentId = { type: ['integer', 'null'], 'x-label': LABEL };
        d['x-data-scope'] = 'departmentId';
        d.properties.secretCode = { type: ['string', 'null'], 'x-secret': true, 'x-renamedFrom': 'code', 'x-label': LABEL };
      }),
    );
    assert.equal(o.name, 'ShopItemEntity');
    assert.equal(o.table, 'shop_item');
    assert.equal(o.renamedFrom, 'demo_goods');
    assert.equal(o.recycle, false);
    assert.equal(o.dataScope, 'departmentId');
    const s = o.fields.find((f) => f.name === 'secretCode')!;
    assert.equal(s.secret, true);
    assert.equal(s.renamedFrom, 'code');
    assert.equal(s.length, 255, 'varchar defaults to 255');
    assert.ok(o.indexes.some((ix) => ix.name === 'shop_item_createtime_id_index'));
  });

  it('models a controller-only schema without table, name or fields', () => {
    const o = valid(
      {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        $id: 'demo/open/api',
        type: 'object',
        description: '开放接口',
        'x-label': LABEL,
        'x-api': [{ name: 'eps', handler: 'eps', auth: 'open', method: 'get', summary: LABEL }],
      },
      'demo',
      'open-api',
    );
    assert.equal('table' in o, false);
    assert.equal('name' in o, false);
    assert.deepEqual(o.fields, []);
    assert.deepEqual(o.indexes, []);
    assert.equal(o.recycle, false);
    assert.equal(o.description, '开放接口');
    assert.equal(o.handlerModule, 'demo/open-api');
    assert.deepEqual(o.actions.map((a) => [a.url, a.perm, a.method]), [['/admin/demo/open/api/eps', 'demo:open:api:eps', 'get']]);
  });

  it('entityClassName PascalCases the table', () => {
    assert.equal(entityClassName('base_sys_user'), 'BaseSysUserEntity');
    assert.equal(entityClassName('demo_goods'), 'DemoGoodsEntity');
  });
});

describe('indexName', () => {
  it("follows knex's lower-cased default naming", () => {
    assert.equal(indexName('demo_goods', ['createTime'], false), 'demo_goods_createtime_index');
    assert.equal(indexName('demo_goods', ['status', 'type'], true), 'demo_goods_status_type_unique');
  });

  it('keeps a 64-character name as is', () => {
    const table = 't'.repeat(64 - '_c_index'.length);
    const name = indexName(table, ['c'], false);
    assert.equal(name.length, 64);
    assert.equal(name, `${table}_c_index`);
  });

  it('shortens longer names to exactly 64 characters with a stable hash suffix', () => {
    const table = 'base_sys_very_long_table_name_for_testing';
    const cols = ['someRatherLongColumnName', 'anotherLongColumnName'];
    const a = indexName(table, cols, false);
    assert.equal(a.length, 64);
    assert.match(a, /_[0-9a-f]{8}$/);
    assert.ok(a.startsWith(`${table}_somerather`));
    assert.equal(indexName(table, cols, false), a, 'same input, same name');
    assert.notEqual(indexName(table, cols, true), a, 'unique differs from index');
    assert.notEqual(indexName(table, [cols[0]!, 'anotherLongColumnNameX'], false), a, 'same prefix, different input');
    const b = indexName(table, [cols[0]!, 'anotherLongColumnNameX'], false);
    assert.equal(b.slice(0, 55), a.slice(0, 55), 'the two names share their 55-char prefix; only the hash tells them apart');
    assert.equal(b.length, 64);
  });
});

describe('sanitizeEntity x-tenant', () => {
  it('adds an implicit, nullable, indexed, read-only tenantId before the timestamps', () => {
    const e = valid(goods((d) => {
      d['x-tenant'] = true;
    }));
    assert.equal(e.tenant, true);
    const names = e.fields.map((f) => f.name);
    assert.deepEqual(names.slice(-3), ['tenantId', 'createTime', 'updateTime']);
    const t = e.fields.find((f) => f.name === 'tenantId')!;
    assert.deepEqual([t.type, t.nullable, t.implicit, t.readOnly, t.index], ['integer', true, true, true, true]);
    // Every read filters by tenant and sorts by createTime: one index serves both, and tenantId alone.
    assert.ok(e.indexes.some((ix) => ix.name === 'demo_goods_tenantid_createtime_id_index'));
    assert.ok(!e.indexes.some((ix) => ix.name === 'demo_goods_tenantid_index'));
    assert.equal(valid(goods()).tenant, false);
  });

  it('refuses a declared tenantId next to x-tenant', () => {
    const { errors } = run(goods((d) => {
      d['x-tenant'] = true;
      d.properties.tenantId = { type: ['integer', 'null'], 'x-label': LABEL };
    }));
    assert.deepEqual(errors.map((e) => [e.code, e.pointer]), [['ReservedFieldName', '/properties/tenantId']]);
  });
});
