import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { insertId } from '../db/insertId.js';
import { now } from '../db/values.js';
import { TABLES } from '../generated/tables.js';
import { eventually } from '../testing/eventually.js';
import { testDatabases } from '../testing/forEachDb.js';
import { createScopedAdmin, insertUser } from '../testing/scopedAdmin.js';
import { startTestApp } from '../testing/testApp.js';
import type { Client, TestApp } from '../testing/testApp.js';

const G = '/admin/demo/goods';
/** COUNT_EXACT_LIMIT of these servers: totals above 5 are approximate. */
const LIMIT = 5;

interface Pagination {
  page: number;
  size: number;
  total: number;
  totalExact?: boolean;
}

async function pagination(client: Client, url: string, body: Record<string, unknown>): Promise<Pagination> {
  const res = await client.post(url, body);
  assert.equal(res.body.code, 1000, JSON.stringify(res.body));
  return res.body.data.pagination as Pagination;
}

for (const db of testDatabases()) {
  describe(`page totals: exact up to COUNT_EXACT_LIMIT, marked above (${db.name})`, () => {
    let app: TestApp;
    /** A second instance on the same database: counts follow writes made through either. */
    let other: TestApp;

    before(async () => {
      const config = await db.config({ counts: { exactLimit: LIMIT, recountMs: 0 } });
      app = await startTestApp(config);
      other = await startTestApp(config);
      const goods = Array.from({ length: 15 }, (_, i) => ({ title: `g${String(i).padStart(2, '0')}`, status: i < 5 ? 0 : 1, price: i % 4 }));
      assert.equal((await app.post(`${G}/add`, goods)).body.code, 1000);
    });
    after(async () => {
      await other?.close();
      await app?.close();
      await db.cleanup();
    });

    it('counts exactly up to the limit: no mark', async () => {
      assert.deepEqual(await pagination(app, `${G}/page`, { status: 0, size: 2 }), { page: 1, size: 2, total: 5 }, 'exactly the limit is still exact');
      assert.deepEqual(await pagination(app, `${G}/page`, { price: [3, 3], size: 2 }), { page: 1, size: 2, total: 3 });
      // Above the limit, but the one page holds every row: its length is the total.
      assert.deepEqual(await pagination(app, `${G}/page`, { title: 'g0', size: 20 }), { page: 1, size: 20, total: 10 });
      const above = await pagination(app, `${G}/page`, { status: 1, size: 2 });
      assert.equal(above.totalExact, false, '10 matching rows are above the limit of 5');
      assert.ok(above.total > LIMIT, `${above.total}`);
    });

    it('marks a total above the limit, never below the rows the page proves, and serves the background count', async () => {
      const first = await pagination(app, `${G}/page`, { size: 2 });
      assert.equal(first.totalExact, false);
      assert.ok(first.total > LIMIT, `${first.total} is above the limit`);
      // The background count of this filter lands in the cache: the same total on every later answer, still marked.
      await eventually(async () => (await pagination(app, `${G}/page`, { size: 2 })).total === 15, 'the kept count');
      const again = await pagination(app, `${G}/page`, { size: 2, page: 3 });
      assert.deepEqual(again, { page: 3, size: 2, total: 15, totalExact: false });
    });

    it('the last page proves its total; a page past an approximate end counts at once', async () => {
      assert.deepEqual(await pagination(app, `${G}/page`, { size: 2, page: 8 }), { page: 8, size: 2, total: 15 });
      assert.deepEqual(await pagination(app, `${G}/page`, { size: 2, page: 40 }), { page: 40, size: 2, total: 15 });
    });

    it('a write through either instance replaces the kept count on both (the shared count epoch)', async () => {
      await eventually(async () => (await pagination(other, `${G}/page`, { size: 3 })).total === 15, 'the other instance keeps its count');
      assert.equal((await other.post(`${G}/add`, { title: 'new one' })).body.code, 1000);
      // Without the epoch each instance would answer 15 for the cache's whole 60 s life.
      await eventually(async () => (await pagination(app, `${G}/page`, { size: 3 })).total === 16, 'the count after a write on the other instance');
      const del = await app.post(`${G}/delete`, { ids: [(await app.post(`${G}/page`, { title: 'new one' })).body.data.list[0].id] });
      assert.equal(del.body.code, 1000);
      await eventually(async () => (await pagination(other, `${G}/page`, { size: 3 })).total === 15, 'the count after a delete on the first instance');
    });

    it('a filter once found above the limit is not counted up to the limit on every page; a write counts again', async () => {
      const knex = app.instance.services.knex;
      const bounded: string[] = [];
      const listen = (q: { sql: string }) => {
        if (/\bbounded\b/.test(q.sql)) bounded.push(q.sql);
      };
      knex.on('query', listen);
      try {
        // A key no other case asks for: 8 of the 15 goods (price i % 4), above the limit of 5 but not twice it (a kept
        // count above twice the limit skips the bounded count after writes too).
        const filter = { price: [0, 1], size: 2 };
        assert.equal((await pagination(app, `${G}/page`, filter)).totalExact, false);
        assert.equal(bounded.length, 1, 'the first page counts its filter up to the limit');
        for (let i = 0; i < 3; i++) assert.equal((await pagination(app, `${G}/page`, filter)).totalExact, false);
        assert.equal(bounded.length, 1, `later pages of the same filter do not: ${bounded.length} bounded counts`);
        assert.equal((await app.post(`${G}/add`, { title: 'above again', price: 1 })).body.code, 1000);
        await eventually(async () => {
          await pagination(app, `${G}/page`, filter);
          return bounded.length === 2;
        }, 'after a write the filter is counted up to the limit again');
      } finally {
        knex.removeListener('query', listen);
      }
    });

    it(db.name === 'sqlite' ? 'SQLite: the bounded count follows the page on its one connection; a range page counts first, once' : 'the first page\'s bounded count runs beside its rows, on a second connection', async () => {
      const knex = app.instance.services.knex;
      // A count is bounded, or plain once its filter is known to be within the limit (countForTotal); SQLite's plan
      // question about a count (countReads.ts) is neither.
      const kind = (sql: string) => (/^explain/i.test(sql) ? undefined : /\bcount\(\*\)/i.test(sql) ? 'count' : /demo_goods/.test(sql) && /\blimit\b/i.test(sql) ? 'rows' : undefined);
      /** The order in which the page's statements were asked and answered. */
      const trace = async (filter: Record<string, unknown>, total: number): Promise<string[]> => {
        const events: string[] = [];
        // An earlier case's background count, still running, is not this page's.
        await app.instance.services.caches.counts.idle();
        const onQuery = (q: { sql: string }) => kind(q.sql) && events.push(`${kind(q.sql)} asked`);
        const onAnswer = (_: unknown, q: { sql: string }) => kind(q.sql) && events.push(`${kind(q.sql)} answered`);
        knex.on('query', onQuery).on('query-response', onAnswer);
        try {
          // One row a page and more follow, so the total is counted (an exact total is counted on every request).
          assert.deepEqual(await pagination(app, `${G}/page`, { ...filter, size: 1 }), { page: 1, size: 1, total });
        } finally {
          knex.removeListener('query', onQuery).removeListener('query-response', onAnswer);
        }
        assert.ok(events.includes('rows asked') && events.includes('count answered'), events.join(', '));
        return events;
      };
      // 3 of the 15 goods have price 3.
      const ranged = await trace({ price: [3, 3] }, 3);
      if (db.name === 'sqlite') {
        // The range's count decides the plan (crud/operations/page.ts rangeOffOrder) and is the total's.
        assert.deepEqual(ranged, ['count asked', 'count answered', 'rows asked', 'rows answered'], ranged.join(', '));
        const events = await trace({ status: 0 }, 5);
        assert.ok(events.indexOf('count answered') > events.indexOf('rows asked'), `after the rows: ${events.join(', ')}`);
      } else {
        assert.ok(ranged.indexOf('count asked') < ranged.indexOf('rows asked') && ranged.indexOf('rows asked') < ranged.indexOf('count answered'), `the rows were asked before the count answered: ${ranged.join(', ')}`);
      }
    });

    it('a first page that held every match runs no count the next time; one that then holds more counts again', async () => {
      const knex = app.instance.services.knex;
      const counts: string[] = [];
      const listen = (q: { sql: string }) => {
        if (/\bcount\(\*\)/i.test(q.sql) && /demo_goods\b/.test(q.sql) && !/^explain/i.test(q.sql)) counts.push(q.sql);
      };
      await app.instance.services.caches.counts.idle();
      knex.on('query', listen);
      try {
        // Status 0: goods 0 to 4, all on a page of 20, so the page proves the total. An equality filter: SQLite
        // counts no range first.
        const small = { status: 0, size: 20 };
        assert.deepEqual(await pagination(app, `${G}/page`, small), { page: 1, size: 20, total: 5 });
        // MariaDB and PostgreSQL begin the first page's count beside its rows, before the rows say it is not needed.
        const first = counts.length;
        assert.ok(first <= (db.name === 'sqlite' ? 0 : 1), counts.join('\n'));
        assert.deepEqual(await pagination(app, `${G}/page`, small), { page: 1, size: 20, total: 5 });
        assert.deepEqual(await pagination(app, `${G}/page`, small), { page: 1, size: 20, total: 5 });
        assert.equal(counts.length, first, `no count once the page proved its total: ${counts.join('\n')}`);
        // The same filter two a page: its rows no longer prove the total, which is counted, exactly.
        assert.deepEqual(await pagination(app, `${G}/page`, { status: 0, size: 2 }), { page: 1, size: 2, total: 5 });
        assert.equal(counts.length, first + 1, counts.join('\n'));
        // A row written behind the app's back (no epoch moves): the mark does not hide it.
        const ts = now();
        const id = await insertId(knex, TABLES.demoGoods, { title: 'behind the back', status: 0, price: 0, createTime: ts, updateTime: ts });
        try {
          assert.deepEqual(await pagination(app, `${G}/page`, small), { page: 1, size: 20, total: 6 });
          // Now above the limit of 5: marked, and never the 5 the mark was made with.
          const more = await pagination(app, `${G}/page`, { status: 0, size: 3 });
          assert.ok(more.total >= 6 && more.totalExact === false, JSON.stringify(more));
        } finally {
          await knex(TABLES.demoGoods).where({ id }).delete();
        }
      } finally {
        knex.removeListener('query', listen);
      }
    });

    it('a filter known to be within the limit is counted by a plain COUNT(*); SQLite bounds only a count that reads more than it counts', async () => {
      const knex = app.instance.services.knex;
      const counts: string[] = [];
      const listen = (q: { sql: string }) => {
        if (/\bcount\(\*\)/i.test(q.sql) && /demo_goods\b/.test(q.sql) && !/^explain/i.test(q.sql)) counts.push(q.sql);
      };
      const deadline = (sql: string) => sql.includes('sa_within_limit');
      // An earlier case's background count is not this filter's (its pages start none: it is within the limit).
      await app.instance.services.caches.counts.idle();
      knex.on('query', listen);
      try {
        // Price 2: goods 2, 6, 10 and 14, within the limit of 5; two a page, so the total is counted. A key no other
        // case asks for.
        const indexed = { price: [2, 2], size: 2 };
        assert.deepEqual(await pagination(app, `${G}/page`, indexed), { page: 1, size: 2, total: 4 });
        assert.equal(counts.length, 1, counts.join('\n'));
        assert.match(counts[0]!, /\bbounded\b/, 'a filter not counted before is counted up to the limit');
        assert.deepEqual(await pagination(app, `${G}/page`, indexed), { page: 1, size: 2, total: 4 });
        assert.equal(counts.length, 2, counts.join('\n'));
        assert.doesNotMatch(counts[1]!, /\bbounded\b/, 'then by a plain count');
        if (db.name === 'sqlite') {
          // The price index holds the whole filter: the count reads only what it counts, and needs no deadline term.
          assert.ok(!counts.some(deadline), counts.join('\n'));
          // A LIKE on the title is a condition on each row the index hands over: that count keeps the term.
          const residual = { price: [2, 2], title: '1', size: 1 };
          assert.deepEqual(await pagination(app, `${G}/page`, residual), { page: 1, size: 1, total: 2 });
          assert.ok(deadline(counts.at(-1)!), counts.at(-1));
        }
        // A write through the app moves the entity's count epoch: the set may have grown, so it is bounded again.
        assert.equal((await app.post(`${G}/add`, { title: 'within again', price: 2 })).body.code, 1000);
        counts.length = 0;
        await eventually(async () => {
          assert.deepEqual(await pagination(app, `${G}/page`, indexed), { page: 1, size: 2, total: 5 });
          return counts.some((sql) => /\bbounded\b/.test(sql));
        }, 'after a write the filter is counted up to the limit again');
      } finally {
        knex.removeListener('query', listen);
      }
    });

    it('a scoped admin\'s total counts the rows of their scope only', async () => {
      const knex = app.instance.services.knex;
      const ts = now();
      const mine = await insertId(knex, TABLES.baseSysDepartment, { name: 'count-mine', orderNum: 0, createTime: ts, updateTime: ts });
      const theirs = await insertId(knex, TABLES.baseSysDepartment, { name: 'count-theirs', orderNum: 0, createTime: ts, updateTime: ts });
      for (let i = 0; i < 8; i++) await insertUser(app, `count-mine-${i}`, mine);
      for (let i = 0; i < 12; i++) await insertUser(app, `count-theirs-${i}`, theirs);
      const scoped = await createScopedAdmin(app, { username: 'count-scoped', perms: ['base:sys:user:page'], departmentIds: [mine] });
      const as = app.as(scoped.tokens.token);
      const U = '/admin/base/sys/user/page';
      const all = await as.post(U, { size: 100 });
      assert.equal(all.body.code, 1000, JSON.stringify(all.body));
      const reachable = all.body.data.list.length as number;
      assert.ok(reachable >= 8 && reachable < 20, `${reachable} users in scope`);
      assert.deepEqual(all.body.data.pagination, { page: 1, size: 100, total: reachable });
      const first = await pagination(as, U, { size: 2 });
      assert.equal(first.totalExact, false);
      await eventually(async () => (await pagination(as, U, { size: 2 })).total === reachable, 'the scoped count');
      // The super-admin's count of the same screen is another key: every user.
      const everyone = Number((await knex(TABLES.baseSysUser).count({ n: '*' }).first())?.n);
      await eventually(async () => (await pagination(app, U, { size: 2 })).total === everyone, 'the unscoped count');
      assert.equal((await pagination(as, U, { size: 2 })).total, reachable, 'the scoped total did not take the unscoped one');
    });
  });
}
