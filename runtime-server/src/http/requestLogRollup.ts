import type { Knex } from 'knex';
import { dialectOfKnex } from '../db/createDb.js';
import type { Dialect } from '../db/createDb.js';
import { TABLES } from '../generated/tables.js';

/**
 * The request log's rows per hour of `createTime` (migration 20261129013000_create_base_sys_log_hour,
 * docs/decisions.md "Request-log roll-up"): the dashboard's `views` read a few hundred of these rows instead of
 * counting the log. No trigger keeps it: the log's writers do, each in its own transaction — the batch writer one
 * upsert per hour of a flush (http/requestLogWriter.ts), retention per deleted batch (`deleteLogRows`), `clear`
 * (`clearLog`). Anything else that writes the log with its own SQL (a bulk load, a test) calls `rebuildLogRollup`.
 */
export const LOG_HOUR = 'base_sys_log_hour';

/** The bucket of a stored `YYYY-MM-DD HH:mm:ss` time: its hour, in the same text form. */
export function hourOf(createTime: string): string {
  return `${createTime.slice(0, 13)}:00:00`;
}

/** Rows per hour, hours ascending (two writers then lock the same rows in the same order). */
export function perHour(times: Iterable<string>, sign: 1 | -1 = 1): [string, number][] {
  const counts = new Map<string, number>();
  for (const t of times) {
    const h = hourOf(t);
    counts.set(h, (counts.get(h) ?? 0) + sign);
  }
  return [...counts.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

const quote = (d: Dialect) => (d === 'mysql' ? '`' : '"');

const addSql = new Map<string, string>();

/** The upsert adding `n` (hour, count) pairs, `?` placeholders (Knex turns them into `$n` on PostgreSQL). */
export function addHoursSql(d: Dialect, n: number): string {
  const key = `${d}:${n}`;
  let sql = addSql.get(key);
  if (!sql) {
    const q = quote(d);
    const t = `${q}${LOG_HOUR}${q}`;
    const values = Array.from({ length: n }, () => '(?, ?)').join(', ');
    sql =
      `insert into ${t} (${q}hour${q}, ${q}n${q}) values ${values} ` +
      (d === 'mysql' ? 'on duplicate key update `n` = `n` + values(`n`)' : `on conflict ("hour") do update set "n" = ${t}."n" + excluded."n"`);
    addSql.set(key, sql);
  }
  return sql;
}

/** Adds the pairs to the roll-up within `trx` (nothing for none). */
async function addHours(trx: Knex | Knex.Transaction, d: Dialect, pairs: [string, number][]): Promise<void> {
  if (!pairs.length) return;
  await trx.raw(addHoursSql(d, pairs.length), pairs.flat());
}

/**
 * Deletes the log rows with these ids and takes them out of their hours, in one transaction: the DELETE returns the
 * `createTime` of the rows it removed (`RETURNING`, on all three databases), so a row another deleter took first is
 * not taken away twice. Emptied hours go. Returns the rows deleted.
 */
export async function deleteLogRows(knex: Knex, ids: readonly number[]): Promise<number> {
  if (!ids.length) return 0;
  const d = dialectOfKnex(knex);
  const q = quote(d);
  return knex.transaction(async (trx) => {
    const res = await trx.raw(`delete from ${q}${TABLES.baseSysLog}${q} where ${q}id${q} in (${ids.map(() => '?').join(', ')}) returning ${q}createTime${q}`, [...ids]);
    const rows = (d === 'postgres' ? res.rows : d === 'mysql' ? res[0] : res) as { createTime: string }[];
    const pairs = perHour(
      rows.map((r) => String(r.createTime)),
      -1,
    );
    await addHours(trx, d, pairs);
    if (pairs.length) await trx(LOG_HOUR).whereIn('hour', pairs.map(([h]) => h)).where('n', '<=', 0).delete();
    return rows.length;
  });
}

/**
 * Deletes every log row and every hour in one transaction. The roll-up is locked first (PostgreSQL: the table;
 * MariaDB: its rows and the gap after them, by deleting them), so a flush that commits meanwhile waits and adds its
 * rows' hours after the clear, and the rows it wrote were not yet visible to the clear's DELETE.
 */
export async function clearLog(knex: Knex): Promise<void> {
  const d = dialectOfKnex(knex);
  await knex.transaction(async (trx) => {
    if (d === 'postgres') await trx.raw(`lock table "${LOG_HOUR}" in exclusive mode`);
    await trx(LOG_HOUR).delete();
    await trx(TABLES.baseSysLog).delete();
  });
}

/**
 * Recomputes the roll-up from the log in one transaction, writes held off meanwhile (PostgreSQL: a SHARE lock on
 * the log; MariaDB: the grouped read locks what it reads; SQLite: one writer). For rows written by other means than
 * the app's writers: a bulk load (the bench), a test's own SQL, a database restored from elsewhere.
 */
export async function rebuildLogRollup(knex: Knex): Promise<void> {
  const d = dialectOfKnex(knex);
  const q = quote(d);
  const ct = `${q}createTime${q}`;
  const hour = d === 'postgres' ? `date_trunc('hour', ${ct})` : d === 'mysql' ? `date_format(${ct}, '%Y-%m-%d %H:00:00')` : `substr(${ct}, 1, 13) || ':00:00'`;
  await knex.transaction(async (trx) => {
    if (d === 'postgres') await trx.raw(`lock table "${TABLES.baseSysLog}" in share mode`);
    await trx(LOG_HOUR).delete();
    await trx.raw(
      `insert into ${q}${LOG_HOUR}${q} (${q}hour${q}, ${q}n${q}) select ${hour}, count(*) from ${q}${TABLES.baseSysLog}${q} group by 1${d === 'mysql' ? ' lock in share mode' : ''}`,
    );
  });
}

/** Log rows in total and since `since` (a local hour boundary, `YYYY-MM-DD HH:00:00`), from the roll-up. */
export async function logViews(knex: Knex | Knex.Transaction, since: string): Promise<{ total: number; since: number }> {
  const row = (await knex(LOG_HOUR)
    .first(knex.raw('sum(??) as total', ['n']), knex.raw('sum(case when ?? >= ? then ?? else 0 end) as since', ['hour', since, 'n']))) as { total: unknown; since: unknown } | undefined;
  return { total: Number(row?.total ?? 0), since: Number(row?.since ?? 0) };
}
