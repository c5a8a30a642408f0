import type { FieldType, Model } from '../../model.js';

/** What the database looks like after every migration so far — the left side of every diff. */
export interface SnapshotColumn {
  type: FieldType;
  nullable: boolean;
  /** Auto-increment primary key. */
  primary?: true;
  length?: number;
  precision?: number;
  scale?: number;
  /** Database DEFAULT; absent = none. */
  default?: string | number | boolean | null;
}

export interface SnapshotIndex {
  columns: string[];
  unique: boolean;
  /** IndexModel.nullsFirst. */
  nullsFirst?: true;
}

export interface SnapshotTable {
  /** In creation order: id, declared fields, createTime, updateTime. */
  columns: Record<string, SnapshotColumn>;
  indexes: Record<string, SnapshotIndex>;
  /** EntityModel.search: the columns of the table's search index; absent when none. */
  search?: string[];
}

export interface Snapshot {
  version: 1;
  tables: Record<string, SnapshotTable>;
}

export const EMPTY_SNAPSHOT: Snapshot = { version: 1, tables: {} };

/** The database shape the current schemas ask for. */
export function snapshotOf(model: Model): Snapshot {
  const tables: Record<string, SnapshotTable> = {};
  const entities = model.entities.filter((e) => e.table).sort((a, b) => cmp(a.table!, b.table!));
  for (const e of entities) {
    const columns: Record<string, SnapshotColumn> = {};
    for (const f of e.fields) {
      const col: SnapshotColumn = { type: f.type, nullable: f.nullable };
      if (f.name === 'id') col.primary = true;
      if (f.length !== undefined) col.length = f.length;
      if (f.precision !== undefined) col.precision = f.precision;
      if (f.scale !== undefined) col.scale = f.scale;
      if (f.default !== undefined && f.dbDefault !== false && isScalar(f.default)) col.default = f.default;
      columns[f.name] = col;
    }
    const indexes: Record<string, SnapshotIndex> = {};
    for (const ix of [...e.indexes].sort((a, b) => cmp(a.name, b.name))) {
      indexes[ix.name] = { columns: ix.columns, unique: ix.unique, ...(ix.nullsFirst ? { nullsFirst: true as const } : {}) };
    }
    tables[e.table!] = { columns, indexes, ...(e.search?.length ? { search: e.search } : {}) };
  }
  return { version: 1, tables };
}

function isScalar(v: unknown): v is string | number | boolean | null {
  return v === null || ['string', 'number', 'boolean'].includes(typeof v);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
