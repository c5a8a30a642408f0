/**
 * Demo data in one step for a first look (`npm run seed:demo`): goods, end users, orders paid over the last
 * 90 days and some request-log visits, so the dashboard, goods and orders are not all zeros. Refuses a
 * database that already has orders (it adds to an empty demo, never to real data). Runs against the same
 * database the server uses (DATA_DIR's SQLite, or DATABASE_URL), migrating it first like `npm start`.
 */
import { fileURLToPath } from 'node:url';
import dayjs from 'dayjs';
import type { Knex } from 'knex';
import { TABLES } from '../runtime-server/src/generated/tables.js';

const FMT = 'YYYY-MM-DD HH:mm:ss';
/** Titles with their goodsType (schemas/dict/seed/dict.json: 1 数码, 2 服装, 3 食品). */
const GOODS: [string, number][] = [
  ['无线耳机', 1], ['机械键盘', 1], ['充电宝', 1], ['蓝牙音箱', 1],
  ['帆布包', 2], ['运动外套', 2], ['棉质T恤', 2], ['羊毛围巾', 2],
  ['坚果礼盒', 3], ['挂耳咖啡', 3], ['燕麦片', 3], ['红茶', 3],
];

export interface SeedCounts {
  goods: number;
  users: number;
  orders: number;
  visits: number;
}

/** Inserts the demo rows; throws when orders exist already. `now` fixes the clock for tests. */
export async function seedDemo(knex: Knex, now = dayjs()): Promise<SeedCounts> {
  const orders = Number(((await knex(TABLES.demoOrder).count({ n: '*' }).first()) as { n: unknown }).n);
  if (orders > 0) throw new Error(`the database has ${orders} orders already: demo data goes into a fresh install only`);
  const ts = now.format(FMT);
  const insert = async (table: string, rows: Record<string, unknown>[]) => {
    for (let k = 0; k < rows.length; k += 200) await knex(table).insert(rows.slice(k, k + 200));
  };
  await insert(
    TABLES.demoGoods,
    GOODS.map(([title, type], g) => ({ title, type, price: (19.9 + g * 10).toFixed(2), status: 1, stock: 50 + g * 7, createTime: ts, updateTime: ts })),
  );
  const goods = (await knex(TABLES.demoGoods).whereIn('title', GOODS.map(([title]) => title)).select('id', 'price')) as { id: number; price: string | number }[];
  const users = Array.from({ length: 120 }, (_, u) => {
    const t = now.subtract(u % 90, 'day').format(FMT);
    return { nickName: `演示用户${u + 1}`, status: 1, gender: u % 3, loginType: 0, createTime: t, updateTime: t };
  });
  await insert(TABLES.userInfo, users);
  // Orders spread over 90 days, more recently; one in five unpaid. Deterministic, so figures repeat.
  const list = Array.from({ length: 900 }, (_, o) => {
    const g = goods[(o * 7) % goods.length]!;
    const quantity = 1 + (o % 3);
    const t = now.subtract(Math.floor(((o * 7919) % (90 * 24 * 60)) ** 1.1 / 1.6), 'minute');
    const at = (t.isBefore(now.subtract(90, 'day')) ? now.subtract(o % 90, 'day') : t).format(FMT);
    return { goodsId: g.id, quantity, amount: (Number(g.price) * quantity).toFixed(2), status: o % 5 === 0 ? 0 : 1, payTime: o % 5 === 0 ? null : at, createTime: at, updateTime: at };
  });
  await insert(TABLES.demoOrder, list);
  const visits = Array.from({ length: 300 }, (_, l) => {
    const t = now.subtract(l * 7, 'minute').format(FMT);
    return { action: '/admin/demo/goods/page', ip: `127.0.0.${(l % 40) + 1}`, createTime: t, updateTime: t };
  });
  await insert(TABLES.baseSysLog, visits);
  return { goods: goods.length, users: users.length, orders: list.length, visits: visits.length };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { createApp } = await import('../runtime-server/src/app/createApp.js');
  const { parts } = await import('../runtime-server/src/parts.js');
  const { loadConfig } = await import('../runtime-server/src/config.js');
  const instance = await createApp(loadConfig(process.env), parts, { logger: { info() {}, warn: console.warn, error: console.error } });
  try {
    const n = await seedDemo(instance.services.knex);
    console.log(`demo data: ${n.goods} goods, ${n.users} end users, ${n.orders} orders over 90 days, ${n.visits} visits`);
  } catch (err) {
    console.error(`seed:demo: ${(err as Error).message}`);
    process.exitCode = 1;
  } finally {
    await instance.close();
  }
}
