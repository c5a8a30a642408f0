import type { FieldType } from '../../model.js';
import type { MigrationOp } from './diff.js';
import type { SnapshotColumn, SnapshotIndex, SnapshotTable } from './snapshot.js';
import { tablesBeforeLine } from './tablesBefore.js';
import { searchIndexName } from '../../load/indexName.js';
import type { TablesBefore } from './tablesBefore.js';

const q = (s: string) => JSON.stringify(s);

/** Knex column builder call per storage type; a new FieldType fails type-checking here. */
const COLUMN: Record<FieldType, (name: string, c: SnapshotColumn) => string> = {
  string: (n, c) => `t.string(${q(n)}, ${c.length ?? 255})`,
  text: (n) => `t.text(${q(n)})`,
  longtext: (n) => `t.text(${q(n)}, 'longtext')`,
  integer: (n) => `t.integer(${q(n)})`,
  bigint: (n) => `t.bigInteger(${q(n)})`,
  double: (n) => `t.double(${q(n)})`,
  decimal: (n, c) => `t.decimal(${q(n)}, ${c.precision ?? 10}, ${c.scale ?? 2})`,
  boolean: (n) => `t.boolean(${q(n)})`,
  // MariaDB's JSON is LONGTEXT + a validity check; PostgreSQL's jsonb is parsed and indexable; SQLite would
  // give a "json" column NUMERIC affinity, which silently turns '123' into 123, so it gets plain TEXT there.
  json: (n) => `json(t, ${q(n)})`,
  // Knex makes a PostgreSQL datetime `timestamptz`; wall-clock `timestamp(0)` keeps the one time format of the
  // wire and the other two databases (`useTz` and precision 0 change nothing there: DATETIME, datetime).
  datetime: (n) => `t.dateTime(${q(n)}, { useTz: false, precision: 0 })`,
  date: (n) => `t.date(${q(n)})`,
};

function columnLine(name: string, c: SnapshotColumn, alter = false): string {
  if (c.primary) return `t.increments(${q(name)}).primary();`;
  let s = COLUMN[c.type](name, c);
  s += c.nullable ? '.nullable()' : '.notNullable()';
  if (c.default !== undefined) s += `.defaultTo(${JSON.stringify(c.default)})`;
  if (alter) s += '.alter()';
  return s + ';';
}

function indexLine(name: string, columns: string[], unique: boolean): string {
  const cols = JSON.stringify(columns);
  return unique ? `t.unique(${cols}, { indexName: ${q(name)} });` : `t.index(${cols}, ${q(name)});`;
}

function dropIndexLine(name: string, columns: string[], unique: boolean): string {
  const cols = JSON.stringify(columns);
  return unique ? `t.dropUnique(${cols}, ${q(name)});` : `t.dropIndex(${cols}, ${q(name)});`;
}

function createTable(table: string, def: SnapshotTable): string[] {
  const body = [
    ...Object.entries(def.columns).map(([n, c]) => columnLine(n, c)),
    ...Object.entries(def.indexes).filter(([, ix]) => !ix.nullsFirst).map(([n, ix]) => indexLine(n, ix.columns, ix.unique)),
  ];
  const after = Object.entries(def.indexes).filter(([, ix]) => ix.nullsFirst).flatMap(([n, ix]) => addIndex(table, n, ix));
  return [`await knex.schema.createTable(${q(table)}, (t) => {`, ...body.map((l) => '  ' + l), '});', ...after];
}

/**
 * An index; on PostgreSQL one marked nullsFirst is raw DDL (Knex's builder has no NULLS FIRST), elsewhere NULLs
 * already sort first ascending and the builder's index serves.
 */
function addIndex(table: string, name: string, ix: SnapshotIndex): string[] {
  if (!ix.nullsFirst) return alter(table, [indexLine(name, ix.columns, ix.unique)]);
  const cols = ix.columns.map((_, i) => (i === 0 ? '?? NULLS FIRST' : '??')).join(', ');
  return [
    `if (knex.client.config.client === 'pg') {`,
    `  await knex.raw(${q(`CREATE ${ix.unique ? 'UNIQUE ' : ''}INDEX ?? ON ?? (${cols})`)}, ${JSON.stringify([name, table, ...ix.columns])});`,
    '} else {',
    ...alter(table, [indexLine(name, ix.columns, ix.unique)]).map((l) => '  ' + l),
    '}',
  ];
}

function alter(table: string, lines: string[]): string[] {
  return [`await knex.schema.alterTable(${q(table)}, (t) => {`, ...lines.map((l) => '  ' + l), '});'];
}

