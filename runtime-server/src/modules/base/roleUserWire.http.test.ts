import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { testDatabases } from '../../testing/forEachDb.js';
import { startTestApp } from '../../testing/testApp.js';
import type { TestApp } from '../../testing/testApp.js';

/**
 * The role and user answers recorded before their relations moved into the generic path (x-relation, hooks):
 * the same requests must answer the same keys and values (times masked). `RECORD_WIRE=1` rewrites the fixture.
 */

const U = '/admin/base/sys/user';
const R = '/admin/base/sys/role';
const TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}/;

function mask(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(mask);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mask(x)]));
  return typeof v === 'string' && TIME.test(v) ? '<time>' : v;
}

async function journey(app: TestApp): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const call = async (name: string, url: string, body?: unknown, get = false) => {
    const res = get ? await app.get(url, body as Record<string, unknown>) : await app.post(url, body ?? {});
    out[name] = mask(res.body);
    return res.body;
  };
  const knex = app.instance.services.knex;
  const menus = ((await knex('base_sys_menu').whereIn('perms', ['base:sys:role:page', 'base:sys:user:page']).select('id')) as { id: number }[]).map((r) => Number(r.id)).sort((a, b) => a - b);
  const depts = ((await knex('base_sys_department').orderBy('id').select('id')) as { id: number }[]).map((r) => Number(r.id));
  await call('role page (seed)', `${R}/page`, { page: 1, size: 20 });
  await call('role list (seed)', `${R}/list`, {});
  await call('role info (seed)', `${R}/info`, { id: 1 }, true);
  const role = await call('role add', `${R}/add`, { name: 'Wire', label: 'wire', relevance: false, menuIdList: menus, departmentIdList: depts.slice(0, 2) });
  const roleId = role.data.id as number;
  await call('role add unknown menu', `${R}/add`, { name: 'Bad', label: 'bad', menuIdList: [999999] });
  await call('role add unknown department', `${R}/add`, { name: 'Bad', label: 'bad', departmentIdList: [999999] });
  await call('role info', `${R}/info`, { id: roleId }, true);
  await call('role update name only', `${R}/update`, { id: roleId, name: 'Wire2' });
  await call('role info after name', `${R}/info`, { id: roleId }, true);
  await call('role update lists', `${R}/update`, { id: roleId, menuIdList: menus.slice(0, 1), departmentIdList: [] });
  await call('role info after lists', `${R}/info`, { id: roleId }, true);
  await call('role page', `${R}/page`, { page: 1, size: 20 });
  await call('role list', `${R}/list`, {});
  const user = await call('user add', `${U}/add`, { username: 'wire', password: 'wire-pass1', name: 'W', departmentId: depts[0], roleIdList: [roleId, 1] });
  const userId = user.data as number;
  await call('user add unknown role', `${U}/add`, { username: 'wire2', password: 'wire-pass1', roleIdList: [999999] });
  await call('user add no password', `${U}/add`, { username: 'wire3' });
  await call('user info', `${U}/info`, { id: userId }, true);
  await call('user page', `${U}/page`, { page: 1, size: 20 });
  await call('user list', `${U}/list`, {});
  await call('user update', `${U}/update`, { id: userId, name: 'W2', roleIdList: [roleId] });
  await call('user info after update', `${U}/info`, { id: userId }, true);
  await call('user update no roles key', `${U}/update`, { id: userId, nickName: 'n' });
  await call('user info after nick', `${U}/info`, { id: userId }, true);
  await call('user update unknown role', `${U}/update`, { id: userId, roleIdList: [999999] });
  await call('user update clear roles', `${U}/update`, { id: userId, roleIdList: [] });
  await call('user info cleared', `${U}/info`, { id: userId }, true);
  await call('role delete', `${R}/delete`, { ids: [roleId] });
  await call('role page after delete', `${R}/page`, { page: 1, size: 20 });
  await call('user delete', `${U}/delete`, { ids: [userId] });
  await call('user page after delete', `${U}/page`, { page: 1, size: 20 });
  return out;
}

for (const db of testDatabases()) {
  describe(`role and user answers stay as recorded (${db.name})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(await db.config());
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('answers every request of the journey exactly as recorded', async () => {
      // PostgreSQL came later: it must answer exactly what MariaDB answered when recorded (the SQLite and
      // MariaDB recordings are the same, as every database answers alike); it records nothing of its own.
      const file = path.join(import.meta.dirname, 'fixtures', `roleUserWire.${db.name === 'postgres' ? 'mariadb' : db.name}.json`);
      const got = await journey(app);
      if (process.env.RECORD_WIRE === '1' && db.name !== 'postgres') fs.writeFileSync(file, JSON.stringify(got, null, 1) + '\n');
      const want = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      for (const k of Object.keys(want)) assert.deepEqual(got[k], want[k], k);
      assert.deepEqual(Object.keys(got), Object.keys(want));
    });
  });
}
