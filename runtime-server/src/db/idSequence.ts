import type { Knex } from 'knex';

/**
 * After rows were inserted with their own ids (the recycle bin restores the original ones): on PostgreSQL the
 * id's sequence moves up to the largest id when it is behind it, since an explicit id leaves the sequence where
 * it was and a later add would draw a taken id. SQLite and MariaDB take the next id past the largest one
 * (AUTOINCREMENT's counter and InnoDB's auto-increment follow explicit ids), so there is nothing to do there.
 * Moved only forward, and only when behind: an add running meanwhile cannot be handed an id twice.
 */
export async function followExplicitIds(db: Knex | Knex.Transaction, tableName: string): Promise<void> {
  if (db.client.config.client !== 'pg') return;
  const [{ seq }] = (await db.raw(`select pg_get_serial_sequence(?, 'id') as seq`, [tableName])).rows as [{ seq: string | null }];
  if (!seq) return;
  await db.raw(
    'select setval(q.seq, q.top) from (select cast(? as regclass) as seq, (select max("id") from ??) as top) q where q.top > coalesce(pg_sequence_last_value(q.seq), 0)',
    [seq, tableName],
  );
}
