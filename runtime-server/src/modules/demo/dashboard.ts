import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import type { Knex } from 'knex';
import type { Handler } from '../../core/handler.js';
import { dialectOfKnex } from '../../db/createDb.js';
import { TABLES } from '../../generated/tables.js';
import { logViews } from '../../http/requestLogRollup.js';
import { ALL_TENANTS, ORDER_GOODS_SUM, ORDER_HOUR_SUM, ORDER_STATUS_SUM, ORDER_TYPE_SUM } from './orderRollup.js';

const FMT = 'YYYY-MM-DD HH:mm:ss';

/** Sales chart ranges: the bucket is a prefix of the stored `YYYY-MM-DD HH:mm:ss` text. */
export const CHART_RANGES = ['today', 'week', 'month', 'year'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

interface Bucket {
  key: string;
  amount: string;
  count: number;
}

interface Range {
  from: Dayjs;
  to: Dayjs;
  /** Prefix length of the bucket key: 13 = hour, 10 = day, 7 = month. */
  prefix: 13 | 10 | 7;
  keys: string[];
}

function chartRange(range: ChartRange, now: Dayjs): Range {
  const day = now.startOf('day');
  if (range === 'today') {
    return { from: day, to: day.add(1, 'day'), prefix: 13, keys: Array.from({ length: 24 }, (_, h) => day.add(h, 'hour').format('YYYY-MM-DD HH')) };
  }
  if (range === 'week') {
    const from = day.subtract(6, 'day');
    return { from, to: day.add(1, 'day'), prefix: 10, keys: Array.from({ length: 7 }, (_, d) => from.add(d, 'day').format('YYYY-MM-DD')) };
  }
  if (range === 'month') {
    const from = now.startOf('month');
    return { from, to: from.add(1, 'month'), prefix: 10, keys: Array.from({ length: from.daysInMonth() }, (_, d) => from.add(d, 'day').format('YYYY-MM-DD')) };
  }
  const from = now.startOf('year');
  return { from, to: from.add(1, 'year'), prefix: 7, keys: Array.from({ length: 12 }, (_, m) => from.add(m, 'month').format('YYYY-MM')) };
}

/** Sums come back as numbers (SQLite) or decimal strings (MariaDB); amounts travel as exact 2-decimal strings. */
function money(v: unknown): string {
  return (Math.round(Number(v ?? 0) * 100) / 100).toFixed(2);
}
const int = (v: unknown): number => Number(v ?? 0);

/** Percentage change, one decimal; null when there is nothing to compare with. */
export function change(current: number, previous: number): number | null {
  if (!previous) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/**
 * `GET /admin/demo/dashboard/summary` (permission `demo:dashboard:summary`): every figure of the home
 * dashboard, each an aggregate query (no rows leave the database):
 * - views: request-log rows, in total and since local midnight, summed from the log's rows per hour
 *   (`base_sys_log_hour`, http/requestLogRollup.ts, kept by the log's writers); visitors: distinct client addresses
 *   in the request log since local midnight (served by the createTime index);
 * - users: every end user whatever the status (`total`) and those created since local midnight of the
 *   server's time zone (`today`);
 * - payments: paid orders (status 1) in total, today and yesterday; sales: their amounts in total, today,
 *   yesterday, the last 7 days and the 7 before — day-over-day and week-over-week changes in percent;
 * - conversionRate: paid orders ÷ all orders, in percent (null without orders);
 * - category: paid sales per goods type (dictionary goodsType; goods without type under null);
 * - ranking: the ten goods with the highest paid sales;
 * - charts: paid sales per hour today, per day of the last 7 days, per day of this month, per month of this
 *   year, every bucket present (zero when empty).
 * Order figures read the roll-up of `demo_order` (orderRollup.ts), kept exact by database triggers on every write
 * path, a few rows each whatever the number of orders: orders per status (`demo_order_status_sum`), paid sums per
 * goods type (`demo_order_type_sum`), the ten best-selling goods down an index of `demo_order_goods_sum`, paid sums
 * per hour of payTime (`demo_order_hour_sum`) for the charts and comparisons (every range starts and ends on a local
 * hour); money in integer cents. Orders and goods are tenant entities:
 * a tenant's admin sees his tenant's sales only (request log and end users are platform tables).
 */
export const summary: Handler = async ({ services, actor }) => {
  const knex = services.knex;
  const now = dayjs();
  const today = now.startOf('day');
  const tenant = actor?.tenantId ?? null;
  // The roll-up tables (orderRollup.ts): one key range per reader, its tenant's or every tenant's (-1).
  const key = tenant ?? ALL_TENANTS;
  const rollup = (table: string): Knex.QueryBuilder => knex(table).where(`${table}.tenantId`, key);
  const paidIn = (from: Dayjs, to: Dayjs) => rollup(ORDER_HOUR_SUM).where('hour', '>=', from.format(FMT)).where('hour', '<', to.format(FMT));

  const [views, visitorsToday, usersTotal, usersToday] = await Promise.all([
    // Request-log rows in total and since midnight (an hour boundary): the sum of the log's hourly roll-up.
    logViews(knex, today.format(FMT)),
    knex(TABLES.baseSysLog).where('createTime', '>=', today.format(FMT)).countDistinct({ n: 'ip' }).first(),
    knex(TABLES.userInfo).count({ n: '*' }).first(),
    knex(TABLES.userInfo).where('createTime', '>=', today.format(FMT)).count({ n: '*' }).first(),
  ]);

  // Orders per status, paid sums per goods type, the ten best-selling goods: each a read of a few roll-up rows.
  const [byStatus, byType, top, lastWeekRow] = await Promise.all([
    rollup(ORDER_STATUS_SUM).select('status', 'n', 'cents') as Promise<{ status: unknown; n: unknown; cents: unknown }[]>,
    rollup(ORDER_TYPE_SUM).where('n', '>', 0).select('typed', 'type', 'n', 'cents') as Promise<{ typed: unknown; type: unknown; n: unknown; cents: unknown }[]>,
    // Down the (tenant, status, cents desc, goods) index, goods that exist only (orders of deleted goods count in the
    // totals, not in the ranking), stopping at ten.
    rollup(ORDER_GOODS_SUM)
      .join({ g: TABLES.demoGoods }, 'g.id', `${ORDER_GOODS_SUM}.goodsId`)
      .where(`${ORDER_GOODS_SUM}.status`, 1)
      .where(`${ORDER_GOODS_SUM}.n`, '>', 0)
      .orderBy([{ column: `${ORDER_GOODS_SUM}.cents`, order: 'desc' }, { column: `${ORDER_GOODS_SUM}.goodsId`, order: 'asc' }])
      .limit(10)
      .select(`${ORDER_GOODS_SUM}.goodsId as goodsId`, `${ORDER_GOODS_SUM}.cents as s`, `${ORDER_GOODS_SUM}.quantity as q`, 'g.title as title') as Promise<
      { goodsId: unknown; s: unknown; q: unknown; title: string | null }[]
    >,
    paidIn(today.subtract(13, 'day'), today.subtract(6, 'day')).first(knex.raw('sum(cents) as s')) as Promise<{ s: unknown } | undefined>,
  ]);

  const charts = {} as Record<ChartRange, Bucket[]>;
  await Promise.all(
    CHART_RANGES.map(async (name) => {
      const r = chartRange(name, now);
      // The prefix is one of three constants, never input, so it is written into the SQL. PostgreSQL takes no
      // substring of a timestamp: its text form (ISO, the same `YYYY-MM-DD HH:mm:ss`) is cut instead.
      const dialect = dialectOfKnex(services.knex);
      const time = dialect === 'postgres' ? '"hour"::text' : dialect === 'mysql' ? '`hour`' : '"hour"';
      const rows = (await paidIn(r.from, r.to)
        .select(knex.raw(`substr(${time}, 1, ${r.prefix}) as k`), knex.raw('sum(cents) as s'), knex.raw('sum(n) as n'))
        .groupBy('k')) as { k: string; s: unknown; n: unknown }[];
      const byKey = new Map(rows.map((row) => [String(row.k), row]));
      charts[name] = r.keys.map((key) => ({ key, amount: money(int(byKey.get(key)?.s) / 100), count: int(byKey.get(key)?.n) }));
    }),
  );

  const dictItems = (await knex({ i: TABLES.dictInfo })
    .join({ t: TABLES.dictType }, 't.id', 'i.typeId')
    .where('t.key', 'goodsType')
    .select('i.name', 'i.value', 'i.id')) as { name: string; value: string | null; id: number }[];
  const labelOf = (type: unknown): string | null => {
    if (type === null || type === undefined) return null;
    const item = dictItems.find((d) => String(d.value ?? d.id) === String(type));
    return item ? item.name : String(type);
  };

  const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
  const paid = byStatus.find((r) => int(r.status) === 1);
  const paidCents = int(paid?.cents);
  const paidCount = int(paid?.n);
  // The roll-up's sums are integer cents already.
  const category = byType
    .map((c) => ({ type: int(c.typed) ? int(c.type) : null, cents: int(c.cents), count: int(c.n) }))
    .sort((a, b) => b.cents - a.cents)
    .map((c) => ({ type: c.type, name: labelOf(c.type), amount: money(c.cents / 100), count: c.count }));
  const ranking = top.map((g) => ({ goodsId: int(g.goodsId), title: g.title ?? '', amount: money(int(g.s) / 100), quantity: int(g.q) }));

  const sum = (buckets: Bucket[]) => buckets.reduce((acc, b) => acc + cents(b.amount), 0);
  const week = charts.week;
  const todayCents = sum(charts.today);
  const yesterdayCents = sum(week.slice(5, 6));
  const weekCents = sum(week);
  const lastWeekCents = int(lastWeekRow?.s);
  const orderCount = byStatus.reduce((acc, r) => acc + int(r.n), 0);
  return {
    date: today.format('YYYY-MM-DD'),
    views: { total: views.total, today: views.since },
    visitors: { today: int(visitorsToday?.n) },
    users: { total: int(usersTotal?.n), today: int(usersToday?.n) },
    payments: { total: paidCount, today: charts.today.reduce((a, b) => a + b.count, 0), yesterday: week[5]?.count ?? 0 },
    sales: {
      total: money(paidCents / 100),
      today: money(todayCents / 100),
      yesterday: money(yesterdayCents / 100),
      week: money(weekCents / 100),
      lastWeek: money(lastWeekCents / 100),
      dayOverDay: change(todayCents, yesterdayCents),
      weekOverWeek: change(weekCents, lastWeekCents),
    },
    conversionRate: orderCount ? Math.round((paidCount / orderCount) * 1000) / 10 : null,
    category,
    ranking,
    charts,
  };
};