/** `[column, PostgreSQL index name]` of a search index, as the helpers below take them. */
function searchArgs(table: string, columns: string[]): string {
  return `${q(table)}, ${JSON.stringify(columns.map((c) => [c, searchIndexName(table, c)]))}`;
}

/**
 * The helpers a migration with search indexes declares (docs/generator.md, "Search indexes"), in the file
 * itself: a migration never changes once committed, so it must not call code that may.
 */
const SEARCH_HELPERS: Record<'addSearch' | 'dropSearch', string[]> = {
  addSearch: [
    '/**',
    ' * The table\'s search index (docs/generator.md, "Search indexes"). SQLite: an external-content FTS5 table with the',
    ' * trigram tokenizer, `<table>_fts`, kept in sync by triggers on every write path and filled from the rows there',
    ' * are. PostgreSQL: a pg_trgm GIN index per column on the expression the search filters, `CAST(col AS TEXT)`;',
    ' * without the extension the search stays a plain ILIKE. MariaDB/MySQL: nothing (LIKE, bounded by the statement',
    ' * time limit).',
    ' */',
    'async function addSearch(knex: Knex, table: string, columns: [string, string][]): Promise<void> {',
    '  const id = (s: string) => `"${s.replace(/"/g, \'""\')}"`;',
    '  if (knex.client.config.client === \'better-sqlite3\') {',
    '    const fts = `${table}_fts`;',
    '    const cols = columns.map(([c]) => id(c)).join(\', \');',
    '    const of = (row: string) => columns.map(([c]) => `${row}.${id(c)}`).join(\', \');',
    '    const remove = `INSERT INTO ${id(fts)}(${id(fts)}, rowid, ${cols}) VALUES (\'delete\', old."id", ${of(\'old\')});`;',
    '    const add = `INSERT INTO ${id(fts)}(rowid, ${cols}) VALUES (new."id", ${of(\'new\')});`;',
    '    await knex.raw(`CREATE VIRTUAL TABLE ${id(fts)} USING fts5(${cols}, content=\'${table}\', content_rowid=\'id\', tokenize=\'trigram\')`);',
    '    await knex.raw(`CREATE TRIGGER ${id(fts + \'_ai\')} AFTER INSERT ON ${id(table)} BEGIN ${add} END`);',
    '    await knex.raw(`CREATE TRIGGER ${id(fts + \'_ad\')} AFTER DELETE ON ${id(table)} BEGIN ${remove} END`);',
    '    await knex.raw(`CREATE TRIGGER ${id(fts + \'_au\')} AFTER UPDATE OF "id", ${cols} ON ${id(table)} BEGIN ${remove} ${add} END`);',
    '    await knex.raw(`INSERT INTO ${id(fts)}(${id(fts)}) VALUES (\'rebuild\')`);',
    '  } else if (knex.client.config.client === \'pg\') {',
    '    try {',
    '      // In a savepoint: a refusal must not abort the migration\'s transaction.',
    '      await knex.transaction((trx) => trx.raw(\'CREATE EXTENSION IF NOT EXISTS pg_trgm\'));',
    '    } catch (e) {',
    '      console.warn(`WARNING: search index of ${table} not created: pg_trgm is not available (${(e as Error).message}). Keyword search there stays a plain ILIKE, a full scan (docs/generator.md, "Search indexes").`);',
    '      return;',
    '    }',
    '    for (const [c, name] of columns) await knex.raw(`CREATE INDEX ${id(name)} ON ${id(table)} USING gin ((CAST(${id(c)} AS TEXT)) gin_trgm_ops)`);',
    '  }',
    '}',
  ],
  dropSearch: [
    '/** Drops what `addSearch` made (PostgreSQL keeps the extension: other tables may use it). */',
    'async function dropSearch(knex: Knex, table: string, columns: [string, string][]): Promise<void> {',
    '  const id = (s: string) => `"${s.replace(/"/g, \'""\')}"`;',
    '  if (knex.client.config.client === \'better-sqlite3\') {',
    '    for (const t of [\'_ai\', \'_ad\', \'_au\']) await knex.raw(`DROP TRIGGER IF EXISTS ${id(table + \'_fts\' + t)}`);',
    '    await knex.raw(`DROP TABLE IF EXISTS ${id(table + \'_fts\')}`);',
    '  } else if (knex.client.config.client === \'pg\') {',
    '    for (const [, name] of columns) await knex.raw(`DROP INDEX IF EXISTS ${id(name)}`);',
    '  }',
    '}',
  ],
};

