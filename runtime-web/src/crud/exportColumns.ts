import type { ColumnModel } from './model';

/**
 * Columns a file can carry: stored fields the export job reads from the table (not secrets, not the
 * operations column). A virtual column (a user's role names) is computed for the page answer only; the
 * server refuses it in an export (`data.unknownColumn`), so it is never offered.
 */
export function exportableColumns<C extends ColumnModel>(columns: readonly C[]): C[] {
  return columns.filter((c) => c.field && !c.virtual && !c.field.secret && c.kind !== 'secret');
}
