import type { Knex } from 'knex';
import { assertValid } from '../../core/validator.js';
import type { CrudContext } from '../context.js';
import { beginBoundedCount, countFirst, pageTotal } from '../counts.js';
import { dialectOfKnex } from '../../db/createDb.js';
import { applyOrder, filteredQuery, mapRow, namesJoin, orderKeys, searchParts as searchPartsOf, selectOutput, walkSearch } from '../query.js';
import type { ListInput } from '../query.js';
import { readRows } from '../hooks.js';

export interface PageResult {
  list: Record<string, unknown>[];
  /**
   * `totalExact: false` (added to the family's protocol, which its clients ignore) marks a total above
   * COUNT_EXACT_LIMIT that was not counted for this answer: an approximation, never below the rows the page proves.
   */
  pagination: { page: number; size: number; total: number; totalExact?: false };
}

/**
 * From this offset on, a page reads its ids first (ORDER BY … LIMIT … OFFSET over the (key, id) index alone) and
 * then only its own rows: the rows skipped are never read (a deferred join). Below it one query is cheaper, except
 * on SQLite for a joined entity's range page of at least this many matches (see `page`).
 */
export const DEFERRED_OFFSET = 1000;

/**
 * Up to this many rows into the order, a page of a common needle first walks the order (db/like.ts
 * `commonNeedle`, `walkRows` below); deeper, the index. The total is counted through the index either way: a
 * count reads every match, which the index lists fastest.
 */
export const WALK_ROWS = 1000;

/**
 * How far into the order a walk reads before it gives up. A needle common in the table may still be absent from
 * the head of the order (matches clustered elsewhere, as numbers that grow with the creation time): a walk that
 * does not fill the page within these rows falls back to the index, so it never costs more than this prefix.
 */
export const WALK_PREFIX = 10_000;

/**
 * page: `{ page, size, order, sort, keyWord, …filters }` → `{ list, pagination }`.
 * `size` is capped by validation; export mode (`isExport`) returns up to `limits.listRows` rows.
 */
export async function page(c0: CrudContext, body: unknown): Promise<PageResult> {
  const input = (body ?? {}) as ListInput;
  assertValid(c0.rt.validators.filters, input, c0.rt.labels);
  const searchParts = await searchPartsOf(c0.knex, c0.rt, input);
  const c = searchParts ? { ...c0, searchParts } : c0;
  const pageNo = input.isExport ? 1 : (input.page ?? 1);
  const size = input.isExport
    ? Math.min(input.maxExportLimit || c.limits.listRows, c.limits.listRows)
    : (input.size ?? 20);
  const offset = (pageNo - 1) * size;
  const base = mainQuery(c, input);
  // The first page's bounded count runs beside its rows (a deeper page usually proves nothing more by its rows);
  // on SQLite a range page's count runs first: its plan depends on it.
  const dialect = dialectOfKnex(c.knex);
  const offOrder = rangeOffOrder(c, input);
  const ranged = dialect === 'sqlite' && offOrder && offset + size <= WALK_ROWS && !input.isExport ? await countFirst(c.knex, base, c.app?.caches.counts, c.rt.model.id, WALK_PREFIX) : undefined;
  const early = ranged?.early ?? (offset === 0 && !input.isExport ? await beginBoundedCount(c.knex, base, c.app?.caches.counts, c.rt.model.id) : undefined);
  const walk = offset + size <= WALK_ROWS && ((await walkSearch(c.knex, c.rt, input)) || (ranged?.atLeast ?? 0) >= WALK_PREFIX);
  // One row past the page: whether more follow, which often settles the total without counting.
  const walked = walk ? await walkRows(c, input, offset, size + 1) : undefined;
  // SQLite joins every match before it sorts them (10 M orders, a day's 9 600 paid ones, each joined to its goods:
  // 55 ms, of which the page's own rows are 4 ms): a joined entity's range page of many matches reads its ids first.
  // MariaDB reads every match's whole row to sort them, where the ids alone come from an index holding the filter's
  // and the order's columns (10 M orders, a day's 9 600 paid ones, by (status, payTime, createTime…): 64.8 → 5.9 ms):
  // a joined entity's range page reads its ids first there on every page (its second statement costs a round trip).
  const joined = c.rt.model.query.join.length > 0;
  const deferred =
    offset >= DEFERRED_OFFSET || (joined && ((ranged?.atLeast ?? 0) >= DEFERRED_OFFSET || (offOrder && !input.isExport && dialect === 'mysql')));
  const rows = walked ?? (walk && dialect === 'postgres' ? await indexedRows(c, input, offset, size + 1) : await pageRows(c, input, offset, size + 1, deferred));
  const more = rows.length > size;
  if (more) rows.length = size;
  const total = await pageTotal(c.knex, base, c.app?.caches.counts, c.rt.model.id, { offset, rows: rows.length, more }, early);
  return {
    list: await readRows(c, rows.map((r) => mapRow(c.rt, r)), 'page'),
    pagination: { page: pageNo, size, total: total.total, ...(total.exact ? {} : { totalExact: false as const }) },
  };
}

