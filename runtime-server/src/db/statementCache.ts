/** The part of a better-sqlite3 connection the cache wraps. */
interface PreparingDb {
  prepare(sql: string): { busy?: boolean };
}

/** How many distinct SQL texts keep their prepared statement (IN lists and batch inserts vary the text). */
export const STATEMENT_CACHE_MAX = 500;

/**
 * Reuses prepared statements per SQL text on one SQLite connection, least recently used dropped first.
 * Knex prepares every query anew, and preparing (parsing and planning) was a large share of an
 * authenticated request's CPU profile (docs/benchmark.md); the SQL text is the whole key because values
 * are always bound. A statement still iterating (`busy`) is never handed out twice: that caller gets a
 * fresh one. SQLite re-plans a cached statement by itself after a schema change (migrations).
 */
export function cacheStatements<T extends PreparingDb>(db: T, max = STATEMENT_CACHE_MAX): T {
  const prepare = db.prepare.bind(db) as T['prepare'];
  const cache = new Map<string, ReturnType<T['prepare']>>();
  db.prepare = ((sql: string) => {
    const hit = cache.get(sql);
    if (hit && !hit.busy) {
      // Map order is insertion order: moving the hit to the end keeps the oldest first for eviction.
      cache.delete(sql);
      cache.set(sql, hit);
      return hit;
    }
    const statement = prepare(sql) as ReturnType<T['prepare']>;
    if (hit) return statement;
    if (cache.size >= max) cache.delete(cache.keys().next().value as string);
    cache.set(sql, statement);
    return statement;
  }) as T['prepare'];
  return db;
}
