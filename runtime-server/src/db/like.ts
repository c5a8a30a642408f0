import type { Knex } from 'knex';

/** '!' escapes LIKE wildcards alike on every database (none treats it specially). */
const ESCAPE = '!';

/** `value` with LIKE's wildcards (and the escape character itself) matching only themselves. */
export const escapeLike = (value: string): string => value.replace(/[!%_]/g, (c) => ESCAPE + c);

/**
 * `column` matches `pattern` (a LIKE pattern, wildcards escaped by `escapeLike`) the way the API matches text
 * on every database (docs/decisions.md, "Text matching on three databases"): case-insensitive for Latin
 * letters. SQLite's and MariaDB's LIKE already are (SQLite for A–Z, MariaDB through its `_ci` collation);
 * PostgreSQL's LIKE is case-sensitive, so it gets ILIKE there, over the column's text form (LIKE on a number
 * column works on the other two, and ILIKE on varchar is the text operator anyway).
 */
export function whereLike(qb: Knex.QueryBuilder, column: string, pattern: string, or = false): void {
  const sql = qb.client.config.client === 'pg' ? `CAST(?? AS TEXT) ILIKE ? ESCAPE '${ESCAPE}'` : `?? LIKE ? ESCAPE '${ESCAPE}'`;
  if (or) qb.orWhereRaw(sql, [column, pattern]);
  else qb.whereRaw(sql, [column, pattern]);
}

/** Fewest characters (code points) the search index serves: a trigram index finds nothing in fewer. */
export const SEARCH_MIN_CHARS = 3;

/** The search index of a table (docs/generator.md, "Search indexes"), as a query reads it. */
export interface SearchIndex {
  /** The main table. */
  table: string;
  /** SQLite's FTS5 table, `<table>_fts`. */
  ftsTable: string;
  /** The main table's `id` column, qualified (`a.id`): the FTS table's rowid. */
  id: string;
  /** The qualified columns the index covers (`a.title`). */
  columns: readonly string[];
}

/**
 * `value` occurs in one of `columns` (LIKE `%value%`, by `whereLike`'s rules: docs/decisions.md, "Search that
 * scales"). On SQLite, when the table has a search index over all of `columns` and `value` has at least
 * SEARCH_MIN_CHARS characters, the FTS5 trigram index picks the candidate rows first and the LIKE stays as the
 * exact test: the answer is the LIKE's, only without reading every row. FTS5 folds the case of every script and
 * LIKE only A–Z, so the index finds a superset and the LIKE decides. PostgreSQL: its pg_trgm index serves the
 * ILIKE itself, or, given `part` (a word of the needle, `selectiveParts`), looks that word up while the whole
 * needle is tested on its candidates. MariaDB has no substring index: a plain LIKE.
 */
export function whereContains(qb: Knex.QueryBuilder, columns: readonly string[], value: string, search: SearchIndex | undefined, or = false, walk = false, part?: string): void {
  const pattern = `%${escapeLike(value)}%`;
  const fts = search && !walk && qb.client.config.client === 'better-sqlite3' ? ftsQuery(search, columns, value) : undefined;
  // PostgreSQL, a needle whose selective part is known (`selectiveParts`): the trigram index looks that part up,
  // and the whole needle is tested on its candidates only, in a form the index does not serve (`|| ''`).
  const pgPart = part !== undefined && !walk && qb.client.config.client === 'pg' ? `%${escapeLike(part)}%` : undefined;
  const clause = (w: Knex.QueryBuilder) => {
    if (fts) w.whereRaw(`?? IN (SELECT rowid FROM ?? WHERE ?? MATCH ?)`, [search!.id, search!.ftsTable, search!.ftsTable, fts]);
    if (pgPart) {
      w.where((x) => void columns.forEach((c) => whereLike(x, c, pgPart, true)));
      w.where((x) => void columns.forEach((c) => x.orWhereRaw(`(CAST(?? AS TEXT) || '') ILIKE ? ESCAPE '${ESCAPE}'`, [c, pattern])));
    } else if (columns.length === 1) whereLike(w, columns[0]!, pattern);
    else w.where((x) => void columns.forEach((c) => whereLike(x, c, pattern, true)));
  };
  if (or) qb.orWhere(clause);
  else qb.where(clause);
}

