import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { findCycle, loadParents, nearestAncestor } from '../../crud/tree.js';
import { testDatabases } from '../../testing/forEachDb.js';
import { startTestApp } from '../../testing/testApp.js';
import type { TestApp } from '../../testing/testApp.js';

const D = '/admin/base/sys/department';

describe('tree walks over stored cycles (unit)', () => {
  it('finish instead of spinning', () => {
    const parents = new Map<number, number | null>([[1, 2], [2, 1], [3, 1]]);
    assert.equal(nearestAncestor(parents, 3, new Set([1, 2])), null);
    assert.equal(nearestAncestor(parents, 3, new Set()), 1);
  });
});

for (const db of testDatabases()) {
  describe(`department moves racing (${db.name})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(await db.config());
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('two concurrent moves (X under Y, Y under X) never both pass: the tree stays acyclic and deletable', async () => {
      for (let round = 0; round < 5; round++) {
        const x = (await app.post(`${D}/add`, { name: `X${round}`, orderNum: 1 })).body.data.id as number;
        const y = (await app.post(`${D}/add`, { name: `Y${round}`, orderNum: 2 })).body.data.id as number;
        const [a, b] = await Promise.all([app.post(`${D}/update`, { id: x, parentId: y }), app.post(`${D}/update`, { id: y, parentId: x })]);
        const codes = [a.body.code, b.body.code].sort();
        assert.deepEqual(codes, [1000, 1001], `round ${round}: ${JSON.stringify([a.body, b.body])}`);
        const parents = await loadParents(app.instance.services.knex, 'base_sys_department');
        assert.equal(findCycle(parents, [x, y]), undefined, 'no cycle stored');
        const del = await app.post(`${D}/delete`, { ids: [x, y], deleteUser: false });
        assert.equal(del.body.code, 1000, JSON.stringify(del.body));
      }
    });
  });
}
