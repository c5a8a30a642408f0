import type { Options as CsvOptions } from 'csv-stringify';
import type { Knex } from 'knex';
import type { Locale } from '@schema-admin/generator';
import type { OutputColumn } from '../crud/entityRuntime.js';
import type { DictionarySource } from '../auth/identity.js';

/** value (as text) → label, per exported column that has a dictionary or inline options. */
export type LabelMaps = Map<string, Map<string, string>>;

/** Labels of the chosen columns: inline options in the user's language, dictionary items by their name. */
export async function labelMaps(knex: Knex, columns: OutputColumn[], locale: Locale, dictionaries: DictionarySource): Promise<LabelMaps> {
  const maps: LabelMaps = new Map();
  const dictKeys = [...new Set(columns.map((c) => c.field.dict).filter((d): d is string => !!d))];
  const byDict = new Map<string, Map<string, string>>();
  if (dictKeys.length) {
    const rows = await dictionaries(knex, dictKeys);
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

// A spreadsheet runs a cell starting with one of these as a formula (CSV injection), also after leading spaces
// (Excel and LibreOffice skip them): such text gets a leading quote.
const FORMULA = /^[ \u00a0\u3000]*[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;
const NUMBER_LIKE = /^-?\d+(\.\d+)?$/;

/** A wire value as exported text: labels when asked, JSON as JSON, decimals and times exactly as on the wire. */
export function cellText(col: OutputColumn, value: unknown, labels: LabelMaps | undefined): string {
  if (value === null || value === undefined) return '';
  const map = labels?.get(col.name);
  if (map) {
    if (Array.isArray(value)) return safeText(value.map((v) => map.get(String(v)) ?? String(v)).join(', '));
    const l = map.get(String(value));
    if (l !== undefined) return safeText(l);
  }
  if (typeof value === 'object') return safeText(JSON.stringify(value));
  if (typeof value === 'string') return safeText(value);
  return String(value);
}

/** Text a spreadsheet shows as text, never runs: every exported cell, headers included, goes through here. */
export function safeText(s: string): string {
  return FORMULA.test(s) && !NUMBER_LIKE.test(s) ? `'${s}` : s;
}

/**
 * How every CSV the server writes is quoted (RFC 4180): a BOM so spreadsheet programs read UTF-8, CRLF between
 * records, and a field quoted when it holds a comma, a quote, CR or LF — and also `;`, the list separator of
 * locales (de, fr…) whose spreadsheets split on it, and leading or trailing spaces, which some readers trim.
 */
export const CSV_OPTIONS: CsvOptions = { bom: true, record_delimiter: 'windows', quoted_match: [/;/, /\r|\n/, /^\s|\s$/] };

/** The export's formula guard removed again (import reads exported files back): `'=x` → `=x`, `'  -y` → `  -y`. */
export function unguarded(s: string): string {
  return s.startsWith("'") && FORMULA.test(s.slice(1)) ? s.slice(1) : s;
}
