import dayjs from 'dayjs';
import type { FieldModel, FieldType } from '@schema-admin/generator';

let nowSecond = Number.NaN;
let nowText = '';

/**
 * Server-local `YYYY-MM-DD HH:mm:ss`, the one time format on the wire and in both databases. Formatted once
 * per second: every request asks for it (session expiry, the request log row), and dayjs formatting showed
 * in the CPU profile of an authenticated request.
 */
export function now(): string {
  const second = Math.floor(Date.now() / 1000);
  if (second !== nowSecond) {
    nowSecond = second;
    nowText = dayjs(second * 1000).format('YYYY-MM-DD HH:mm:ss');
  }
  return nowText;
}

type Conv = (v: unknown, f: FieldModel) => unknown;

const asNumber: Conv = (v) => (typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : Number(v));
const asTime = (fmt: string): Conv => (v) => {
  if (v instanceof Date) return dayjs(v).format(fmt);
  if (typeof v === 'number') return dayjs(v).format(fmt);
  const s = String(v);
  return s.includes('T') ? dayjs(s).format(fmt) : s.slice(0, fmt.length);
};

/** Database value → wire value, per storage type, so both databases answer alike. */
const FROM_DB: Record<FieldType, Conv> = {
  string: (v) => String(v),
  text: (v) => String(v),
  longtext: (v) => String(v),
  integer: asNumber,
  bigint: asNumber,
  double: asNumber,
  // MySQL sends exact strings; SQLite sends a double whose shortest form round-trips at this scale.
  decimal: (v, f) => (typeof v === 'string' ? normalizeDecimal(v, f.scale ?? 2) : Number(v).toFixed(f.scale ?? 2)),
  boolean: (v) => v === true || v === 1 || v === '1' || v === 'true',
  json: (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  },
  datetime: asTime('YYYY-MM-DD HH:mm:ss'),
  date: asTime('YYYY-MM-DD'),
};

function normalizeDecimal(v: string, scale: number): string {
  const [int = '0', frac = ''] = v.split('.');
  return scale ? `${int}.${frac.padEnd(scale, '0').slice(0, scale)}` : int;
}

/** Wire value → bound parameter. Validation has already checked the type. */
const TO_DB: Record<FieldType, Conv> = {
  string: (v) => v,
  text: (v) => v,
  longtext: (v) => v,
  integer: (v) => v,
  bigint: (v) => v,
  double: (v) => v,
  decimal: (v, f) => (typeof v === 'number' ? v.toFixed(f.scale ?? 2) : v),
  boolean: (v) => (v ? 1 : 0),
  json: (v) => JSON.stringify(v),
  datetime: (v) => v,
  date: (v) => v,
};

export function fromDb(field: FieldModel, value: unknown): unknown {
  return value === null || value === undefined ? null : FROM_DB[field.type](value, field);
}

export function toDb(field: FieldModel, value: unknown): unknown {
  return value === null || value === undefined ? null : TO_DB[field.type](value, field);
}
