import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import dayjs from 'dayjs';
import { testDatabases } from '../../testing/forEachDb.js';
import { createScopedAdmin } from '../../testing/scopedAdmin.js';
import { startTestApp } from '../../testing/testApp.js';
import type { TestApp } from '../../testing/testApp.js';
import { insertId } from '../../db/insertId.js';

const URL = '/admin/demo/dashboard/summary';
const FMT = 'YYYY-MM-DD HH:mm:ss';
type Row = Record<string, unknown>;

for (const db of testDatabases()) {
  describe(`dashboard summary: ${URL} (${db.name})`, () => {
    let app: TestApp;
    const knex = () => app.instance.services.knex;
    const logCount = async () => Number(((await knex()('base_sys_log').count({ n: '*' }).first()) as { n: unknown }).n);
    const summary = async () => {
      const res = await app.get(URL);
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      return res.body.data as Row & Record<string, Row>;
    };

    before(async () => {
      app = await startTestApp(await db.config());
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('is listed in EPS and refused without its permission (a permission holder gets it)', async () => {
      const eps = await app.get('/admin/base/open/eps');
      const entity = (eps.body.data.demo as { prefix: string; api: { path: string }[] }[]).find((e) => e.prefix === '/admin/demo/dashboard');
      assert.ok(entity?.api.some((a) => a.path === '/summary'), 'summary listed in EPS');
      const other = await createScopedAdmin(app, { username: 'noboard', perms: ['demo:goods:page'], departmentIds: [] });
      const refused = await app.as(other.tokens.token).get(URL);
      assert.notEqual(refused.body.code, 1000);
      const holder = await createScopedAdmin(app, { username: 'board', perms: ['demo:dashboard:summary'], departmentIds: [] });
      const allowed = await app.as(holder.tokens.token).get(URL);
      assert.equal(allowed.body.code, 1000, JSON.stringify(allowed.body));
    });

    it('answers a fresh install with zeros, null comparisons and every chart bucket', async () => {
      const s = await summary();
      assert.deepEqual(s.payments, { total: 0, today: 0, yesterday: 0 });
      assert.equal((s.sales as Row).total, '0.00');
      assert.equal((s.sales as Row).dayOverDay, null);
      assert.equal(s.conversionRate, null);
      assert.deepEqual(s.category, []);
      assert.deepEqual(s.ranking, []);
      const charts = s.charts as unknown as Record<'today' | 'week' | 'month' | 'year', { key: string; amount: string }[]>;
      assert.equal(charts.today.length, 24);
      assert.equal(charts.week.length, 7);
      assert.equal(charts.month.length, dayjs().daysInMonth());
      assert.equal(charts.year.length, 12);
      assert.ok(Object.values(charts).every((list) => list.every((b) => b.amount === '0.00')));
    });

    it('counts users, visitors, payments, sales, categories and ranking from the rows, and follows new rows', async () => {
      const now = dayjs();
      const today = now.startOf('day');
      const ts = (d: dayjs.Dayjs) => d.format(FMT);
      const stamp = (d: dayjs.Dayjs) => ({ createTime: ts(d), updateTime: ts(d) });
      // End users: 2 today (one disabled, one cancelled: status does not matter), 1 last week.
      await knex()('user_info').insert([
        { nickName: 'a', status: 0, gender: 0, loginType: 0, ...stamp(today.add(1, 'minute')) },
        { nickName: 'b', status: 2, gender: 0, loginType: 0, ...stamp(now) },
        { nickName: 'c', status: 1, gender: 0, loginType: 0, ...stamp(today.subtract(7, 'day')) },
      ]);
      // Request log: 3 rows from 2 new addresses today, 1 from a third address yesterday, written as requests' rows
      // are (the batch writer, which keeps the log's hourly roll-up the summary's views read).
      const logged: [string, dayjs.Dayjs][] = [
        ['10.0.0.1', today.add(1, 'second')],
        ['10.0.0.1', today.add(2, 'second')],
        ['10.0.0.2', today.add(3, 'second')],
        ['10.0.0.3', today.subtract(1, 'hour')],
      ];
      for (const [ip, at] of logged) app.instance.services.telemetry.requestLog.add({ userId: null, action: '/x', ip, params: null, createTime: ts(at) });
      await app.instance.services.telemetry.requestLog.flush();
      const visitorsBefore = (await knex()('base_sys_log').where('createTime', '>=', ts(today)).distinct('ip')).map((r) => r.ip as string);
      assert.ok(visitorsBefore.includes('10.0.0.2') && !visitorsBefore.includes('10.0.0.3'));
      const goods = async (title: string, type: number | null) => {
        const id = await insertId(knex(), 'demo_goods', { title, type, price: 1, status: 1, stock: 0, ...stamp(now) });
        return Number(id);
      };
      const phone = await goods('Phone', 1);
      const shirt = await goods('Shirt', 2);
      const order = (goodsId: number, amount: string, status: number, payTime: dayjs.Dayjs | null, quantity = 1) => ({
        goodsId,
        amount,
        status,
        quantity,
        payTime: payTime ? ts(payTime) : null,
        ...stamp(payTime ?? now),
      });
      await knex()('demo_order').insert([
        order(phone, '100.10', 1, today.add(1, 'minute'), 2),
        order(phone, '50.00', 1, today.subtract(1, 'day').add(1, 'hour')),
        order(shirt, '20.25', 1, today.subtract(10, 'day')),
        order(shirt, '999.00', 0, null),
      ]);

      // The request log is written in batches off the response path: flush what earlier requests queued;
      // the summary request's own row is queued only after its answer, so it is not counted.
      await app.instance.services.telemetry.requestLog.flush();
      const logsBefore = await logCount();
      const logsToday = Number(((await knex()('base_sys_log').where('createTime', '>=', ts(today)).count({ n: '*' }).first()) as { n: unknown }).n);
      const s = await summary();
      assert.equal((s.views as Row).today, logsToday, 'request-log rows since midnight');
      assert.deepEqual(s.users, { total: 3, today: 2 });
      assert.equal((s.views as Row).total, logsBefore, 'every request-log row written before the summary');
      const visitorsAfter = (await knex()('base_sys_log').where('createTime', '>=', ts(today)).distinct('ip')).map((r) => r.ip as string);
      assert.equal((s.visitors as Row).today, visitorsAfter.length, `distinct addresses today: ${visitorsAfter.join(', ')}`);
      assert.deepEqual(s.payments, { total: 3, today: 1, yesterday: 1 });
      const sales = s.sales as Row;
      assert.equal(sales.total, '170.35');
      assert.equal(sales.today, '100.10');
      assert.equal(sales.yesterday, '50.00');
      assert.equal(sales.week, '150.10');
      assert.equal(sales.lastWeek, '20.25');
      assert.equal(sales.dayOverDay, 100.2);
      assert.equal(sales.weekOverWeek, 641.2);
      assert.equal(s.conversionRate, 75);
      assert.deepEqual(s.category, [
        { type: 1, name: '数码', amount: '150.10', count: 2 },
        { type: 2, name: '服装', amount: '20.25', count: 1 },
      ]);
      assert.deepEqual(s.ranking, [
        { goodsId: phone, title: 'Phone', amount: '150.10', quantity: 3 },
        { goodsId: shirt, title: 'Shirt', amount: '20.25', quantity: 1 },
      ]);
      const charts = s.charts as unknown as Record<'today' | 'week' | 'month' | 'year', { key: string; amount: string; count: number }[]>;
      assert.deepEqual(charts.today.find((b) => b.key === today.format('YYYY-MM-DD 00')), { key: today.format('YYYY-MM-DD 00'), amount: '100.10', count: 1 });
      assert.deepEqual(
        charts.week.filter((b) => b.count > 0).map((b) => [b.key, b.amount]),
        [
          [today.subtract(1, 'day').format('YYYY-MM-DD'), '50.00'],
          [today.format('YYYY-MM-DD'), '100.10'],
        ],
      );

      // A new paid order and a new user move the figures.
      await knex()('demo_order').insert(order(shirt, '9.65', 1, now));
      await knex()('user_info').insert({ nickName: 'd', status: 1, gender: 0, loginType: 0, ...stamp(now) });
      const s2 = await summary();
      assert.deepEqual(s2.users, { total: 4, today: 3 });
      assert.equal((s2.sales as Row).today, '109.75');
      assert.equal((s2.payments as Row).total, 4);
    });

    it('answers with more sold goods than a statement may bind (70 000: SQLite takes 32 766, PostgreSQL 65 535), exact against the table', async () => {
      // The summary once read the sold goods' titles by `whereIn` of every sold id: past those limits it failed.
      const ts = dayjs().subtract(20, 'day').format(FMT);
      const first = Number(((await knex()('demo_goods').max({ m: 'id' }).first()) as { m: unknown }).m ?? 0) + 1;
      for (let i = 0; i < 70_000; i += 400) {
        const n = Math.min(400, 70_000 - i);
        await knex()('demo_goods').insert(Array.from({ length: n }, (_, k) => ({ id: first + i + k, title: `bulk ${i + k}`, type: (i + k) % 2 ? 1 : null, price: 1, status: 1, stock: 0, createTime: ts, updateTime: ts })));
        await knex()('demo_order').insert(Array.from({ length: n }, (_, k) => ({ goodsId: first + i + k, amount: (i + k) % 97 === 0 ? '500.00' : '1.01', quantity: 1, status: 1, payTime: ts, createTime: ts, updateTime: ts })));
      }
      if (db.name === 'postgres') await knex().raw(`SELECT setval(pg_get_serial_sequence('demo_goods', 'id'), (SELECT MAX(id) FROM demo_goods))`);
      const s = await summary();
      const paid = (await knex()('demo_order').where('status', 1).first(knex().raw('count(*) as n'), knex().raw('sum(amount) as s'))) as { n: unknown; s: unknown };
      assert.equal((s.payments as Row).total, Number(paid.n));
      assert.equal((s.sales as Row).total, (Math.round(Number(paid.s) * 100) / 100).toFixed(2));
      const ranking = s.ranking as unknown as { goodsId: number; title: string; amount: string }[];
      assert.equal(ranking.length, 10);
      // Every 97th bulk goods sold 500.00, above anything else: those lead, lowest id first.
      assert.deepEqual(ranking.slice(0, 2).map((r) => [r.goodsId, r.title, r.amount]), [
        [first, 'bulk 0', '500.00'],
        [first + 97, 'bulk 97', '500.00'],
      ]);
    });

    it("shows a tenant's admin only his tenant's sales", async () => {
      const tenantAdmin = await createScopedAdmin(app, { username: 'tenantboard', perms: ['demo:dashboard:summary'], departmentIds: [] });
      await knex()('base_sys_user').where({ id: tenantAdmin.userId }).update({ tenantId: 7 });
      const tokens = await app.login('tenantboard', 'Scoped-pass1');
      const res = await app.as(tokens.token).get(URL);
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      assert.equal((res.body.data.payments as Row).total, 0);
      assert.equal((res.body.data.sales as Row).total, '0.00');
    });
  });
}
