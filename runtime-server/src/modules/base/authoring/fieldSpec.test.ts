import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkFieldSpecs, FieldSpecError, parseFieldSpecs } from './fieldSpec.js';
import { entityNames, fileOfId, NameError } from './names.js';

describe('field notation', () => {
  it('reads every kind with its argument and the required marker', () => {
    const specs = parseFieldSpecs('title!:string:50 body:text price:decimal:12,4 qty:int big:bigint ok:bool on:date at:datetime meta:json status:dict:status owner:ref:base/sys/user ratio:number name');
    assert.deepEqual(specs, [
      { name: 'title', kind: 'string', required: true, length: 50 },
      { name: 'body', kind: 'text', required: false },
      { name: 'price', kind: 'decimal', required: false, precision: 12, scale: 4 },
      { name: 'qty', kind: 'int', required: false },
      { name: 'big', kind: 'bigint', required: false },
      { name: 'ok', kind: 'bool', required: false },
      { name: 'on', kind: 'date', required: false },
      { name: 'at', kind: 'datetime', required: false },
      { name: 'meta', kind: 'json', required: false },
      { name: 'status', kind: 'dict', required: false, dict: 'status' },
      { name: 'owner', kind: 'ref', required: false, ref: 'base/sys/user' },
      { name: 'ratio', kind: 'number', required: false },
      { name: 'name', kind: 'string', required: false },
    ]);
    assert.deepEqual(parseFieldSpecs('n:integer b:boolean'), [
      { name: 'n', kind: 'int', required: false },
      { name: 'b', kind: 'bool', required: false },
    ]);
  });

  it('names the bad token and the problem', () => {
    const cases: [string, FieldSpecError['problem']][] = [
      ['Title:string', 'badName'],
      ['a-b:string', 'badName'],
      ['x:blob', 'unknownType'],
      ['x:string:0', 'badArg'],
      ['x:string:abc', 'badArg'],
      ['x:decimal:70', 'badArg'],
      ['x:decimal:4,6', 'badArg'],
      ['x:dict:', 'badArg'],
      ['x:ref:../etc', 'badArg'],
      ['x:int:5', 'badArg'],
      ['createTime:datetime', 'reserved'],
      ['a:int a:text', 'duplicate'],
      ['   ', 'empty'],
    ];
    for (const [text, problem] of cases) {
      assert.throws(() => parseFieldSpecs(text), (e: unknown) => e instanceof FieldSpecError && e.problem === problem, text);
    }
    assert.throws(() => checkFieldSpecs([{ name: 'a', kind: 'blob' as never, required: false }]), FieldSpecError);
    assert.deepEqual(checkFieldSpecs([{ name: 'p', kind: 'decimal', required: true, precision: 8 }]), [{ name: 'p', kind: 'decimal', required: true, precision: 8, scale: 2 }]);
  });
});

describe('entity names', () => {
  it('derives $id, file and table from kebab, snake or camel input', () => {
    for (const input of ['book-shelf', 'book_shelf', 'bookShelf', 'BookShelf']) {
      assert.deepEqual(entityNames('shop', input), { module: 'shop', camel: 'bookShelf', kebab: 'book-shelf', id: 'shop/bookShelf', table: 'shop_book_shelf' });
    }
    assert.deepEqual(fileOfId('base/sys/user'), { module: 'base', kebab: 'sys-user' });
  });

  it('refuses anything that could reach outside schemas/<module>/', () => {
    for (const [module, entity] of [['../x', 'a'], ['Shop', 'a'], ['meta', 'a'], ['seed', 'a'], ['shop', '../a'], ['shop', 'a/b'], ['shop', 'a.b'], ['shop', ''], ['shop', '-a'], ['shop', 'a'.repeat(60)]] as const) {
      assert.throws(() => entityNames(module, entity), NameError, `${module} ${entity}`);
    }
    assert.throws(() => fileOfId('../x'), NameError);
    assert.throws(() => fileOfId('shop'), NameError);
  });
});
