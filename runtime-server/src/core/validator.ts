import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FieldModel, Locale } from '@schema-admin/generator';
import { SORT_PATTERN } from '@schema-admin/generator';
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
  ajv.addKeyword({ keyword: 'x-decimal', schemaType: 'object', errors: true, validate: checkDecimal });
  return ajv;
}

interface DecimalBounds {
  precision: number;
  scale: number;
  minimum?: number;
  maximum?: number;
}

/** `x-decimal`: scale and precision of numbers (strings match the sibling `pattern`), range of strings. */
function checkDecimal(this: unknown, bounds: DecimalBounds, data: unknown): boolean {
  const self = checkDecimal as unknown as { errors?: Partial<ErrorObject>[] };
  self.errors = [];
  const fail = (reason: 'scale' | 'precision' | 'range') => {
    self.errors = [{ keyword: 'x-decimal', message: reason, params: { reason, ...bounds } }];
    return false;
  };
  let digits: [string, string];
  if (typeof data === 'number') {
    if (!Number.isFinite(data)) return fail('range');
    // A double carries noise (0.1 + 0.2 = 0.30000000000000004): only a real extra decimal counts, so 1.234 and
    // 1.005 (100.49999… cents) are refused while 0.30000000000000004 is 0.30.
    const scaled = data * 10 ** bounds.scale;
    // ±1e308 scaled overflows to Infinity: far more digits than any column holds.
    if (!Number.isFinite(scaled)) return fail('precision');
    if (Math.abs(scaled - Math.round(scaled)) > Number.EPSILON * 64 * Math.max(1, Math.abs(scaled))) return fail('scale');
    digits = [integerDigits(Math.round(scaled) / 10 ** bounds.scale), ''];
  } else if (typeof data === 'string' && /^-?\d+(\.\d+)?$/.test(data)) {
    const [int = '0', frac = ''] = data.replace(/^-/, '').split('.');
    digits = [int.replace(/^0+/, ''), frac];
  } else return true;
  if (digits[1].length > bounds.scale) return fail('scale');
  if (digits[0].length > bounds.precision - bounds.scale) return fail('precision');
  if (typeof data === 'string') {
    const n = Number(data);
    if (bounds.minimum !== undefined && n < bounds.minimum) return fail('range');
    if (bounds.maximum !== undefined && n > bounds.maximum) return fail('range');
  }
  return true;
}

/**
 * The integer digits of `n` without leading zeros, however large (no exponent): BigInt prints a double's integer
 * part in full. Not `toLocaleString`: any Intl formatter makes V8 load ICU's locale data, about 8 MB of the
 * process's memory for good (docs/decisions.md, "ICU's locale data stays unloaded").
 */
function integerDigits(n: number): string {
  const int = BigInt(Math.trunc(Math.abs(n))).toString();
  return int === '0' ? '' : int;
}

const DECIMAL_TEXT: Record<Locale, Record<'scale' | 'precision' | 'range', (b: DecimalBounds) => string>> = {
  'zh-cn': { scale: (b) => `最多 ${b.scale} 位小数`, precision: (b) => `整数部分最多 ${b.precision - b.scale} 位`, range: (b) => rangeText(b, '应在', '之间') },
  'zh-tw': { scale: (b) => `最多 ${b.scale} 位小數`, precision: (b) => `整數部分最多 ${b.precision - b.scale} 位`, range: (b) => rangeText(b, '應在', '之間') },
  en: { scale: (b) => `at most ${b.scale} decimal places`, precision: (b) => `at most ${b.precision - b.scale} digits before the decimal point`, range: (b) => rangeText(b, 'must be between', '') },
};

function rangeText(b: DecimalBounds, before: string, after: string): string {
  return `${before} ${b.minimum ?? '-∞'} ~ ${b.maximum ?? '∞'}${after ? ` ${after}` : ''}`.trim();
}

/** How to name a field in a message: its label in each locale, by property name. */
export type FieldLabels = (name: string) => Partial<Record<Locale, string>> | undefined;

export function labelsOf(fields: Iterable<FieldModel>): FieldLabels {
  const map = new Map<string, FieldModel['label']>();
  for (const f of fields) map.set(f.name, f.label);
  return (name) => map.get(name);
}

/** Patterns explained in words. */
const PATTERN_TEXT: Record<string, Record<Locale, string>> = {
  [SORT_PATTERN]: {
    'zh-cn': '排序方向只能是 asc 或 desc（多列时用逗号分隔）',
    'zh-tw': '排序方向只能是 asc 或 desc（多欄時用逗號分隔）',
    en: 'the sort direction must be asc or desc (comma-separated for several columns)',
  },
};

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
  const all = validate.errors ?? [];
  // A decimal's step comes from its scale: the x-decimal message ("at most 2 decimal places") says it; its
  // multipleOf twin ("must be a multiple of 0.01") would say it again.
  const decimalAt = new Set(all.filter((e) => e.keyword === 'x-decimal').map((e) => e.instancePath));
  const errors = all.filter((e) => !(e.keyword === 'multipleOf' && decimalAt.has(e.instancePath))).slice(0, 3);
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
  if (e.keyword === 'x-decimal') {
    const p = e.params as DecimalBounds & { reason: 'scale' | 'precision' | 'range' };
    return `${where}: ${DECIMAL_TEXT[locale][p.reason](p)}`;
  }
  // A pattern the user should not have to read as a regular expression.
  const known = e.keyword === 'pattern' ? PATTERN_TEXT[(e.params as { pattern: string }).pattern] : undefined;
  if (known) return `${where}: ${known[locale]}`;
  return `${where}: ${e.message ?? 'invalid'}`;
}