/**
 * The page read from the first WALK_PREFIX rows of the table in the request's order, or undefined when they do
 * not hold `limit` matches. The matches found in a prefix of the order are the first ones of the whole order, so a
 * full page is the page; a short one says nothing, and the index answers instead. Orders naming a joined column
 * are not walked (the prefix is of the main table).
 */
async function walkRows(c: CrudContext, input: ListInput, offset: number, limit: number): Promise<Record<string, unknown>[] | undefined> {
  if (orderKeys(c.rt, input).some((k) => !k.column.startsWith('a.'))) return undefined;
  const prefix = applyOrder(c.knex({ a: c.rt.table }).select('a.*'), c.rt, input).limit(WALK_PREFIX);
  const rows = (await applyOrder(selectOutput(filteredQuery(c.knex, c.rt, input, { ...c, walkSearch: true, from: prefix }), c.rt), c.rt, input)
    .limit(limit)
    .offset(offset)) as Record<string, unknown>[];
  return rows.length === limit ? rows : undefined;
}

/**
 * Does this request filter a range of a column its order does not start with? Then SQLite reads every
 * match through the range's index and sorts them all for the first page (10 M goods, a price range of 51 000
 * rows: 67 ms p50, docs/benchmark.md), where the newest-first walk finds 20 matches in about 4 000 rows. So such a
 * page counts its matches first (countFirst; the total needs that count anyway) and walks the order when they are
 * at least WALK_PREFIX: a walk that fails then costs at most what sorting them did. Fewer matches sort faster than
 * a walk could fail (1 M goods, 5 100 of them: sorted 2.1 ms, walked 3.4 ms). MariaDB and PostgreSQL weigh the
 * two plans by their statistics (21–34 ms there at 10 M).
 */
function rangeOffOrder(c: CrudContext, input: ListInput): boolean {
  const ranges = c.rt.model.query.fieldRange.filter((f) => {
    const v = input[f.param];
    return Array.isArray(v) && v.some((x) => x !== undefined && x !== null && x !== '');
  });
  if (!ranges.length) return false;
  const first = orderKeys(c.rt, input)[0]?.column;
  return ranges.some((f) => f.column !== first);
}

/**
 * PostgreSQL, after a walk that did not fill the page: the page read through the search index, which the planner
 * is not left to choose against the order's own index. A needle the walk did not find often enough in the head of
 * the order is rare, or its rows lie elsewhere in the order; the planner's estimate may still call it common and
 * walk the order's index row by row through the whole table (1 M goods, `number 1` in 11 % of the rows, all but one
 * far from the head: 3.4 s). With plain index scans and sequential scans off for this one statement, only bitmap
 * scans remain: the trigram index collects the candidates and the page is sorted from them.
 */
