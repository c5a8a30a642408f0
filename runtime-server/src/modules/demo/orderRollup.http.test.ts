import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import dayjs from 'dayjs';
import request from 'supertest';
import { testDatabases } from '../../testing/forEachDb.js';
import { startTestApp } from '../../testing/testApp.js';
import type { TestApp } from '../../testing/testApp.js';
import type { Config } from '../../config.js';
import { ORDER_GOODS_SUM, ORDER_HOUR_SUM, rebuildOrderRollup, sqliteRollupTriggers } from './orderRollup.js';

const URL = '/admin/demo/dashboard/summary';
const O = '/admin/demo/order';
const J = '/admin/base/sys/dataJob';
const FMT = 'YYYY-MM-DD HH:mm:ss';
type Row = Record<string, unknown>;
// Categories of equal sales come in no defined order: compared in one order.
const byAmount = <T extends { amount: unknown; type: unknown }>(list: T[]) =>
  [...list].sort((a, b) => Number(b.amount) - Number(a.amount) || String(a.type).localeCompare(String(b.type)));

/**
 * The dashboard's order figures read a roll-up kept by triggers (orderRollup.ts): after every kind of write — API
 * add, update, delete, bulk edit, import, recycle-bin restore, raw SQL — they equal the same figures computed here
 * from the base table's rows by a query of its own.
 */
