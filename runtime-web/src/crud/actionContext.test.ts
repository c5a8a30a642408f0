import assert from 'node:assert/strict';
import { test } from 'node:test';
import { actionContext } from './actionContext';

const move = { type: 'object', required: ['departmentId', 'userIds'], properties: { departmentId: { type: 'integer' }, userIds: { type: 'array' } } };
const loss = { type: 'object', required: ['id', 'on'], properties: { id: { type: 'integer' }, on: { type: 'boolean' }, message: { type: ['string', 'null'] } } };
const restore = { type: 'object', required: ['ids'], properties: { ids: { type: 'array' } } };

test('ids come from the row or the selection; the rest is asked for', () => {
  assert.deepEqual(actionContext(move, [{ id: 3 }, { id: 5 }]), { values: { userIds: [3, 5] }, asked: ['departmentId'], missingIds: false });
  assert.deepEqual(actionContext(loss, [{ id: 7 }]), { values: { id: 7 }, asked: ['on', 'message'], missingIds: false });
  assert.deepEqual(actionContext(restore, [{ id: 1 }]), { values: { ids: [1] }, asked: [], missingIds: false }, 'nothing to ask: run at once');
  assert.equal(actionContext(restore, []).missingIds, true, 'a toolbar action on an empty selection');
  assert.deepEqual(actionContext(undefined, []), { values: {}, asked: [], missingIds: false });
});
