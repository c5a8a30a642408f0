// Written by hand (docs/decisions.md, "Dashboard roll-up"): the dashboard's roll-up of demo_order, two tables no
// schema declares (no entity, no API) and the triggers that keep them exact on every write path. Migrations are
// append-only: never edit one that has been committed.
import type { Knex } from 'knex';

const GOODS = 'demo_order_goods_sum';
const HOUR = 'demo_order_hour_sum';
const ORDER = 'demo_order';

/**
 * Per (tenant, status, goods): order count, amount in integer cents, quantity. Per (tenant, hour of payTime) for
 * paid orders (status 1) with a payTime: count and cents. `tenantId` 0 stands for "none" (a NULL would not meet a
 * unique key in an upsert); `goodsId` 0 likewise. Rows whose count fell to 0 stay (readers skip them).
 */
export async function up(knex: Knex): Promise<void> {
  const client = knex.client.config.client as string;
  const pg = client === 'pg';
  const my = client === 'mysql2' || client === 'mysql';
  const id = (s: string) => (my ? `\`${s}\`` : `"${s}"`);
  await knex.schema.createTable(GOODS, (t) => {
    t.integer('tenantId').notNullable();
    t.integer('status').notNullable();
    t.integer('goodsId').notNullable();
    t.bigInteger('n').notNullable();
    t.bigInteger('cents').notNullable();
    t.bigInteger('quantity').notNullable();
    t.primary(['tenantId', 'status', 'goodsId']);
  });
  await knex.schema.createTable(HOUR, (t) => {
    t.integer('tenantId').notNullable();
    t.dateTime('hour', { useTz: false, precision: 0 }).notNullable();
    t.bigInteger('n').notNullable();
    t.bigInteger('cents').notNullable();
    t.primary(['tenantId', 'hour']);
  });

  const cents = (a: string) => (pg || my ? `ROUND(${a} * 100)` : `CAST(ROUND(${a} * 100) AS INTEGER)`);
  const hour = (t: string) => (pg ? `date_trunc('hour', ${t})` : my ? `DATE_FORMAT(${t}, '%Y-%m-%d %H:00:00')` : `substr(${t}, 1, 13) || ':00:00'`);
  const tenant = (r: string) => `COALESCE(${r}.${id('tenantId')}, 0)`;
  const goods = (r: string) => `COALESCE(${r}.${id('goodsId')}, 0)`;
  const col = (r: string, c: string) => `${r}.${id(c)}`;
  const watched = ['tenantId', 'status', 'goodsId', 'quantity', 'amount', 'payTime'];
  const goodsCols = `(${['tenantId', 'status', 'goodsId', 'n', 'cents', 'quantity'].map(id).join(', ')})`;
  const hourCols = `(${['tenantId', 'hour', 'n', 'cents'].map(id).join(', ')})`;

  if (pg) {
    // Statement-level triggers over the transition tables: one grouped upsert per statement, however many rows it
    // wrote (a bulk INSERT … SELECT of millions included); keys in order, so two writers lock them in one order.
    const delta = (rows: string) => `(${rows}) d`;
    const signed = (r: string, sign: number) =>
      `SELECT ${tenant(r)} AS t, ${col(r, 'status')} AS s, ${goods(r)} AS g, ${col(r, 'payTime')} AS p, ${sign} AS k, ` +
      `${sign} * ${cents(col(r, 'amount'))} AS c, ${sign} * ${col(r, 'quantity')} AS q`;
    const changed = `o.${id('id')} = nw.${id('id')} AND (${watched.map((c) => `o.${id(c)}`).join(', ')}) IS DISTINCT FROM (${watched.map((c) => `nw.${id(c)}`).join(', ')})`;
    const rowsOf = {
      INSERT: `${signed('nw', 1)} FROM new_rows nw`,
      DELETE: `${signed('o', -1)} FROM old_rows o`,
      UPDATE: `${signed('o', -1)} FROM old_rows o JOIN new_rows nw ON ${changed} UNION ALL ${signed('nw', 1)} FROM old_rows o JOIN new_rows nw ON ${changed}`,
    };
    const apply = (rows: string) => `
      INSERT INTO ${id(GOODS)} ${goodsCols}
        SELECT t, s, g, SUM(k), SUM(c), SUM(q) FROM ${delta(rows)} GROUP BY t, s, g ORDER BY t, s, g
        ON CONFLICT (${id('tenantId')}, ${id('status')}, ${id('goodsId')}) DO UPDATE SET
          n = ${id(GOODS)}.n + excluded.n, cents = ${id(GOODS)}.cents + excluded.cents, quantity = ${id(GOODS)}.quantity + excluded.quantity;
      INSERT INTO ${id(HOUR)} ${hourCols}
        SELECT t, ${hour('p')}, SUM(k), SUM(c) FROM ${delta(rows)} WHERE s = 1 AND p IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (${id('tenantId')}, ${id('hour')}) DO UPDATE SET n = ${id(HOUR)}.n + excluded.n, cents = ${id(HOUR)}.cents + excluded.cents;`;
    for (const op of ['INSERT', 'DELETE', 'UPDATE'] as const) {
      const fn = `${ORDER}_rollup_${op.toLowerCase()}`;
      await knex.raw(`CREATE FUNCTION ${id(fn)}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${apply(rowsOf[op])} RETURN NULL; END $$`);
      const ref = op === 'INSERT' ? 'NEW TABLE AS new_rows' : op === 'DELETE' ? 'OLD TABLE AS old_rows' : 'OLD TABLE AS old_rows NEW TABLE AS new_rows';
      await knex.raw(`CREATE TRIGGER ${id(fn)} AFTER ${op} ON ${id(ORDER)} REFERENCING ${ref} FOR EACH STATEMENT EXECUTE FUNCTION ${id(fn)}()`);
    }
  } else {
    // Row-level triggers (MariaDB and SQLite have no other kind): each written row adds itself, each removed row
    // takes itself away, by an upsert of the key.
    const add = (r: string, sign: number) => {
      const goodsUpsert = my
        ? `INSERT INTO ${id(GOODS)} ${goodsCols} VALUES (${tenant(r)}, ${col(r, 'status')}, ${goods(r)}, ${sign}, ${sign} * ${cents(col(r, 'amount'))}, ${sign} * ${col(r, 'quantity')})
             ON DUPLICATE KEY UPDATE n = n + VALUES(n), cents = cents + VALUES(cents), quantity = quantity + VALUES(quantity);`
        : `INSERT INTO ${id(GOODS)} ${goodsCols} VALUES (${tenant(r)}, ${col(r, 'status')}, ${goods(r)}, ${sign}, ${sign} * ${cents(col(r, 'amount'))}, ${sign} * ${col(r, 'quantity')})
             ON CONFLICT (${id('tenantId')}, ${id('status')}, ${id('goodsId')}) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents, quantity = quantity + excluded.quantity;`;
      const paid = `${col(r, 'status')} = 1 AND ${col(r, 'payTime')} IS NOT NULL`;
      const hourUpsert = my
        ? `IF ${paid} THEN INSERT INTO ${id(HOUR)} ${hourCols} VALUES (${tenant(r)}, ${hour(col(r, 'payTime'))}, ${sign}, ${sign} * ${cents(col(r, 'amount'))})
             ON DUPLICATE KEY UPDATE n = n + VALUES(n), cents = cents + VALUES(cents); END IF;`
        : `INSERT INTO ${id(HOUR)} ${hourCols} SELECT ${tenant(r)}, ${hour(col(r, 'payTime'))}, ${sign}, ${sign} * ${cents(col(r, 'amount'))} WHERE ${paid}
             ON CONFLICT (${id('tenantId')}, ${id('hour')}) DO UPDATE SET n = n + excluded.n, cents = cents + excluded.cents;`;
      return `${goodsUpsert} ${hourUpsert}`;
    };
    const same = watched.map((c) => (my ? `OLD.${id(c)} <=> NEW.${id(c)}` : `OLD.${id(c)} IS NEW.${id(c)}`)).join(' AND ');
    const name = (op: string) => id(`${ORDER}_rollup_${op}`);
    if (my) {
      await knex.raw(`CREATE TRIGGER ${name('insert')} AFTER INSERT ON ${id(ORDER)} FOR EACH ROW BEGIN ${add('NEW', 1)} END`);
      await knex.raw(`CREATE TRIGGER ${name('delete')} AFTER DELETE ON ${id(ORDER)} FOR EACH ROW BEGIN ${add('OLD', -1)} END`);
      await knex.raw(`CREATE TRIGGER ${name('update')} AFTER UPDATE ON ${id(ORDER)} FOR EACH ROW BEGIN IF NOT (${same}) THEN ${add('OLD', -1)} ${add('NEW', 1)} END IF; END`);
    } else {
      // Knex rebuilds a SQLite table to alter it, and the triggers go with it: a later migration that changes
      // demo_order's columns must create these again (the dashboard's exactness test fails otherwise).
      await knex.raw(`CREATE TRIGGER ${name('insert')} AFTER INSERT ON ${id(ORDER)} BEGIN ${add('NEW', 1)} END`);
      await knex.raw(`CREATE TRIGGER ${name('delete')} AFTER DELETE ON ${id(ORDER)} BEGIN ${add('OLD', -1)} END`);
      await knex.raw(`CREATE TRIGGER ${name('update')} AFTER UPDATE ON ${id(ORDER)} WHEN NOT (${same}) BEGIN ${add('OLD', -1)} ${add('NEW', 1)} END`);
    }
  }

  // The orders there are.
  await knex.raw(
    `INSERT INTO ${id(GOODS)} ${goodsCols} SELECT ${tenant('o')}, ${col('o', 'status')}, ${goods('o')}, COUNT(*), SUM(${cents(col('o', 'amount'))}), SUM(${col('o', 'quantity')}) ` +
      `FROM ${id(ORDER)} o GROUP BY 1, 2, 3`,
  );
  await knex.raw(
    `INSERT INTO ${id(HOUR)} ${hourCols} SELECT ${tenant('o')}, ${hour(col('o', 'payTime'))}, COUNT(*), SUM(${cents(col('o', 'amount'))}) ` +
      `FROM ${id(ORDER)} o WHERE ${col('o', 'status')} = 1 AND ${col('o', 'payTime')} IS NOT NULL GROUP BY 1, 2`,
  );
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
  await knex.schema.dropTableIfExists(HOUR);
  await knex.schema.dropTableIfExists(GOODS);
}
