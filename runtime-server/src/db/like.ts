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
