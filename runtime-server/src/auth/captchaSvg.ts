/**
 * Dependency-free image captcha renderer.
 *
 * Characters are drawn as stroked <path> outlines from a tiny built-in vector
 * font (10x14 grid, M/L/Q commands), with every point transformed
 * (rotation, scale, jitter) before it is written, so neither the text nor a
 * per-glyph constant path appears in the markup. Only validated colours and
 * clamped numbers from the caller's options ever reach the output.
 */
import { randomInt } from 'node:crypto';

export interface CaptchaOptions {
  /** Image width in px, clamped to 60..400 (default 150). Numeric strings accepted. */
  width?: number | string;
  /** Image height in px, clamped to 20..200 (default 50). Numeric strings accepted. */
  height?: number | string;
  /** Text colour as #rgb / #rgba / #rrggbb / #rrggbbaa; anything else → default '#2c3142'. */
  color?: string;
  /** Background colour (same validation); default none (transparent). */
  background?: string;
  /** Number of random noise curves, clamped to 0..20 (default 3). */
  noise?: number | string;
}

/** Unambiguous characters supported by the font (no 0/O, 1/I) — handy for randomCode. */
export const SAFE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

const GLYPH_SOURCE: Record<string, string> = {
  '0': 'M5 0 Q0 0 0 7 Q0 14 5 14 Q10 14 10 7 Q10 0 5 0',
  '1': 'M2 3 L5 0 L5 14 M2 14 L8 14',
  '2': 'M0 3 Q1 0 5 0 Q10 0 9.5 4 Q9 7 0 14 L10 14',
  '3': 'M0 2 Q2 0 5 0 Q9.5 0 9.5 3.5 Q9.5 7 4 7 Q10 7 10 10.5 Q10 14 5 14 Q2 14 0 12',
  '4': 'M7 14 L7 0 L0 10 L10 10',
  '5': 'M9 0 L1 0 L0 6 Q2 5 5 5 Q10 5 10 9.5 Q10 14 5 14 Q2 14 0 12',
  '6': 'M9 1 Q7 0 5 0 Q0 0 0 8 Q0 14 5 14 Q10 14 10 9.5 Q10 5.5 5 5.5 Q1 5.5 0 9',
  '7': 'M0 0 L10 0 Q6 6 4 14',
  '8': 'M5 7 Q1 7 1 3.5 Q1 0 5 0 Q9 0 9 3.5 Q9 7 5 7 Q0 7 0 10.5 Q0 14 5 14 Q10 14 10 10.5 Q10 7 5 7',
  '9': 'M1 13 Q3 14 5 14 Q10 14 10 6 Q10 0 5 0 Q0 0 0 4.5 Q0 8.5 5 8.5 Q9 8.5 10 5',
  A: 'M0 14 L5 0 L10 14 M2 9 L8 9',
  B: 'M0 0 L0 14 L5.5 14 Q10 14 10 10.5 Q10 7 5.5 7 L0 7 M0 0 L5 0 Q9 0 9 3.5 Q9 7 5 7',
  C: 'M10 2 Q8 0 5.5 0 Q0 0 0 7 Q0 14 5.5 14 Q8 14 10 12',
  D: 'M0 0 L0 14 L4 14 Q10 14 10 7 Q10 0 4 0 L0 0',
  E: 'M10 0 L0 0 L0 14 L10 14 M0 7 L7 7',
  F: 'M10 0 L0 0 L0 14 M0 7 L7 7',
  G: 'M10 2 Q8 0 5.5 0 Q0 0 0 7 Q0 14 5.5 14 Q10 14 10 8 L6 8',
  H: 'M0 0 L0 14 M10 0 L10 14 M0 7 L10 7',
  J: 'M10 0 L10 10 Q10 14 5 14 Q0 14 0 10',
  K: 'M0 0 L0 14 M10 0 L0 8 M3 5.5 L10 14',
  L: 'M0 0 L0 14 L10 14',
  M: 'M0 14 L0 0 L5 9 L10 0 L10 14',
  N: 'M0 14 L0 0 L10 14 L10 0',
  P: 'M0 14 L0 0 L5 0 Q10 0 10 4 Q10 8 5 8 L0 8',
  Q: 'M5 0 Q0 0 0 7 Q0 14 5 14 Q10 14 10 7 Q10 0 5 0 M6 10 L10 14',
  R: 'M0 14 L0 0 L5 0 Q10 0 10 4 Q10 8 5 8 L0 8 M5 8 L10 14',
  S: 'M10 2 Q8 0 5 0 Q0 0 0 3.5 Q0 7 5 7 Q10 7 10 10.5 Q10 14 5 14 Q2 14 0 12',
  T: 'M0 0 L10 0 M5 0 L5 14',
  U: 'M0 0 L0 10 Q0 14 5 14 Q10 14 10 10 L10 0',
  V: 'M0 0 L5 14 L10 0',
  W: 'M0 0 L2.5 14 L5 5 L7.5 14 L10 0',
  X: 'M0 0 L10 14 M10 0 L0 14',
  Y: 'M0 0 L5 7 L10 0 M5 7 L5 14',
  Z: 'M0 0 L10 0 L0 14 L10 14',
};

type Cmd = { op: 'M' | 'L' | 'Q'; pts: Array<[number, number]> };

