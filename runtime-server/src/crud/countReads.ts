import type { Knex } from 'knex';
import { dialectOfKnex } from '../db/createDb.js';
import { SQLITE_LIMIT_TERM } from '../db/statementLimit.js';

/** One of Knex's recorded statements of a query builder (the parts read here). */
interface Statement {
  grouping: string;
  type: string;
  column?: unknown;
  operator?: unknown;
  value?: unknown;
  bool?: string;
  not?: boolean;
}

/**
 * Decisions kept per database, by the filter's key (its SQL and bindings): EXPLAIN QUERY PLAN once a minute per
 * filter. Per database: two apps in one process (tests, a plugin's own database) may hold different indexes.
 */
const decisions = new WeakMap<Knex, Map<string, { ok: boolean; at: number }>>();
const KEEP_MS = 60_000;
const MAX_KEPT = 500;

/** The index constraint each simple term must appear as in SQLite's plan (`status=?`, `price>?`, `price<?`). */
const PLAN_OP: Record<string, string> = { '=': '=', '>': '>', '>=': '>', '<': '<', '<=': '<' };

const isDeadlineTerm = (s: Statement) => s.type === 'whereRaw' && (s.value as { sql?: unknown } | undefined)?.sql === SQLITE_LIMIT_TERM;
const scalar = (v: unknown) => v === null || ['string', 'number', 'bigint', 'boolean'].includes(typeof v);

/**
 * A SQLite count of `base` without the deadline term (db/statementLimit.ts SQLITE_LIMIT_TERM) when the count reads
 * no entry it does not count: every WHERE term a plain `column <op> value` or `column IN (values)` on the main
 * table, no join, and SQLite's plan one index search whose constraint holds every term. Such a count reads as many
 * index entries as it counts, so a bounded count reads at most its bound, and a plain one what the filter's last
 * count found (crud/counts.ts `countForTotal`). The term costs about as much as the count it guards (1 M goods,
 * 100 000 matching entries: a plain count 2.8 ms, with the term 5.2; bounded 6.4, with the term 8.4). Any other
 * count keeps the term: a residual condition can read any number of rows for the few it counts.
 */
export async function countWithoutDeadline(knex: Knex, base: Knex.QueryBuilder, key: string): Promise<{ query: Knex.QueryBuilder }> {
  const keep = { query: base };
  if (dialectOfKnex(knex) !== 'sqlite') return keep;
  let decided = decisions.get(knex);
  if (!decided) decisions.set(knex, (decided = new Map()));
  const t = Date.now();
  let hit = decided.get(key);
  if (hit && t - hit.at <= KEEP_MS && !hit.ok) return keep;
  const statements = (base as unknown as { _statements: Statement[] })._statements;
  const terms = statements.filter((s) => !isDeadlineTerm(s));
  const free = base.clone();
  (free as unknown as { _statements: Statement[] })._statements = terms;
  if (hit && t - hit.at <= KEEP_MS) return { query: free };
  hit = { ok: false, at: t };
  if (decided.size >= MAX_KEPT) decided.clear();
  decided.set(key, hit);
  const wanted = indexTerms(base, terms);
  if (wanted) {
    const { sql, bindings } = free.clone().clearSelect().clearOrder().count({ total: '*' }).toSQL();
    try {
      const plan = (await knex.raw(`EXPLAIN QUERY PLAN ${sql}`, bindings as Knex.RawBinding[])) as { detail: string }[];
      const only = plan.length === 1 ? /^SEARCH a USING (?:COVERING )?INDEX \S+ \((.+)\)$/.exec(plan[0]!.detail) : null;
      const constraint = new Set(only?.[1]!.split(' AND ') ?? []);
      hit.ok = !!only && wanted.every((w) => constraint.has(w));
    } catch {
      hit.ok = false;
    }
  }
  return hit.ok ? { query: free } : keep;
}

/**
 * The index constraint each WHERE term of `base` other than the deadline term must appear as in the plan, or
 * undefined when a term is not a plain comparison or `IN` on a main-table column, or the query reads a subquery.
 */
function indexTerms(base: Knex.QueryBuilder, terms: Statement[]): string[] | undefined {
  const statements = (base as unknown as { _statements: Statement[] })._statements;
  const table = (base as unknown as { _single: { table?: unknown } })._single.table;
  if (!statements.some(isDeadlineTerm) || !table || typeof table !== 'object' || !Object.values(table).every((t) => typeof t === 'string')) return undefined;
  const wanted: string[] = [];
  for (const s of terms) {
    if (s.grouping !== 'where' || s.bool !== 'and' || s.not || typeof s.column !== 'string') return undefined;
    const column = /^(?:a\.)?(\w+)$/.exec(s.column)?.[1];
    if (!column || column === 'id') return undefined;
    if (s.type === 'whereBasic' && typeof s.operator === 'string' && PLAN_OP[s.operator] && scalar(s.value)) wanted.push(`${column}${PLAN_OP[s.operator]}?`);
    else if (s.type === 'whereIn' && Array.isArray(s.value) && s.value.length > 0 && s.value.every(scalar)) wanted.push(`${column}=?`);
    else return undefined;
  }
  return wanted;
}
