/**
 * Issue 34 finding 6: import preview and commit are capped — rows (IMPORT_MAX_ROWS), bytes (IMPORT_MAX_MB),
 * errors kept (the first ERRORS_KEPT) — with a translated 1002 past a cap, and one user's waiting uploads count
 * against IMPORT_QUOTA_MB; a refused or cancelled upload is removed at once.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import request from 'supertest';
import { testDatabases } from '../testing/forEachDb.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';
import { ERRORS_KEPT, keepErrors } from './importJob.js';
import type { RowError } from './importJob.js';
import { jobDir } from './jobs.js';

const J = '/admin/base/sys/dataJob';
const G = '/admin/demo/goods';

describe('errors kept (unit)', () => {
  it('keeps the first ERRORS_KEPT errors and counts every one', () => {
    const kept: RowError[] = [];
    let count = 0;
    for (let i = 0; i < 5; i++) count += keepErrors(kept, Array.from({ length: 700 }, (_, j) => ({ row: i * 700 + j, column: 'c', message: 'm' })));
    assert.equal(count, 3500);
    assert.equal(kept.length, ERRORS_KEPT);
    assert.equal(kept.at(-1)!.row, ERRORS_KEPT - 1);
  });
});

const csv = (rows: number, pad = 0) => ['Title,Price', ...Array.from({ length: rows }, (_, i) => `${'t'.repeat(pad)}Item ${i},${i}`)].join('\n');

for (const db of testDatabases()) {
  describe(`import caps (${db.name})`, () => {
    let app: TestApp;
    const uploads = () => (fs.existsSync(jobDir(app.instance.services.config.dataDir)) ? fs.readdirSync(jobDir(app.instance.services.config.dataDir)).filter((f) => f.includes('-upload.')) : []);
    const preview = (content: string, language = 'en') =>
      request(app.instance.callback())
        .post(`${J}/importPreview`)
        .set('Authorization', app.admin.token)
        .set('language', language)
        .field('prefix', G)
        .attach('file', Buffer.from(content), 'goods.csv');
    before(async () => {
      app = await startTestApp(await db.config({ imports: { maxRows: 50, maxMb: 1, quotaMb: 2 } }));
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('past the row cap: 1002 in each language, the upload removed, the job failed', async () => {
      assert.equal((await preview(csv(50))).body.code, 1000, 'the cap itself passes');
      const before = uploads().length;
      for (const [language, words] of [['en', /more than 50 rows/], ['zh-cn', /超过 50 行/], ['zh-tw', /超過 50 列/]] as const) {
        const res = await preview(csv(51), language);
        assert.equal(res.body.code, 1002, JSON.stringify(res.body));
        assert.match(res.body.message, words);
      }
      assert.equal(uploads().length, before, 'refused uploads are not kept');
      const failed = await app.instance.services.knex('base_sys_data_job').where({ kind: 'import', status: 3 }).count({ n: '*' });
      assert.equal(Number(failed[0]!.n), 3);
    });

    it('past the byte cap: 1002 naming the size', async () => {
      const res = await preview(csv(10, 120_000));
      assert.equal(res.body.code, 1002, JSON.stringify(res.body));
      assert.match(res.body.message, /cannot exceed 1 MB/);
      const zh = await preview(csv(10, 120_000), 'zh-cn');
      assert.match(zh.body.message, /不能超过 1 MB/);
    });

    it('waiting uploads count against the per-user quota; a cancelled one is removed and frees it', async () => {
      // Clear what the earlier cases left waiting.
      for (const j of await app.instance.services.knex('base_sys_data_job').where({ kind: 'import', status: 0 }).select('id')) {
        assert.equal((await app.post(`${J}/jobCancel`, { id: j.id })).body.code, 1000);
      }
      assert.equal(uploads().length, 0, 'cancelled previews leave no upload behind');
      const big = csv(40, 22_000); // about 0.85 MB
      const first = await preview(big);
      assert.equal(first.body.code, 1000, JSON.stringify(first.body));
      assert.equal((await preview(big)).body.code, 1000);
      const third = await preview(big);
      assert.equal(third.body.code, 1002, JSON.stringify(third.body));
      assert.match(third.body.message, /2 MB in all/);
      assert.equal(uploads().length, 2);
      assert.equal((await app.post(`${J}/jobCancel`, { id: first.body.data.id })).body.code, 1000);
      assert.equal(uploads().length, 1);
      assert.equal((await preview(big)).body.code, 1000, 'room again');
    });
  });
}
