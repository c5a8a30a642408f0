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
