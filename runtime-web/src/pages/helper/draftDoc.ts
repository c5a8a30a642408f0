/**
 * The AI helper's draft entity schema (schemas/README.md) ↔ the rows of its fields table, and the draft as
 * the CRUD renderer's EntitySchema for the live preview. Headless (tested under Node).
 */
import type { EntitySchema, FieldMeta } from '../../crud/types';

export type Labels = { 'zh-cn': string; 'zh-tw': string; en: string };
export type Doc = Record<string, unknown> & { $id: string; properties: Record<string, Record<string, unknown>>; required?: string[] };

export const KINDS = ['string', 'text', 'integer', 'decimal', 'boolean', 'date', 'datetime'] as const;
export type Kind = (typeof KINDS)[number];

export interface FieldRow {
  name: string;
  kind: Kind;
  label: Labels;
  required: boolean;
  dict: string;
  search: boolean;
}

const typesOf = (p: Record<string, unknown>): string[] => (Array.isArray(p.type) ? (p.type as string[]) : [String(p.type)]);

export function kindOf(p: Record<string, unknown>): Kind {
  const column = (p['x-column'] as { type?: string } | undefined)?.type;
  const types = typesOf(p);
  if (column === 'decimal') return 'decimal';
  if (column === 'text' || column === 'longtext') return 'text';
  if (types.includes('integer')) return 'integer';
  if (types.includes('number')) return 'decimal';
  if (types.includes('boolean')) return 'boolean';
  if (p.format === 'date') return 'date';
  if (p.format === 'datetime') return 'datetime';
  return 'string';
}

/** The fields table of a draft. */
export function rowsOf(doc: Doc): FieldRow[] {
  const required = new Set(doc.required ?? []);
  const query = (doc['x-query'] ?? {}) as { keyWordLikeFields?: string[]; fieldEq?: string[] };
  const searched = new Set([...(query.keyWordLikeFields ?? []), ...(query.fieldEq ?? [])]);
  return Object.entries(doc.properties).map(([name, p]) => {
    const label = (p['x-label'] ?? {}) as Partial<Labels>;
    return {
      name,
      kind: kindOf(p),
      label: { 'zh-cn': label['zh-cn'] ?? name, 'zh-tw': label['zh-tw'] ?? label['zh-cn'] ?? name, en: label.en ?? name },
      required: required.has(name),
      dict: typeof p['x-dict'] === 'string' ? (p['x-dict'] as string) : '',
      search: searched.has(name),
    };
  });
}

function propertyOf(row: FieldRow): Record<string, unknown> {
  const t = (base: string) => (row.required ? base : [base, 'null']);
  const label = { 'x-label': row.label };
  if (row.dict) return { type: t('integer'), 'x-dict': row.dict, ...label };
  switch (row.kind) {
    case 'text':
      return { type: t('string'), maxLength: 60000, 'x-column': { type: 'text' }, ...(row.required ? { minLength: 1 } : {}), ...label };
    case 'integer':
      return { type: t('integer'), ...label };
    case 'decimal':
      return { type: t('number'), multipleOf: 0.01, 'x-column': { type: 'decimal', precision: 10, scale: 2 }, ...label };
    case 'boolean':
      return { type: t('boolean'), ...label };
    case 'date':
    case 'datetime':
      return { type: t('string'), format: row.kind, ...label };
    default:
      return { type: t('string'), maxLength: 255, ...(row.required ? { minLength: 1 } : {}), ...label };
  }
}

const textual = (r: FieldRow) => !r.dict && (r.kind === 'string' || r.kind === 'text');

/** The draft rebuilt from the edited table (entity keywords of the draft kept). */
export function docOf(base: Doc, rows: FieldRow[]): Doc {
  const used = rows.filter((r) => r.name.trim() !== '');
  const properties = Object.fromEntries(used.map((r) => [r.name.trim(), propertyOf(r)]));
  const keyWord = used.filter((r) => r.search && textual(r)).map((r) => r.name);
  const eq = used.filter((r) => r.search && !textual(r)).map((r) => r.name);
  const screen = (base['x-screen'] ?? {}) as Record<string, unknown>;
  return {
    ...base,
    properties,
    required: used.filter((r) => r.required).map((r) => r.name),
    'x-query': { ...(keyWord.length ? { keyWordLikeFields: keyWord } : {}), ...(eq.length ? { fieldEq: eq } : {}) },
    'x-screen': {
      ...screen,
      columns: [...used.map((r) => r.name), 'createTime'],
      form: used.map((r) => r.name),
      search: { keyWord: keyWord.length > 0, filters: eq },
    },
  };
}

/** The draft as the generic renderer's entity (preview only: no actions are called). */
export function previewEntity(doc: Doc): EntitySchema {
  const rows = rowsOf(doc);
  const [module = 'custom'] = doc.$id.split('/');
  const fields: FieldMeta[] = rows.map((r) => {
    const p = doc.properties[r.name] ?? {};
    return {
      name: r.name,
      type: r.kind === 'text' ? 'text' : r.kind === 'decimal' ? 'decimal' : r.kind,
      nullable: !r.required,
      label: r.label,
      schema: p,
      ...(r.kind === 'decimal' ? { precision: 10, scale: 2 } : {}),
      ...(r.dict ? { dict: r.dict } : {}),
    };
  });
  fields.push({ name: 'createTime', type: 'datetime', implicit: true, readOnly: true, label: { 'zh-cn': '创建时间', 'zh-tw': '建立時間', en: 'Created' }, schema: { type: 'string' } });
  return {
    id: doc.$id,
    module,
    prefix: `/admin/${doc.$id}`,
    label: (doc['x-label'] as Labels | undefined) ?? { 'zh-cn': doc.$id, 'zh-tw': doc.$id, en: doc.$id },
    fields,
    required: rows.filter((r) => r.required).map((r) => r.name),
    actions: [],
    screen: doc['x-screen'] as EntitySchema['screen'],
  };
}
