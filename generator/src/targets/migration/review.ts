import type { MigrationOp } from './diff.js';

/** What the generator says about a migration before writing it (docs/generator.md, "Migration review"). */
export interface Review {
  /** Changes that would fail on a table with rows: the migration is not written, whatever the flags. */
  refused: string[];
  /** Changes that may fail depending on the data already there: written, and printed. */
  warnings: string[];
}

/**
 * Checks the ops against tables that already exist (not created by this migration), where rows may be.
 * A NOT NULL column without a database default cannot be added to a populated table (SQLite refuses the
 * ALTER outright; MariaDB fills it with an implicit 0 or '' nobody chose), so it is refused with the fix.
 * A unique index over existing data fails when that data holds duplicates, which only the database
 * knows, so it is flagged with the query that finds them.
 */
export function reviewOps(ops: MigrationOp[]): Review {
  const created = new Set(ops.flatMap((o) => (o.kind === 'createTable' ? [o.table] : [])));
  const added = new Map<string, MigrationOp & { kind: 'addColumn' }>();
  const refused: string[] = [];
  const warnings: string[] = [];
  for (const op of ops) {
    if (op.kind !== 'addColumn' || created.has(op.table)) continue;
    added.set(`${op.table}.${op.column}`, op);
    if (!op.def.nullable && op.def.default === undefined && !op.def.primary) {
      refused.push(
        `add column ${op.table}.${op.column}: NOT NULL without a database default cannot be added to a table that may have rows. ` +
          `Give the property a scalar "default" (a ${op.def.type} column keeps it in the database), or let it be null ` +
          `(e.g. "type": ["${jsonType(op.def.type)}", "null"]); text, longtext and json columns have no database default, so they must start nullable`,
      );
    }
  }
  for (const op of ops) {
    if (op.kind !== 'addIndex' || !op.def.unique || created.has(op.table)) continue;
    const cols = op.def.columns;
    const sameDefault = cols.filter((c) => added.get(`${op.table}.${c}`)?.def.default != null);
    const query = `SELECT ${cols.join(', ')}, COUNT(*) FROM ${op.table} GROUP BY ${cols.join(', ')} HAVING COUNT(*) > 1`;
    warnings.push(
      sameDefault.length === cols.length
        ? `unique index ${op.name} on ${op.table}(${cols.join(', ')}): the new column(s) get the same default on every existing row, so the migration fails once the table has two rows; add the column nullable first, fill it, then make it unique`
        : `unique index ${op.name} on ${op.table}(${cols.join(', ')}): the migration fails on a database whose rows already repeat a value; check each database first with: ${query}`,
    );
  }
  return { refused, warnings };
}

function jsonType(t: string): string {
  if (t === 'integer' || t === 'bigint') return 'integer';
  if (t === 'double' || t === 'decimal') return 'number';
  if (t === 'boolean') return 'boolean';
  return 'string';
}
