import type { Knex } from 'knex';
import { dialectOfKnex } from '../../db/createDb.js';
import { TABLES } from '../../generated/tables.js';

/**
 * The dashboard's roll-up of demo_order (migration 20261128213000_create_demo_order_rollup, docs/decisions.md
 * "Dashboard roll-up"): per (tenant, status) the order count and amount in integer cents; per (tenant, status,
 * goods) those and the quantity; per (tenant, hour of payTime) the paid orders' count and cents. Database triggers
 * keep them exact on every write path (generic CRUD, bulk edit, import, recycle-bin delete and restore, handlers,
 * raw SQL); per (tenant, goods type) the paid orders of goods that exist, which the goods' own triggers move when a
 * goods changes type, is deleted or comes back. Tenant 0 is "none" and -1 every tenant together (the platform's
 * view); goods 0 is "none"; `typed` 0 is a goods without a type.
 */
export const ORDER_STATUS_SUM = 'demo_order_status_sum';
export const ORDER_GOODS_SUM = 'demo_order_goods_sum';
export const ORDER_HOUR_SUM = 'demo_order_hour_sum';
export const ORDER_TYPE_SUM = 'demo_order_type_sum';
/** The tenant key of the rows that count every tenant. */
export const ALL_TENANTS = -1;

/**
 * Recomputes the four tables from demo_order in one transaction, writes to demo_order held off meanwhile
 * (PostgreSQL: SHARE locks on orders and goods; MariaDB: the grouped reads lock what they read; SQLite: one writer). For a database whose
 * triggers were missing or disabled while rows were written (e.g. a bulk load with the triggers dropped).
 */
export async function rebuildOrderRollup(knex: Knex): Promise<void> {
  const d = dialectOfKnex(knex);
  const id = (s: string) => (d === 'mysql' ? `\`${s}\`` : `"${s}"`);
  const o = (c: string) => `o.${id(c)}`;
  const cents = d === 'sqlite' ? `CAST(ROUND(${o('amount')} * 100) AS INTEGER)` : `ROUND(${o('amount')} * 100)`;
  const hour = d === 'postgres' ? `date_trunc('hour', ${o('payTime')})` : d === 'mysql' ? `DATE_FORMAT(${o('payTime')}, '%Y-%m-%d %H:00:00')` : `substr(${o('payTime')}, 1, 13) || ':00:00'`;
  const targets: { table: string; keys: [string, string][]; sums: [string, string][]; where?: string; goods?: boolean }[] = [
    {
      table: ORDER_TYPE_SUM,
      keys: [['typed', `CASE WHEN g.${id('type')} IS NULL THEN 0 ELSE 1 END`], ['type', `COALESCE(g.${id('type')}, 0)`]],
      sums: [['n', 'COUNT(*)'], ['cents', `SUM(${cents})`]],
      where: `${o('status')} = 1`,
      goods: true,
    },
    { table: ORDER_STATUS_SUM, keys: [['status', o('status')]], sums: [['n', 'COUNT(*)'], ['cents', `SUM(${cents})`]] },
    {
      table: ORDER_GOODS_SUM,
      keys: [['status', o('status')], ['goodsId', `COALESCE(${o('goodsId')}, 0)`]],
      sums: [['n', 'COUNT(*)'], ['cents', `SUM(${cents})`], ['quantity', `SUM(${o('quantity')})`]],
    },
    { table: ORDER_HOUR_SUM, keys: [['hour', hour]], sums: [['n', 'COUNT(*)'], ['cents', `SUM(${cents})`]], where: `${o('status')} = 1 AND ${o('payTime')} IS NOT NULL` },
  ];
  await knex.transaction(async (trx) => {
    if (d === 'postgres') await trx.raw(`LOCK TABLE ${id(TABLES.demoOrder)}, ${id(TABLES.demoGoods)} IN SHARE MODE`);
    const lock = d === 'mysql' ? ' LOCK IN SHARE MODE' : '';
    for (const t of targets) {
      await trx(t.table).delete();
      for (const tenant of [`COALESCE(${o('tenantId')}, 0)`, String(ALL_TENANTS)]) {
        const keys = [tenant, ...t.keys.map(([, e]) => e)];
        await trx.raw(
          `INSERT INTO ${id(t.table)} (${['tenantId', ...t.keys.map(([k]) => k), ...t.sums.map(([s]) => s)].map(id).join(', ')}) ` +
            `SELECT ${[...keys, ...t.sums.map(([, e]) => e)].join(', ')} FROM ${id(TABLES.demoOrder)} o${t.goods ? ` JOIN ${id(TABLES.demoGoods)} g ON g.${id('id')} = ${o('goodsId')}` : ''}${t.where ? ` WHERE ${t.where}` : ''} ` +
            `GROUP BY ${keys.map((_, i) => i + 1).join(', ')}${lock}`,
        );
      }
    }
  });
}
