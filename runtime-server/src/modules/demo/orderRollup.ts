import type { Knex } from 'knex';
import { dialectOfKnex } from '../../db/createDb.js';
import { TABLES } from '../../generated/tables.js';

/**
 * The dashboard's roll-up of demo_order (migration 20261128213000_create_demo_order_rollup, docs/decisions.md
 * "Dashboard roll-up"): per (tenant, status, goods) the order count, amount in integer cents and quantity; per
 * (tenant, hour of payTime) the paid orders' count and cents. Database triggers keep both exact on every write
 * path (generic CRUD, bulk edit, import, recycle-bin delete and restore, handlers, raw SQL); tenant and goods
 * "none" are 0.
 */
export const ORDER_GOODS_SUM = 'demo_order_goods_sum';
export const ORDER_HOUR_SUM = 'demo_order_hour_sum';

/**
 * Recomputes both tables from demo_order, in one transaction, with writes to demo_order held off meanwhile
 * (PostgreSQL: a SHARE lock; MariaDB: the grouped read locks what it reads; SQLite: one writer). For a database
 * whose triggers were missing or disabled while rows were written, e.g. a bulk load with the triggers dropped.
 */
export async function rebuildOrderRollup(knex: Knex): Promise<void> {
  const d = dialectOfKnex(knex);
  const id = (s: string) => (d === 'mysql' ? `\`${s}\`` : `"${s}"`);
  const cents = (a: string) => (d === 'sqlite' ? `CAST(ROUND(${a} * 100) AS INTEGER)` : `ROUND(${a} * 100)`);
  const hour = (t: string) => (d === 'postgres' ? `date_trunc('hour', ${t})` : d === 'mysql' ? `DATE_FORMAT(${t}, '%Y-%m-%d %H:00:00')` : `substr(${t}, 1, 13) || ':00:00'`);
  const o = (c: string) => `o.${id(c)}`;
  const tenant = `COALESCE(${o('tenantId')}, 0)`;
  await knex.transaction(async (trx) => {
    if (d === 'postgres') await trx.raw(`LOCK TABLE ${id(TABLES.demoOrder)} IN SHARE MODE`);
    await trx(ORDER_GOODS_SUM).delete();
    await trx(ORDER_HOUR_SUM).delete();
    const lock = d === 'mysql' ? ' LOCK IN SHARE MODE' : '';
    await trx.raw(
      `INSERT INTO ${id(ORDER_GOODS_SUM)} (${['tenantId', 'status', 'goodsId', 'n', 'cents', 'quantity'].map(id).join(', ')}) ` +
        `SELECT ${tenant}, ${o('status')}, COALESCE(${o('goodsId')}, 0), COUNT(*), SUM(${cents(o('amount'))}), SUM(${o('quantity')}) ` +
        `FROM ${id(TABLES.demoOrder)} o GROUP BY 1, 2, 3${lock}`,
    );
    await trx.raw(
      `INSERT INTO ${id(ORDER_HOUR_SUM)} (${['tenantId', 'hour', 'n', 'cents'].map(id).join(', ')}) ` +
        `SELECT ${tenant}, ${hour(o('payTime'))}, COUNT(*), SUM(${cents(o('amount'))}) ` +
        `FROM ${id(TABLES.demoOrder)} o WHERE ${o('status')} = 1 AND ${o('payTime')} IS NOT NULL GROUP BY 1, 2${lock}`,
    );
  });
}
