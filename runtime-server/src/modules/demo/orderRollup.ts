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

/**
 * The roll-up's six SQLite triggers (three on demo_order, three on demo_goods) by name, each its `CREATE TRIGGER`
 * exactly as migration 20261128213000_create_demo_order_rollup writes it on SQLite (migrations are append-only, so
 * the text is made again here; orderRollup.http.test.ts compares the two). Knex rebuilds a SQLite table to alter
 * one of its columns, and a table's triggers go with it: `healOrderRollup` creates them again from these.
 */
export function sqliteRollupTriggers(): [string, string][] {
  const id = (s: string) => `"${s}"`;
  const col = (r: string, c: string) => `${r}.${id(c)}`;
  const cents = (r: string) => `CAST(ROUND(${col(r, 'amount')} * 100) AS INTEGER)`;
  const hour = (r: string) => `substr(${col(r, 'payTime')}, 1, 13) || ':00:00'`;
  type Target = { table: string; keys: [string, (r: string) => string][]; sums: [string, (r: string) => string][]; where?: (r: string) => string; goods?: boolean };
  const targets: Target[] = [
    {
      table: ORDER_TYPE_SUM,
      keys: [
        ['typed', () => `CASE WHEN g.${id('type')} IS NULL THEN 0 ELSE 1 END`],
        ['type', () => `COALESCE(g.${id('type')}, 0)`],
      ],
      sums: [['n', () => '1'], ['cents', cents]],
      where: (r) => `${col(r, 'status')} = 1`,
      goods: true,
    },
    { table: ORDER_STATUS_SUM, keys: [['status', (r) => col(r, 'status')]], sums: [['n', () => '1'], ['cents', cents]] },
    {
      table: ORDER_GOODS_SUM,
      keys: [['status', (r) => col(r, 'status')], ['goodsId', (r) => `COALESCE(${col(r, 'goodsId')}, 0)`]],
      sums: [['n', () => '1'], ['cents', cents], ['quantity', (r) => col(r, 'quantity')]],
    },
    {
      table: ORDER_HOUR_SUM,
      keys: [['hour', hour]],
      sums: [['n', () => '1'], ['cents', cents]],
      where: (r) => `${col(r, 'status')} = 1 AND ${col(r, 'payTime')} IS NOT NULL`,
    },
  ];
  const tenant = (r: string) => `COALESCE(${col(r, 'tenantId')}, 0)`;
  const cols = (t: Target) => ['tenantId', ...t.keys.map(([k]) => k), ...t.sums.map(([s]) => s)];
  const conflict = (t: Target) =>
    `ON CONFLICT (${['tenantId', ...t.keys.map(([k]) => k)].map(id).join(', ')}) DO UPDATE SET ${t.sums.map(([s]) => `${id(s)} = ${id(t.table)}.${id(s)} + excluded.${id(s)}`).join(', ')}`;
  const add = (r: string, sign: number) =>
    targets
      .flatMap((t) =>
        [tenant(r), '-1'].map((ten) => {
          const values = [ten, ...t.keys.map(([, e]) => e(r)), ...t.sums.map(([, e]) => `${sign} * ${e(r)}`)];
          const into = `INSERT INTO ${id(t.table)} (${cols(t).map(id).join(', ')})`;
          if (t.goods) return `${into} SELECT ${values.join(', ')} FROM ${id(TABLES.demoGoods)} g WHERE g.${id('id')} = ${col(r, 'goodsId')} AND ${t.where!(r)} ${conflict(t)};`;
          return `${into} SELECT ${values.join(', ')} WHERE ${t.where ? t.where(r) : 'true'} ${conflict(t)};`;
        }),
      )
      .join(' ');
  const watched = ['tenantId', 'status', 'goodsId', 'quantity', 'amount', 'payTime'];
  const same = watched.map((c) => `OLD.${id(c)} IS NEW.${id(c)}`).join(' AND ');
  const order = TABLES.demoOrder;
  const typeCols = `(${['tenantId', 'typed', 'type', 'n', 'cents'].map(id).join(', ')})`;
  const move = (g: string, sign: number) =>
    `INSERT INTO ${id(ORDER_TYPE_SUM)} ${typeCols} SELECT x.${id('tenantId')}, CASE WHEN ${g}.${id('type')} IS NULL THEN 0 ELSE 1 END, ` +
    `COALESCE(${g}.${id('type')}, 0), SUM(${sign} * x.n), SUM(${sign} * x.cents) FROM ${id(ORDER_GOODS_SUM)} x ` +
    `WHERE x.${id('goodsId')} = ${g}.${id('id')} AND x.${id('status')} = 1 GROUP BY 1, 2, 3 ${conflict(targets[0]!)};`;
  const goodsSame = `OLD.${id('id')} IS NEW.${id('id')} AND OLD.${id('type')} IS NEW.${id('type')}`;
  const on = (name: string, what: string) => [name, what.replace('%', id(name))] as [string, string];
  return [
    on(`${order}_rollup_insert`, `CREATE TRIGGER % AFTER INSERT ON ${id(order)} BEGIN ${add('NEW', 1)} END`),
    on(`${order}_rollup_delete`, `CREATE TRIGGER % AFTER DELETE ON ${id(order)} BEGIN ${add('OLD', -1)} END`),
    on(`${order}_rollup_update`, `CREATE TRIGGER % AFTER UPDATE ON ${id(order)} WHEN NOT (${same}) BEGIN ${add('OLD', -1)} ${add('NEW', 1)} END`),
    on(`${TABLES.demoGoods}_rollup_insert`, `CREATE TRIGGER % AFTER INSERT ON ${id(TABLES.demoGoods)} BEGIN ${move('NEW', 1)} END`),
    on(`${TABLES.demoGoods}_rollup_delete`, `CREATE TRIGGER % AFTER DELETE ON ${id(TABLES.demoGoods)} BEGIN ${move('OLD', -1)} END`),
    on(`${TABLES.demoGoods}_rollup_update`, `CREATE TRIGGER % AFTER UPDATE ON ${id(TABLES.demoGoods)} WHEN NOT (${goodsSame}) BEGIN ${move('OLD', -1)} ${move('NEW', 1)} END`),
  ];
}

/**
 * At boot, on SQLite: the roll-up's triggers that a rebuild of demo_order or demo_goods dropped (a schema change in
 * development, docs/decisions.md "Dashboard roll-up") are created again, and the roll-up recomputed, since writes
 * made meanwhile were not counted. One read of sqlite_master when nothing is missing. Returns the names created.
 */
export async function healOrderRollup(knex: Knex): Promise<string[]> {
  if (dialectOfKnex(knex) !== 'sqlite') return [];
  const wanted = sqliteRollupTriggers();
  // Until the roll-up's migration has run there is nothing to heal.
  if (!(await knex.schema.hasTable(ORDER_STATUS_SUM))) return [];
  const have = new Set(
    ((await knex('sqlite_master').where('type', 'trigger').whereIn('name', wanted.map(([n]) => n)).select('name')) as { name: string }[]).map((r) => r.name),
  );
  const missing = wanted.filter(([name]) => !have.has(name));
  if (!missing.length) return [];
  await knex.transaction(async (trx) => {
    for (const [, sql] of missing) await trx.raw(sql);
  });
  await rebuildOrderRollup(knex);
  return missing.map(([name]) => name);
}