/**
 * The FTS5 query finding `value` as a substring of any of `columns`: a column filter and one quoted phrase
 * (double quotes inside doubled, so no character of `value` is FTS5 syntax). Undefined when the index cannot
 * serve: too short, or a column it does not cover.
 */
export function ftsQuery(search: SearchIndex, columns: readonly string[], value: string): string | undefined {
  if ([...value].length < SEARCH_MIN_CHARS) return undefined;
  if (!columns.length || !columns.every((c) => search.columns.includes(c))) return undefined;
  const names = columns.map((c) => c.slice(c.indexOf('.') + 1));
  // Column names in a filter are FTS5 barewords; a name that is not one is quoted as an FTS5 string.
  const filter = names.map((n) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(n) ? n : `"${n.replace(/"/g, '""')}"`)).join(' ');
  return `{${filter}} : "${value.replace(/"/g, '""')}"`;
}

/**
 * Candidate rows from which a needle counts as common (docs/decisions.md, "Search that scales"): a page of it is
 * found sooner by walking the request's order and testing LIKE on each row than by collecting every candidate the
 * index holds and sorting them (1 M rows, a needle in a tenth of them: 140 ms p50 through FTS5, 1.2 ms walking).
 */
export const COMMON_CANDIDATES = 5000;

/**
 * Is `value` common in `columns`, i.e. does the search index hold at least COMMON_CANDIDATES candidates for it?
 * SQLite: a count of the FTS5 match cut at the threshold (it stops there: a few ms at most). PostgreSQL: the
 * planner's row estimate of the needle (an `EXPLAIN`, no rows read): a GIN index cannot stop a count of its
 * candidates early (it collects them all, the cost of answering through it). The estimate only decides whether to
 * try the walk, which is bounded (WALK_PREFIX rows); a page the walk does not fill is then read through the index
 * with the planner's other plans switched off (crud/operations/page.ts `indexedRows`), so a needle misjudged common
 * costs a short walk, not a walk through the whole table (docs/decisions.md, "Search that scales"). Undefined where
 * there is no such plan: MariaDB (no search index), a needle too short.
 */
