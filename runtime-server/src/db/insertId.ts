import type { Knex } from 'knex';

/**
 * Inserts one row and answers its new id on every database. SQLite and MariaDB report the last insert id
 * with any INSERT; PostgreSQL reports nothing unless the statement says `RETURNING id`, and Knex warns on
 * MySQL when it does, so the clause is added on PostgreSQL alone.
 */
export async function insertId(db: Knex | Knex.Transaction, tableName: string, row: object): Promise<number> {
  const result: unknown[] = db.client.config.client === 'pg' ? await db(tableName).insert(row, ['id']) : await db(tableName).insert(row);
  const first = result[0];
  const id = Number(typeof first === 'object' && first !== null ? (first as { id: unknown }).id : first);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`insert into ${tableName}: the database returned no id`);
  return id;
}

/** Placeholders in one multi-row INSERT: below SQLite's 32 766 and the 65 535 of MariaDB and PostgreSQL. */
const INSERT_BINDINGS = 30_000;
/** Rows in one multi-row INSERT, whatever their width. */
const INSERT_ROWS = 500;
/** Per database config: whether a MySQL-protocol server answers `INSERT … RETURNING` (MariaDB ≥ 10.5; MySQL not). */
const returningOnMysql = new WeakMap<object, Promise<boolean>>();

/**
 * Inserts rows (none naming its `id`) by multi-row INSERTs and answers their new ids in the rows' order — a
 * statement per row made an import of many rows crawl (most of SQLite's time went to executing each INSERT
 * with its search-index trigger). Every database assigns the ids of one statement's rows in VALUES order,
 * increasing: the ids `RETURNING id` gives back, sorted, are the rows' ids in order, however the database
 * orders what it returns. Rows of different column sets go in separate statements (an absent column takes
 * its default, never a NULL written for it). A MySQL server without RETURNING gets a statement per row.
 */
export async function insertIds(db: Knex | Knex.Transaction, tableName: string, rows: Record<string, unknown>[]): Promise<number[]> {
  const client = db.client.config.client as string;
  if (client === 'mysql2' && !(await mysqlReturns(db))) {
    const ids: number[] = [];
    for (const row of rows) ids.push(await insertId(db, tableName, row));
    return ids;
  }
  const ids: number[] = [];
  for (let i = 0; i < rows.length; ) {
    const cols = Object.keys(rows[i]!);
    const sig = cols.join('\u0000');
    const most = Math.max(1, Math.min(INSERT_ROWS, Math.floor(INSERT_BINDINGS / Math.max(1, cols.length))));
    let end = i + 1;
    while (end < rows.length && end - i < most && Object.keys(rows[end]!).join('\u0000') === sig) end++;
    const chunk = rows.slice(i, end);
    if (!cols.length) {
      for (const row of chunk) ids.push(await insertId(db, tableName, row));
    } else {
      const tuple = `(${cols.map(() => '?').join(', ')})`;
      const values = chunk.flatMap((r) => cols.map((c) => r[c] ?? null)) as Knex.Value[];
      const sql = `insert into ?? (${cols.map(() => '??').join(', ')}) values ${chunk.map(() => tuple).join(', ')} returning ??`;
      const res: unknown = await db.raw(sql, [tableName, ...cols, ...values, 'id']);
      // better-sqlite3 answers the rows, pg a result with `rows`, mysql2 [rows, fields].
      const out = (Array.isArray(res) ? (client === 'mysql2' ? res[0] : res) : (res as { rows: unknown[] }).rows) as { id: unknown }[];
      const got = out.map((r) => Number(r.id)).sort((a, b) => a - b);
      if (got.length !== chunk.length || got.some((id) => !Number.isSafeInteger(id) || id <= 0)) throw new Error(`insert into ${tableName}: the database returned ${got.length} ids for ${chunk.length} rows`);
      ids.push(...got);
    }
    i = end;
  }
  return ids;
}

function mysqlReturns(db: Knex | Knex.Transaction): Promise<boolean> {
  const key = db.client.config as object;
  let known = returningOnMysql.get(key);
  if (!known) {
    known = (db.raw('select version() as v') as unknown as Promise<[{ v: string }[]]>).then(([r]) => {
      const m = /^(\d+)\.(\d+).*mariadb/i.exec(String(r[0]?.v ?? ''));
      return !!m && (Number(m[1]) > 10 || (Number(m[1]) === 10 && Number(m[2]) >= 5));
    }, (err: unknown) => {
      returningOnMysql.delete(key);
      throw err;
    });
    returningOnMysql.set(key, known);
  }
  return known;
}
