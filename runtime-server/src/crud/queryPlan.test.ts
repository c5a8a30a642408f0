import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Knex } from 'knex';
import { searchIndexName, sortedColumns } from '@schema-admin/generator';
import type { EntityModel, FieldModel } from '@schema-admin/generator';
import { loadGenerated } from '../app/loadGenerated.js';
import { createAjv } from '../core/validator.js';
import { dialectOfKnex } from '../db/createDb.js';
import { testDatabases } from '../testing/forEachDb.js';
import { withMigratedDb } from '../testing/migratedDb.js';
import type { DataScope } from './context.js';
import { createRegistry } from './entityRuntime.js';
import type { EntityRuntime } from './entityRuntime.js';
import { applyOrder, filteredQuery, orderKeys, selectOutput } from './query.js';
import type { ListInput } from './query.js';

/** One page request as the generic page/list builds it. */
interface Shape {
  label: string;
  input: ListInput;
  restrict: { tenant?: number; scope?: DataScope };
}

function sample(f: FieldModel): unknown {
  switch (f.type) {
    case 'integer':
    case 'bigint':
    case 'double':
      return 1;
    case 'decimal':
      return 1;
    case 'boolean':
      return true;
    case 'datetime':
      return '2026-01-01 00:00:00';
    case 'date':
      return '2026-01-01';
    default:
      return 'x';
  }
}

/**
 * Every list/page query shape an entity's declared access paths give (docs/generator.md, "Indexes from the
 * schema"): the default order, each sorted column both ways, each fieldEq and fieldRange filter alone, the
 * screen's equality filters together, the tenant and the data scope. Keyword and fieldLike search are not
 * B-tree paths: `searchShapesOf` gives them, checked against the search index (docs/generator.md, "Search indexes").
 */
function shapesOf(e: EntityModel): Shape[] {
  const byName = new Map(e.fields.map((f) => [f.name, f]));
  const main = <T extends { column: string }>(refs: T[]) => refs.filter((r) => r.column.startsWith('a.') && byName.has(r.column.slice(2)));
  const shapes: Shape[] = [{ label: 'default order', input: {}, restrict: {} }];
  for (const c of sortedColumns({ table: e.table!, fields: e.fields, query: e.query, screen: e.screen, tenant: e.tenant, optOut: new Set() })) {
    for (const sort of ['asc', 'desc']) shapes.push({ label: `order ${c} ${sort}`, input: { order: c, sort }, restrict: {} });
  }
  for (const f of main(e.query.fieldEq)) {
    shapes.push({ label: `${f.param} =`, input: { [f.param]: sample(byName.get(f.column.slice(2))!) }, restrict: {} });
  }
  for (const f of main(e.query.fieldRange)) {
    const v = sample(byName.get(f.column.slice(2))!);
    shapes.push({ label: `${f.param} between`, input: { [f.param]: [v, v] }, restrict: {} });
  }
  const filters = ((e.screen as { search?: { filters?: string[] } } | undefined)?.search?.filters) ?? [];
  const together = main(e.query.fieldEq).filter((f) => filters.includes(f.param));
  if (together.length >= 2) {
    const input = Object.fromEntries(together.map((f) => [f.param, sample(byName.get(f.column.slice(2))!)]));
    shapes.push({ label: together.map((f) => f.param).join(' + '), input, restrict: {} });
  }
  if (e.tenant) shapes.push({ label: 'tenant, default order', input: {}, restrict: { tenant: 1 } });
  if (e.dataScope) shapes.push({ label: `data scope ${e.dataScope}`, input: {}, restrict: { scope: { column: e.dataScope, ids: [1, 2] } } });
  return shapes;
}

/**
 * The search shapes an entity's search index serves: the keyword when the index covers all its columns, and each
 * fieldLike column it covers, with a needle of 3 characters (the shortest the index serves).
 */
