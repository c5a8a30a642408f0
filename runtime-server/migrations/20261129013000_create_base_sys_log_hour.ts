// Written by hand (docs/decisions.md, "Request-log roll-up"): the request log's rows per hour, a table no schema
// declares (no entity, no API), kept by the log's writers (runtime-server/src/http/requestLogRollup.ts).
// Migrations are append-only: never edit one that has been committed.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  const client = knex.client.config.client as string;
  const pg = client === 'pg';
  const my = client === 'mysql2' || client === 'mysql';
  await knex.schema.createTable('base_sys_log_hour', (b) => {
    b.dateTime('hour', { useTz: false, precision: 0 }).notNullable().primary();
    b.bigInteger('n').notNullable();
  });
  // The rows there are.
  const ct = my ? '`createTime`' : '"createTime"';
  const hour = pg ? `date_trunc('hour', ${ct})` : my ? `date_format(${ct}, '%Y-%m-%d %H:00:00')` : `substr(${ct}, 1, 13) || ':00:00'`;
  const q = (s: string) => (my ? `\`${s}\`` : `"${s}"`);
  await knex.raw(`insert into ${q('base_sys_log_hour')} (${q('hour')}, ${q('n')}) select ${hour}, count(*) from ${q('base_sys_log')} group by 1`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('base_sys_log_hour');
}
