/**
 * `rows.ts`: each table's row as Knex hands it to runtime code, and `Tables`, the map from table name to
 * row that `table(knex, TABLES.x)` (runtime-server/src/db/table.ts) types its queries with
 * (docs/kernel-and-modules.md, "Typed rows"). These are database rows, not wire rows (`types.ts`): secret
 * columns included, and each column typed by what the three drivers return, which the probe in
 * docs/kernel-and-modules.md measured. Rows are type aliases, not interfaces: an object type alias is
 * assignable to `Record<string, unknown>`, the row type of the generic code (audit, recycle, hooks).
 */
import type { FieldModel, FieldType, Model } from '../model.js';
import type { GeneratedFile } from './generatedFile.js';
import { typeName } from './generatedFile.js';
import { TYPES_BANNER } from './types.js';

/** What a column of each storage type comes back as, on SQLite (better-sqlite3), MariaDB (mysql2) or PostgreSQL (pg, db/createDb.ts's parsers). */
const DB_TYPES: Record<FieldType, string> = {
  string: 'string',
  text: 'string',
  longtext: 'string',
  integer: 'number',
  // mysql2's supportBigNumbers and createDb's int8 parser answer a string past 2^53
  bigint: 'number | string',
  double: 'number',
  // exact string on MariaDB and PostgreSQL, a double on SQLite
  decimal: 'string | number',
  // 0/1 on all three
  boolean: 'number',
  // text on SQLite, already parsed on MariaDB and PostgreSQL: read it through db/values.ts fromDb
  json: 'unknown',
  datetime: 'string',
  date: 'string',
};

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const prop = (name: string) => (IDENTIFIER.test(name) ? name : JSON.stringify(name));

function column(f: FieldModel): string {
  const type = DB_TYPES[f.type];
  return `  ${prop(f.name)}: ${f.nullable && type !== 'unknown' ? `${type} | null` : type};`;
}

export function generateRows(model: Model): GeneratedFile {
  const entities = model.entities.filter((e) => e.table).sort((a, b) => a.table!.localeCompare(b.table!));
  const rows = entities.map((e) =>
    [`/** \`${e.table}\` (\`${e.id}\`). */`, `export type ${typeName(e)}Row = {`, ...e.fields.map(column), '};', ''].join('\n'),
  );
  const content = [
    TYPES_BANNER,
    '// Rows as Knex returns them on every database: booleans 0/1, decimals a string or a number, json text or',
    '// parsed, times strings (docs/kernel-and-modules.md, "Typed rows").',
    '',
    ...rows,
    '/** Each table\'s row, by table name. */',
    'export interface Tables {',
    ...entities.map((e) => `  ${prop(e.table!)}: ${typeName(e)}Row;`),
    '}',
    '',
    '/** Each entity\'s row, by entity id: the type map of `defineModule({ hooks })` (one typed hook set per entity). */',
    'export interface EntityRows {',
    ...[...entities].sort((a, b) => a.id.localeCompare(b.id)).map((e) => `  ${JSON.stringify(e.id)}: ${typeName(e)}Row;`),
    '}',
    '',
  ].join('\n');
  return { path: 'rows.ts', content };
}
