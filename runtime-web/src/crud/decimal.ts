/**
 * Decimals never pass through a float: the form keeps the exact string typed and sends it as a string;
 * the scale is enforced here and by the server.
 */
export type DecimalCheck = { ok: true; value: string } | { ok: false; reason: 'format' | 'scale' | 'precision' };

/** `12.50` for scale 2 stays `12.50`; `1.234` for scale 2 is refused, never rounded. */
export function checkDecimal(input: string, precision = 65, scale = 0): DecimalCheck {
  const s = input.trim();
  const m = /^([+-]?)(\d+)(?:\.(\d*))?$/.exec(s) ?? /^([+-]?)()\.(\d+)$/.exec(s);
  if (!m) return { ok: false, reason: 'format' };
  const sign = m[1] === '-' ? '-' : '';
  const int = (m[2] || '0').replace(/^0+(?=\d)/, '');
  const frac = m[3] ?? '';
  if (frac.replace(/0+$/, '').length > scale) return { ok: false, reason: 'scale' };
  if (int.length > precision - scale) return { ok: false, reason: 'precision' };
  const value = frac.length ? `${sign}${int}.${frac}` : `${sign}${int}`;
  return { ok: true, value: /^-0(\.0*)?$/.test(value) ? value.slice(1) : value };
}

/** A decimal for display with thousands separators, from the exact string (no float). */
export function formatDecimal(value: unknown, locale = 'en'): string {
  if (value === null || value === undefined || value === '') return '';
  const s = String(value);
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(s);
  if (!m) return s;
  const sep = locale.startsWith('zh') || locale === 'en' ? ',' : ',';
  return `${m[1]}${m[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, sep)}${m[3] ?? ''}`;
}
