import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FieldModel, Locale } from '@schema-admin/generator';
import { ValidationError } from './errors.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
type Localizer = (errors?: ErrorObject[] | null) => void;
// ajv-i18n ships CommonJS without ESM types for the per-language entry points.
const localize = createRequire(import.meta.url)('ajv-i18n/localize') as Record<string, Localizer>;
const LOCALIZERS: Record<Locale, Localizer> = {
  'zh-cn': localize.zh as Localizer,
  'zh-tw': localize['zh-TW'] as Localizer,
  en: localize.en as Localizer,
};

const DATETIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** One ajv instance per app (no module-level caches), with the formats the schemas use. */
export function createAjv(): Ajv2020 {
  // multipleOfPrecision: 0.01 steps on doubles (19.99 / 0.01 = 1998.9999…) must still pass.
  const ajv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true, coerceTypes: false, multipleOfPrecision: 9 });
  addFormats(ajv);
  ajv.addFormat('datetime', {
    type: 'string',
    validate: (s: string) => {
      const m = DATETIME.exec(s);
      if (!m) return false;
      const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
      return d.getUTCMonth() === +m[2]! - 1 && d.getUTCDate() === +m[3]! && +m[4]! < 24;
    },
  });
  return ajv;
}

/** How to name a field in a message: its label in each locale, by property name. */
export type FieldLabels = (name: string) => Partial<Record<Locale, string>> | undefined;

export function labelsOf(fields: Iterable<FieldModel>): FieldLabels {
  const map = new Map<string, FieldModel['label']>();
  for (const f of fields) map.set(f.name, f.label);
  return (name) => map.get(name);
}

/**
 * Runs a compiled validator; on failure throws a 1002 ValidationError whose message names the
 * field (by its label, in the caller's language) and says what is wrong with it.
 */
export function assertValid(
  validate: ValidateFunction,
  data: unknown,
  labels: FieldLabels = () => undefined,
  /** 0-based index of the row in an array body, named in the message. */
  row?: number,
): void {
  if (validate(data)) return;
  const errors = (validate.errors ?? []).slice(0, 3);
  const text: Partial<Record<Locale, string>> = {};
  for (const locale of Object.keys(LOCALIZERS) as Locale[]) {
    const copy = errors.map((e) => ({ ...e }));
    LOCALIZERS[locale](copy);
    const where = row === undefined ? '' : locale === 'en' ? `row ${row + 1}: ` : locale === 'zh-tw' ? `第 ${row + 1} 筆：` : `第 ${row + 1} 行：`;
    text[locale] = where + copy.map((e) => describe(e, locale, labels)).join('; ');
  }
  throw new ValidationError('error.validation', {}, text);
}

function describe(e: ErrorObject, locale: Locale, labels: FieldLabels): string {
  const segments = e.instancePath.split('/').filter(Boolean);
  if (e.keyword === 'required') segments.push(String((e.params as { missingProperty: string }).missingProperty));
  const field = [...segments].reverse().find((s) => !/^\d+$/.test(s));
  const name = field ? labels(field)?.[locale] ?? field : locale === 'en' ? 'request body' : locale === 'zh-tw' ? '請求內容' : '请求体';
  const where = field && labels(field) ? `${name} (${field})` : name;
  return `${where}: ${e.message ?? 'invalid'}`;
}
