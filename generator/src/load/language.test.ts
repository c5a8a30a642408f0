import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { SchemaErrors } from '../errors.js';
import type { Model } from '../model.js';
import { REPO_ROOT } from '../testing/schemaFixtures.js';
import { loadModel } from './loadModel.js';
import { ruleNames } from './naming.js';

type Raw = Record<string, any>;

const roots: string[] = [];
after(() => {
  for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
});

/** A project with the real meta-schema, base/module.json and seed, plus the given files under schemas/. */
function project(files: Record<string, Raw>): { root: string; schemas: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'schema-language-'));
  roots.push(root);
  const schemas = path.join(root, 'schemas');
  for (const rel of ['meta/entity.schema.json', 'base/module.json', 'dict/seed/dict.json']) {
    fs.mkdirSync(path.dirname(path.join(schemas, rel)), { recursive: true });
    fs.copyFileSync(path.join(REPO_ROOT, 'schemas', rel), path.join(schemas, rel));
  }
  for (const [rel, doc] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(schemas, rel)), { recursive: true });
    fs.writeFileSync(path.join(schemas, rel), JSON.stringify(doc));
  }
  return { root, schemas };
}

function load(files: Record<string, Raw>): { model: Model; warnings: string[] } {
  const { root, schemas } = project(files);
  const warnings: string[] = [];
  return { model: loadModel(schemas, root, warnings), warnings };
}

function errorsOf(files: Record<string, Raw>): SchemaErrors {
  const { root, schemas } = project(files);
  try {
    loadModel(schemas, root);
  } catch (err) {
    if (err instanceof SchemaErrors) return err;
    throw err;
  }
  assert.fail('expected schema errors');
}

const LABEL = { 'zh-cn': '书', 'zh-tw': '書', en: 'Book' };
const entity = (extra: Raw = {}, properties: Raw = { title: { type: 'string', maxLength: 50 } }): Raw => ({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  'x-label': LABEL,
  'x-api': ['add', 'page'],
  properties,
  ...extra,
});

describe('naming rule', () => {
  it('derives $id, table and EPS class from the file name; a module group stands as its own segment', () => {
    assert.deepEqual(ruleNames('shop', 'book-shelf'), { id: 'shop/bookShelf', table: 'shop_book_shelf', entity: 'ShopBookShelfEntity' });
    assert.deepEqual(ruleNames('base', 'sys-data-job', ['sys']), { id: 'base/sys/dataJob', table: 'base_sys_data_job', entity: 'BaseSysDataJobEntity' });
    assert.deepEqual(ruleNames('base', 'sys', ['sys']).id, 'base/sys', 'a lone group word is the name itself');
    const { model } = load({ 'shop/book-shelf.json': entity(), 'base/sys-shelf.json': entity() });
    const byFile = (file: string) => model.entities.find((e) => e.file === file)!;
    assert.deepEqual([byFile('schemas/shop/book-shelf.json').id, byFile('schemas/shop/book-shelf.json').table], ['shop/bookShelf', 'shop_book_shelf']);
    assert.deepEqual([byFile('schemas/base/sys-shelf.json').id, byFile('schemas/base/sys-shelf.json').prefix], ['base/sys/shelf', '/admin/base/sys/shelf']);
  });

  it('treats a schema without properties and x-table as controller-only', () => {
    const { model } = load({ 'shop/hello.json': { ...entity({ 'x-api': [] }), properties: undefined } });
    assert.equal(model.entities[0]!.table, undefined);
  });

  it('refuses a name that differs from the rule unless declared, and a declaration with nothing to declare', () => {
    const err = errorsOf({ 'shop/book.json': entity({ $id: 'shop/bookController', 'x-table': 'shop_books', 'x-entity': 'BookEntity' }) });
    assert.deepEqual(err.errors.map((e) => [e.code, e.pointer]), [['NamingRule', '/$id'], ['NamingRule', '/x-table'], ['NamingRule', '/x-entity']]);
    assert.match(err.errors[0]!.message, /"\$id" is "shop\/bookController" but the file name gives "shop\/book".*x-naming-exception/);
    assert.match(err.errors[1]!.message, /gives "shop_book"/);
    const declared = load({ 'shop/book.json': entity({ $id: 'shop/bookController', 'x-table': 'shop_books', 'x-naming-exception': 'an old client' }) });
    assert.deepEqual([declared.model.entities[0]!.id, declared.model.entities[0]!.table], ['shop/bookController', 'shop_books']);
    const needless = errorsOf({ 'shop/book.json': entity({ $id: 'shop/book', 'x-naming-exception': 'nothing differs' }) });
    assert.deepEqual(needless.errors.map((e) => [e.code, e.pointer]), [['NamingRule', '/x-naming-exception']]);
  });

  it('keeps the shipped exception (lock/device-lock) explicit', () => {
    const doc = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'schemas/lock/device-lock.json'), 'utf8')) as Raw;
    delete doc['x-naming-exception'];
    const err = errorsOf({ 'lock/device-lock.json': doc });
    assert.deepEqual(err.errors.map((e) => e.pointer), ['/$id', '/x-table', '/x-entity']);
  });
});

