import type { Locale } from '@schema-admin/generator';
import { AppError } from '../core/errors.js';
import type { EntityRuntime } from './entityRuntime.js';

interface DriverError {
  code?: string;
  errno?: number;
  message?: string;
  sqlMessage?: string;
  /** PostgreSQL: the violated constraint's (index's) name. */
  constraint?: string;
}

/**
 * A value the request sent that its column cannot hold: PostgreSQL refuses it (numeric_value_out_of_range
 * 22003, invalid_text_representation 22P02, string_data_right_truncation 22001, datetime 22007/22008) where
 * SQLite stores it and MariaDB finds no row, e.g. an id past 2^31 in a handler's body; MariaDB's strict mode
 * refuses a too long or out-of-range value alike. The caller's mistake (1002), never a 500.
 */
const VALUE_RANGE = new Set(['22003', '22P02', '22001', '22007', '22008', 'ER_DATA_TOO_LONG', 'ER_WARN_DATA_OUT_OF_RANGE', 'ER_TRUNCATED_WRONG_VALUE', 'ER_TRUNCATED_WRONG_VALUE_FOR_FIELD']);

export function isValueOutOfRange(err: unknown): boolean {
  const e = err as (DriverError & { severity?: unknown }) | null;
  if (!e || typeof e !== 'object' || !VALUE_RANGE.has(e.code ?? '')) return false;
  // A SQLSTATE alone could be anything's: PostgreSQL's errors also carry a severity.
  return e.code!.startsWith('ER_') || typeof e.severity === 'string';
}

/**
 * Maps a driver's unique-violation error (SQLite, MariaDB/MySQL or PostgreSQL) to a 1001 error naming the
 * field by its label; returns undefined for anything else. Never lets SQL text reach the client.
 */
export function mapUniqueViolation(err: unknown, rt: EntityRuntime, locale: Locale): AppError | undefined {
  const e = err as DriverError;
  let columns: string[] | undefined;
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    // "UNIQUE constraint failed: dict_type.key, dict_type.other"
    const list = /constraint failed: (.+)$/.exec(e.message ?? '')?.[1];
    columns = list?.split(',').map((s) => s.trim().split('.').pop() ?? '');
  } else if (e.errno === 1062 || e.code === 'ER_DUP_ENTRY') {
    // "Duplicate entry 'x' for key 'dict_type_key_unique'" (MySQL 8 prefixes the table name)
    const key = /for key '([^']+)'/.exec(e.sqlMessage ?? e.message ?? '')?.[1]?.split('.').pop();
    columns = key === 'PRIMARY' ? ['id'] : rt.model.indexes.find((ix) => ix.name === key)?.columns;
  } else if (e.code === '23505') {
    // PostgreSQL's unique_violation names the index (constraint "dict_type_key_unique"; "<table>_pkey").
    columns = e.constraint?.endsWith('_pkey') ? ['id'] : rt.model.indexes.find((ix) => ix.name === e.constraint)?.columns;
  } else {
    return undefined;
  }
  const names = (columns ?? []).map((c) => rt.fields.get(c)?.label[locale] ?? c);
  return new AppError('error.duplicate', { label: names.join(' + ') || rt.model.label[locale] });
}