function searchShapesOf(e: EntityModel): Shape[] {
  const search = new Set((e.search ?? []).map((c) => `a.${c}`));
  const shapes: Shape[] = [];
  if (e.query.keyWordLikeFields.length && e.query.keyWordLikeFields.every((c) => search.has(c))) {
    shapes.push({ label: 'keyWord', input: { keyWord: '中文x' }, restrict: {} });
  }
  for (const f of e.query.fieldLike) if (search.has(f.column)) shapes.push({ label: `${f.param} like`, input: { [f.param]: 'abc' }, restrict: {} });
  return shapes;
}

/** Does the plan read the search index (the FTS5 table, the pg_trgm indexes) and not the whole main table? */
async function searchMissed(knex: Knex, rt: EntityRuntime, shape: Shape): Promise<string | undefined> {
  const qb = applyOrder(selectOutput(filteredQuery(knex, rt, shape.input, shape.restrict), rt), rt, shape.input).limit(20);
  const { sql, bindings } = qb.toSQL();
  if (dialectOfKnex(knex) === 'sqlite') {
    const details = ((await knex.raw(`EXPLAIN QUERY PLAN ${sql}`, bindings)) as { detail: string }[]).map((r) => r.detail);
    const fts = details.some((d) => d.startsWith(`SCAN ${rt.table}_fts VIRTUAL TABLE`));
    const rowid = details.some((d) => /^SEARCH a USING INTEGER PRIMARY KEY/.test(d));
    return fts && rowid ? undefined : details.join(' | ');
  }
  return knex.transaction(async (trx) => {
    await trx.raw('SET LOCAL enable_seqscan = off');
    const plan = (await trx.raw(`EXPLAIN ${sql}`, bindings)) as { rows: { 'QUERY PLAN': string }[] };
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    // Every searched column's trgm index (a keyword over two columns: a BitmapOr of both).
    const cols = shape.input.keyWord !== undefined ? rt.model.query.keyWordLikeFields : rt.model.query.fieldLike.filter((f) => shape.input[f.param] !== undefined).map((f) => f.column);
    const missing = cols.filter((c) => !text.includes(`Bitmap Index Scan on ${searchIndexName(rt.table, c.slice(2))}`));
    return missing.length ? `no trgm index for ${missing.join(', ')}: ${text}` : undefined;
  });
}

