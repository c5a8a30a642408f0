import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadModel, projectPaths } from '@schema-admin/generator';
import { draftLocally, guessKind, NoFieldsError } from './localDrafter.js';
import { checkDraft } from './validateDraft.js';
import { FieldSpecError } from './fieldSpec.js';

const paths = projectPaths();
const model = loadModel(paths.schemas, paths.root);

function props(doc: Record<string, unknown>): Record<string, Record<string, unknown>> {
  return doc.properties as Record<string, Record<string, unknown>>;
}

describe('offline drafter', () => {
  const inputs: [string, { module?: string; entity?: string }, string, Record<string, string>][] = [
    ['a product with title, price and stock', {}, 'custom/product', { title: 'string', price: 'decimal', stock: 'integer' }],
    ['title!:string:50 price:decimal status:dict:status', { module: 'shop', entity: 'book' }, 'shop/book', { title: 'string', price: 'decimal', status: 'integer' }],
    ['Create a customer having name, email, phone number, birthday, is active and notes', { module: 'crm' }, 'crm/customer', { name: 'string', email: 'string', phoneNumber: 'string', birthday: 'string', isActive: 'boolean', notes: 'string' }],
    ['一个商品，包含标题、价格和库存', { module: 'shop' }, 'shop/product', { title: 'string', price: 'decimal', stock: 'integer' }],
    ['an order item with unit price, quantity, paid and created at', { module: 'shop' }, 'shop/orderItem', { unitPrice: 'decimal', quantity: 'integer', paid: 'boolean', createdAt: 'string' }],
  ];
  for (const [text, opts, id, types] of inputs) {
    it(`"${text}" → a valid ${id}`, () => {
      const doc = draftLocally({ description: text, ...opts });
      assert.equal(doc.$id, id);
      const check = checkDraft(doc, paths.schemas, model.entities);
      assert.deepEqual(check.problems, [], JSON.stringify(doc));
      assert.equal(check.valid, true);
      const p = props(doc);
      assert.deepEqual(Object.keys(p), Object.keys(types));
      for (const [name, kind] of Object.entries(types)) {
        const t = [p[name]!.type].flat()[0];
        const column = (p[name]!['x-column'] as { type?: string } | undefined)?.type;
        assert.equal(column === 'decimal' ? 'decimal' : t, kind, `${name}: ${JSON.stringify(p[name])}`);
      }
    });
  }

  it('is deterministic and labels known words in all three locales', () => {
    const a = draftLocally({ description: 'a product with title, price and stock' });
    assert.deepEqual(draftLocally({ description: 'a product with title, price and stock' }), a);
    assert.deepEqual(props(a).price!['x-label'], { 'zh-cn': '价格', 'zh-tw': '價格', en: 'Price' });
    assert.deepEqual(a['x-label'], { 'zh-cn': '商品', 'zh-tw': '商品', en: 'Product' });
    assert.deepEqual(a.required, ['title']);
  });

  it('keeps unknown Chinese words as labels', () => {
    const doc = draftLocally({ description: '会员卡，包含标题、积分', module: 'crm' });
    assert.deepEqual(props(doc).field2!['x-label'], { 'zh-cn': '积分', 'zh-tw': '积分', en: 'Field2' });
    assert.equal((doc['x-label'] as { 'zh-cn': string })['zh-cn'], '会员卡');
    assert.equal(checkDraft(doc, paths.schemas, model.entities).valid, true);
  });

  it('refuses text without fields and bad notation', () => {
    assert.throws(() => draftLocally({ description: 'hello there' }), NoFieldsError);
    assert.throws(() => draftLocally({ description: 'title:blob' }), FieldSpecError);
  });

  it('guesses kinds from names', () => {
    assert.equal(guessKind('categoryId'), 'int');
    assert.equal(guessKind('phoneNumber'), 'string');
    assert.equal(guessKind('hasStock'), 'bool');
    assert.equal(guessKind('startTime'), 'datetime');
  });
});
