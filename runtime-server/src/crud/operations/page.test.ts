import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Knex } from 'knex';
import { loadGenerated } from '../../app/loadGenerated.js';
import { createAjv } from '../../core/validator.js';
import { TABLES } from '../../generated/tables.js';
import { testDatabases } from '../../testing/forEachDb.js';
import { withMigratedDb } from '../../testing/migratedDb.js';
import type { CrudContext } from '../context.js';
import { createRegistry } from '../entityRuntime.js';
import type { ListInput } from '../query.js';
import { sortedColumns } from '@schema-admin/generator';
import { dialectOfKnex } from '../../db/createDb.js';
import knexFactory from 'knex';
import { applyOrder, filteredQuery, namesJoin, outputColumns, selectOutput } from '../query.js';
import { DEFERRED_OFFSET, namesAlias, pageRows } from './page.js';

const limits = { pageSize: 100, listRows: 1000, batchRows: 100 };
const generated = loadGenerated();
const registry = createRegistry(generated.model, createAjv(), limits);

/**
 * The plan of a deep page's id query: read from one index alone, in its order, with no sort step. Null when it
 * is; else the plan. MariaDB prices a filesort of a tiny table below any index walk, so it is asked there with a
 * seek priced as one (as queryPlan.test.ts).
 */
async function idsPlan(knex: Knex, sql: string, bindings: readonly unknown[]): Promise<string | null> {
  const d = dialectOfKnex(knex);
  if (d === 'sqlite') {
    const plan = ((await knex.raw(`EXPLAIN QUERY PLAN ${sql}`, bindings as Knex.RawBinding[])) as { detail: string }[]).map((r) => r.detail).join(' | ');
    return /USING (COVERING INDEX|INTEGER PRIMARY KEY)/.test(plan) && !plan.includes('TEMP B-TREE') ? null : plan;
  }
  return knex.transaction(async (trx) => {
    if (d === 'postgres') {
      // Tiny and never analysed: with scans, bitmaps and sorts priced out, a Sort left in the plan means no index serves.
      for (const off of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']) await trx.raw(`SET LOCAL ${off} = off`);
      const text = ((await trx.raw(`EXPLAIN ${sql}`, bindings as Knex.RawBinding[])) as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n');
      return /Index Only Scan/.test(text) && !/\bSort\b/.test(text) ? null : text;
    }
    await trx.raw('SET SESSION max_seeks_for_key = 1');
    const [rows] = (await trx.raw(`EXPLAIN ${sql}`, bindings as Knex.RawBinding[])) as [{ table: string; type: string; Extra: string | null }[]];
    const a = rows.find((r) => r.table === 'a');
    return a && /Using index/.test(a.Extra ?? '') && !/filesort/.test(a.Extra ?? '') && rows.length === 1 ? null : JSON.stringify(rows);
  });
}

/** Every order a request may ask of an entity: the default, and each output column but JSON both ways. */
function orders(entityId: string): ListInput[] {
  const rt = registry.get(entityId)!;
  const sortable = rt.output.filter((o) => o.field?.type !== 'json').map((o) => o.name);
  return [{}, ...sortable.flatMap((order) => [{ order, sort: 'asc' }, { order, sort: 'desc' }])];
}

for (const db of testDatabases()) {
  describe(`deep pages: the deferred join gives the rows of one LIMIT/OFFSET query (${db.name})`, () => {
    let knex!: Knex;
    withMigratedDb(db, (k) => (knex = k));

    it('for every sort of goods and orders, with ties, NULLs and a joined column', async () => {
      // Few distinct values per column (ties everywhere), NULL types and pay times, one createTime for half the rows.
      const goods = Array.from({ length: 6 }, (_, i) => ({
        title: `goods ${i % 3}`,
        price: (i % 2) + 0.5,
        type: i % 3 === 0 ? null : i % 2,
        status: 1,
        stock: 0,
        createTime: '2026-01-01 00:00:00',
        updateTime: '2026-01-01 00:00:00',
      }));
      await knex(TABLES.demoGoods).insert(goods);
      const goodsIds = (await knex(TABLES.demoGoods).select('id')).map((r: { id: number }) => r.id);
      const orderRows = Array.from({ length: 47 }, (_, i) => {
        const t = i % 2 ? '2026-02-01 10:00:00' : `2026-02-${String(2 + (i % 5)).padStart(2, '0')} 10:00:00`;
        return {
          goodsId: goodsIds[i % goodsIds.length],
          userId: i % 4 === 0 ? null : i % 3,
          quantity: i % 3,
          amount: (i % 4) * 10,
          status: i % 2,
          payTime: i % 3 === 0 ? null : `2026-03-0${1 + (i % 2)} 00:00:00`,
          createTime: t,
          updateTime: t,
        };
      });
      await knex(TABLES.demoOrder).insert(orderRows);
      for (const entityId of ['demo/goods', 'demo/order']) {
        const rt = registry.get(entityId)!;
        const c = { knex, rt, limits, locale: 'en' } as CrudContext;
        const inputs = [...orders(entityId), ...(entityId === 'demo/order' ? [{ status: 1, order: 'amount', sort: 'desc' }] : [])];
        for (const input of inputs) {
          for (const [offset, limit] of [[0, 7], [5, 7], [13, 20], [40, 7], [44, 10], [60, 5]] as const) {
            const plain = await pageRows(c, input, offset, limit, false);
            const deferred = await pageRows(c, input, offset, limit, true);
            const ids = (rows: Record<string, unknown>[]) => rows.map((r) => Number(r.id));
            assert.deepEqual(ids(deferred), ids(plain), `${entityId} ${JSON.stringify(input)} offset ${offset}`);
            // The same rows, column for column (the deferred read's extra id column aside).
            assert.deepEqual(deferred.map((r) => ({ ...r, __page_id: undefined })), plain.map((r) => ({ ...r, __page_id: undefined })));
          }
        }
        assert.ok(inputs.length >= 5, `${entityId}: ${inputs.length} orders`);
      }
    });

    it('the select list made once per entity and dialect is the text Knex makes of the output columns, beside other columns', () => {
      // No connection: the SQL is only compiled.
      const clients = [knex, knexFactory({ client: 'pg' }), knexFactory({ client: 'mysql2' })];
      let checked = 0;
      for (const k of clients) {
        for (const e of generated.model.entities) {
          const rt = registry.get(e.id);
          if (!rt?.output.length) continue;
          for (let twice = 0; twice < 2; twice++) {
            const made = selectOutput(k({ a: rt.table }), rt).select('a.id as __page_id').where('a.id', 1).toSQL();
            const plain = k({ a: rt.table }).select(outputColumns(rt)).select('a.id as __page_id').where('a.id', 1).toSQL();
            assert.equal(made.sql, plain.sql, `${e.id} (${k.client.config.client})`);
            assert.deepEqual(made.bindings, plain.bindings);
            checked++;
          }
        }
      }
      assert.ok(checked > 30, `${checked} checked`);
    });

    it('whether a page names a joined column is read from its filters as the compiled SQL text says, for every filter and order', () => {
      let checked = 0;
      for (const rt of generated.model.entities.flatMap((e) => (registry.get(e.id)?.model.query.join.length ? [registry.get(e.id)!] : []))) {
        const q = rt.model.query;
        const aliases = q.join.map((j) => j.alias);
        const inputs: ListInput[] = [
          ...orders(rt.model.id),
          { keyWord: 'abcd' },
          { keyWord: 'ab' },
          ...q.fieldEq.flatMap((f) => [{ [f.param]: 1 }, { [f.param]: [1, 2] }, { [f.param]: '' }]),
          ...q.fieldLike.flatMap((f) => [{ [f.param]: 'abcd' }, { [f.param]: ['ab', 'cdef'] }, { [f.param]: null }]),
          ...q.fieldRange.flatMap((f) => [{ [f.param]: [1, 2] }, { [f.param]: [null, 2] }, { [f.param]: ['', null] }, { [f.param]: [] }]),
        ];
        for (const input of inputs) {
          for (const ordered of [false, true]) {
            const alone = filteredQuery(knex, rt, input, { joins: false });
            const text = (ordered ? applyOrder(alone, rt, input) : alone).toSQL().sql;
            assert.equal(namesJoin(rt, input, aliases, ordered, false), namesAlias(text, aliases), `${rt.model.id} ${JSON.stringify(input)} ordered ${ordered}: ${text}`);
            checked++;
          }
        }
        // Not the model's to read: the caller compiles.
        assert.equal(namesJoin(rt, { where: { id: 1 } }, aliases, false, false), undefined);
        assert.equal(namesJoin(rt, {}, aliases, false, true), undefined);
      }
      assert.ok(checked > 50, `${checked} inputs checked`);
    });

    it('a deep page reads its ids from one index alone, for every order the screen offers', async () => {
      const problems: string[] = [];
      for (const entityId of ['demo/goods', 'demo/order', 'base/sys/log']) {
        const rt = registry.get(entityId)!;
        const e = generated.model.entities.find((x) => x.id === entityId)!;
        const columns = sortedColumns({ table: e.table!, fields: e.fields, query: e.query, screen: e.screen, tenant: e.tenant, optOut: new Set() });
        for (const order of columns) {
          for (const sort of ['asc', 'desc']) {
            const input = { order, sort };
            // The id query as pageRows builds it: the main table alone (nothing names a join here).
            const q = applyOrder(filteredQuery(knex, rt, input, { joins: false }).select('a.id'), rt, input).limit(21).offset(DEFERRED_OFFSET);
            const { sql, bindings } = q.toSQL();
            const bad = await idsPlan(knex, sql, bindings);
            if (bad) problems.push(`${entityId} ${order} ${sort}: ${bad}`);
          }
        }
      }
      assert.deepEqual(problems, []);
    });
  });
}