/** Does the plan read the whole main table (alias `a`) where an index could serve? One line per problem. */
async function fullScan(knex: Knex, rt: EntityRuntime, shape: Shape): Promise<string | undefined> {
  const qb = applyOrder(selectOutput(filteredQuery(knex, rt, shape.input, shape.restrict), rt), rt, shape.input).limit(20);
  const { sql, bindings } = qb.toSQL();
  const filtered = Object.keys(shape.input).some((k) => k !== 'order' && k !== 'sort') || Object.keys(shape.restrict).length > 0;
  const dialect = dialectOfKnex(knex);
  if (dialect === 'sqlite') {
    // No ANALYZE: without sqlite_stat1 SQLite plans every table as a large one, which is what the test is about.
    const plan = (await knex.raw(`EXPLAIN QUERY PLAN ${sql}`, bindings)) as { detail: string }[];
    const details = plan.map((r) => r.detail);
    // A filtered shape must SEARCH the main table (an index walk in sort order would read every row a rare
    // value does not match); an order-only one may walk the index that gives its order.
    const scan = details.find((d) => /^SCAN a\b/.test(d) && (filtered || !/USING (COVERING )?INDEX/.test(d)));
    // A walk of the rowid in the order asked for, with no filter, stops at the LIMIT: not a full scan.
    if (scan && (filtered || details.some((d) => d.includes('TEMP B-TREE')))) return details.join(' | ');
    return undefined;
  }
  return knex.transaction(async (trx) => {
    if (dialect === 'postgres') {
      // Tables of a test are tiny; with sequential scans priced out, one left in the plan means no index serves.
      await trx.raw('SET LOCAL enable_seqscan = off');
      const plan = (await trx.raw(`EXPLAIN ${sql}`, bindings)) as { rows: { 'QUERY PLAN': string }[] };
      const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      return new RegExp(`Seq Scan on ${rt.table} a\\b`).test(text) ? text : undefined;
    }
    // MariaDB: with every seek priced as one, the optimizer takes any index that serves over a scan.
    await trx.raw('SET SESSION max_seeks_for_key = 1');
    const [rows] = (await trx.raw(`EXPLAIN ${sql}`, bindings)) as [{ table: string; type: string; key: string | null; possible_keys: string | null; Extra: string }[]];
    const a = rows.find((r) => r.table === 'a');
    // `index` is a walk of a whole index, which MariaDB takes on a tiny table to skip the sort; the filter must
    // still have an index among possible_keys (what it picks at size, measured in the bench).
    if (filtered) return a?.type === 'ALL' || (a?.type === 'index' && !a.possible_keys) ? JSON.stringify(rows) : undefined;
    if (a?.type !== 'ALL') return undefined;
    // MariaDB prices a filesort of a small table below any index walk (still at 3 000 rows, measured), so an
    // order-only shape is checked on the index itself: one must lead with the order's columns (InnoDB carries
    // the primary key in every secondary index, so a trailing `id` may be implicit).
    const order = orderKeys(rt, shape.input).map((k) => k.column.replace(/^a\./, ''));
    const stats = (await trx.raw(
      'SELECT index_name AS name, column_name AS col FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = ? ORDER BY index_name, seq_in_index',
      [rt.table],
    )) as [{ name: string; col: string }[]];
    const indexes = new Map<string, string[]>();
    for (const r of stats[0]) indexes.set(r.name, [...(indexes.get(r.name) ?? []), r.col]);
    // The clustered primary key orders whatever follows an `id` key.
    const wanted = order.slice(0, order.indexOf('id') < 0 ? order.length : order.indexOf('id'));
    if (!wanted.length) return undefined;
    const serves = [...indexes.values()].some((cols) => wanted.every((c, i) => cols[i] === c));
    return serves ? undefined : `no index leads with (${order.join(', ')}): ${JSON.stringify(rows)}`;
  });
}

/**
 * The request log's and the change audit's screens (issue 36, part 6: tables of millions of rows): each filter they
 * offer — user, entity, record, action, time range — alone and together with the time range, in the screen's
 * default order (newest first). The request log has no status and its keyword reads the user's name through a
 * join: no index serves that one (docs/generator.md, "Search indexes"), and it is bounded by the statement limit.
 */
function logScreenShapes(e: EntityModel): Shape[] {
  const byName = new Map(e.fields.map((f) => [f.name, f]));
  const eq = e.query.fieldEq.filter((f) => f.column.startsWith('a.') && byName.has(f.column.slice(2)));
  const time = e.query.fieldRange.find((f) => f.column === 'a.createTime');
  assert.ok(time, `${e.id} filters by createTime`);
  const range = { [time.param]: ['2026-01-01 00:00:00', '2026-01-02 00:00:00'] };
  const shapes: Shape[] = [{ label: 'time range', input: range, restrict: {} }];
  for (const f of eq) {
    const v = { [f.param]: sample(byName.get(f.column.slice(2))!) };
    shapes.push({ label: `${f.param}`, input: v, restrict: {} }, { label: `${f.param} + time range`, input: { ...v, ...range }, restrict: {} });
  }
  return shapes;
}

const generated = loadGenerated();
const registry = createRegistry(generated.model, createAjv(), { pageSize: 100, listRows: 1000, batchRows: 100 });
const listed = generated.model.entities.filter((e) => e.table && e.actions.some((a) => a.generic === 'page' || a.generic === 'list'));

