import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { hashSecret } from '../core/secrets.js';
import { now } from '../db/values.js';
import { testDatabases } from '../testing/forEachDb.js';
import { createScopedAdmin, insertUser } from '../testing/scopedAdmin.js';
import { loginRequest, startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';

for (const db of testDatabases()) {
  describe(`answers that tell nothing (${db.name})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(await db.config());
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('a role-less account with the right password answers like a wrong password', async () => {
      const ts = now();
      await app.instance.services.knex('base_sys_user').insert({ username: 'noroles', password: await hashSecret('right-pass1'), passwordV: 1, isSuper: 0, status: 1, createTime: ts, updateTime: ts });
      const right = await loginRequest(app.anon, 'noroles', 'right-pass1');
      const wrong = await loginRequest(app.anon, 'noroles', 'wrong-pass1');
      assert.equal(right.body.code, 1001);
      assert.deepEqual(right.body, wrong.body);
    });

    it("a user outside the caller's scope answers like a missing one", async () => {
      const inside = (await app.post('/admin/base/sys/department/add', { name: 'Inside', orderNum: 1 })).body.data.id as number;
      const outsideDept = (await app.post('/admin/base/sys/department/add', { name: 'Outside', orderNum: 2 })).body.data.id as number;
      const admin = await createScopedAdmin(app, { username: 'scopedone', perms: ['base:sys:user:move'], departmentIds: [inside] });
      const hidden = await insertUser(app, 'hiddenuser', outsideDept);
      const as = app.as(admin.tokens.token);
      const beyond = await as.post('/admin/base/sys/user/move', { departmentId: inside, userIds: [hidden] });
      const missing = await as.post('/admin/base/sys/user/move', { departmentId: inside, userIds: [987654] });
      assert.equal(beyond.body.code, 1001);
      assert.equal(beyond.body.message.replace(String(hidden), '#'), missing.body.message.replace('987654', '#'));
    });
  });
}
