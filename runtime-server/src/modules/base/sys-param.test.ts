import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDatabases } from '../../testing/forEachDb.js';
import { createScopedAdmin } from '../../testing/scopedAdmin.js';
import { startTestApp } from '../../testing/testApp.js';
import type { TestApp } from '../../testing/testApp.js';
import { paramValue } from './sys-param.js';

const P = '/admin/base/sys/param';

for (const db of testDatabases()) {
  describe(`params (${db.name})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(await db.config());
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('refuses a second param with the same keyName, naming the field', async () => {
      const first = await app.post(`${P}/add`, { keyName: 'siteName', name: 'Site name', data: 'Schema Admin', dataType: 0 });
      assert.equal(first.body.code, 1000);
      const dup = await app.post(`${P}/add`, { keyName: 'siteName', name: 'Other', data: 'x', dataType: 0 });
      assert.equal(dup.body.code, 1001);
      assert.equal(dup.body.message, '键名已存在');
      const en = await app.post(`${P}/add`, { keyName: 'siteName', name: 'Other' }).set('language', 'en');
      assert.equal(en.body.message, 'Key already exists');
      const other = await app.post(`${P}/add`, { keyName: 'renamed', name: 'Renamed' });
      const clash = await app.post(`${P}/update`, { id: other.body.data.id, keyName: 'siteName' });
      assert.equal(clash.body.code, 1001, 'an update to a taken key too');
    });

    it('html answers the param as an escaped page under a script-forbidding CSP', async () => {
      await app.post(`${P}/add`, { keyName: 'xss', name: '<b>T</b>', data: '<script>alert(1)</script><p>ok</p>', dataType: 1 });
      const res = await app.get(`${P}/html`, { key: 'xss' });
      assert.equal(res.status, 200);
      assert.match(res.headers['content-type'] ?? '', /text\/html/);
      assert.match(res.headers['content-security-policy'] ?? '', /default-src 'none'/);
      assert.ok(!res.text.includes('<script>'), res.text);
      assert.ok(res.text.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
      assert.ok(res.text.includes('<title>&lt;b&gt;T&lt;/b&gt;</title>'));
      const missing = await app.get(`${P}/html`, { key: 'no-such-key' });
      assert.equal(missing.status, 404);
      const noKey = await app.get(`${P}/html`);
      assert.equal(noKey.body.code, 1002);
    });

    it('html needs a token and the base:sys:param:html permission', async () => {
      const anon = await app.anon.get(`${P}/html`, { key: 'xss' });
      assert.equal(anon.status, 401);
      const u = await createScopedAdmin(app, { username: 'param-pager', perms: ['base:sys:param:page'], departmentIds: [] });
      const denied = await app.as(u.tokens.token).get(`${P}/html`, { key: 'xss' });
      assert.equal(denied.status, 403);
      const v = await createScopedAdmin(app, { username: 'param-html', perms: ['base:sys:param:html'], departmentIds: [] });
      assert.equal((await app.as(v.tokens.token).get(`${P}/html`, { key: 'xss' })).status, 200);
    });

    it('paramValue decodes by data type: JSON or text, rich text raw, files as a list', async () => {
      const rows = [
        { keyName: 'pv.json', name: 'j', data: '{"a":[1,2]}', dataType: 0 },
        { keyName: 'pv.text', name: 't', data: 'plain {text', dataType: 0 },
        { keyName: 'pv.html', name: 'h', data: '{"not":"parsed"}', dataType: 1 },
        { keyName: 'pv.files', name: 'f', data: 'a.png,b.png', dataType: 2 },
        { keyName: 'pv.nofiles', name: 'f', data: null, dataType: 2 },
      ];
      assert.equal((await app.post(`${P}/add`, rows)).body.code, 1000);
      const knex = app.instance.services.knex;
      assert.deepEqual(await paramValue(knex, 'pv.json'), { a: [1, 2] });
      assert.equal(await paramValue(knex, 'pv.text'), 'plain {text');
      assert.equal(await paramValue(knex, 'pv.html'), '{"not":"parsed"}');
      assert.deepEqual(await paramValue(knex, 'pv.files'), ['a.png', 'b.png']);
      assert.deepEqual(await paramValue(knex, 'pv.nofiles'), []);
      assert.equal(await paramValue(knex, 'pv.unknown'), undefined);
    });
  });
}
