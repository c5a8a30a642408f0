import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { docOf, previewEntity, rowsOf } from './draftDoc';
import type { Doc } from './draftDoc';

const DRAFT: Doc = {
  $id: 'library/book',
  'x-label': { 'zh-cn': '图书', 'zh-tw': '圖書', en: 'Book' },
  'x-table': 'library_book',
  'x-api': ['add', 'delete', 'update', 'info', 'list', 'page'],
  'x-query': { keyWordLikeFields: ['title'] },
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 255, 'x-label': { 'zh-cn': '标题', 'zh-tw': '標題', en: 'Title' } },
    price: { type: ['number', 'null'], multipleOf: 0.01, 'x-column': { type: 'decimal', precision: 10, scale: 2 }, 'x-label': { 'zh-cn': '价格', 'zh-tw': '價格', en: 'Price' } },
  },
  required: ['title'],
};

describe('AI helper draft ↔ fields table', () => {
  it('reads kinds, labels, required and search from the draft', () => {
    assert.deepEqual(
      rowsOf(DRAFT).map((r) => [r.name, r.kind, r.required, r.search, r.label.en]),
      [
        ['title', 'string', true, true, 'Title'],
        ['price', 'decimal', false, false, 'Price'],
      ],
    );
  });
  it('writes edits back: a new required dictionary field, a searched decimal, entity keywords kept', () => {
    const rows = rowsOf(DRAFT);
    rows[1]!.search = true;
    rows.push({ name: 'kind', kind: 'integer', label: { 'zh-cn': '类别', 'zh-tw': '類別', en: 'Kind' }, required: true, dict: 'goodsType', search: true });
    const doc = docOf(DRAFT, rows);
    assert.equal(doc['x-table'], 'library_book');
    assert.deepEqual(doc.required, ['title', 'kind']);
    assert.deepEqual(doc.properties.kind, { type: 'integer', 'x-dict': 'goodsType', 'x-label': { 'zh-cn': '类别', 'zh-tw': '類別', en: 'Kind' } });
    assert.deepEqual(doc['x-query'], { keyWordLikeFields: ['title'], fieldEq: ['price', 'kind'] });
    assert.deepEqual((doc['x-screen'] as { columns: string[] }).columns, ['title', 'price', 'kind', 'createTime']);
    assert.deepEqual(rowsOf(doc).map((r) => r.kind), ['string', 'decimal', 'integer']);
  });
  it('gives the renderer an entity with typed fields', () => {
    const e = previewEntity(DRAFT);
    assert.equal(e.prefix, '/admin/library/book');
    assert.deepEqual(e.fields.map((f) => [f.name, f.type]), [['title', 'string'], ['price', 'decimal'], ['createTime', 'datetime']]);
  });
});
