import type { Knex } from 'knex';
import { ValidationError } from '../core/errors.js';
import type { DataScope } from './context.js';
import type { EntityRuntime } from './entityRuntime.js';
import { fromDb } from '../db/values.js';
import { applyWhere } from './filterLanguage.js';
import { commonNeedle, partKey, selectiveParts, whereContains } from '../db/like.js';
import type { SearchIndex } from '../db/like.js';
import { dialectOfKnex } from '../db/createDb.js';
import { SQLITE_LIMIT_TERM, currentStatementLimit } from '../db/statementLimit.js';

/** Filters of a page/list request (validated by `validators.filters`). */
export interface ListInput {
  page?: number;
  size?: number;
  order?: string;
  sort?: string;
  keyWord?: string | number | null;
  isExport?: boolean;
  maxExportLimit?: number;
  /** The advanced filter (crud/filterLanguage.ts). */
  where?: unknown;
  [param: string]: unknown;
}

/** The entity's search index (docs/generator.md, "Search indexes"), when its schema gives one. */
function searchIndex(rt: EntityRuntime): SearchIndex | undefined {
  const cols = rt.model.search;
  return cols?.length ? { table: rt.table, ftsTable: `${rt.table}_fts`, id: 'a.id', columns: cols.map((c) => `a.${c}`) } : undefined;
}

/**
 * Should this request's page walk its order with LIKE instead of reading the search index (db/like.ts
 * `commonNeedle`)? Yes when it searches, and every needle the index would serve is common. A list of `fieldLike`
 * values (an OR of needles) keeps the index.
 */
export async function walkSearch(knex: Knex, rt: EntityRuntime, input: ListInput): Promise<boolean> {
  const search = searchIndex(rt);
  if (!search) return false;
  const terms = searchTerms(rt, input);
  if (!terms?.length) return false;
  for (const [columns, value] of terms) if ((await commonNeedle(knex, search, columns, value)) !== true) return false;
  return true;
}

/** The needles a request searches with, each with its columns; undefined for a list of `fieldLike` values. */
function searchTerms(rt: EntityRuntime, input: ListInput): [readonly string[], string][] | undefined {
  const q = rt.model.query;
  const terms: [readonly string[], string][] = [];
  if (given(input.keyWord) && q.keyWordLikeFields.length) terms.push([q.keyWordLikeFields, String(input.keyWord)]);
  for (const f of q.fieldLike) {
    const v = input[f.param];
    if (!given(v)) continue;
    if (Array.isArray(v)) return undefined;
    terms.push([[f.column], String(v)]);
  }
  return terms;
}

/** PostgreSQL: the selective word of each needle of several words (db/like.ts `selectiveParts`), for filteredQuery. */
export async function searchParts(knex: Knex, rt: EntityRuntime, input: ListInput): Promise<Map<string, string> | undefined> {
  const search = searchIndex(rt);
  const terms = search && dialectOfKnex(knex) === 'postgres' ? searchTerms(rt, input) : undefined;
  if (!search || !terms?.length) return undefined;
  const parts = await selectiveParts(knex, search, terms);
  return parts.size ? parts : undefined;
}

