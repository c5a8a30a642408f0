import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDatabases } from '../../testing/forEachDb.js';
import { seedUser } from '../../testing/seedUser.js';
import { startTestApp } from '../../testing/testApp.js';
import type { Client, TestApp } from '../../testing/testApp.js';

const M = '/admin/base/sys/menu';
const MENU_KEYS = ['base:sys:menu:add', 'base:sys:menu:update', 'base:sys:menu:delete', 'base:sys:menu:import', 'base:sys:menu:list'];

for (const db of testDatabases()) {
  describe(`menu writes by a non-super admin (${db.name})`, () => {
    let app: TestApp;
    let scoped: Client;
    let ownMenu: number;
    let foreignMenu: number;
    const knex = () => app.instance.services.knex;
    const permsOf = async (c: Client) => (await c.get('/admin/base/comm/permmenu')).body.data.perms as string[];
    before(async () => {
      app = await startTestApp(await db.config());
      await seedUser(app, 'menuadmin', MENU_KEYS, { password: 'menu-pass1' });
      scoped = app.as((await app.login('menuadmin', 'menu-pass1')).token);
      ownMenu = Number((await knex()('base_sys_menu').where({ name: 'm-menuadmin' }).first('id')).id);
      foreignMenu = Number((await knex()('base_sys_menu').where({ router: '/sys/user' }).first('id')).id);
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('cannot grant himself a key he does not hold by rewriting, adding or importing a menu', async () => {
      const before = await permsOf(scoped);
      assert.ok(!before.includes('base:sys:log:page'));
      const attempts = [
        await scoped.post(`${M}/update`, { id: ownMenu, perms: `${MENU_KEYS.join(',')},base:sys:log:page` }),
        await scoped.post(`${M}/update`, { id: ownMenu, perms: 'base/sys/log/page' }),
        await scoped.post(`${M}/add`, { name: 'sneaky', type: 2, parentId: ownMenu, perms: 'base:sys:log:page' }),
        await scoped.post(`${M}/import`, { menus: [{ name: 'sneaky dir', type: 0, childMenus: [{ name: 'btn', type: 2, perms: 'base:sys:user:delete' }] }] }),
      ];
      for (const res of attempts) {
        assert.equal(res.body.code, 1001, JSON.stringify(res.body));
      }
      const after = await permsOf(scoped);
      assert.deepEqual([...after].sort(), [...before].sort(), 'no new key');
      assert.equal(await knex()('base_sys_menu').where({ name: 'sneaky' }).first(), undefined);
      assert.equal(await knex()('base_sys_menu').where({ name: 'sneaky dir' }).first(), undefined);
    });

    it('cannot rename, move, or delete menus he does not hold, nor move his own under them; his own stay editable', async () => {
      const name = (await knex()('base_sys_menu').where({ id: foreignMenu }).first('name')).name;
      for (const res of [
        await scoped.post(`${M}/update`, { id: foreignMenu, name: 'hijacked' }),
        await scoped.post(`${M}/delete`, { ids: [foreignMenu] }),
        await scoped.post(`${M}/update`, { id: ownMenu, parentId: foreignMenu }),
      ]) {
        assert.equal(res.body.code, 1001, JSON.stringify(res.body));
      }
      assert.equal((await knex()('base_sys_menu').where({ id: foreignMenu }).first('name')).name, name, 'untouched');
      const ok = await scoped.post(`${M}/update`, { id: ownMenu, name: 'renamed by owner', perms: 'base:sys:menu:list' });
      assert.equal(ok.body.code, 1000, JSON.stringify(ok.body));
    });

    it('a super-admin may still write any key', async () => {
      const res = await app.post(`${M}/add`, { name: 'super button', type: 2, parentId: foreignMenu, perms: 'base:sys:log:page' });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
    });
  });
}