function up(op: MigrationOp): string[] {
  switch (op.kind) {
    case 'addSearch':
      return [`await addSearch(knex, ${searchArgs(op.table, op.columns)});`];
    case 'dropSearch':
      return [`await dropSearch(knex, ${searchArgs(op.table, op.columns)});`];
    case 'createTable':
      return createTable(op.table, op.def);
    case 'dropTable':
      return [`await knex.schema.dropTable(${q(op.table)});`];
    case 'renameTable':
      return [`await knex.schema.renameTable(${q(op.from)}, ${q(op.to)});`];
    case 'addColumn':
      return alter(op.table, [columnLine(op.column, op.def)]);
    case 'dropColumn':
      return alter(op.table, [`t.dropColumn(${q(op.column)});`]);
    case 'renameColumn':
      return alter(op.table, [`t.renameColumn(${q(op.from)}, ${q(op.to)});`]);
    case 'alterColumn':
      return alter(op.table, [columnLine(op.column, op.def, true)]);
    case 'addIndex':
      return addIndex(op.table, op.name, op.def);
    case 'dropIndex':
      return alter(op.table, [dropIndexLine(op.name, op.before.columns, op.before.unique)]);
  }
}

function down(op: MigrationOp): string[] {
  switch (op.kind) {
    case 'addSearch':
      return [`await dropSearch(knex, ${searchArgs(op.table, op.columns)});`];
    case 'dropSearch':
      return [`await addSearch(knex, ${searchArgs(op.table, op.columns)});`];
    case 'createTable':
      return [`await knex.schema.dropTable(${q(op.table)});`];
    case 'dropTable':
      return createTable(op.table, op.before);
    case 'renameTable':
      return [`await knex.schema.renameTable(${q(op.to)}, ${q(op.from)});`];
    case 'addColumn':
      return alter(op.table, [`t.dropColumn(${q(op.column)});`]);
    case 'dropColumn':
      return alter(op.table, [columnLine(op.column, op.before)]);
    case 'renameColumn':
      return alter(op.table, [`t.renameColumn(${q(op.to)}, ${q(op.from)});`]);
    case 'alterColumn':
      return alter(op.table, [columnLine(op.column, op.before, true)]);
    case 'addIndex':
      return alter(op.table, [dropIndexLine(op.name, op.def.columns, op.def.unique)]);
    case 'dropIndex':
      return addIndex(op.table, op.name, op.before);
  }
}

const indent = (lines: string[]) => lines.map((l) => '  ' + l).join('\n');

/** The source of one Knex migration (typed `up`/`down`, shape of Knex's ts.stub). */
export function emitMigration(ops: MigrationOp[], comment: string, before?: TablesBefore): string {
  // The helper is declared only in the function bodies that call it (noUnusedLocals).
  const withJson = (lines: string[]) =>
    lines.some((l) => l.includes('json(t,'))
      ? [
          'const json = (t: Knex.TableBuilder, name: string) =>',
          "  knex.client.config.client === 'mysql2' ? t.json(name) : knex.client.config.client === 'pg' ? t.jsonb(name) : t.text(name);",
          ...lines,
        ]
      : lines;
  const upLines = withJson(ops.flatMap(up));
  const downLines = withJson([...ops].reverse().flatMap(down));
  const helpers = (['addSearch', 'dropSearch'] as const).filter((h) => [...upLines, ...downLines].some((l) => l.startsWith(`await ${h}(`)));
  return [
    `// Generated by \`npm run generate\` from schemas/ (${comment}). Migrations are append-only:`,
    '// never edit one that has been committed; change the schema and generate a new one.',
    "import type { Knex } from 'knex';",
    '',
    ...helpers.flatMap((h) => [...SEARCH_HELPERS[h], '']),
    'export async function up(knex: Knex): Promise<void> {',
    indent(upLines),
    '}',
    '',
    'export async function down(knex: Knex): Promise<void> {',
    indent(downLines),
    '}',
    '',
    ...(before
      ? ['// The touched tables before this migration, for `npm run generate -- --discard-last` (docs/generator.md).', tablesBeforeLine(before), '']
      : []),
  ].join('\n');
}

/** A short file-name slug describing the ops, e.g. `create_tables`, `alter_demo_goods`. */
export function migrationSlug(ops: MigrationOp[]): string {
  // A new table's own search index (and indexes) are part of creating it: still `create_<table>`.
  const created = new Set(ops.filter((o) => o.kind === 'createTable').map(tableOf));
  const creating = (o: MigrationOp) => o.kind === 'createTable' || ((o.kind === 'addSearch' || o.kind === 'addIndex') && created.has(tableOf(o)));
  if (ops.every(creating)) return created.size === 1 ? `create_${[...created][0]!}` : 'create_tables';
  const tables = [...new Set(ops.map(tableOf))];
  return tables.length === 1 ? `alter_${tables[0]}` : 'alter_tables';
}

function tableOf(op: MigrationOp): string {
  return op.kind === 'renameTable' ? op.to : op.table;
}
