import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { binary } from '../testing/binaryBody.js';
import request from 'supertest';
import { testDatabases } from '../testing/forEachDb.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';

const J = '/admin/base/sys/dataJob';
const G = '/admin/demo/goods';


for (const db of testDatabases()) {
  describe(`import jobs (${db.name})`, () => {
    let app: TestApp;
    const titles = async () => ((await app.instance.services.knex('demo_goods').orderBy('title').select('title')) as { title: string }[]).map((r) => r.title);
    const preview = async (name: string, content: string | Buffer) => {
      const res = await request(app.instance.callback())
        .post(`${J}/importPreview`)
        .set('Authorization', app.admin.token)
        .set('language', 'en')
        .field('prefix', G)
        .attach('file', Buffer.isBuffer(content) ? content : Buffer.from(content), name);
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      return res.body.data;
    };
    const run = async (id: number, mode: 'all' | 'skip', keyColumn?: string) => {
      const res = await app.post(`${J}/importStart`, { id, mode, ...(keyColumn ? { keyColumn } : {}) }).set('language', 'en');
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      for (let i = 0; i < 200; i++) {
        const info = (await app.get(`${J}/jobInfo`, { id })).body.data;
        if (info.status >= 2) return info;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('import did not end');
    };
    before(async () => {
      app = await startTestApp(await db.config());
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('template: importable columns with headers in the user\'s language', async () => {
      const res = await app.get(`${J}/importTemplate`, { prefix: G, format: 'csv' }).set('language', 'en');
      const header = (parse(res.text, { bom: true }) as string[][])[0]!;
      assert.ok(header.includes('Title') && header.includes('Price') && header.includes('Status'));
      assert.ok(!header.includes('Created at') && !header.includes('ID'), 'no read-only columns');
      const x = await app.get(`${J}/importTemplate`, { prefix: G }).buffer(true).parse(binary);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(x.body as ArrayBuffer);
      assert.equal(wb.worksheets[0]!.getCell('A1').value, '标题');
    });

    const CSV = ['Title,Price,Status,Type,Colour', 'Tea,12.50,Enabled,数码,red', ',3,Enabled,,', 'Cup,-1,Disabled,,', 'Pot,7.25,禁用,服装,'].join('\n');

    it('preview: per-row validation with the add rules, labels mapped back, unknown columns reported', async () => {
      const p = await preview('goods.csv', CSV);
      assert.equal(p.total, 4);
      assert.equal(p.valid, 2);
      assert.deepEqual(p.unknown, ['Colour']);
      assert.deepEqual(p.columns.map((c: { field: string | null }) => c.field), ['title', 'price', 'status', 'type', null]);
      assert.deepEqual(p.errors.map((e: { row: number; column: string }) => [e.row, e.column]), [[3, 'Title'], [4, 'Price']]);
      assert.match(p.errors[0].message, /Title/);
    });

    it('all-or-nothing writes nothing when a row is bad and offers the error report', async () => {
      const p = await preview('goods.csv', CSV);
      const job = await run(p.id, 'all');
      assert.equal(job.status, 3, JSON.stringify(job));
      assert.match(job.error, /2 rows are invalid/);
      assert.deepEqual(await titles(), []);
      const report = await app.get(`${J}/jobDownload`, { id: p.id });
      const rows = parse(report.text, { bom: true }) as string[][];
      assert.deepEqual(rows.map((r) => r.slice(0, 2)), [['row', 'column'], ['3', 'Title'], ['4', 'Price']]);
    });

    it('skip-invalid writes exactly the valid rows, audited, with dictionary and option labels as values', async () => {
      const p = await preview('goods.csv', CSV);
      const job = await run(p.id, 'skip');
      assert.equal(job.status, 2, JSON.stringify(job));
      assert.match(job.error, /2 rows were skipped/);
      const rows = await app.instance.services.knex('demo_goods').orderBy('title').select('title', 'price', 'status', 'type');
      assert.deepEqual(rows.map((r) => [r.title, Number(r.price), Number(r.status), r.type === null ? null : Number(r.type)]), [['Pot', 7.25, 0, 2], ['Tea', 12.5, 1, 1]]);
      const tea = rows.find((r) => r.title === 'Tea');
      assert.ok(tea);
      const audit = await app.instance.services.knex('base_sys_audit').where({ entity: 'demo/goods', action: 'add' }).count({ n: '*' });
      assert.equal(Number(audit[0]!.n), 2, 'one audit row per written record');
    });

    it('a re-run with a key column updates instead of duplicating; an xlsx file imports the same way', async () => {
      const again = await preview('goods.csv', ['Title,Price,Status', 'Tea,13.00,Enabled', 'Mug,2.00,Enabled'].join('\n'));
      const job = await run(again.id, 'all', 'title');
      assert.equal(job.status, 2, JSON.stringify(job));
      assert.deepEqual(await titles(), ['Mug', 'Pot', 'Tea']);
      const tea = await app.instance.services.knex('demo_goods').where({ title: 'Tea' }).first('price');
      assert.equal(Number(tea.price), 13);
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('data');
      ws.addRow(['标题', '价格', '状态']);
      ws.addRow(['Bowl', 4.5, '启用']);
      const x = await preview('goods.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
      assert.equal(x.valid, 1);
      assert.equal((await run(x.id, 'all', 'title')).status, 2);
      assert.deepEqual(await titles(), ['Bowl', 'Mug', 'Pot', 'Tea']);
      const bad = await app.post(`${J}/importStart`, { id: x.id, mode: 'all' });
      assert.equal(bad.body.code, 1001, 'a job runs once');
    });
  });
}
