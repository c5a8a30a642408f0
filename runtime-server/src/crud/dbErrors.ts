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
