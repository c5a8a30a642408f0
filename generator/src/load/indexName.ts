import { createHash } from 'node:crypto';

/** MySQL's identifier limit; longer names get a stable hash suffix. */
const MAX = 64;

/** Knex's default index naming (`<table>_<cols>_<unique|index>`, lower-cased), kept under 64 chars. */
export function indexName(table: string, columns: string[], unique: boolean): string {
  const name = `${table}_${columns.join('_')}_${unique ? 'unique' : 'index'}`.toLowerCase();
  if (name.length <= MAX) return name;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, MAX - 9)}_${hash}`;
}

/**
 * PostgreSQL's pg_trgm index of one searched column (docs/generator.md, "Search indexes"), `<table>_<col>_trgm`,
 * kept under PostgreSQL's 63-character limit.
 */
export function searchIndexName(table: string, column: string): string {
  const name = `${table}_${column}_trgm`.toLowerCase();
  if (name.length <= 63) return name;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, 63 - 9)}_${hash}`;
}
