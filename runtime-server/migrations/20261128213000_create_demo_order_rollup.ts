// Written by hand (docs/decisions.md, "Dashboard roll-up"): the dashboard's roll-up of demo_order, tables no schema
// declares (no entity, no API) and the triggers that keep them exact on every write path. Migrations are
// append-only: never edit one that has been committed.
import type { Knex } from 'knex';

const ORDER = 'demo_order';

/**
 * One roll-up table: its key columns and the expressions of a row `r` of demo_order they take, its summed columns,
 * and which rows it counts. Every row is counted twice: under its tenant (0: none) and under -1, every tenant
 * together (the platform's view), so each reader reads one key range. A NULL would not meet a unique key in an
 * upsert, hence 0 for a missing tenant or goods.
 */
interface Target {
  table: string;
  keys: [string, (r: string) => string][];
  sums: [string, (r: string) => string][];
  where?: (r: string) => string;
  /** Counts only rows whose goods exists, keyed by the goods' columns (alias `g`). */
  goods?: boolean;
}

export async function up(knex: Knex): Promise<void> {
  const client = knex.client.config.client as string;
  const pg = client === 'pg';
  const my = client === 'mysql2' || client === 'mysql';
  const id = (s: string) => (my ? `\`${s}\`` : `"${s}"`);
  const col = (r: string, c: string) => `${r}.${id(c)}`;
  const cents = (r: string) => (pg || my ? `ROUND(${col(r, 'amount')} * 100)` : `CAST(ROUND(${col(r, 'amount')} * 100) AS INTEGER)`);
  const hour = (r: string) => {
    const t = col(r, 'payTime');
    return pg ? `date_trunc('hour', ${t})` : my ? `DATE_FORMAT(${t}, '%Y-%m-%d %H:00:00')` : `substr(${t}, 1, 13) || ':00:00'`;
  };
  const paid = (r: string) => `${col(r, 'status')} = 1 AND ${col(r, 'payTime')} IS NOT NULL`;
  const typed = [
    ['typed', () => 'CASE WHEN g.' + id('type') + ' IS NULL THEN 0 ELSE 1 END'],
    ['type', () => `COALESCE(g.${id('type')}, 0)`],
  ] as [string, (r: string) => string][];
  const targets: Target[] = [
    {
      // Paid orders of existing goods per goods type (typed 0: goods without a type): the categories. First: its
      // read of the goods row locks it before any other roll-up row, in the order the goods' own triggers take them.
      table: 'demo_order_type_sum',
      keys: typed,
      sums: [['n', () => '1'], ['cents', cents]],
      where: (r) => `${col(r, 'status')} = 1`,
      goods: true,
    },
    {
      // Orders per status: conversion rate, paid totals.
      table: 'demo_order_status_sum',
      keys: [['status', (r) => col(r, 'status')]],
      sums: [['n', () => '1'], ['cents', cents]],
    },
    {
      // Per goods and status: ranking and categories (paid rows).
      table: 'demo_order_goods_sum',
      keys: [['status', (r) => col(r, 'status')], ['goodsId', (r) => `COALESCE(${col(r, 'goodsId')}, 0)`]],
      sums: [['n', () => '1'], ['cents', cents], ['quantity', (r) => col(r, 'quantity')]],
    },
    {
      // Paid orders per hour of payTime: the charts and the day/week comparisons.
      table: 'demo_order_hour_sum',
      keys: [['hour', hour]],
      sums: [['n', () => '1'], ['cents', cents]],
      where: paid,
    },
  ];

  for (const t of targets) {
    await knex.schema.createTable(t.table, (b) => {
      b.integer('tenantId').notNullable();
      for (const [k] of t.keys) {
        if (k === 'hour') b.dateTime('hour', { useTz: false, precision: 0 }).notNullable();
        else b.integer(k).notNullable();
      }
      for (const [s] of t.sums) b.bigInteger(s).notNullable();
      b.primary(['tenantId', ...t.keys.map(([k]) => k)]);
    });
  }
  // A goods' own triggers read its rows by goods.
  await knex.raw(`CREATE INDEX ${id('demo_order_goods_sum_goods')} ON ${id('demo_order_goods_sum')} (${id('goodsId')}, ${id('status')})`);
  // The ranking walks this index from the top (highest sales first, lowest id first on a tie) and stops at ten.
  await knex.raw(`CREATE INDEX ${id('demo_order_goods_sum_rank')} ON ${id('demo_order_goods_sum')} (${id('tenantId')}, ${id('status')}, ${id('cents')} DESC, ${id('goodsId')})`);

  const tenant = (r: string) => `COALESCE(${col(r, 'tenantId')}, 0)`;
  const cols = (t: Target) => ['tenantId', ...t.keys.map(([k]) => k), ...t.sums.map(([s]) => s)];
  const merge = (t: Target, excluded: (c: string) => string) => t.sums.map(([s]) => `${id(s)} = ${id(t.table)}.${id(s)} + ${excluded(s)}`).join(', ');
  const conflict = (t: Target) =>
    my
      ? `ON DUPLICATE KEY UPDATE ${t.sums.map(([s]) => `${id(s)} = ${id(s)} + VALUES(${id(s)})`).join(', ')}`
      : `ON CONFLICT (${['tenantId', ...t.keys.map(([k]) => k)].map(id).join(', ')}) DO UPDATE SET ${merge(t, (c) => `excluded.${id(c)}`)}`;
  const watched = ['tenantId', 'status', 'goodsId', 'quantity', 'amount', 'payTime'];

  if (pg) {
    // Statement-level triggers over the transition tables: one grouped upsert per table per statement, however many
    // rows it wrote (a bulk INSERT … SELECT of millions included); keys in order, so two writers lock them in one order.
    const changed = `o.${id('id')} = nw.${id('id')} AND (${watched.map((c) => `o.${id(c)}`).join(', ')}) IS DISTINCT FROM (${watched.map((c) => `nw.${id(c)}`).join(', ')})`;
    const sources = {
      INSERT: [['nw', 1, 'new_rows nw']],
      DELETE: [['o', -1, 'old_rows o']],
      UPDATE: [['o', -1, `old_rows o JOIN new_rows nw ON ${changed}`], ['nw', 1, `old_rows o JOIN new_rows nw ON ${changed}`]],
    } as Record<string, [string, number, string][]>;
    const apply = (op: string) =>
      targets
        .map((t) => {
          const parts = sources[op]!.flatMap(([r, sign, from]) =>
            [tenant(r), '-1'].map(
              (ten) =>
                `SELECT ${ten} AS k0, ${t.keys.map(([, e], i) => `${e(r)} AS k${i + 1}`).join(', ')}, ${t.sums.map(([, e], i) => `${sign} * ${e(r)} AS s${i}`).join(', ')} ` +
                `FROM ${from}${t.goods ? ` JOIN ${id('demo_goods')} g ON g.${id('id')} = ${col(r, 'goodsId')}` : ''}${t.where ? ` WHERE ${t.where(r)}` : ''}`,
            ),
          );
          const keys = t.keys.map((_, i) => `k${i + 1}`);
          return (
            `INSERT INTO ${id(t.table)} (${cols(t).map(id).join(', ')}) ` +
            `SELECT k0, ${keys.join(', ')}, ${t.sums.map((_, i) => `SUM(s${i})`).join(', ')} FROM (${parts.join(' UNION ALL ')}) d ` +
            `GROUP BY k0, ${keys.join(', ')} ORDER BY k0, ${keys.join(', ')} ${conflict(t)};`
          );
        })
        .join('\n');
    // The goods rows the statement's paid orders name, locked first (see the goods' triggers below).
    const lockGoods = (op: string) =>
      `PERFORM 1 FROM ${id('demo_goods')} g WHERE g.${id('id')} IN (${sources[op]!.map(([r, , from]) => `SELECT ${col(r, 'goodsId')} FROM ${from} WHERE ${col(r, 'status')} = 1`).join(' UNION ')}) ORDER BY g.${id('id')} FOR SHARE;`;
    for (const op of ['INSERT', 'DELETE', 'UPDATE']) {
      const fn = `${ORDER}_rollup_${op.toLowerCase()}`;
      await knex.raw(`CREATE FUNCTION ${id(fn)}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${lockGoods(op)} ${apply(op)} RETURN NULL; END $$`);
      const ref = op === 'INSERT' ? 'NEW TABLE AS new_rows' : op === 'DELETE' ? 'OLD TABLE AS old_rows' : 'OLD TABLE AS old_rows NEW TABLE AS new_rows';
      await knex.raw(`CREATE TRIGGER ${id(fn)} AFTER ${op} ON ${id(ORDER)} REFERENCING ${ref} FOR EACH STATEMENT EXECUTE FUNCTION ${id(fn)}()`);
    }
  } else {
    // Row-level triggers (MariaDB and SQLite have no other kind): each written row adds itself, each removed row
    // takes itself away, by an upsert of its keys.
    const add = (r: string, sign: number) =>
      targets
        .flatMap((t) =>
          [tenant(r), '-1'].map((ten) => {
            const values = [ten, ...t.keys.map(([, e]) => e(r)), ...t.sums.map(([, e]) => `${sign} * ${e(r)}`)];
            const into = `INSERT INTO ${id(t.table)} (${cols(t).map(id).join(', ')})`;
            if (t.goods) {
              // INSERT … SELECT reads the goods row with a shared lock (MariaDB), so its newest committed type.
              return `${into} SELECT ${values.join(', ')} FROM ${id('demo_goods')} g WHERE g.${id('id')} = ${col(r, 'goodsId')} AND ${t.where!(r)} ${conflict(t)};`;
            }
            if (my) {
              const stmt = `${into} VALUES (${values.join(', ')}) ${conflict(t)};`;
              return t.where ? `IF ${t.where(r)} THEN ${stmt} END IF;` : stmt;
            }
            // SQLite: an upsert's SELECT needs a WHERE (or the ON of the upsert reads as a join's).
            return `${into} SELECT ${values.join(', ')} WHERE ${t.where ? t.where(r) : 'true'} ${conflict(t)};`;
          }),
        )
        .join(' ');
    const same = watched.map((c) => (my ? `OLD.${id(c)} <=> NEW.${id(c)}` : `OLD.${id(c)} IS NEW.${id(c)}`)).join(' AND ');
    const name = (op: string) => id(`${ORDER}_rollup_${op}`);
    const each = my ? ' FOR EACH ROW' : '';
    // Knex rebuilds a SQLite table to alter it, and the triggers go with it: a later migration that changes
    // demo_order's columns must create these again (the roll-up's exactness test fails otherwise).
    await knex.raw(`CREATE TRIGGER ${name('insert')} AFTER INSERT ON ${id(ORDER)}${each} BEGIN ${add('NEW', 1)} END`);
    await knex.raw(`CREATE TRIGGER ${name('delete')} AFTER DELETE ON ${id(ORDER)}${each} BEGIN ${add('OLD', -1)} END`);
    await knex.raw(
      my
        ? `CREATE TRIGGER ${name('update')} AFTER UPDATE ON ${id(ORDER)} FOR EACH ROW BEGIN IF NOT (${same}) THEN ${add('OLD', -1)} ${add('NEW', 1)} END IF; END`
        : `CREATE TRIGGER ${name('update')} AFTER UPDATE ON ${id(ORDER)} WHEN NOT (${same}) BEGIN ${add('OLD', -1)} ${add('NEW', 1)} END`,
    );
  }

  // A goods' paid sums follow it between categories: its type changes, it is deleted (its orders leave the
  // categories, not the totals), it comes back (recycle-bin restore). They are read from demo_order_goods_sum (every
  // tenant's row and the -1 row), with a locking read on MariaDB (INSERT … SELECT), so no order committed meanwhile
  // is missed: an order's trigger takes the goods row's lock first.
  const typeCols = `(${['tenantId', 'typed', 'type', 'n', 'cents'].map(id).join(', ')})`;
  /** Adds (sign 1) or takes away (-1) the paid sums of goods `g` (its id and type columns) under its type. */
  const move = (g: string, sign: number, from: string) =>
    `INSERT INTO ${id('demo_order_type_sum')} ${typeCols} SELECT x.${id('tenantId')}, CASE WHEN ${g}.${id('type')} IS NULL THEN 0 ELSE 1 END, ` +
    `COALESCE(${g}.${id('type')}, 0), SUM(${sign} * x.n), SUM(${sign} * x.cents) FROM ${from}${id('demo_order_goods_sum')} x ` +
    `WHERE x.${id('goodsId')} = ${g}.${id('id')} AND x.${id('status')} = 1 GROUP BY 1, 2, 3${pg ? ' ORDER BY 1, 2, 3' : ''} ${conflict(targets[0]!)};`;
  const goodsChanged = (o: string, n: string) => `(${o}.${id('id')}, ${o}.${id('type')}) IS DISTINCT FROM (${n}.${id('id')}, ${n}.${id('type')})`;
  if (pg) {
    const body = {
      INSERT: move('nw', 1, 'new_rows nw, '),
      DELETE: move('o', -1, 'old_rows o, '),
      UPDATE:
        move('o', -1, `old_rows o JOIN new_rows n2 ON n2.${id('id')} = o.${id('id')} AND ${goodsChanged('o', 'n2')}, `) +
        move('nw', 1, `new_rows nw JOIN old_rows o2 ON o2.${id('id')} = nw.${id('id')} AND ${goodsChanged('o2', 'nw')}, `),
    } as Record<string, string>;
    for (const op of ['INSERT', 'DELETE', 'UPDATE']) {
      const fn = `demo_goods_rollup_${op.toLowerCase()}`;
      await knex.raw(`CREATE FUNCTION ${id(fn)}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body[op]} RETURN NULL; END $$`);
      const ref = op === 'INSERT' ? 'NEW TABLE AS new_rows' : op === 'DELETE' ? 'OLD TABLE AS old_rows' : 'OLD TABLE AS old_rows NEW TABLE AS new_rows';
      await knex.raw(`CREATE TRIGGER ${id(fn)} AFTER ${op} ON ${id('demo_goods')} REFERENCING ${ref} FOR EACH STATEMENT EXECUTE FUNCTION ${id(fn)}()`);
    }
  } else {
    // MariaDB and SQLite: one goods row at a time (its OLD/NEW values in the statement).
    const name = (op: string) => id(`demo_goods_rollup_${op}`);
    const each = my ? ' FOR EACH ROW' : '';
    const same = my ? `OLD.${id('id')} <=> NEW.${id('id')} AND OLD.${id('type')} <=> NEW.${id('type')}` : `OLD.${id('id')} IS NEW.${id('id')} AND OLD.${id('type')} IS NEW.${id('type')}`;
    await knex.raw(`CREATE TRIGGER ${name('insert')} AFTER INSERT ON ${id('demo_goods')}${each} BEGIN ${move('NEW', 1, '')} END`);
    await knex.raw(`CREATE TRIGGER ${name('delete')} AFTER DELETE ON ${id('demo_goods')}${each} BEGIN ${move('OLD', -1, '')} END`);
    await knex.raw(
      my
        ? `CREATE TRIGGER ${name('update')} AFTER UPDATE ON ${id('demo_goods')} FOR EACH ROW BEGIN IF NOT (${same}) THEN ${move('OLD', -1, '')} ${move('NEW', 1, '')} END IF; END`
        : `CREATE TRIGGER ${name('update')} AFTER UPDATE ON ${id('demo_goods')} WHEN NOT (${same}) BEGIN ${move('OLD', -1, '')} ${move('NEW', 1, '')} END`,
    );
  }

  // The orders there are.
  for (const t of targets) {
    for (const ten of [tenant('o'), '-1']) {
      const keys = [ten, ...t.keys.map(([, e]) => e('o'))];
      await knex.raw(
        `INSERT INTO ${id(t.table)} (${cols(t).map(id).join(', ')}) SELECT ${keys.join(', ')}, ${t.sums.map(([, e]) => `SUM(${e('o')})`).join(', ')} ` +
          `FROM ${id(ORDER)} o${t.goods ? ` JOIN ${id('demo_goods')} g ON g.${id('id')} = o.${id('goodsId')}` : ''}${t.where ? ` WHERE ${t.where('o')}` : ''} GROUP BY ${keys.map((_, i) => i + 1).join(', ')}`,
      );
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  const client = knex.client.config.client as string;
  const my = client === 'mysql2' || client === 'mysql';
  const id = (s: string) => (my ? `\`${s}\`` : `"${s}"`);
  for (const op of ['insert', 'delete', 'update']) {
    const name = `${ORDER}_rollup_${op}`;
    await knex.raw(client === 'pg' ? `DROP TRIGGER IF EXISTS ${id(name)} ON ${id(ORDER)}` : `DROP TRIGGER IF EXISTS ${id(name)}`);
    if (client === 'pg') await knex.raw(`DROP FUNCTION IF EXISTS ${id(name)}()`);
  }
  for (const op of ['insert', 'delete', 'update']) {
    const name = `demo_goods_rollup_${op}`;
    await knex.raw(client === 'pg' ? `DROP TRIGGER IF EXISTS ${id(name)} ON ${id('demo_goods')}` : `DROP TRIGGER IF EXISTS ${id(name)}`);
    if (client === 'pg') await knex.raw(`DROP FUNCTION IF EXISTS ${id(name)}()`);
  }
  for (const t of ['demo_order_hour_sum', 'demo_order_goods_sum', 'demo_order_status_sum', 'demo_order_type_sum']) await knex.schema.dropTableIfExists(t);
}
