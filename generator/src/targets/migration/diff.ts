import type { Model } from '../../model.js';
import type { Snapshot, SnapshotColumn, SnapshotIndex, SnapshotTable } from './snapshot.js';

/** One schema change, in the order it must run. `before` carries what `down()` needs. */
export type MigrationOp =
  | { kind: 'createTable'; table: string; def: SnapshotTable }
  | { kind: 'dropTable'; table: string; before: SnapshotTable }
  | { kind: 'renameTable'; from: string; to: string }
  | { kind: 'addColumn'; table: string; column: string; def: SnapshotColumn }
  | { kind: 'dropColumn'; table: string; column: string; before: SnapshotColumn }
  | { kind: 'renameColumn'; table: string; from: string; to: string }
  | { kind: 'alterColumn'; table: string; column: string; def: SnapshotColumn; before: SnapshotColumn }
  | { kind: 'addIndex'; table: string; name: string; def: SnapshotIndex }
  | { kind: 'dropIndex'; table: string; name: string; before: SnapshotIndex }
  /** A table's search index (docs/generator.md, "Search indexes") over `columns`. */
  | { kind: 'addSearch'; table: string; columns: string[] }
  | { kind: 'dropSearch'; table: string; columns: string[] };

export interface Diff {
  ops: MigrationOp[];
  /** Human-readable reasons why some ops can lose data (drop, narrowing alter). */
  destructive: string[];
}

/**
 * Compares the last snapshot with the shape the schemas ask for.
 * Renames happen only where the schema says `x-renamedFrom`; anything else that vanished is a drop.
 */
export function diffSnapshots(prev: Snapshot, next: Snapshot, model: Model): Diff {
  const ops: MigrationOp[] = [];
  const destructive: string[] = [];
  const tableRenames = new Map<string, string>(); // new -> old
  const columnRenames = new Map<string, Map<string, string>>(); // table -> (new -> old)
  for (const e of model.entities) {
    if (!e.table) continue;
    if (e.renamedFrom && !prev.tables[e.table] && prev.tables[e.renamedFrom]) tableRenames.set(e.table, e.renamedFrom);
    const renames = new Map<string, string>();
    for (const f of e.fields) if (f.renamedFrom) renames.set(f.name, f.renamedFrom);
    if (renames.size) columnRenames.set(e.table, renames);
  }
  const consumed = new Set(tableRenames.values());

  // Search indexes go first and come back last: SQLite's is a second table kept in sync by triggers that name
  // the table and its columns, and Knex rebuilds a SQLite table to alter or drop a column (dropping the
  // triggers), so any change to a searched table's columns or name rebuilds its search index around it.
  const searchDrops: MigrationOp[] = [];
  const searchAdds: MigrationOp[] = [];
  for (const [table, def] of Object.entries(next.tables)) {
    const oldName = tableRenames.get(table) ?? table;
    const before = prev.tables[oldName];
    const was = before?.search ?? [];
    const now = def.search ?? [];
    const touched = !!before && (oldName !== table || columnsChange(before, def, columnRenames.get(table)));
    if (was.length && (touched || was.join() !== now.join())) searchDrops.push({ kind: 'dropSearch', table: oldName, columns: was });
    if (now.length && (touched || was.join() !== now.join())) searchAdds.push({ kind: 'addSearch', table, columns: now });
  }
  for (const [table, before] of Object.entries(prev.tables)) {
    if (!next.tables[table] && !consumed.has(table) && before.search?.length) searchDrops.push({ kind: 'dropSearch', table, columns: before.search });
  }
  ops.push(...searchDrops);

  // Tables first created, then altered, then dropped: a failed drop never strands new data.
  const tail: MigrationOp[] = [];
  for (const [table, def] of Object.entries(next.tables)) {
    const oldName = tableRenames.get(table);
    const before = prev.tables[oldName ?? table];
    if (!before) {
      ops.push({ kind: 'createTable', table, def });
      continue;
    }
    if (oldName) ops.push({ kind: 'renameTable', from: oldName, to: table });
    diffTable(table, before, def, columnRenames.get(table) ?? new Map(), ops, tail, destructive);
  }
  for (const [table, before] of Object.entries(prev.tables)) {
    if (!next.tables[table] && !consumed.has(table)) {
      tail.push({ kind: 'dropTable', table, before });
      destructive.push(`drop table ${table}`);
    }
  }
  return { ops: [...ops, ...tail, ...searchAdds], destructive };
}

/**
 * Does the change reach the search index: a column dropped or altered (Knex rebuilds a SQLite table for either,
 * dropping its triggers) or a searched column renamed (the FTS5 table's columns are named after them)? An added
 * column (`ALTER TABLE ADD`) or another column renamed (`ALTER TABLE RENAME COLUMN`) leaves it alone.
 */