async function indexedRows(c: CrudContext, input: ListInput, offset: number, limit: number): Promise<Record<string, unknown>[]> {
  return c.knex.transaction(async (trx) => {
    await trx.raw('SET LOCAL enable_seqscan = off; SET LOCAL enable_indexscan = off; SET LOCAL enable_indexonlyscan = off');
    return pageRows({ ...c, knex: trx as unknown as Knex }, input, offset, limit, offset >= DEFERRED_OFFSET);
  });
}

/** The name the deferred join's row query gives `a.id` (beside the output columns, which mapRow picks). */
const SEEK_ID = '__page_id';

/**
 * `limit` rows from `offset` in the request's order, as database rows of the output columns. `deferred`: the
 * ids first, from the filtered and ordered main table (its joins only when the WHERE or ORDER BY names them),
 * then the rows of those ids, put back in that order. Same rows as one LIMIT/OFFSET query: the order ends in
 * `a.id`, so it is total.
 */
export async function pageRows(c: CrudContext, input: ListInput, offset: number, limit: number, deferred: boolean): Promise<Record<string, unknown>[]> {
  if (!deferred) {
    return (await applyOrder(selectOutput(filteredQuery(c.knex, c.rt, input, c), c.rt), c.rt, input).limit(limit).offset(offset)) as Record<string, unknown>[];
  }
  const ids = applyOrder(mainQuery(c, input, true).select('a.id'), c.rt, input).limit(limit).offset(offset);
  const idRows = (await ids) as { id: number | string }[];
  if (!idRows.length) return [];
  const rows = (await selectOutput(filteredQuery(c.knex, c.rt, {}, restrictOf(c)), c.rt)
    .select(`a.id as ${SEEK_ID}`)
    .whereIn('a.id', idRows.map((r) => r.id))) as Record<string, unknown>[];
  const byId = new Map(rows.map((r) => [String(r[SEEK_ID]), r]));
  // A row deleted between the two reads is left out, as a later page query would.
  return idRows.flatMap((r): Record<string, unknown>[] => {
    const row = byId.get(String(r.id));
    return row ? [row] : [];
  });
}

/**
 * FROM + WHERE of the request on the main table, with its joins only when the WHERE (or with `ordered`, the
 * ORDER BY) names them: LEFT JOINs on a primary key add no row, and without them the count or the id query can
 * stay inside one index of the main table.
 */
function mainQuery(c: CrudContext, input: ListInput, ordered = false): Knex.QueryBuilder {
  const aliases = c.rt.model.query.join.map((j) => j.alias);
  const named = aliases.length ? namesJoin(c.rt, input, aliases, ordered, c.where !== undefined) : false;
  if (named === true) return filteredQuery(c.knex, c.rt, input, c);
  const alone = filteredQuery(c.knex, c.rt, input, { ...restrictOf(c), joins: false });
  if (named === false) return alone;
  const sql = (ordered ? applyOrder(alone.clone(), c.rt, input) : alone).toSQL().sql;
  return namesAlias(sql, aliases) ? filteredQuery(c.knex, c.rt, input, c) : alone;
}

function restrictOf(c: CrudContext): Parameters<typeof filteredQuery>[3] {
  return {
    ...(c.searchParts ? { searchParts: c.searchParts } : {}),
    ...(c.tenant !== undefined ? { tenant: c.tenant } : {}),
    ...(c.scope ? { scope: c.scope } : {}),
    ...(c.visible ? { visible: c.visible } : {}),
    ...(c.where ? { where: c.where } : {}),
  };
}

/** Does the SQL text name a column of one of these table aliases (the reference namesJoin is checked against) (`"b".`, `` `b`. ``, `b.`)? */
export function namesAlias(sql: string, aliases: readonly string[]): boolean {
  return aliases.some((a) => new RegExp(`(^|[^\\w"\`])["\`]?${a}["\`]?\\.`).test(sql));
}
