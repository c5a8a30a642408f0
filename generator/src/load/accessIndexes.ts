import type { FieldModel, IndexModel, JsonSchema, QueryModel } from '../model.js';
import { indexName } from './indexName.js';

/** What an entity declares about how its rows are read: the inputs of `accessIndexes`. */
export interface AccessPaths {
  table: string;
  fields: FieldModel[];
  query: QueryModel;
  screen?: JsonSchema;
  tenant: boolean;
  dataScope?: string;
  /** Columns the schema keeps out of derived indexes (`"x-index": false`, or left out of `x-time-indexes`). */
  optOut: Set<string>;
}

/** Column types the console sorts by without being told (runtime-web/src/crud/model.ts, `sortable`). */
const SORTED_KINDS = new Set(['datetime', 'date', 'decimal', 'integer', 'bigint', 'double']);

/**
 * The columns a page/list request sorts by: createTime (the order of a request without one, orderKeys in
 * runtime-server/src/crud/query.ts), the screen's default sort, and every screen column the console
 * offers a sorter on (the same rule as runtime-web/src/crud/model.ts). Main-table columns only.
 */
export function sortedColumns(p: AccessPaths): string[] {
  const byName = new Map(p.fields.map((f) => [f.name, f]));
  const out: string[] = [];
  const add = (name: string | undefined) => {
    if (name && name !== 'id' && byName.has(name) && !out.includes(name)) out.push(name);
  };
  const screen = p.screen as { defaultSort?: { field?: string }; columns?: unknown[] } | undefined;
  // A request without an order gets createTime desc; the console asks for the screen's default sort.
  add('createTime');
  add(screen?.defaultSort?.field);
  if (!screen) return out;
  const items: unknown[] = screen.columns ?? p.fields.filter((f) => !f.secret && f.name !== 'id').map((f) => f.name);
  for (const raw of items) {
    const item = (typeof raw === 'string' ? { field: raw } : raw) as { field?: string; sortable?: boolean };
    const f = item.field ? byName.get(item.field) : undefined;
    if (!f || f.secret) continue;
    const auto = SORTED_KINDS.has(f.type) && !f.dict && !f.options?.length && !f.ref;
    if (item.sortable ?? auto) add(f.name);
  }
  return out;
}

/**
 * The ORDER BY column lists page/list requests give (orderKeys in runtime-server/src/crud/query.ts): the
 * schema's x-query order first, then a sorted column, then `id`; cut at `id`, which the primary key orders.
 */
export function sortOrders(p: AccessPaths): string[][] {
  const fixed = p.query.order.map((o) => o.column);
  const out: string[][] = [];
  for (const c of [...new Set([...fixed.map((x) => x.replace(/^a\./, '')), ...sortedColumns(p)])]) {
    const cols: string[] = [];
    for (const col of [...fixed, `a.${c}`]) {
      if (!col.startsWith('a.')) break;
      const name = col.slice(2);
      if (name === 'id') break;
      if (!cols.includes(name)) cols.push(name);
    }
    if (cols.length && !out.some((o) => o.join() === cols.join())) out.push(cols);
  }
  return out;
}

/**
 * The indexes an entity's declared access paths need (docs/generator.md, "Indexes from the schema"), added to
 * the ones the schema states (`x-unique`, `x-index`, `x-indexes`):
 * - each order a request can give (sortOrders) gets `(…columns, id)`: `id` is every order's tie-breaker, and PostgreSQL (unlike SQLite's rowid
 *   and InnoDB's clustered key) does not carry it in a secondary index, so without it a page sorted by a column
 *   with repeated values sorts the whole run;
 * - a tenant-scoped entity gets `(tenantId, createTime, id)`: every read filters by tenant and the default
 *   order follows;
 * - every `fieldEq` column gets `(column, …first order, id)`, so a page filtered by it alone is read in order;
 *   every `fieldRange` column and the data-scope column get one; the `fieldEq` columns a screen offers together
 *   get one composite (in declared order, then the first order's columns and id).
 * Opted-out columns are skipped. An index whose columns start another non-unique one's is left out (the longer
 * serves it), so a schema's own `x-index` on a sorted column becomes the `(column, id)` one.
 */