const GLYPHS = new Map<string, Cmd[]>(
  Object.entries(GLYPH_SOURCE).map(([ch, src]) => [
    ch,
    [...src.matchAll(/([MLQ])([^MLQ]*)/g)].map((m) => {
      const nums = (m[2] ?? '').trim().split(/\s+/).map(Number);
      const pts: Array<[number, number]> = [];
      for (let i = 0; i + 1 < nums.length; i += 2) pts.push([nums[i]!, nums[i + 1]!]);
      return { op: m[1] as Cmd['op'], pts };
    }),
  ]),
);

const HEX_COLOR = /^#[0-9a-fA-F]{3,8}$/;
const DEFAULT_COLOR = '#2c3142';

const cryptoRng = (): number => randomInt(0, 2 ** 31) / 2 ** 31;

/** Random code drawn with crypto.randomInt (never Math.random). */
export function randomCode(length = 4, alphabet = '0123456789'): string {
  const chars = Array.from(alphabet);
  if (!Number.isInteger(length) || length < 0) throw new RangeError(`invalid captcha length: ${length}`);
  if (chars.length === 0) throw new RangeError('captcha alphabet must not be empty');
  let out = '';
  for (let i = 0; i < length; i++) out += chars[randomInt(0, chars.length)];
  return out;
}

function num(value: unknown, def: number, min: number, max: number): number {
  let n = Number.NaN;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && value.trim() !== '') n = Number(value);
  if (!Number.isFinite(n)) return def;
  return Math.min(max, Math.max(min, Math.round(n)));
}

function color(value: unknown, def: string | undefined): string | undefined {
  // #rgb, #rgba, #rrggbb, #rrggbbaa only (5/7-digit forms are not valid CSS).
  return typeof value === 'string' && HEX_COLOR.test(value) && value.length !== 6 && value.length !== 8
    ? value
    : def;
}

const f = (n: number): string => String(Math.round(n * 100) / 100);

/**
 * Render `text` as a standalone SVG captcha. Supported characters: 0-9 and
 * A-Z except I and O (lowercase is upper-cased); anything else throws.
 * `rng` must return values in [0, 1); pass a seeded one for deterministic output.
 */
export function renderCaptchaSvg(text: string, options: CaptchaOptions = {}, rng: () => number = cryptoRng): string {
  const W = num(options.width, 150, 60, 400);
  const H = num(options.height, 50, 20, 200);
  const noise = num(options.noise, 3, 0, 20);
  const fg = color(options.color, DEFAULT_COLOR)!;
  const bg = color(options.background, undefined);
  const glyphs = Array.from(text.toUpperCase()).map((ch) => {
    const g = GLYPHS.get(ch);
    if (!g) throw new RangeError('captcha text contains a character the font cannot draw');
    return g;
  });
  const between = (a: number, b: number): number => a + (b - a) * rng();
  const tone = (): string => `hsl(${Math.floor(between(0, 360))},${Math.floor(between(0, 55))}%,${Math.floor(between(35, 70))}%)`;

  const parts: string[] = [];
  if (bg) parts.push(`<rect width='100%' height='100%' fill='${bg}'/>`);

  const n = glyphs.length;
  const padX = W * 0.06;
  const slot = n > 0 ? (W - 2 * padX) / n : 0;
  const unit = Math.min((H * 0.6) / 14, (slot * 0.72) / 10);
  const strokeW = f(Math.max(1.4, Math.min(3.5, unit * 0.85)));
  glyphs.forEach((cmds, i) => {
    const s = unit * between(0.9, 1.2);
    const a = (between(-25, 25) * Math.PI) / 180;
    const cos = Math.cos(a);
    const sin = Math.sin(a);
    const cx = padX + slot * (i + 0.5) + between(-0.08, 0.08) * slot;
    const maxDy = Math.max(0, (H - 14 * s) / 2 - unit) * 0.7;
    const cy = H / 2 + between(-maxDy, maxDy);
    const d = cmds
      .map(({ op, pts }) => op + pts.map(([gx, gy]) => {
        const dx = (gx - 5 + between(-0.25, 0.25)) * s;
        const dy = (gy - 7 + between(-0.25, 0.25)) * s;
        return `${f(cx + dx * cos - dy * sin)} ${f(cy + dx * sin + dy * cos)}`;
      }).join(' '))
      .join('');
    parts.push(`<path class='c' d='${d}' fill='none' stroke='${fg}' stroke-width='${strokeW}' stroke-linecap='round' stroke-linejoin='round'/>`);
  });

  for (let i = 0; i < noise; i++) {
    const d = `M${f(between(0, W * 0.25))} ${f(between(0, H))}Q${f(between(0, W))} ${f(between(-0.3 * H, 1.3 * H))} ${f(between(W * 0.75, W))} ${f(between(0, H))}`;
    parts.push(`<path class='n' d='${d}' fill='none' stroke='${tone()}' stroke-width='${f(between(1, 1.8))}' stroke-linecap='round'/>`);
  }
  const dots = 4 + Math.floor(between(0, 5));
  for (let i = 0; i < dots; i++) {
    parts.push(`<circle class='d' cx='${f(between(0, W))}' cy='${f(between(0, H))}' r='${f(between(0.8, 1.8))}' fill='${tone()}'/>`);
  }

  return `<svg xmlns='http://www.w3.org/2000/svg' width='${W}' height='${H}' viewBox='0 0 ${W} ${H}'>${parts.join('')}</svg>`;
}

/** Wrap an SVG string as a base64 data: URL (usable directly in <img src>). */
export function svgDataUrl(svg: string): string {
  return 'data:image/svg+xml;base64,' + Buffer.from(svg, 'utf8').toString('base64');
}
