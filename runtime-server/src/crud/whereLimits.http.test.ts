/**
 * Issue 34 finding 7: every `where` group counts toward the 50-node limit as a condition does. A thousand empty
 * groups (once an HTTP 500 on SQLite with megabytes of SQL in the log) answer 1002 before any SQL is built, on
 * page, list and export, quickly, and the log stays free of SQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDatabases } from '../testing/forEachDb.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';

const G = '/admin/demo/goods';

for (const db of testDatabases()) {
  describe(`where groups count toward the limits (${db.name})`, () => {
    let app: TestApp;
    const logged: string[] = [];
    const capture = (...args: unknown[]) => logged.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : String(a))).join(' '));

    before(async () => {
      app = await startTestApp(await db.config(), { logger: { info: capture, warn: capture, error: capture } });
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('1 000 empty groups, 51 nested or flat groups: 1002 naming the limit, no SQL logged', async () => {
      const empty = Array.from({ length: 1000 }, () => ({ and: [] }));
      const cond = { field: 'status', op: 'eq', value: 1 };
      const cases = [
        { or: empty },
        { and: Array.from({ length: 51 }, () => ({ or: [] })) },
        { and: [...Array.from({ length: 26 }, () => ({ and: [cond] }))] },
        { and: [...Array.from({ length: 25 }, () => ({ or: [cond] })), cond] },
      ];
      for (const where of cases) {
        for (const url of [`${G}/page`, `${G}/list`]) {
          const t0 = Date.now();
          const res = await app.post(url, { where }).set('language', 'en');
          assert.equal(res.status, 200, JSON.stringify(res.body));
          assert.equal(res.body.code, 1002, JSON.stringify(res.body));
          assert.match(res.body.message, /at most 50 conditions and groups/);
          assert.ok(Date.now() - t0 < 1000, 'answered without building the query');
        }
      }
      const zh = await app.post(`${G}/page`, { where: { or: empty } });
      assert.match(zh.body.message, /条件与分组合计最多 50 个/);
      const tw = await app.post(`${G}/page`, { where: { or: empty } }).set('language', 'zh-tw');
      assert.match(tw.body.message, /條件與群組合計最多 50 個/);
      assert.equal(logged.filter((l) => /select |from `|from "/i.test(l)).length, 0, logged.join('\n').slice(0, 500));
    });

    it('up to the limit still works: 24 groups of one condition plus one more', async () => {
      const cond = { field: 'status', op: 'eq', value: 1 };
      const where = { and: [...Array.from({ length: 24 }, () => ({ or: [cond] })), cond] };
      const res = await app.post(`${G}/page`, { where });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
    });
  });
}
