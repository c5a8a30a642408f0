import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { binary } from '../testing/binaryBody.js';
import { testDatabases } from '../testing/forEachDb.js';
import { seedUser } from '../testing/seedUser.js';
import { createScopedAdmin, insertUser } from '../testing/scopedAdmin.js';
import { startTestApp } from '../testing/testApp.js';
import type { Client, TestApp } from '../testing/testApp.js';
import { JOB_TABLE, jobDir, pruneJobs } from './jobs.js';
import { TABLES } from '../generated/tables.js';
import { insertId } from '../db/insertId.js';

const J = '/admin/base/sys/dataJob';
const G = '/admin/demo/goods';
const GOODS_PERMS = ['add', 'page'].map((a) => `demo:goods:${a}`);

interface Job {
  id: number;
  status: number;
  total: number;
  processed: number;
  error: string | null;
  fileName: string;
}

/** Starts an export and waits until it leaves queued/running, asking `poll` (possibly another instance). */
async function exportJob(start: Client, body: Record<string, unknown>, poll: Client = start): Promise<Job> {
  const res = await start.post(`${J}/exportStart`, body).set('language', 'en');
  assert.equal(res.body.code, 1000, JSON.stringify(res.body));
  for (let i = 0; i < 200; i++) {
    const info = await poll.get(`${J}/jobInfo`, { id: res.body.data.id });
    assert.equal(info.body.code, 1000, JSON.stringify(info.body));
    if (info.body.data.status >= 2) return info.body.data as Job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('export job did not end');
}


async function download(client: Client, id: number): Promise<Buffer> {
  const res = await client.get(`${J}/jobDownload`, { id }).buffer(true).parse(binary);
  assert.equal(res.status, 200);
  assert.match(String(res.headers['content-disposition']), /^attachment;/);
  return res.body as Buffer;
}

const csvRows = (buf: Buffer): string[][] => parse(buf.toString('utf8'), { bom: true }) as string[][];

for (const db of testDatabases()) {
  describe(`export jobs (${db.name})`, () => {
    let app: TestApp;
    let second: TestApp;
    before(async () => {
      const config = await db.config();
      app = await startTestApp(config);
      // A second instance on the same database and DATA_DIR.
      second = await startTestApp(config);
      const goods = [
        { title: 'Phone', price: 1999.9, status: 1, type: 1, description: 'd1' },
        { title: 'Shirt', price: '12.30', status: 0, type: 2, description: 'd2' },
        { title: '=HYPERLINK("x")', price: 0.1, status: 1, type: 3, description: null },
        { title: 'Cheap', price: '99999999.99', status: 1, type: null, description: 'd4' },
      ];
      assert.equal((await app.post(`${G}/add`, goods)).body.code, 1000);
    });
    after(async () => {
      await second?.close();
      await app?.close();
      await db.cleanup();
    });

    it('CSV: chosen columns, filters and sort, headers and labels in the user\'s language, exact decimals', async () => {
      const job = await exportJob(app, { prefix: G, format: 'csv', columns: ['title', 'price', 'status', 'type'], filters: { status: 1, order: 'price', sort: 'asc' } });
      assert.equal(job.status, 2, JSON.stringify(job));
      assert.equal(job.total, 3);
      assert.equal(job.processed, 3);
      assert.match(job.fileName, /^Goods-\d{14}\.csv$/);
      const rows = csvRows(await download(app, job.id));
      assert.deepEqual(rows, [
        ['Title', 'Price', 'Status', 'Type'],
        ["'=HYPERLINK(\"x\")", '0.10', 'Enabled', '食品'],
        ['Phone', '1999.90', 'Enabled', '数码'],
        ['Cheap', '99999999.99', 'Enabled', ''],
      ]);
    });

    it('raw values on request; keyword filter; xlsx keeps exact decimals as numbers with their scale', async () => {
      const raw = await exportJob(app, { prefix: G, format: 'csv', raw: true, columns: ['title', 'status', 'type'], filters: { title: 'Shirt' } });
      assert.deepEqual(csvRows(await download(app, raw.id)), [['Title', 'Status', 'Type'], ['Shirt', '0', '2']]);
      const where = await exportJob(app, { prefix: G, format: 'csv', columns: ['title'], filters: { where: { or: [{ field: 'price', op: 'gt', value: 1000 }, { field: 'type', op: 'eq', value: 2 }] }, order: 'title', sort: 'asc' } });
      assert.deepEqual(csvRows(await download(app, where.id)), [['Title'], ['Cheap'], ['Phone'], ['Shirt']], 'the where filter language applies too');
      const badWhere = await app.post(`${J}/exportStart`, { prefix: G, format: 'csv', columns: ['title'], filters: { where: { field: 'nope', op: 'eq', value: 1 } } });
      assert.equal(badWhere.body.code, 1002);

      const x = await exportJob(app, { prefix: G, format: 'xlsx', columns: ['title', 'price', 'status'], filters: { order: 'price', sort: 'desc' } });
      assert.equal(x.status, 2, JSON.stringify(x));
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await download(app, x.id)) as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      const values = ws.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
      assert.deepEqual(values, [
        ['Title', 'Price', 'Status'],
        ['Cheap', 99999999.99, 'Enabled'],
        ['Phone', 1999.9, 'Enabled'],
        ['Shirt', 12.3, 'Disabled'],
        ['\'=HYPERLINK("x")', 0.1, 'Enabled'],
      ]);
      assert.equal(ws.getCell('B2').numFmt, '0.00');
    });

    it('bad input answers 1002 before any job: no column, an unknown or secret column, a bad filter or order', async () => {
      const before = Number(((await app.instance.services.knex(JOB_TABLE).count({ n: '*' })) as { n: number }[])[0]!.n);
      const none = await app.post(`${J}/exportStart`, { prefix: G, format: 'csv', columns: [] }).set('language', 'en');
      assert.equal(none.body.code, 1002);
      assert.equal(none.body.message, 'Export requires at least one column chosen');
      const secret = await app.post(`${J}/exportStart`, { prefix: '/admin/base/sys/user', format: 'csv', columns: ['username', 'password'] });
      assert.equal(secret.body.code, 1002, JSON.stringify(secret.body));
      const filter = await app.post(`${J}/exportStart`, { prefix: G, format: 'csv', columns: ['title'], filters: { status: 'x; drop table demo_goods' } });
      assert.equal(filter.body.code, 1002);
      const order = await app.post(`${J}/exportStart`, { prefix: G, format: 'csv', columns: ['title'], filters: { order: 'title; --' } });
      assert.equal(order.body.code, 1002);
      const entity = await app.post(`${J}/exportStart`, { prefix: '/admin/base/sys/session', format: 'csv', columns: ['id'] });
      assert.equal(entity.body.code, 1001, 'an internal table is no export source');
      const after = Number(((await app.instance.services.knex(JOB_TABLE).count({ n: '*' })) as { n: number }[])[0]!.n);
      assert.equal(after, before);
    });

    it('tenant and permission: a tenant exports only its rows; no page permission, no export; jobs are their owner\'s', async () => {
      await seedUser(app, 'exp-t1', GOODS_PERMS, { tenantId: 1 });
      await seedUser(app, 'exp-none', ['demo:goods:add']);
      const t1 = app.as((await app.login('exp-t1', 'user-pass1')).token);
      assert.equal((await t1.post(`${G}/add`, { title: 'Tenant one item', price: 5 })).body.code, 1000);
      const job = await exportJob(t1, { prefix: G, format: 'csv', columns: ['title'] });
      assert.deepEqual(csvRows(await download(t1, job.id)), [['Title'], ['Tenant one item']]);

      const none = app.as((await app.login('exp-none', 'user-pass1')).token);
      const refused = await none.post(`${J}/exportStart`, { prefix: G, format: 'csv', columns: ['title'] });
      assert.equal(refused.status, 403);
      const foreign = await none.get(`${J}/jobDownload`, { id: job.id });
      assert.equal(foreign.body.code, 1001, 'another user\'s job answers like a missing one');
      assert.equal((await none.get(`${J}/jobInfo`, { id: job.id })).body.code, 1001);
    });

    it('data scope: a scoped admin\'s export of users holds only users of his departments', async () => {
      const inside = (await app.post('/admin/base/sys/department/add', { name: 'ExpIn', orderNum: 1 })).body.data.id as number;
      const outside = (await app.post('/admin/base/sys/department/add', { name: 'ExpOut', orderNum: 2 })).body.data.id as number;
      await insertUser(app, 'exp-mine', inside);
      await insertUser(app, 'exp-theirs', outside);
      const scoped = await createScopedAdmin(app, { username: 'exp-scoped', perms: ['base:sys:user:page'], departmentIds: [inside] });
      const as = app.as(scoped.tokens.token);
      const job = await exportJob(as, { prefix: '/admin/base/sys/user', format: 'csv', columns: ['username'], filters: { order: 'username', sort: 'asc' } });
      assert.equal(job.status, 2, JSON.stringify(job));
      const names = csvRows(await download(as, job.id)).slice(1).map((r) => r[0]);
      assert.deepEqual(names, ['exp-mine', 'exp-scoped']);
    });

    it('two instances: a job started on one reports progress and serves its file through the other', async () => {
      const job = await exportJob(app, { prefix: G, format: 'csv', columns: ['title'], filters: { order: 'title', sort: 'asc' } }, second);
      assert.equal(job.status, 2);
      const rows = csvRows(await download(second, job.id));
      assert.equal(rows.length, 1 + job.total);
    });

    it('batches over runs of equal sort values (keyset paging): every row once, in the order asked, NULLs as the database sorts them', async () => {
      const knex = app.instance.services.knex;
      // 2 300 rows (three batches) sharing one createTime and exampleImages, a quarter with no type: each order below
      // has runs of equal values that cross batch boundaries.
      const ts = '2026-02-03 04:05:06';
      const rows = Array.from({ length: 2300 }, (_, i) => ({ title: `keyset ${i}`, price: (i % 7) + 0.5, status: i % 2, type: i % 4 === 0 ? null : (i % 3) + 1, stock: 1, description: 'keyset-run', exampleImages: '[]', createTime: ts, updateTime: ts }));
      for (let i = 0; i < rows.length; i += 500) await knex(TABLES.demoGoods).insert(rows.slice(i, i + 500));
      const all = (await knex(TABLES.demoGoods).where({ description: 'keyset-run' }).select('id', 'type', 'price')) as { id: number; type: number | null; price: number | string }[];
      assert.equal(all.length, 2300);
      const byIdDesc = (a: { id: number }, b: { id: number }) => b.id - a.id;
      // id breaks ties in the direction of the key before it (crud/query.ts, orderKeys).
      const byIdAsc = (a: { id: number }, b: { id: number }) => a.id - b.id;
      // NULL first ascending, last descending (SQLite and MariaDB alike).
      const typeOrder = (dir: 1 | -1) => (a: { type: number | null }, b: { type: number | null }) =>
        a.type === b.type ? 0 : a.type === null ? -dir : b.type === null ? dir : (a.type - b.type) * dir;
      const cases: { filters: Record<string, unknown>; expected: number[] }[] = [
        { filters: {}, expected: [...all].sort(byIdDesc).map((r) => r.id) },
        { filters: { order: 'type', sort: 'asc' }, expected: [...all].sort((a, b) => typeOrder(1)(a, b) || byIdAsc(a, b)).map((r) => r.id) },
        { filters: { order: 'type', sort: 'desc' }, expected: [...all].sort((a, b) => typeOrder(-1)(a, b) || byIdDesc(a, b)).map((r) => r.id) },
        { filters: { order: 'price,type', sort: 'asc,desc' }, expected: [...all].sort((a, b) => Number(a.price) - Number(b.price) || typeOrder(-1)(a, b) || byIdDesc(a, b)).map((r) => r.id) },
        // A JSON sort key reads in OFFSET batches (its value may not read back exactly): the same rows, in order.
        { filters: { order: 'exampleImages', sort: 'asc' }, expected: [...all].sort(byIdAsc).map((r) => r.id) },
      ];
      try {
        for (const c of cases) {
          const job = await exportJob(app, { prefix: G, format: 'csv', raw: true, columns: ['id'], filters: { keyWord: 'keyset-run', ...c.filters } });
          assert.equal(job.status, 2, JSON.stringify(job));
          assert.equal(job.processed, 2300, JSON.stringify(c.filters));
          const ids = csvRows(await download(app, job.id)).slice(1).map((r) => Number(r[0]));
          assert.deepEqual(ids, c.expected, `order ${JSON.stringify(c.filters)}`);
        }
      } finally {
        await knex(TABLES.demoGoods).where({ description: 'keyset-run' }).delete();
      }
    });

    it('batches over a joined sort key (LEFT JOIN: NULL where the row has no match): every row once, in order', async () => {
      const knex = app.instance.services.knex;
      const ts = '2026-02-03 04:05:06';
      const users: number[] = [];
      for (const name of ['kB', 'kA', 'kC']) {
        const id = await insertId(knex, TABLES.baseSysUser, { username: `keyset-${name}`, name, passwordV: 1, isSuper: 0, status: 1, createTime: ts, updateTime: ts });
        users.push(id);
      }
      const action = '/keyset-join';
      const rows = Array.from({ length: 2200 }, (_, i) => ({ userId: i % 5 === 0 ? null : users[i % 3], action, createTime: ts, updateTime: ts }));
      for (let i = 0; i < rows.length; i += 500) await knex(TABLES.baseSysLog).insert(rows.slice(i, i + 500));
      const all = (await knex({ a: TABLES.baseSysLog }).leftJoin({ b: TABLES.baseSysUser }, 'b.id', 'a.userId').where('a.action', action).select('a.id', 'b.name')) as { id: number; name: string | null }[];
      try {
        for (const dir of [1, -1] as const) {
          const job = await exportJob(app, { prefix: '/admin/base/sys/log', format: 'csv', raw: true, columns: ['id'], filters: { keyWord: action, order: 'name', sort: dir === 1 ? 'asc' : 'desc' } });
          assert.equal(job.processed, 2200, JSON.stringify(job));
          // Ties by id in the sort's direction (crud/query.ts, orderKeys).
          const expected = [...all].sort((x, y) => (x.name === y.name ? dir * (x.id - y.id) : x.name === null ? -dir : y.name === null ? dir : x.name < y.name ? -dir : dir)).map((r) => r.id);
          assert.deepEqual(csvRows(await download(app, job.id)).slice(1).map((r) => Number(r[0])), expected);
        }
      } finally {
        await knex(TABLES.baseSysLog).where({ action }).delete();
      }
    });

    it('cancel stops a job and removes its file; retention removes finished jobs and files', async () => {
      const knex = app.instance.services.knex;
      // Enough rows for several batches, so the cancel lands while it runs.
      const many = Array.from({ length: 1000 }, (_, i) => ({ title: `bulk ${i}`, price: i }));
      for (let i = 0; i < 3; i++) assert.equal((await app.post(`${G}/add`, many)).body.code, 1000);
      const start = await app.post(`${J}/exportStart`, { prefix: G, format: 'xlsx', columns: ['title', 'price'] });
      const id = start.body.data.id as number;
      const cancelled = await second.post(`${J}/jobCancel`, { id });
      assert.equal(cancelled.body.data.status, 4);
      await app.instance.services.dataJobs.drain();
      app.instance.services.dataJobs.stopping = false;
      const row = await knex(JOB_TABLE).where({ id }).first();
      assert.equal(Number(row.status), 4);
      const refused = await app.get(`${J}/jobDownload`, { id });
      assert.equal(refused.body.code, 1001);
      const dir = jobDir(app.instance.services.config.dataDir);
      assert.ok(!fs.readdirSync(dir).some((f) => f.startsWith(`${id}-`)), 'the cancelled job left no file');

      const files = fs.readdirSync(dir).length;
      assert.ok(files > 0);
      const removed = await pruneJobs(knex, app.instance.services.config, new Date(Date.now() + 25 * 3600_000));
      assert.ok(removed >= files);
      assert.equal(fs.readdirSync(dir).filter((f) => !f.startsWith('.')).length, 0);
      assert.equal(path.basename(dir), 'data-jobs');
    });
  });
}
