import type { Labels } from '@schema-admin/generator';
import type { FieldSpec } from './fieldSpec.js';
import { labelsOf } from './labels.js';
import type { EntityNames } from './names.js';

export type EntityDoc = Record<string, unknown>;

const SCHEMA_URI = 'https://json-schema.org/draft/2020-12/schema';
/** Request keys of paging; a filter may not use them as its parameter name. */
const PAGING_KEYS = new Set(['page', 'size', 'order', 'sort', 'keyWord', 'isExport', 'maxExportLimit']);

/** The property schema of one field: nullable unless required (booleans default to false instead). */
function propertyOf(f: FieldSpec, labels: Labels | undefined): Record<string, unknown> {
  const type = (t: string) => (f.required ? t : [t, 'null']);
  const label = { 'x-label': labels ?? labelsOf(f.name) };
  switch (f.kind) {
    case 'string':
      return { type: type('string'), ...(f.required ? { minLength: 1 } : {}), maxLength: f.length ?? 255, ...label };
    case 'text':
      return { type: type('string'), 'x-column': { type: 'text' }, ...label };
    case 'int':
      return { type: type('integer'), ...label };
    case 'bigint':
      return { type: type('integer'), 'x-column': { type: 'bigint' }, ...label };
    case 'decimal': {
      const scale = f.scale ?? 2;
      return {
        type: type('number'),
        ...(scale > 0 && scale <= 9 ? { multipleOf: Number((10 ** -scale).toFixed(scale)) } : {}),
        'x-column': { type: 'decimal', precision: f.precision ?? 10, scale },
        ...label,
      };
    }
    case 'number':
      return { type: type('number'), ...label };
    case 'bool':
      return { type: 'boolean', default: false, ...label };
    case 'date':
      return { type: type('string'), format: 'date', ...label };
    case 'datetime':
      return { type: type('string'), format: 'datetime', ...label };
    case 'json':
      return { type: type('object'), ...label };
    case 'dict':
      return { type: type('integer'), 'x-dict': f.dict, ...label };
    case 'ref':
      return { type: type('integer'), 'x-ref': f.ref, ...label };
  }
}

export interface DraftInput {
  names: EntityNames;
  fields: FieldSpec[];
  label?: Labels;
  /** Labels of some fields (e.g. the Chinese words a description used); others derive from the name. */
  fieldLabels?: Record<string, Labels>;
}

/** A complete entity schema with the generic CRUD set, a keyword search and a screen block. */
export function buildEntitySchema({ names, fields, label, fieldLabels }: DraftInput): EntityDoc {
  const properties = Object.fromEntries(fields.map((f) => [f.name, propertyOf(f, fieldLabels?.[f.name])]));
  const strings = fields.filter((f) => f.kind === 'string').map((f) => f.name);
  const eq = fields.filter((f) => (f.kind === 'dict' || f.kind === 'bool' || f.kind === 'ref' || f.name === 'status') && !PAGING_KEYS.has(f.name)).map((f) => f.name);
  const listed = fields.filter((f) => f.kind !== 'text' && f.kind !== 'json').map((f) => f.name);
  const entityLabel = label ?? labelsOf(names.camel);
  const query: Record<string, unknown> = {};
  if (strings.length) query.keyWordLikeFields = strings;
  if (eq.length) query.fieldEq = eq;
  return {
    $schema: SCHEMA_URI,
    $id: names.id,
    title: entityLabel.en,
    type: 'object',
    'x-label': entityLabel,
    'x-table': names.table,
    'x-api': ['add', 'delete', 'update', 'info', 'list', 'page'],
    ...(Object.keys(query).length ? { 'x-query': query } : {}),
    properties,
    ...(fields.some((f) => f.required) ? { required: fields.filter((f) => f.required).map((f) => f.name) } : {}),
    'x-screen': {
      columns: [...listed, 'createTime'],
      form: fields.map((f) => f.name),
      search: { keyWord: strings.length > 0, filters: eq },
    },
  };
}
