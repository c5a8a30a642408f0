import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanWhere, countConditions, opsFor, parseWhere, restrictWhere } from './where';
import type { FieldMeta } from './types';

const field = (type: string, extra: Partial<FieldMeta> = {}): FieldMeta => ({ name: 'x', type, label: {}, schema: {}, ...extra });

describe('where (advanced filter) model', () => {
  it('offers the operators the server allows per field type', () => {
    assert.deepEqual(opsFor(field('string')), ['eq', 'ne', 'in', 'contains', 'startsWith', 'isEmpty']);
    assert.deepEqual(opsFor(field('decimal')), ['eq', 'ne', 'in', 'between', 'gt', 'gte', 'lt', 'lte', 'isEmpty']);
    assert.deepEqual(opsFor(field('integer', { dict: 'goodsType' })), ['eq', 'ne', 'in', 'isEmpty']);
    assert.deepEqual(opsFor(field('boolean')), ['eq', 'ne', 'isEmpty']);
    assert.deepEqual(opsFor(field('string', { secret: true })), []);
  });

  it('drops unfinished conditions and empty groups, keeps the nesting of the rest', () => {
    const tree = {
      and: [
        { field: 'price', op: 'gte' as const, value: 10 },
        { field: 'title', op: 'contains' as const, value: '' },
        { or: [{ field: 'type', op: 'in' as const, value: [] }, { field: 'price', op: 'between' as const, value: [1, null] }] },
        { or: [{ field: 'title', op: 'isEmpty' as const, value: false }, { field: 'type', op: 'in' as const, value: [1, 2] }] },
      ],
    };
    assert.deepEqual(cleanWhere(tree), {
      and: [
        { field: 'price', op: 'gte', value: 10 },
        { or: [{ field: 'title', op: 'isEmpty', value: false }, { field: 'type', op: 'in', value: [1, 2] }] },
      ],
    });
    assert.equal(countConditions(cleanWhere(tree)), 3);
    assert.equal(cleanWhere({ or: [{ field: 'a', op: 'eq' }] }), undefined);
  });

  it('reads the URL form defensively and drops fields a viewer may not use, naming them', () => {
    assert.equal(parseWhere('not json'), undefined);
    assert.equal(parseWhere('[1]'), undefined);
    const r = restrictWhere({ or: [{ field: 'secret', op: 'eq', value: 1 }, { and: [{ field: 'title', op: 'eq', value: 'a' }, { field: 'gone', op: 'eq', value: 2 }] }] }, new Set(['title']));
    assert.deepEqual(r.where, { or: [{ and: [{ field: 'title', op: 'eq', value: 'a' }] }] });
    assert.deepEqual(r.dropped, ['secret', 'gone']);
  });
});

describe('where in the URL', () => {
  it('round-trips through the query string and into the request body', async () => {
    const { fromQuery, toQuery, toRequest } = await import('./urlState');
    const where = { and: [{ field: 'price', op: 'gte' as const, value: 10 }, { or: [{ field: 'title', op: 'contains' as const, value: 'a&b=c' }] }] };
    const q = toQuery({ page: 1, size: 20, filters: {}, where });
    const back = fromQuery(q, []);
    assert.deepEqual(back.where, where);
    assert.deepEqual(toRequest(back).where, where);
    assert.equal(fromQuery('w=%7Bbroken', []).where, undefined);
  });
});