describe('labels, nullability and decimal steps', () => {
  it('derives missing labels from the property name and warns, per locale, where no translation is known', () => {
    const { model, warnings } = load({
      'shop/book.json': entity({}, { price: { type: 'number' }, isbnCode: { type: 'string', 'x-label': { 'zh-cn': '书号' } } }),
    });
    const field = (name: string) => model.entities[0]!.fields.find((f) => f.name === name)!;
    assert.deepEqual(field('price').label, { 'zh-cn': '价格', 'zh-tw': '價格', en: 'Price' });
    assert.deepEqual(field('isbnCode').label, { 'zh-cn': '书号', 'zh-tw': 'Isbn code', en: 'Isbn code' });
    assert.deepEqual(warnings, [
      'schemas/shop/book.json: entity shop/book, property "isbnCode": no zh-tw label (shown as "Isbn code"); add it to "x-label"',
    ]);
  });

  it('implies a decimal step from the scale, keeping one written by hand', () => {
    const { model } = load({
      'shop/book.json': entity({}, {
        price: { type: 'number', minimum: 0, default: 0, 'x-column': { type: 'decimal', precision: 8, scale: 3 } },
        fee: { type: 'number', multipleOf: 0.5, 'x-column': { type: 'decimal', precision: 8, scale: 2 } },
      }),
    });
    const schema = (name: string) => model.entities[0]!.fields.find((f) => f.name === name)!.schema;
    assert.deepEqual(Object.keys(schema('price')).slice(0, 3), ['type', 'minimum', 'multipleOf'], 'where a writer puts it');
    assert.equal(schema('price').multipleOf, 0.001);
    assert.equal(schema('fee').multipleOf, 0.5);
    assert.deepEqual(schema('fee').type, ['number', 'string', 'null']);
  });
});

describe('x-dict', () => {
  it('must name a dictionary the seed defines; the message lists the known keys and how to add one', () => {
    const err = errorsOf({ 'shop/book.json': entity({}, { kind: { type: 'integer', 'x-dict': 'bookKind' } }) });
    assert.deepEqual(err.errors.map((e) => [e.code, e.pointer]), [['UnknownDict', '/properties/kind/x-dict']]);
    assert.match(err.errors[0]!.message, /x-dict "bookKind" is not a dictionary the seed defines \(known: brand, goodsType, occupation\)/);
    assert.match(err.errors[0]!.message, /"key": "bookKind".*schemas\/dict\/seed\//);
    assert.doesNotThrow(() => load({ 'shop/book.json': entity({}, { kind: { type: 'integer', 'x-dict': 'brand' } }) }));
  });

  it('only warns on a file the coding endpoints wrote (its author may add the dictionary in the console)', () => {
    const all = load({ 'shop/book.json': entity({ 'x-origin': 'coding' }, { kind: { type: 'integer', 'x-dict': 'bookKind' } }) }).warnings;
    const warnings = all.filter((w) => w.includes('x-dict'));
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /schemas\/shop\/book\.json: entity shop\/book, property "kind": x-dict "bookKind" is not a dictionary the seed defines/);
  });
});
