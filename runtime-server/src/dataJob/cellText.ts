import type { Knex } from 'knex';
import type { Locale } from '@schema-admin/generator';
import type { OutputColumn } from '../crud/entityRuntime.js';
import { TABLES } from '../generated/tables.js';

/** value (as text) → label, per exported column that has a dictionary or inline options. */
export type LabelMaps = Map<string, Map<string, string>>;

/** Labels of the chosen columns: inline options in the user's language, dictionary items by their name. */
export async function labelMaps(knex: Knex, columns: OutputColumn[], locale: Locale): Promise<LabelMaps> {
  const maps: LabelMaps = new Map();
  const dictKeys = [...new Set(columns.map((c) => c.field.dict).filter((d): d is string => !!d))];
  const byDict = new Map<string, Map<string, string>>();
  if (dictKeys.length) {
    const rows = (await knex({ i: TABLES.dictInfo })
      .join({ t: TABLES.dictType }, 't.id', 'i.typeId')
      .whereIn('t.key', dictKeys)
      .orderBy('i.id')
      .select('t.key as key', 'i.value as value', 'i.name as name')) as { key: string; value: unknown; name: string }[];
    for (const r of rows) {
      if (r.value === null || r.value === undefined) continue;
      let m = byDict.get(r.key);
      if (!m) byDict.set(r.key, (m = new Map()));
      if (!m.has(String(r.value).trim())) m.set(String(r.value).trim(), r.name);
    }
  }
  for (const c of columns) {
    if (c.field.options) maps.set(c.name, new Map(c.field.options.map((o) => [String(o.value), o.label[locale] ?? o.label['zh-cn'] ?? String(o.value)])));
    else if (c.field.dict) maps.set(c.name, byDict.get(c.field.dict) ?? new Map());
  }
  return maps;
}

// A spreadsheet runs a cell starting with one of these as a formula (CSV injection): such text gets a leading quote.
const FORMULA = /^[=+\-@\t\r]/;
const NUMBER_LIKE = /^-?\d+(\.\d+)?$/;

/** A wire value as exported text: labels when asked, JSON as JSON, decimals and times exactly as on the wire. */
export function cellText(col: OutputColumn, value: unknown, labels: LabelMaps | undefined): string {
  if (value === null || value === undefined) return '';
  const map = labels?.get(col.name);
  if (map) {
    if (Array.isArray(value)) return value.map((v) => map.get(String(v)) ?? String(v)).join(', ');
    const l = map.get(String(value));
    if (l !== undefined) return safeText(l);
  }
  if (typeof value === 'object') return safeText(JSON.stringify(value));
  if (typeof value === 'string') return safeText(value);
  return String(value);
}

function safeText(s: string): string {
  return FORMULA.test(s) && !NUMBER_LIKE.test(s) ? `'${s}` : s;
}