export async function commonNeedle(knex: Knex, search: SearchIndex, columns: readonly string[], value: string): Promise<boolean | undefined> {
  const client = knex.client.config.client as unknown;
  if (client === 'pg') {
    if ([...value].length < SEARCH_MIN_CHARS || !columns.length || !columns.every((c) => search.columns.includes(c))) return undefined;
    const qb = knex({ a: search.table }).select(knex.raw('1'));
    whereContains(qb, columns, value, undefined);
    const { sql, bindings } = qb.toSQL();
    const res = (await knex.raw(`EXPLAIN (FORMAT JSON) ${sql}`, bindings)) as { rows: { 'QUERY PLAN': unknown }[] };
    const raw = res.rows[0]?.['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
    return Number(plan[0]?.Plan?.['Plan Rows']) >= COMMON_CANDIDATES;
  }
  if (client !== 'better-sqlite3') return undefined;
  const fts = ftsQuery(search, columns, value);
  if (!fts) return undefined;
  const [row] = (await knex.raw(`SELECT count(*) AS n FROM (SELECT rowid FROM ?? WHERE ?? MATCH ? LIMIT ?)`, [search.ftsTable, search.ftsTable, fts, COMMON_CANDIDATES])) as { n: number }[];
  return Number(row?.n) >= COMMON_CANDIDATES;
}

/** Tables from which a needle's selective part is looked for (below: every trigram lookup is quick). */
export const PART_MIN_ROWS = 200_000;
/** Rows of the sample a needle's words are counted in. */
const PART_SAMPLE_ROWS = 10_000;
const PART_TTL_MS = 10 * 60_000;
const PART_MAX_KEYS = 500;
const PART_MAX_WORDS = 8;
/** Per database (the Knex client's config, which its transactions share): each needle's part, each table's rows. */
const known = new WeakMap<object, { parts: Map<string, { part: string | undefined; at: number }>; rows: Map<string, { rows: number; at: number }> }>();
function cacheOf(knex: Knex) {
  const key = knex.client.config as object;
  let c = known.get(key);
  if (!c) known.set(key, (c = { parts: new Map(), rows: new Map() }));
  return c;
}

/** The key `selectiveParts` answers under for a search of `value` in `columns`. */
export const partKey = (columns: readonly string[], value: string): string => `${columns.join(',')}\n${value}`;

/**
 * PostgreSQL: for each needle of several words, the word the trigram index should look up instead of the whole
 * needle, when that word is much rarer than the others. A GIN index reads the posting list of every trigram of
 * the pattern: `number 4242` over 10 M descriptions that all hold "number" read six lists of 10 M entries
 * (431 ms; 1 M rows: 13.6 ms whole, 0.8 ms by `4242`). The words are counted in a sample of about 10 000 rows
 * (TABLESAMPLE), once per needle for 10 minutes; a word is taken when it is under a quarter of the commonest
 * word's count. The whole needle stays the test of every candidate, so what matches never changes: the part only
 * decides which rows the index offers (all rows holding the needle hold each of its words).
 */
export async function selectiveParts(
  knex: Knex,
  search: SearchIndex,
  terms: readonly [readonly string[], string][],
  /** Tables under this many rows are not sampled (a test passes 0). */
  minRows = PART_MIN_ROWS,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if ((knex.client.config.client as unknown) !== 'pg') return out;
  for (const [columns, value] of terms) {
    if (!columns.length || !columns.every((c) => search.columns.includes(c))) continue;
    // At most PART_MAX_WORDS words are counted: one sample statement, a bounded number of its terms.
    const words = [...new Set(value.split(/\s+/).filter((w) => [...w].length >= SEARCH_MIN_CHARS))].slice(0, PART_MAX_WORDS);
    if (words.length < 2) continue;
    const { parts } = cacheOf(knex);
    const key = `${search.table}\n${partKey(columns, value)}`;
    const hit = parts.get(key);
    let part = hit && Date.now() - hit.at < PART_TTL_MS ? hit.part : undefined;
    if (!hit || Date.now() - hit.at >= PART_TTL_MS) {
      // The part only speeds the search up: a sample that fails (the statement limit, say) leaves the whole needle.
      part = await rowsOf(knex, search.table)
        .then((rows) => (rows < minRows ? undefined : rarestWord(knex, search.table, columns, words, Math.max(rows, 1))))
        .catch(() => undefined);
      if (parts.size >= PART_MAX_KEYS) parts.clear();
      parts.set(key, { part, at: Date.now() });
    }
    if (part !== undefined) out.set(partKey(columns, value), part);
  }
  return out;
}

/** The planner's row count of `table` (pg_class), kept a minute. */
async function rowsOf(knex: Knex, table: string): Promise<number> {
  const tableRows = cacheOf(knex).rows;
  const hit = tableRows.get(table);
  if (hit && Date.now() - hit.at < 60_000) return hit.rows;
  const res = (await knex.raw('SELECT reltuples::bigint AS n FROM pg_class WHERE oid = to_regclass(?)', [table])) as { rows: { n: string | number }[] };
  const rows = Math.max(0, Number(res.rows[0]?.n ?? 0));
  tableRows.set(table, { rows, at: Date.now() });
  return rows;
}

async function rarestWord(knex: Knex, table: string, columns: readonly string[], words: string[], rows: number): Promise<string | undefined> {
  const percent = Math.min(100, (100 * PART_SAMPLE_ROWS) / rows);
  const bare = columns.map((c) => c.slice(c.indexOf('.') + 1));
  const bindings: string[] = [];
  const counts = words.map((w, i) => {
    const test = bare.map(() => `CAST(?? AS TEXT) ILIKE ? ESCAPE '${ESCAPE}'`).join(' OR ');
    for (const c of bare) bindings.push(c, `%${escapeLike(w)}%`);
    return `count(*) FILTER (WHERE ${test}) AS "w${i}"`;
  });
  const res = (await knex.raw(`SELECT ${counts.join(', ')} FROM ?? TABLESAMPLE SYSTEM (${percent.toFixed(4)})`, [...bindings, table])) as { rows: Record<string, string | number>[] };
  const n = words.map((_, i) => Number(res.rows[0]?.[`w${i}`] ?? 0));
  const most = Math.max(...n);
  const least = Math.min(...n);
  if (most === 0 || least * 4 >= most) return undefined;
  return words[n.indexOf(least)];
}
