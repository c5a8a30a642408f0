/** Display formats that follow the user's locale (dates) or keep values exact (decimals). */
import dayjs from 'dayjs';

const INTL: Record<string, string> = { 'zh-cn': 'zh-CN', 'zh-tw': 'zh-TW', en: 'en-GB' };
const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}:${withTime}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(INTL[locale] ?? locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false } : {}),
    });
    cache.set(key, f);
  }
  return f;
}

/** `2026-11-24 15:40:00` (the wire format) shown in the locale's order; unparsable text as is. */
export function formatDate(value: unknown, locale: string, withTime = true): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(String(value));
  if (!d.isValid()) return String(value);
  return formatter(locale, withTime).format(d.toDate());
}

export function jsonPreview(value: unknown, max = 60): string {
  const s = typeof value === 'string' ? value : JSON.stringify(value);
  if (s === undefined) return '';
  return s.length > max ? `${s.slice(0, max)}…` : s;
}