for (const db of testDatabases()) {
  describe(`dashboard roll-up: exact against demo_order on every write path (${db.name})`, () => {
    let app: TestApp;
    let config: Config;
    let goods: number[] = [];
    const knex = () => app.instance.services.knex;
    const now = dayjs();
    const today = now.startOf('day');
    const ts = (d: dayjs.Dayjs) => d.format(FMT);

    /** The summary's order figures from the rows of demo_order and demo_goods (no roll-up read). */
    const fromBase = async () => {
      const rows = (await knex()({ o: 'demo_order' })
        .leftJoin({ g: 'demo_goods' }, 'g.id', 'o.goodsId')
        .select('o.goodsId', 'o.amount', 'o.quantity', 'o.status', 'o.payTime', 'g.id as gid', 'g.title', 'g.type')) as Row[];
      const cents = (v: unknown) => Math.round(Number(v) * 100);
      const money = (c: number) => (c / 100).toFixed(2);
      const paid = rows.filter((r) => Number(r.status) === 1);
      const at = (r: Row) => (r.payTime === null ? null : dayjs(r.payTime as string | Date));
      const paidIn = (from: dayjs.Dayjs, to: dayjs.Dayjs) => paid.filter((r) => at(r) && !at(r)!.isBefore(from) && at(r)!.isBefore(to));
      const sum = (list: Row[]) => list.reduce((a, r) => a + cents(r.amount), 0);
      const buckets = (from: dayjs.Dayjs, n: number, unit: 'hour' | 'day' | 'month', fmt: string) =>
        Array.from({ length: n }, (_, i) => {
          const list = paidIn(from.add(i, unit), from.add(i + 1, unit));
          return { key: from.add(i, unit).format(fmt), amount: money(sum(list)), count: list.length };
        });
      const byGoods = new Map<number, { cents: number; q: number; n: number; title: string | null; type: unknown; known: boolean }>();
      for (const r of paid) {
        const e = byGoods.get(Number(r.goodsId)) ?? { cents: 0, q: 0, n: 0, title: (r.title as string) ?? null, type: r.type, known: r.gid !== null };
        e.cents += cents(r.amount);
        e.q += Number(r.quantity);
        e.n += 1;
        byGoods.set(Number(r.goodsId), e);
      }
      const categories = new Map<string, { type: number | null; amount: number; count: number }>();
      for (const e of byGoods.values()) {
        if (!e.known) continue;
        const type = e.type === null || e.type === undefined ? null : Number(e.type);
        const c = categories.get(String(type)) ?? { type, amount: 0, count: 0 };
        c.amount += e.cents;
        c.count += e.n;
        categories.set(String(type), c);
      }
      const week = buckets(today.subtract(6, 'day'), 7, 'day', 'YYYY-MM-DD');
      const month = now.startOf('month');
      const todayCents = sum(paidIn(today, today.add(1, 'day')));
      const yesterday = paidIn(today.subtract(1, 'day'), today);
      return {
        payments: { total: paid.length, today: paidIn(today, today.add(1, 'day')).length, yesterday: yesterday.length },
        sales: {
          total: money(sum(paid)),
          today: money(todayCents),
          yesterday: money(sum(yesterday)),
          week: money(sum(paidIn(today.subtract(6, 'day'), today.add(1, 'day')))),
          lastWeek: money(sum(paidIn(today.subtract(13, 'day'), today.subtract(6, 'day')))),
        },
        conversionRate: rows.length ? Math.round((paid.length / rows.length) * 1000) / 10 : null,
        category: byAmount([...categories.values()].map((c) => ({ type: c.type, amount: money(c.amount), count: c.count }))),
        ranking: [...byGoods.entries()]
          .filter(([, e]) => e.known)
          .sort(([ia, a], [ib, b]) => b.cents - a.cents || ia - ib)
          .slice(0, 10)
          .map(([goodsId, e]) => ({ goodsId, title: e.title ?? '', amount: money(e.cents), quantity: e.q })),
        charts: {
          today: buckets(today, 24, 'hour', 'YYYY-MM-DD HH'),
          week,
          month: buckets(month, month.daysInMonth(), 'day', 'YYYY-MM-DD'),
          year: buckets(now.startOf('year'), 12, 'month', 'YYYY-MM'),
        },
      };
    };
    const exact = async (step: string) => {
      const res = await app.get(URL);
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      const s = res.body.data as Row;
      const sales = s.sales as Row;
      const got = {
        payments: s.payments,
        sales: { total: sales.total, today: sales.today, yesterday: sales.yesterday, week: sales.week, lastWeek: sales.lastWeek },
        conversionRate: s.conversionRate,
        category: byAmount((s.category as Row[]).map((c) => ({ type: c.type, amount: c.amount, count: c.count }))),
        ranking: s.ranking,
        charts: s.charts,
      };
      assert.deepEqual(got, await fromBase(), `after ${step}`);
    };
    const ok = (res: { body: { code: number } }) => {
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      return res.body as { code: number; data: unknown };
    };
    const orderIds = async () => ((await knex()('demo_order').orderBy('id').select('id')) as { id: number }[]).map((r) => Number(r.id));

    before(async () => {
      config = await db.config();
      app = await startTestApp(config);
      const res = ok(await app.post('/admin/demo/goods/add', [
        { title: 'Kettle', price: 1, type: 1 },
        { title: 'Scarf', price: 1, type: 2 },
        { title: 'Untyped', price: 1 },
      ]));
      goods = (res.data as { id: number[] }).id;
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('follows adds, status and amount changes, deletes, bulk edit, import, restore and raw SQL', async () => {
      await exact('nothing');
      const [kettle, scarf, untyped] = goods as [number, number, number];
      ok(await app.post(`${O}/add`, [
        { goodsId: kettle, amount: 10.1, quantity: 2, status: 1, payTime: ts(today.add(30, 'minute')) },
        { goodsId: kettle, amount: 0.3, status: 1, payTime: ts(today.subtract(1, 'day').add(23, 'hour')) },
        { goodsId: scarf, amount: 5.55, status: 0 },
        { goodsId: scarf, amount: 7, status: 1, payTime: ts(today.subtract(9, 'day')) },
        { goodsId: untyped, amount: 1.01, quantity: 3, status: 1, payTime: ts(today.subtract(40, 'day')) },
      ]));
      await exact('adds');
      const ids = await orderIds();
      ok(await app.post(`${O}/update`, { id: ids[2], status: 1, payTime: ts(now) }));
      await exact('an unpaid order paid');
      ok(await app.post(`${O}/update`, { id: ids[0], amount: 99.99, quantity: 1 }));
      ok(await app.post(`${O}/update`, { id: ids[1], status: 0 }));
      ok(await app.post(`${O}/update`, { id: ids[3], payTime: ts(today.subtract(2, 'day')), goodsId: untyped }));
      await exact('amount, status, payTime and goods changes');
      ok(await app.post(`${O}/delete`, { ids: [ids[0], ids[3]] }));
      await exact('deletes');

      const bulk = ok(await app.post(`${J}/bulkUpdate`, { prefix: O, ids: [ids[1], ids[2], ids[4]], set: { status: 1, amount: 2.5 } }));
      assert.equal((bulk.data as { updated: number }).updated, 3);
      await exact('bulk edit');

      const csv = ['Goods,Amount,Quantity,Status,Paid at', `${scarf},3.33,2,Paid,${ts(today.add(1, 'hour'))}`, `${kettle},4.44,1,Unpaid,`].join('\n');
      const preview = await request(app.instance.callback()).post(`${J}/importPreview`).set('Authorization', app.admin.token).set('language', 'en').field('prefix', O)
        .attach('file', Buffer.from(csv), 'orders.csv');
      assert.equal(preview.body.code, 1000, JSON.stringify(preview.body));
      assert.equal(preview.body.data.valid, 2, JSON.stringify(preview.body.data));
      ok(await app.post(`${J}/importStart`, { id: preview.body.data.id, mode: 'all' }).set('language', 'en'));
      let job: Row = {};
      for (let i = 0; i < 200 && !(Number(job.status) >= 2); i++) {
        job = (await app.get(`${J}/jobInfo`, { id: preview.body.data.id })).body.data as Row;
        if (Number(job.status) < 2) await new Promise((r) => setTimeout(r, 50));
      }
      assert.equal((await orderIds()).length, 5, `import wrote its two rows: ${JSON.stringify(job)}`);
      await exact('import');

      const bin = ok(await app.post('/admin/recycle/data/page', { page: 1, size: 50 }));
      const rec = (bin.data as { list: Row[] }).list.find((r) => (r.entityInfo as Row | undefined)?.entity === 'demo/order' || String(r.url ?? '').startsWith(O));
      assert.ok(rec, 'the deleted orders are in the recycle bin');
      ok(await app.post('/admin/recycle/data/restore', { ids: [rec.id] }));
      assert.equal((await orderIds()).length, 7, 'both deleted orders are back');
      await exact('restore from the recycle bin');

      // A handler's or a bulk load's own SQL: the triggers see it too (one multi-row statement).
      await knex()('demo_order').insert([
        { goodsId: kettle, amount: '12.34', quantity: 1, status: 1, payTime: ts(today.subtract(3, 'day')), createTime: ts(now), updateTime: ts(now) },
        { goodsId: 999_999, amount: '1.00', quantity: 1, status: 1, payTime: ts(now), createTime: ts(now), updateTime: ts(now) },
      ]);
      await knex()('demo_order').where('goodsId', scarf).update({ amount: '0.05' });
      await knex()('demo_order').where('goodsId', untyped).delete();
      await exact('raw SQL inserts, updates and deletes');

      // A goods' sales follow it between categories, out of them when it is deleted, back when it is restored.
      ok(await app.post('/admin/demo/goods/update', { id: kettle, type: 2 }));
      await exact('a goods changes type');
      ok(await app.post(`${J}/bulkUpdate`, { prefix: '/admin/demo/goods', ids: [kettle, scarf], set: { type: 3 } }));
      await exact('bulk edit of the goods type');
      await knex()('demo_goods').where('id', scarf).update({ type: null });
      await exact('a goods loses its type (raw SQL)');
      ok(await app.post('/admin/demo/goods/delete', { ids: [kettle] }));
      await exact('a goods deleted: its orders leave categories and ranking, not the totals');
      const goodsBin = ok(await app.post('/admin/recycle/data/page', { page: 1, size: 50 }));
      const goodsRec = (goodsBin.data as { list: Row[] }).list.find((r) => (r.entityInfo as Row | undefined)?.entity === 'demo/goods');
      assert.ok(goodsRec, 'the deleted goods is in the recycle bin');
      ok(await app.post('/admin/recycle/data/restore', { ids: [goodsRec.id] }));
      await exact('the goods restored');
      await knex()('demo_goods').insert({ id: 999_999, title: 'Late', price: 1, status: 1, stock: 0, type: 1, createTime: ts(now), updateTime: ts(now) });
      await exact('a goods added after its orders');
    });

    it('rebuilds from the base table (rows written while the triggers were missing, or a damaged roll-up)', async () => {
      await knex()(ORDER_GOODS_SUM).update({ n: 7, cents: 1 });
      await knex()(ORDER_HOUR_SUM).delete();
      await rebuildOrderRollup(knex());
      await exact('a rebuild');
      assert.ok(Number(((await knex()(ORDER_HOUR_SUM).count({ n: '*' }).first()) as { n: unknown }).n) > 0);
    });

    // Only SQLite rebuilds a table to change it (and so drops the triggers naming it); elsewhere there is nothing to heal.
    if (db.name === 'sqlite') it('SQLite: a rebuilt goods table loses its triggers; the next boot creates them again and recounts', async () => {
      const triggers = async () =>
        new Map(((await knex()('sqlite_master').where('type', 'trigger').select('name', 'sql')) as { name: string; sql: string }[]).map((r) => [r.name, r.sql]));
      // The heal's text of each trigger is the migration's, as SQLite keeps it.
      const migrated = await triggers();
      for (const [name, sql] of sqliteRollupTriggers()) assert.equal(migrated.get(name), sql, name);

      // A schema change of goods in development: Knex rebuilds demo_goods, and the goods' triggers go with it.
      await knex().schema.alterTable('demo_goods', (t) => {
        t.string('title', 300).notNullable().alter();
      });
      const after = await triggers();
      assert.ok(!after.has('demo_goods_rollup_update'), 'the rebuild dropped the goods triggers');
      // Written while they were missing: a goods changes type, its sales do not move.
      const kettle = goods[0]!;
      await knex()('demo_goods').whereIn('id', goods).update({ type: 4 });
      await app.close();
      app = await startTestApp(config);
      const healed = await triggers();
      for (const [name, sql] of sqliteRollupTriggers()) assert.equal(healed.get(name), sql, `${name} after the boot`);
      await exact('the boot after the rebuild (triggers created again, roll-up recomputed)');
      ok(await app.post('/admin/demo/goods/update', { id: kettle, type: 1 }));
      await exact('a type change after the heal');
      // A boot with nothing missing creates nothing.
      await app.close();
      app = await startTestApp(config);
      assert.deepEqual(await triggers(), healed);
    });
  });
}
