import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import request from 'supertest';
import { testDatabases } from '../testing/forEachDb.js';
import { createScopedAdmin } from '../testing/scopedAdmin.js';
import type { ScopedAdmin } from '../testing/scopedAdmin.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';
import { ENTITIES, TABLES } from '../generated/tables.js';
import { insertId } from '../db/insertId.js';
import { now } from '../db/values.js';

/**
 * Issue 34: every entity, every path. A scoped admin (some menus, one department of data scope) who holds none of
 * an entity's permission keys sends the same request through each path that reaches the entity — its routes
 * (relation writes and history included), bulk edit, import preview and commit, export — and gets the same
 * refusal everywhere, with nothing written.
 */
const J = '/admin/base/sys/dataJob';
const GENERIC = ['add', 'update', 'delete', 'info', 'page', 'list', 'history'];
// Tables every request may write whatever it asks (request log, throttles, sessions, the import job row of the commit path).
const BOOKKEEPING = new Set<string>([TABLES.baseSysLog, TABLES.baseSysRate, TABLES.baseSysLoginAttempt, TABLES.baseSysSession, TABLES.baseSysDataJob, TABLES.baseSysConf]);

for (const db of testDatabases()) {
  describe(`every entity, every path: the same refusal, nothing written (${db.name})`, () => {
    let app: TestApp;
    let scoped: ScopedAdmin;
    before(async () => {
      app = await startTestApp(await db.config());
      const dept = (await app.instance.services.knex(TABLES.baseSysDepartment).where({ name: '测试' }).first('id')) as { id: number };
      scoped = await createScopedAdmin(app, { username: 'every-path', perms: ['base:comm:person'], departmentIds: [Number(dept.id)] });
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('refuses each (entity, path) pair alike and writes nothing', async () => {
      const { services } = app.instance;
      const knex = services.knex;
      const as = app.as(scoped.tokens.token);
      const counts = async () => {
        const out: Record<string, number> = {};
        for (const rt of services.schema.registry.values()) {
          if (BOOKKEEPING.has(rt.table)) continue;
          out[rt.table] = Number(((await knex(rt.table).count({ n: '*' }).first()) as { n: unknown }).n);
        }
        return out;
      };
      const before = await counts();
      const pairs: string[] = [];
      let expected: { status: number; code: number; message: string } | undefined;
      const check = async (entity: string, path: string, res: { status: number; body: { code: number; message: string } }) => {
        const got = { status: res.status, code: res.body.code, message: res.body.message };
        expected ??= got;
        assert.deepEqual(got, expected, `${entity} via ${path}`);
        pairs.push(`${entity} ${path}`);
      };
      for (const e of services.schema.entities.values()) {
        if (!e.table || !e.prefix || !services.schema.registry.has(e.id)) continue;
        const perm = (name: string) => e.actions.find((a) => a.name === name && a.auth === 'perm');
        // Routes: the generic actions the entity has (its relation writes are its add and update bodies).
        for (const name of GENERIC) {
          const a = perm(name);
          if (!a) continue;
          const url = `${e.prefix}/${name}`;
          const relation = e.relations?.find((r) => r.stored);
          const body = name === 'delete' ? { ids: [1] } : name === 'update' ? { id: 1, ...(relation ? { [relation.name]: [1] } : {}) } : name === 'add' ? { ...(relation ? { [relation.name]: [1] } : {}) } : {};
          const res = a.method === 'get' ? await as.get(url, { id: 1 }).set('language', 'en') : await as.post(url, body).set('language', 'en');
          await check(e.id, relation && (name === 'add' || name === 'update') ? `route ${name} (relation write)` : `route ${name}`, res);
        }
        if (perm('update')) {
          await check(e.id, 'bulk edit', await as.post(`${J}/bulkUpdate`, { prefix: e.prefix, ids: [1], set: { [e.fields.find((f) => !f.secret && !f.readOnly)?.name ?? 'id']: null } }).set('language', 'en'));
        }
        if (perm('add')) {
          const preview = await request(app.instance.callback()).post(`${J}/importPreview`).set('Authorization', scoped.tokens.token).set('language', 'en')
            .field('prefix', e.prefix).attach('file', Buffer.from('id\n1\n'), 'rows.csv');
          await check(e.id, 'import preview', preview);
          // The commit path of a job the admin holds (as if previewed before his permission went).
          const ts = now();
          const jobId = await insertId(knex, TABLES.baseSysDataJob, {
            userId: scoped.userId, kind: 'import', entity: e.id, format: 'csv', status: 0, total: 1, processed: 0,
            file: 'none-upload.csv', fileName: 'rows.csv', params: '{}', createTime: ts, updateTime: ts,
          });
          await check(e.id, 'import commit', await as.post(`${J}/importStart`, { id: jobId, mode: 'all' }).set('language', 'en'));
        }
        if (perm('page') || perm('list')) {
          const cols = e.fields.filter((f) => !f.secret).slice(0, 1).map((f) => f.name);
          await check(e.id, 'export', await as.post(`${J}/exportStart`, { prefix: e.prefix, format: 'csv', columns: cols.length ? cols : ['id'] }).set('language', 'en'));
        }
      }
      assert.equal(expected?.status, 403, JSON.stringify(expected));
      assert.deepEqual(await counts(), before, 'nothing written');
      const entities = new Set(pairs.map((p) => p.split(' ')[0]));
      console.log(`every-path (${db.name}): ${pairs.length} (entity, path) pairs over ${entities.size} entities refused alike`);
      // Every table-backed entity with a permission-checked action took part; the count guards against a silent shrink.
      assert.ok(entities.has(ENTITIES.baseSysMenu) && entities.has(ENTITIES.baseSysDepartment) && entities.has(ENTITIES.baseSysAudit));
      assert.ok(pairs.length >= 100, `${pairs.length} pairs`);
    });
  });
}
