import type { MigrationOp } from './diff.js';
import type { Snapshot, SnapshotTable } from './snapshot.js';

/** The tables a migration touches as they were before it; `null` = the table did not exist. */
export type TablesBefore = Record<string, SnapshotTable | null>;

const MARKER = 'export const snapshotBefore = ';

/** What `--discard-last` needs to put the snapshot back (docs/generator.md, "Backing out"). */
export function tablesBefore(prev: Snapshot, ops: MigrationOp[]): TablesBefore {
  const names = new Set(ops.flatMap((o) => (o.kind === 'renameTable' ? [o.from, o.to] : [o.table])));
  return Object.fromEntries([...names].sort().map((n) => [n, prev.tables[n] ?? null]));
}

/** The line a migration ends with: one JSON line, so it is read back without running the file. */
export function tablesBeforeLine(before: TablesBefore): string {
  return `${MARKER}${JSON.stringify(before)};`;
}

/** Reads that line back from a migration's source; undefined when the migration predates it. */
export function readTablesBefore(source: string): TablesBefore | undefined {
  const line = source.split('\n').find((l) => l.startsWith(MARKER));
  return line ? (JSON.parse(line.slice(MARKER.length).replace(/;\s*$/, '')) as TablesBefore) : undefined;
}

/** The snapshot with those tables put back, tables in name order as `snapshotOf` writes them. */
export function restoreTables(current: Snapshot, before: TablesBefore): Snapshot {
  const tables = { ...current.tables };
  for (const [name, def] of Object.entries(before)) {
    if (def) tables[name] = def;
    else delete tables[name];
  }
  const sorted = Object.keys(tables).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { ...current, tables: Object.fromEntries(sorted.map((n) => [n, tables[n]!])) };
}