export function accessIndexes(p: AccessPaths, declared: IndexModel[]): IndexModel[] {
  const wanted: string[][] = declared.map((ix) => ix.columns);
  // `id` is the primary key: it serves itself.
  const ok = (c: string) => c !== 'id' && !p.optOut.has(c) && p.fields.some((f) => f.name === c);
  const main = (refs: { column: string }[]) => refs.filter((r) => r.column.startsWith('a.')).map((r) => r.column.slice(2));
  const derived: string[][] = [];
  const sorted = new Set<string>();
  for (const cols of sortOrders(p)) {
    if (!cols.every(ok)) continue;
    derived.push([...cols, 'id']);
    sorted.add([...cols, 'id'].join(','));
  }
  if (p.tenant && ok('createTime')) derived.push(['tenantId', 'createTime', 'id']);
  const eq = main(p.query.fieldEq).filter(ok);
  const filters = ((p.screen as { search?: { filters?: string[] } } | undefined)?.search?.filters) ?? [];
  const together = eq.filter((c) => filters.includes(c));
  // With the first order after them: a page of the screen filtered so is read in order from the index, however
  // many rows match (SQLite, 200 000 goods, status + type: 13 ms sorting the matches against 0.3 ms).
  const first = sortOrders(p)[0]?.every(ok) ? sortOrders(p)[0]! : [];
  if (together.length >= 2) derived.push(first.length ? [...together, ...first, 'id'] : together);
  // An equality filter alone is also read in the first order: `status = 1` at 10 M rows sorted the whole match
  // (SQLite 1.1 s, page 1 000) when only the composite (status, type, …) could serve it.
  // With no indexable order first (an x-query order by id), `(column, id)`: the id order.
  for (const c of eq) derived.push([c, ...first.filter((x) => x !== c), 'id']);
  for (const c of main(p.query.fieldRange).filter(ok)) derived.push([c]);
  if (p.dataScope && ok(p.dataScope)) derived.push([p.dataScope]);
  wanted.push(...derived);

  const out: IndexModel[] = declared.filter((ix) => ix.unique);
  const plain = wanted.filter((cols, i) => !declared[i]?.unique);
  const key = (cols: string[]) => cols.join(',');
  const seen = new Set(out.map((ix) => key(ix.columns)));
  for (const cols of plain) {
    if (seen.has(key(cols))) continue;
    // Served by a longer index that starts with the same columns, or by a unique one on exactly these.
    const covered = plain.some((o) => o.length > cols.length && cols.every((c, i) => o[i] === c));
    if (covered) continue;
    seen.add(key(cols));
    const nullsFirst = sorted.has(key(cols)) && !!p.fields.find((f) => f.name === cols[0])?.nullable;
    out.push({ name: indexName(p.table, cols, false), columns: cols, unique: false, ...(nullsFirst ? { nullsFirst: true as const } : {}) });
  }
  return out;
}

/** Storage types a search index covers: text the user types a substring of. */
const SEARCH_TYPES = new Set(['string', 'text', 'longtext']);

/**
 * The main-table columns keyword (`keyWordLikeFields`) and `fieldLike` search look into, of a text type and not
 * opted out (`"x-search": false` on the property): the columns that get a search index (docs/generator.md,
 * "Search indexes"). Numbers and joined columns keep plain LIKE, and so does a keyword with one of them among its
 * columns (the OR reads every row anyway: no index for it). In declared order, keyword columns first.
 */
export function searchColumns(fields: FieldModel[], query: QueryModel, optOut: Set<string>): string[] {
  const searchable = (col: string) => {
    const f = col.startsWith('a.') ? fields.find((x) => x.name === col.slice(2)) : undefined;
    return !!f && !f.secret && SEARCH_TYPES.has(f.type) && !optOut.has(f.name);
  };
  // The keyword looks into all its columns at once (OR): an index serves it only when it covers every one.
  const kw = query.keyWordLikeFields.every(searchable) ? query.keyWordLikeFields : [];
  const out: string[] = [];
  for (const col of [...kw, ...query.fieldLike.map((f) => f.column).filter(searchable)]) {
    if (!out.includes(col.slice(2))) out.push(col.slice(2));
  }
  return out;
}