/** Is a filter value "given"? `0` and `false` are; `''`, null and `[]` are not (as the reference). */
function given(v: unknown): boolean {
  if (v === undefined || v === null || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  return true;
}

/** FROM + joins + WHERE of a page/list request; selects nothing yet. */
export function filteredQuery(
  knex: Knex | Knex.Transaction,
  rt: EntityRuntime,
  input: ListInput,
  restrict: {
    scope?: DataScope;
    tenant?: number;
    visible?: DataScope;
    where?: (qb: Knex.QueryBuilder) => void;
    joins?: boolean;
    walkSearch?: boolean;
    from?: Knex.QueryBuilder;
    /** The selective part of a needle, by `partKey` (searchParts). */
    searchParts?: Map<string, string>;
  } = {},
): Knex.QueryBuilder {
  const q = rt.model.query;
  // `from`: a prefix of the main table in the request's order (operations/page.ts, a common needle's walk).
  const qb: Knex.QueryBuilder = restrict.from ? knex.from(restrict.from.as('a')) : knex({ a: rt.table });
  // SQLite cannot be interrupted: a request's read checks its own deadline on every row it reads (first, so no
  // other term is evaluated before it; db/statementLimit.ts).
  if (currentStatementLimit() > 0 && dialectOfKnex(knex as Knex) === 'sqlite') qb.whereRaw(SQLITE_LIMIT_TERM);
  // Tenant and data scope are part of the WHERE clause of every read: no filter combination escapes them.
  if (restrict.tenant !== undefined) qb.where('a.tenantId', restrict.tenant);
  if (restrict.scope) qb.whereIn(`a.${restrict.scope.column}`, restrict.scope.ids);
  if (restrict.visible) qb.whereIn(`a.${restrict.visible.column}`, restrict.visible.ids);
  if (restrict.where) restrict.where(qb);
  // `joins: false`: the main table alone (a deep page's id query, operations/page.ts, when nothing names a join).
  if (restrict.joins !== false) for (const j of q.join) qb.leftJoin({ [j.alias]: j.table }, `${j.alias}.id`, `a.${j.on}`);
  const search = searchIndex(rt);
  const kw = input.keyWord;
  // The keyword in any of its columns: one search of them all (one FTS5 column filter on SQLite).
  const part = (columns: readonly string[], value: string) => restrict.searchParts?.get(partKey(columns, value));
  if (kw !== undefined && kw !== null && kw !== '' && q.keyWordLikeFields.length) {
    whereContains(qb, q.keyWordLikeFields, String(kw), search, false, restrict.walkSearch, part(q.keyWordLikeFields, String(kw)));
  }
  for (const f of q.fieldEq) {
    const v = input[f.param];
    if (!given(v)) continue;
    const field = fieldOf(rt, f.column);
    if (Array.isArray(v)) qb.whereIn(f.column, v.map((x) => toParam(field, x)));
    else qb.where(f.column, toParam(field, v));
  }
  for (const f of q.fieldLike) {
    const v = input[f.param];
    if (!given(v)) continue;
    if (Array.isArray(v)) {
      qb.where((w) => {
        for (const x of v) whereContains(w, [f.column], String(x), search, true);
      });
    } else whereContains(qb, [f.column], String(v), search, false, restrict.walkSearch, part([f.column], String(v)));
  }
  for (const f of q.fieldRange) {
    const v = input[f.param];
    if (!Array.isArray(v)) continue;
    const field = fieldOf(rt, f.column);
    const [from, to] = v as unknown[];
    if (given(from)) qb.where(f.column, '>=', rangeParam(field, from));
    if (given(to)) qb.where(f.column, '<=', rangeParam(field, to));
  }
  applyWhere(qb, rt.whereFields, rt.labels, input.where);
  return qb;
}

/**
 * Does the WHERE that `filteredQuery` makes for `input` (and with `ordered`, the ORDER BY of `applyOrder`) name a
 * column of one of the join `aliases`? Read from the filters the input gives, as filteredQuery reads them, without
 * compiling the SQL: a page compiled its main query a second time per request only to search that text (5 % of a
 * list request's CPU in the profile of the request-log page). Undefined where the WHERE is not the model's to read —
 * an entity hook's condition or the advanced filter (`where`): the caller then compiles and searches the text.
 * page.test.ts checks the answer against the compiled text for every filter and order of the joined entities.
 */
export function namesJoin(rt: EntityRuntime, input: ListInput, aliases: readonly string[], ordered: boolean, hookWhere: boolean): boolean | undefined {
  if (hookWhere || (input.where !== undefined && input.where !== null)) return undefined;
  const joined = (column: string) => aliases.includes(column.slice(0, column.indexOf('.')));
  const q = rt.model.query;
  const kw = input.keyWord;
  if (kw !== undefined && kw !== null && kw !== '' && q.keyWordLikeFields.some(joined)) return true;
  for (const f of q.fieldEq) if (given(input[f.param]) && joined(f.column)) return true;
  for (const f of q.fieldLike) if (given(input[f.param]) && joined(f.column)) return true;
  for (const f of q.fieldRange) {
    const v = input[f.param];
    if (Array.isArray(v) && (given(v[0]) || given(v[1])) && joined(f.column)) return true;
  }
  return ordered && orderKeys(rt, input).some((k) => joined(k.column));
}

function fieldOf(rt: EntityRuntime, column: string) {
  const [alias, name] = column.split('.') as [string, string];
  return alias === 'a' ? rt.fields.get(name) : rt.output.find((o) => o.column === column)?.field;
}

function toParam(field: ReturnType<typeof fieldOf>, v: unknown): Knex.Value {
  if (field?.type === 'boolean' && typeof v === 'boolean') return v ? 1 : 0;
  return v as Knex.Value;
}

/** A range bound as the column stores it: decimals as exact strings (never a float), times as given. */
function rangeParam(field: ReturnType<typeof fieldOf>, v: unknown): Knex.Value {
  if (field?.type === 'decimal' && typeof v === 'number') return v.toFixed(field.scale ?? 2);
  return v as Knex.Value;
}

/**
 * Selects exactly the output columns (never `*`: secret columns must not leave the database), as the text Knex
 * makes of them, made once per entity and dialect: Knex parsed and quoted each `a.x as y` again on every query
 * (1.9 % of a list page's CPU in the in-process profile). The statement's text is the same; page.test.ts checks it.
 */
export function selectOutput(qb: Knex.QueryBuilder, rt: EntityRuntime): Knex.QueryBuilder {
  const client = qb.client as Knex.Client;
  const dialect = String(client.config.client);
  let lists = selectLists.get(rt);
  if (!lists) selectLists.set(rt, (lists = new Map()));
  let list = lists.get(dialect);
  if (list === undefined) {
    const sql = client.queryBuilder().select(outputColumns(rt)).toSQL().sql;
    if (!sql.startsWith('select ')) return qb.select(outputColumns(rt));
    list = selectList(sql.slice('select '.length));
    lists.set(dialect, list);
  }
  return qb.select(list as unknown as Knex.Raw);
}

/**
 * Fixed SQL text that Knex's compiler inlines as it inlines a `knex.raw` (its formatter takes any value marked
 * `isRawInstance` and asks its `toSQL()`; it sets `client` and `queryContext` on it, which this one ignores). A real
 * Raw's toSQL made a query id (nanoid), merged options and defined properties on every compile: most of what the
 * precompiled list saves.
 */
function selectList(sql: string): { isRawInstance: true; toSQL(): { sql: string; bindings: readonly never[] } } {
  const compiled = Object.freeze({ sql, bindings: Object.freeze([]) as readonly never[] });
  return { isRawInstance: true, toSQL: () => compiled };
}

/** The output columns as Knex takes them (`a.x as y`). */
export function outputColumns(rt: EntityRuntime): string[] {
  return rt.output.map((o) => `${o.column} as ${o.name}`);
}

/** Per entity runtime (a schema reload makes new ones), per Knex dialect: the select list's text. */
const selectLists = new WeakMap<EntityRuntime, Map<string, ReturnType<typeof selectList>>>();

/** One ORDER BY key of a page/list request. */
export interface OrderKey {
  /** Qualified column, `a.createTime` or `b.name`. */
  column: string;
  dir: 'asc' | 'desc';
  /** May hold NULL: a nullable field, or any column of a LEFT JOIN. */
  nullable: boolean;
  /** A value read back compares equal to the stored one (EXACT_TYPES). */
  exact: boolean;
}

/**
 * Types whose values, read by the driver and bound again, compare exactly as stored (see seekAfter). Not a double
 * (MariaDB's text of it may not round-trip), not JSON, not a bigint (better-sqlite3 reads one past 2^53 as a
 * rounded number).
 */
const EXACT_TYPES = new Set(['string', 'text', 'longtext', 'integer', 'decimal', 'boolean', 'datetime', 'date']);

/**
 * ORDER BY keys: the schema's default order, then the request's `order`/`sort` (comma lists allowed,
 * only output columns), else `createTime desc`; `id` last so paging is stable, in the last key's direction.
 */
export function orderKeys(rt: EntityRuntime, input: ListInput): OrderKey[] {
  const keys: OrderKey[] = [];
  const by = (column: string, dir: 'asc' | 'desc') => {
    // After the primary key every key is redundant (it is unique), and MariaDB sorted for one: an entity ordered by
    // `id desc` with the default `createTime desc` after it read 666 667 audit rows into a filesort (2.8 s at 10 M)
    // where its `(entity, action, id)` index gives the order.
    if (keys.some((k) => k.column === column || k.column === 'a.id')) return;
    const field = fieldOf(rt, column);
    keys.push({ column, dir, nullable: !column.startsWith('a.') || !field || field.nullable, exact: !!field && EXACT_TYPES.has(field.type) });
  };
  for (const o of rt.model.query.order) by(o.column, o.direction);
  const orders = (input.order ?? '').split(',').map((s) => s.trim().replace(/^a\./, '')).filter(Boolean);
  const sorts = (input.sort ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  if (orders.length && sorts.length && sorts.length !== orders.length && !(sorts.length === 1)) {
    throw new ValidationError('error.sortMismatch');
  }
  orders.forEach((name, i) => {
    const column = rt.sortable.get(name);
    if (!column) {
      throw new ValidationError('error.orderColumn', { column: name.slice(0, 60), allowed: [...rt.sortable.keys()].join(', ') });
    }
    const dir = sorts[i] ?? sorts[0] ?? 'desc';
    if (dir !== 'asc' && dir !== 'desc') throw new ValidationError('error.sortMismatch');
    by(column, dir);
  });
  if (!orders.length) by('a.createTime', 'desc');
  // In the direction of the key before it: one index (key, id) then serves the order both ways on every database
  // (MariaDB read `price ASC, id DESC` by a filesort of the whole table: 27 ms at 200 000 goods, 0.5 ms so).
  by('a.id', keys[keys.length - 1]?.dir ?? 'desc');
  return keys;
}

/**
 * ORDER BY one key with NULLs first ascending and last descending, on every database: SQLite's and MariaDB's
 * order, which seekAfter relies on. PostgreSQL's default is the reverse, so a nullable key says NULLS FIRST/LAST
 * there; a NOT NULL key says nothing, which leaves its index usable for the sort.
 */
export function orderByKey(qb: Knex.QueryBuilder, k: OrderKey): Knex.QueryBuilder {
  if (k.nullable && qb.client.config.client === 'pg') return qb.orderBy(k.column, k.dir, k.dir === 'asc' ? 'first' : 'last');
  return qb.orderBy(k.column, k.dir);
}

/** ORDER BY of a page/list request (orderKeys). */
export function applyOrder(qb: Knex.QueryBuilder, rt: EntityRuntime, input: ListInput): Knex.QueryBuilder {
  for (const k of orderKeys(rt, input)) orderByKey(qb, k);
  return qb;
}

/**
 * The rows after `last` (the key values of a row, as the driver read them) in the order of `keys`, as disjoint
 * conditions in that order: "the same values up to key i, a later value of key i", for i from the last key
 * to the first. Read in turn (each with the ORDER BY and what is left of a batch's LIMIT), they give keyset
 * paging for reading a whole table in batches: OFFSET made the database walk past every earlier row again for
 * each batch (an export of 100 000 rows on MariaDB took ten times its one-query floor), and one OR of the
 * conditions walked an index through a run of equal first keys (imported rows share a createTime) on SQLite.
 * Each condition is equalities and one range, which an index on the keys serves. MariaDB reads `c = ? AND
 * id < ?` as a lookup of every row with that `c` (ANALYZE: 51 001 index rows read for a batch of 1 000), and the
 * same equality written as a closed range `c >= ? AND c <= ?` as one range over (c, id) (1 000 rows):
 * `closedRanges`. SQLite plans the plain equality better (its rowid range), and so does PostgreSQL (the closed range
 * kept it from reading the primary key backwards: 14 ms a batch against 0.3 ms, 20 000 rows of one createTime). The last key is `a.id`, so
 * the order is total and no row is read twice or skipped, even while rows are added or removed. NULLs sort
 * first ascending and last descending on every database (orderByKey). Only for keys marked `exact`.
 */
export function seekAfter(keys: readonly OrderKey[], last: readonly unknown[], dialect: { closedRanges: boolean }): ((qb: Knex.QueryBuilder) => void)[] {
  const terms: ((qb: Knex.QueryBuilder) => void)[] = [];
  for (let i = keys.length - 1; i >= 0; i--) {
    const k = keys[i]!;
    const v = last[i] as Knex.Value;
    // Nothing comes after NULL in a descending order.
    if (k.dir === 'desc' && v === null) continue;
    terms.push((qb) => {
      for (let j = 0; j < i; j++) {
        const same = last[j] as Knex.Value;
        if (same === null) qb.whereNull(keys[j]!.column);
        else if (dialect.closedRanges) qb.where(keys[j]!.column, '>=', same).where(keys[j]!.column, '<=', same);
        else qb.where(keys[j]!.column, same);
      }
      if (k.dir === 'asc') {
        if (v === null) qb.whereNotNull(k.column);
        else qb.where(k.column, '>', v);
      } else if (k.nullable) qb.where((o) => o.where(k.column, '<', v).orWhereNull(k.column));
      else qb.where(k.column, '<', v);
    });
  }
  return terms;
}

/** A database row → the wire row, each value in the one format both databases share. */
export function mapRow(rt: EntityRuntime, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const o of rt.output) out[o.name] = fromDb(o.field, row[o.name]);
  return out;
}
