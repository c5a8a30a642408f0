import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDatabases } from '../../testing/forEachDb.js';
import { createScopedAdmin } from '../../testing/scopedAdmin.js';
import { startTestApp } from '../../testing/testApp.js';
import type { TestApp } from '../../testing/testApp.js';

const T = '/admin/task/info';

for (const db of testDatabases()) {
  describe(`task service registry endpoint (${db.name})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(await db.config());
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('lists the registered handlers as callable services, a newly registered one included, and each is accepted by add', async () => {
      const before = await app.get(`${T}/services`);
      assert.equal(before.body.code, 1000, JSON.stringify(before.body));
      const list = before.body.data as string[];
      assert.ok(list.includes('taskDemoService.test()'), JSON.stringify(list));
      assert.ok(!list.includes('probe.listed()'));
      assert.deepEqual([...list].sort(), list, 'sorted');
      app.instance.services.modules.taskHandlers.register('probe.listed', () => 'ok');
      const after = (await app.get(`${T}/services`)).body.data as string[];
      assert.ok(after.includes('probe.listed()'));
      const add = await app.post(`${T}/add`, { name: 'picked', taskType: 1, every: 60_000, service: 'probe.listed()', status: 0 });
      assert.equal(add.body.code, 1000, JSON.stringify(add.body));
    });

    it('needs the services permission key (held with task add or update in the seeded menus)', async () => {
      const viewer = await createScopedAdmin(app, { username: 'task-viewer2', perms: ['task:info:page'], departmentIds: [] });
      assert.equal((await app.as(viewer.tokens.token).get(`${T}/services`)).status, 403);
      const editor = await createScopedAdmin(app, { username: 'task-editor2', perms: ['task:info:page', 'task:info:update', 'task:info:services'], departmentIds: [] });
      const res = await app.as(editor.tokens.token).get(`${T}/services`);
      assert.equal(res.body.code, 1000);
      assert.ok((res.body.data as string[]).length > 0);
    });
  });
}