function columnsChange(before: SnapshotTable, after: SnapshotTable, renames: Map<string, string> | undefined): boolean {
  const renamed = new Map([...(renames ?? [])].filter(([to, from]) => before.columns[from] && !before.columns[to]).map(([to, from]) => [from, to]));
  if ([...renamed.keys()].some((c) => before.search?.includes(c))) return true;
  return Object.entries(before.columns).some(([c, def]) => {
    const now = after.columns[renamed.get(c) ?? c];
    return !now || !sameColumn(def, now);
  });
}

function diffTable(
  table: string,
  before: SnapshotTable,
  after: SnapshotTable,
  renames: Map<string, string>,
  ops: MigrationOp[],
  tail: MigrationOp[],
  destructive: string[],
) {
  const indexOps: MigrationOp[] = [];
  // Drop indexes that change or go away before touching their columns (SQLite rebuilds need it).
  for (const [name, ix] of Object.entries(before.indexes)) {
    const next = after.indexes[name];
    if (!next || !sameIndex(ix, next)) ops.push({ kind: 'dropIndex', table, name, before: ix });
  }
  // Renames first: a name a rename frees may be taken by a new property in the same change.
  const renamedOld = new Set<string>();
  const renamedNew = new Map<string, SnapshotColumn>(); // new name -> old definition
  for (const [column, from] of renames) {
    if (!after.columns[column] || before.columns[column] && !isFreedBy(column, renames) || !before.columns[from]) continue;
    ops.push({ kind: 'renameColumn', table, from, to: column });
    renamedOld.add(from);
    renamedNew.set(column, before.columns[from]!);
  }
  for (const [column, def] of Object.entries(after.columns)) {
    const old = renamedNew.get(column) ?? (renamedOld.has(column) ? undefined : before.columns[column]);
    if (!old) {
      ops.push({ kind: 'addColumn', table, column, def });
      continue;
    }
    if (!sameColumn(old, def)) {
      ops.push({ kind: 'alterColumn', table, column, def, before: old });
      const why = narrowing(old, def);
      if (why) destructive.push(`alter ${table}.${column}: ${why}`);
    }
  }
  for (const [column, old] of Object.entries(before.columns)) {
    if (!after.columns[column] && !renamedOld.has(column)) {
      tail.push({ kind: 'dropColumn', table, column, before: old });
      destructive.push(`drop column ${table}.${column} (if it was renamed, declare "x-renamedFrom": "${column}" on the new property)`);
    }
  }
  for (const [name, ix] of Object.entries(after.indexes)) {
    const prev = before.indexes[name];
    if (!prev || !sameIndex(prev, ix)) indexOps.push({ kind: 'addIndex', table, name, def: ix });
  }
  ops.push(...indexOps);
}

/** A column that exists under its new name already is only renamed onto if another rename frees it first. */
function isFreedBy(column: string, renames: Map<string, string>): boolean {
  return [...renames.values()].includes(column);
}

function sameIndex(a: SnapshotIndex, b: SnapshotIndex): boolean {
  return a.unique === b.unique && a.columns.join(',') === b.columns.join(',') && !a.nullsFirst === !b.nullsFirst;
}

function sameColumn(a: SnapshotColumn, b: SnapshotColumn): boolean {
  return JSON.stringify(normalize(a)) === JSON.stringify(normalize(b));
}

function normalize(c: SnapshotColumn) {
  return [c.type, c.nullable, c.primary ?? false, c.length ?? null, c.precision ?? null, c.scale ?? null, c.default === undefined ? '∅' : c.default];
}

const WIDENS: Record<string, readonly string[]> = {
  string: ['text', 'longtext'],
  text: ['longtext'],
  integer: ['bigint', 'double'],
  date: ['datetime'],
};

/** Why an alter could lose or reject existing data, or undefined when it only widens. */
export function narrowing(a: SnapshotColumn, b: SnapshotColumn): string | undefined {
  // An int needs 10 integer digits; a narrower decimal cannot hold every existing value.
  if (a.type === 'integer' && b.type === 'decimal' && (b.precision ?? 0) - (b.scale ?? 0) >= 10) return undefined;
  if (a.type !== b.type && !(WIDENS[a.type] ?? []).includes(b.type)) return `type ${a.type} -> ${b.type}`;
  if (a.type === b.type && a.length !== undefined && b.length !== undefined && b.length < a.length) {
    return `length ${a.length} -> ${b.length}`;
  }
  if (a.type === b.type && a.type === 'decimal') {
    const intA = (a.precision ?? 0) - (a.scale ?? 0);
    const intB = (b.precision ?? 0) - (b.scale ?? 0);
    if (intB < intA || (b.scale ?? 0) < (a.scale ?? 0)) return `decimal(${a.precision},${a.scale}) -> decimal(${b.precision},${b.scale})`;
  }
  if (a.nullable && !b.nullable) return 'nullable -> not null (existing nulls would be rejected)';
  return undefined;
}
