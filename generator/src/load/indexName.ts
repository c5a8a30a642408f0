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
