import fs from 'node:fs';
import { unguarded } from './cellText.js';
import dayjs from 'dayjs';
import { parse } from 'csv-parse';
import { excel } from './excel.js';
import type { Knex } from 'knex';
import type { FieldModel } from '@schema-admin/generator';
import type { EntityRuntime } from '../crud/entityRuntime.js';
import type { DictionarySource } from '../auth/identity.js';

/** Rows of an uploaded CSV or .xlsx file as text cells, streamed (the first one is the header). */
export async function* readRows(file: string, format: 'csv' | 'xlsx'): AsyncGenerator<unknown[]> {
  if (format === 'csv') {
    const parser = fs.createReadStream(file).pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true }));
    for await (const rec of parser) yield rec as string[];
    return;
  }
  const reader = new (await excel()).stream.xlsx.WorkbookReader(file, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit' });
  for await (const ws of reader) {
    for await (const row of ws) yield ((row.values as unknown[]) ?? []).slice(1).map(cellOf);
    // The first sheet holds the data.
    return;
  }
}

function cellOf(v: unknown): unknown {
  if (v instanceof Date) return dayjs(v).format('YYYY-MM-DD HH:mm:ss');
  if (v && typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if (o.result !== undefined) return o.result;
    if (o.text !== undefined) return o.text;
  }
  return v;
}

/** An importable column: a writable, non-secret field, recognised by its name or its label in any language. */
export function columnMap(rt: EntityRuntime, header: unknown[]): { fields: (FieldModel | undefined)[]; unknown: string[] } {
  const byText = new Map<string, FieldModel>();
  for (const f of rt.writable) {
    if (f.secret) continue;
    byText.set(f.name.toLowerCase(), f);
    for (const l of Object.values(f.label)) if (l) byText.set(l.trim().toLowerCase(), f);
  }
  const unknown: string[] = [];
  const fields = header.map((h) => {
    const text = unguarded(String(h ?? '').trim()).trim();
    const f = byText.get(text.toLowerCase());
    if (!f && text) unknown.push(text);
    return f;
  });
  return { fields, unknown };
}

/** Dictionary labels → values of the importable dictionary fields (labels as exported, the inverse of cellText). */
export async function dictValues(knex: Knex, rt: EntityRuntime, dictionaries: DictionarySource): Promise<Map<string, Map<string, string>>> {
  const keys = [...new Set(rt.writable.map((f) => f.dict).filter((d): d is string => !!d))];
  const out = new Map<string, Map<string, string>>();
  if (!keys.length) return out;
  const rows = await dictionaries(knex, keys);
  for (const r of rows) {
    if (r.value === null || r.value === undefined) continue;
    let m = out.get(r.key);
    if (!m) out.set(r.key, (m = new Map()));
    if (!m.has(r.name)) m.set(r.name, String(r.value));
  }
  return out;
}

const NUMERIC = /^-?\d+(\.\d+)?$/;
const TRUE = new Set(['true', '1', 'yes', 'y', '是', '启用', '啟用']);
const FALSE = new Set(['false', '0', 'no', 'n', '否', '禁用']);

/**
 * A cell as the API would receive the value: labels back to values, numbers typed, decimals kept exact, the
 * export's formula guard removed. An empty cell is "not given" (undefined). What cannot be read stays as text,
 * so validation names it.
 */
export function cellToValue(f: FieldModel, cell: unknown, dicts: Map<string, Map<string, string>>): unknown {
  if (cell === null || cell === undefined) return undefined;
  let v: unknown = typeof cell === 'string' ? cell.trim() : cell;
  if (v === '') return undefined;
  if (typeof v === 'string') v = unguarded(v).trim();
  if (f.options?.length && typeof v !== 'boolean') {
    const hit = f.options.find((o) => String(o.value) === String(v) || Object.values(o.label).some((l) => l === v));
    if (hit) return hit.value;
  }
  if (f.dict) {
    const mapped = dicts.get(f.dict)?.get(String(v));
    if (mapped !== undefined) v = mapped;
  }
  switch (f.type) {
    case 'integer':
    case 'bigint':
    case 'double':
      return typeof v === 'string' && NUMERIC.test(v) ? Number(v) : v;
    case 'decimal':
      if (typeof v === 'number') return v.toFixed(f.scale ?? 2);
      return v;
    case 'boolean': {
      const s = String(v).toLowerCase();
      return TRUE.has(s) ? true : FALSE.has(s) ? false : v;
    }
    case 'json':
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return v;
      }
    default:
      return typeof v === 'number' ? String(v) : v;
  }
}