describe('every generated list/page query shape uses an index on every database', () => {
  for (const db of testDatabases()) {
    describe(db.name, () => {
      let knex!: Knex;
      withMigratedDb(db, (k) => (knex = k));
      it(`no full scan of the main table, ${listed.length} entities`, async () => {
        const problems: string[] = [];
        let shapes = 0;
        for (const e of listed) {
          const rt = registry.get(e.id)!;
          for (const shape of shapesOf(e)) {
            shapes++;
            const bad = await fullScan(knex, rt, shape);
            if (bad) problems.push(`${e.id} (${shape.label}): ${bad}`);
          }
        }
        assert.ok(shapes > 50, `${shapes} shapes`);
        assert.deepEqual(problems, []);
      });
      it('the request log and change audit screens: each filter alone and with the time range', async () => {
        const problems: string[] = [];
        const labels: string[] = [];
        for (const id of ['base/sys/log', 'base/sys/audit']) {
          const e = generated.model.entities.find((x) => x.id === id)!;
          for (const shape of logScreenShapes(e)) {
            labels.push(`${id}: ${shape.label}`);
            const bad = await fullScan(knex, registry.get(id)!, shape);
            if (bad) problems.push(`${id} (${shape.label}): ${bad}`);
          }
        }
        for (const want of ['base/sys/audit: entity + time range', 'base/sys/audit: userId + time range', 'base/sys/audit: recordId', 'base/sys/log: time range']) {
          assert.ok(labels.includes(want), `${want} among ${labels.join('; ')}`);
        }
        assert.deepEqual(problems, []);
      });
      // SQLite's plan says when it sorts: an equality filter alone is read in the default order from its index.
      if (db.name === 'sqlite') {
        it('an equality filter alone is read in the default order, with no sort of its matches', async () => {
          const problems: string[] = [];
          let shapes = 0;
          for (const e of listed) {
            const rt = registry.get(e.id)!;
            for (const shape of shapesOf(e).filter((s) => s.label.endsWith(' ='))) {
              const qb = applyOrder(selectOutput(filteredQuery(knex, rt, shape.input, shape.restrict), rt), rt, shape.input).limit(20);
              const { sql, bindings } = qb.toSQL();
              // The order must be one the generator indexes (main-table columns only).
              if (orderKeys(rt, shape.input).some((k) => !k.column.startsWith('a.'))) continue;
              shapes++;
              const details = ((await knex.raw(`EXPLAIN QUERY PLAN ${sql}`, bindings)) as { detail: string }[]).map((r) => r.detail);
              if (details.some((d) => d.includes('TEMP B-TREE FOR ORDER BY'))) problems.push(`${e.id} (${shape.label}): ${details.join(' | ')}`);
            }
          }
          assert.ok(shapes >= 10, `${shapes} shapes`);
          assert.deepEqual(problems, []);
        });
      }
      // MariaDB has no substring index: its search stays LIKE (docs/decisions.md, "Search that scales").
      if (db.name !== 'mariadb') {
        it('keyword and fieldLike search read the search index where the schema gives one', async () => {
          const problems: string[] = [];
          let shapes = 0;
          for (const e of listed) {
            const rt = registry.get(e.id)!;
            for (const shape of searchShapesOf(e)) {
              shapes++;
              const bad = await searchMissed(knex, rt, shape);
              if (bad) problems.push(`${e.id} (${shape.label}): ${bad}`);
            }
          }
          assert.ok(shapes >= 10, `${shapes} shapes`);
          assert.deepEqual(problems, []);
        });
      }
    });
  }
});

describe('order keys', () => {
  it('end at the primary key: a key after it is redundant, and MariaDB sorted the whole match for one', () => {
    for (const e of listed) {
      const rt = registry.get(e.id)!;
      for (const input of [{}, { order: 'createTime', sort: 'asc' }] as ListInput[]) {
        if (input.order && !rt.sortable.has(input.order)) continue;
        const keys = orderKeys(rt, input).map((k) => k.column);
        assert.equal(keys.indexOf('a.id'), keys.length - 1, `${e.id} ${JSON.stringify(input)}: ${keys.join(', ')}`);
      }
    }
    // The change audit is ordered by id first (its schema's order): nothing may follow it.
    const audit = listed.find((e) => e.table === 'base_sys_audit');
    assert.ok(audit, 'the change audit is a listed entity');
    assert.deepEqual(orderKeys(registry.get(audit.id)!, {}).map((k) => `${k.column} ${k.dir}`), ['a.id desc']);
  });
});
