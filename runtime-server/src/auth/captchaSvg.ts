/**
 * Dependency-free image captcha renderer.
 *
 * Characters are drawn from a tiny built-in vector font (10x14 grid), every point transformed (rotation,
 * scale, jitter) before it is written. The markup must not be readable by a program: all strokes of all
 * characters — plus decoy strokes drawn in the same colour and width — go into **one** path; their order is
 * shuffled (no reading order), each is drawn forwards or backwards, straight segments become curves or are
 * split at random, so a character has no fixed command sequence. Only validated colours and clamped numbers
 * from the caller's options ever reach the output.
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

/** A segment from `from`: a line to pts[0], or a curve through control pts[0] to pts[1]. */
type Seg = { from: [number, number]; op: 'L' | 'Q'; pts: Array<[number, number]> };

/** A glyph's commands as subpaths of segments, each segment knowing its start point. */
function subpaths(cmds: Cmd[]): Seg[][] {
  const out: Seg[][] = [];
  let pen: [number, number] = [0, 0];
  for (const { op, pts } of cmds) {
    if (op === 'M') {
      pen = pts[0]!;
      out.push([]);
      continue;
    }
    out.at(-1)!.push({ from: pen, op, pts });
    pen = pts.at(-1)!;
  }
  return out.filter((s) => s.length);
}

/**
 * One subpath as path data with its look varied: drawn forwards or backwards, each line drawn as a line, as a
 * curve with its control point near the middle, or in two pieces; each curve whole or in two pieces.
 */
function stroke(segs: Seg[], between: (a: number, b: number) => number): string {
  const mid = (p: [number, number], q: [number, number]): [number, number] => [(p[0] + q[0]) / 2 + between(-0.4, 0.4), (p[1] + q[1]) / 2 + between(-0.4, 0.4)];
  let list = segs;
  if (between(0, 1) < 0.5) {
    list = [...segs].reverse().map((g) => {
      const end = g.pts.at(-1)!;
      return { from: end, op: g.op, pts: g.op === 'Q' ? [g.pts[0]!, g.from] : [g.from] };
    });
  }
  let d = `M${f(list[0]!.from[0])} ${f(list[0]!.from[1])}`;
  const pt = (p: [number, number]) => `${f(p[0])} ${f(p[1])}`;
  for (const g of list) {
    const end = g.pts.at(-1)!;
    const r = between(0, 1);
    if (g.op === 'Q' && r < 0.5) d += `Q${pt(g.pts[0]!)} ${pt(end)}`;
    else if (g.op === 'Q') {
      // The same curve in two pieces (de Casteljau at t): another command sequence, the same shape.
      const t = between(0.35, 0.65);
      const lerp = (p: [number, number], q: [number, number]): [number, number] => [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t];
      const c1 = lerp(g.from, g.pts[0]!);
      const c2 = lerp(g.pts[0]!, end);
      d += `Q${pt(c1)} ${pt(lerp(c1, c2))}Q${pt(c2)} ${pt(end)}`;
    }
    else if (r < 0.34) d += `L${pt(end)}`;
    else if (r < 0.67) d += `Q${pt(mid(g.from, end))} ${pt(end)}`;
    else {
      const m = mid(g.from, end);
      d += `L${pt(m)}${between(0, 1) < 0.5 ? 'L' : 'Q' + pt(mid(m, end)) + ' '}${pt(end)}`;
    }
  }
  return d;
}

/** Fisher–Yates with the renderer's rng. */
function shuffle<T>(xs: T[], rng: () => number): void {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
}

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
  const strokes: string[] = [];
  glyphs.forEach((cmds, i) => {
    const s = unit * between(0.9, 1.2);
    const a = (between(-25, 25) * Math.PI) / 180;
    const cos = Math.cos(a);
    const sin = Math.sin(a);
    const cx = padX + slot * (i + 0.5) + between(-0.08, 0.08) * slot;
    const maxDy = Math.max(0, (H - 14 * s) / 2 - unit) * 0.7;
    const cy = H / 2 + between(-maxDy, maxDy);
    // Each font point is placed once (a segment's start is the previous one's end: the same array), so the
    // jitter never opens a gap inside a stroke.
    const placed = new Map<[number, number], [number, number]>();
    const at = (p: [number, number]): [number, number] => {
      let q = placed.get(p);
      if (!q) {
        const dx = (p[0] - 5 + between(-0.25, 0.25)) * s;
        const dy = (p[1] - 7 + between(-0.25, 0.25)) * s;
        q = [cx + dx * cos - dy * sin, cy + dx * sin + dy * cos];
        placed.set(p, q);
      }
      return q;
    };
    for (const sub of subpaths(cmds)) strokes.push(stroke(sub.map((seg) => ({ ...seg, from: at(seg.from), pts: seg.pts.map(at) })), between));
  });
  // Decoys: strokes of the same colour and width, the size of a character's strokes, across the text.
  const decoys = Math.max(2, Math.round(n / 2)) + Math.floor(between(0, 2));
  for (let i = 0; i < decoys; i++) {
    const x = between(padX, W - padX);
    const y = between(H * 0.2, H * 0.8);
    const len = unit * between(3, 7);
    const a = between(0, Math.PI * 2);
    const end: [number, number] = [x + Math.cos(a) * len, y + Math.sin(a) * len];
    const bend: [number, number] = [(x + end[0]) / 2 + between(-len, len) / 3, (y + end[1]) / 2 + between(-len, len) / 3];
    strokes.push(stroke([{ from: [x, y], op: 'Q', pts: [bend, end] }], between));
  }
  shuffle(strokes, rng);
  parts.push(`<path d='${strokes.join('')}' fill='none' stroke='${fg}' stroke-width='${strokeW}' stroke-linecap='round' stroke-linejoin='round'/>`);

  for (let i = 0; i < noise; i++) {
    const d = `M${f(between(0, W * 0.25))} ${f(between(0, H))}Q${f(between(0, W))} ${f(between(-0.3 * H, 1.3 * H))} ${f(between(W * 0.75, W))} ${f(between(0, H))}`;
    parts.push(`<path d='${d}' fill='none' stroke='${tone()}' stroke-width='${f(between(1, 1.8))}' stroke-linecap='round'/>`);
  }
  const dots = 4 + Math.floor(between(0, 5));
  for (let i = 0; i < dots; i++) {
    parts.push(`<circle cx='${f(between(0, W))}' cy='${f(between(0, H))}' r='${f(between(0.8, 1.8))}' fill='${tone()}'/>`);
  }

  return `<svg xmlns='http://www.w3.org/2000/svg' width='${W}' height='${H}' viewBox='0 0 ${W} ${H}'>${parts.join('')}</svg>`;
}

/** Wrap an SVG string as a base64 data: URL (usable directly in <img src>). */
export function svgDataUrl(svg: string): string {
  return 'data:image/svg+xml;base64,' + Buffer.from(svg, 'utf8').toString('base64');
}
