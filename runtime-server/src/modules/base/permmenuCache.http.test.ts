import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { now } from '../../db/values.js';
import { TABLES } from '../../generated/tables.js';
import { testDatabases } from '../../testing/forEachDb.js';
import { seedUser } from '../../testing/seedUser.js';
import { startTestApp } from '../../testing/testApp.js';
import { eventually } from '../../testing/eventually.js';
import type { Client } from '../../testing/testApp.js';
import { insertId } from '../../db/insertId.js';

const PASS = 'perm-pass1';

for (const db of testDatabases()) {
  describe(`permmenu cached per user with the auth epoch (${db.name})`, () => {
    after(() => db.cleanup());
    it('answers from the cache, drops it on a menu write on every instance, and re-reads within 3 s whatever happens', async () => {
      const config = await db.config();
      const a = await startTestApp(config);
      const b = await startTestApp(config);
      try {
        const knex = a.instance.services.knex;
        await seedUser(a, 'pmcache', ['base:sys:user:page'], { password: PASS });
        const onB: Client = b.as((await b.login('pmcache', PASS)).token);
        const perms = async () => (await onB.get('/admin/base/comm/permmenu')).body.data.perms as string[];
        assert.deepEqual(await perms(), ['base:sys:user:page']);

        // A row written behind the app's back (no epoch bump): the cached answer stands for now…
        const ts = now();
        const roleId = Number((await knex(TABLES.baseSysRole).where({ name: 'r-pmcache' }).first('id')).id);
        const menuId = await insertId(knex, TABLES.baseSysMenu, { name: 'pm-extra', type: 2, perms: 'base:sys:log:page', orderNum: 0, keepAlive: 1, isShow: 1, createTime: ts, updateTime: ts });
        await knex(TABLES.baseSysRoleMenu).insert({ roleId, menuId, createTime: ts, updateTime: ts });
        assert.deepEqual(await perms(), ['base:sys:user:page'], 'served from the cache');
        // …and is re-read once the cached entry is older than the session TTL (3 s), epoch or not.
        const waited = await eventually(async () => (await perms()).includes('base:sys:log:page'), 'direct write seen', 4500);
        assert.ok(waited <= 4000, `seen after ${waited} ms`);

        // A write through the API on A bumps the epoch: B drops its cached answer well within 5 s.
        assert.deepEqual(await perms(), ['base:sys:log:page', 'base:sys:user:page']);
        const del = await a.post('/admin/base/sys/menu/delete', { ids: [Number(menuId)] });
        assert.equal(del.body.code, 1000, JSON.stringify(del.body));
        await eventually(async () => !(await perms()).includes('base:sys:log:page'), 'menu delete seen on B', 5000);
      } finally {
        await a.close();
        await b.close();
      }
    });
  });
}
