/** Theme presets, shade generation and applying a primary colour to Semi Design's CSS variables. */
export interface ThemePreset {
  name: string;
  color: string;
}

/** The eight presets of docs/reference/product-spec.md §1; labels are `core:theme.<name>`. */
export const THEME_PRESETS: readonly ThemePreset[] = [
  { name: 'default', color: '#4165d7' },
  { name: 'cuilv', color: '#51C21A' },
  { name: 'zitan', color: '#d0378d' },
  { name: 'jincheng', color: '#FFA500' },
  { name: 'yingtao', color: '#FF69B4' },
  { name: 'bohe', color: '#3EB489' },
  { name: 'qinghui', color: '#708090' },
  { name: 'shanhu', color: '#FF4500' },
];

export type Transition = 'slide' | 'fade' | 'none';

/** What `storage.theme` holds. */
export interface ThemeSettings {
  /** A preset name, or 'custom' for a picked colour. */
  name: string;
  color: string;
  /** Menu grouping (top bar of groups), off by default. */
  isGroup: boolean;
  transition: Transition;
}

export const DEFAULT_THEME: ThemeSettings = { name: 'default', color: '#4165d7', isGroup: false, transition: 'slide' };

/** Dark surfaces the primary colour blends into in dark mode (Semi's dark background). */
const DARK_BASE = '#16161a';
const WHITE = '#ffffff';
const BLACK = '#000000';

type Rgb = [number, number, number];

export function parseHex(color: string): Rgb | undefined {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m?.[1]) return undefined;
  let hex = m[1];
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  const n = parseInt(hex, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function isColor(color: unknown): color is string {
  return typeof color === 'string' && parseHex(color) !== undefined;
}

const toHex = ([r, g, b]: Rgb): string => '#' + [r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('');

/** `weight` of `towards` blended into `color` (0 → color, 1 → towards). */
function mix(color: Rgb, towards: Rgb, weight: number): Rgb {
  return [0, 1, 2].map((i) => Math.round(color[i]! * (1 - weight) + towards[i]! * weight)) as Rgb;
}

function rgbOf(color: string): Rgb {
  const rgb = parseHex(color);
  if (!rgb) throw new Error(`Not a hex colour: ${color}`);
  return rgb;
}

/**
 * The nine light shades of a primary colour, step i (1…9) blending i × 0.1 of the background into it:
 * white in light mode, the dark surface in dark mode (so "light" backgrounds stay dark there).
 */
export function shades(color: string, dark: boolean): string[] {
  const base = rgbOf(color);
  const towards = rgbOf(dark ? DARK_BASE : WHITE);
  return Array.from({ length: 9 }, (_, i) => toHex(mix(base, towards, Math.round((i + 1) * 10) / 100)));
}

/**
 * Semi's 0…9 scale for the primary hue (5 = the colour): 0…4 are background tints from `shades`,
 * 6…9 the hover/active states, darker in light mode and lighter in dark mode, as Semi's own palettes go.
 */
export function primaryScale(color: string, dark: boolean): string[] {
  const base = rgbOf(color);
  const tints = shades(color, dark);
  const deeper = rgbOf(dark ? WHITE : BLACK);
  const pick = (step: number): string => tints[step - 1]!;
  return [
    pick(9),
    pick(8),
    pick(6),
    pick(4),
    pick(2),
    toHex(base),
    toHex(mix(base, deeper, 0.1)),
    toHex(mix(base, deeper, 0.2)),
    toHex(mix(base, deeper, 0.3)),
    toHex(mix(base, deeper, 0.4)),
  ];
}

const triple = (hex: string): string => rgbOf(hex).join(',');

/** WCAG 2.1 relative luminance of a colour. */
export function luminance(color: string): number {
  const [r, g, b] = rgbOf(color).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.1 contrast ratio of two colours (1 … 21). */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/**
 * The colour moved towards black (light mode) or white (dark mode) in small steps until text in it reaches
 * `ratio` against every background given: how a preset or picked theme colour stays readable (WCAG 1.4.3).
 */
export function readable(color: string, backgrounds: readonly string[], dark: boolean, ratio = 4.6): string {
  const base = rgbOf(color);
  const towards = rgbOf(dark ? WHITE : BLACK);
  for (let w = 0; w <= 1; w += 0.02) {
    const hex = toHex(mix(base, towards, w));
    if (backgrounds.every((bg) => contrast(hex, bg) >= ratio)) return hex;
  }
  return dark ? WHITE : BLACK;
}

/**
 * The darkest surfaces primary text sits on (measured in the console: a light button's fill on the page,
 * in a dialog, hovered): text in the primary colour must read on all of them.
 */
const TEXT_SURFACES = { light: ['#ffffff', '#e9e9ea'], dark: ['#232429', '#4c4d52'] };

/**
 * Semi tokens that miss AA contrast as Semi ships them (placeholder and secondary text, danger and warning
 * text, dark fills under primary text): adjusted per mode, whatever the theme colour.
 */
const READABLE_TOKENS: Record<'light' | 'dark', Record<string, string>> = {
  light: {
    '--semi-color-text-2': 'rgba(28, 31, 35, 0.72)',
    '--semi-color-danger': '#d52515',
    '--semi-color-danger-hover': '#b2180e',
    '--semi-color-danger-active': '#8e0e07',
    '--semi-color-warning': '#a35a00',
    '--semi-color-warning-hover': '#8a4c00',
    '--semi-color-warning-active': '#6f3d00',
    '--semi-color-success': '#2a7a1e',
  },
  dark: {
    '--semi-color-text-2': 'rgba(249, 249, 249, 0.72)',
    '--semi-color-fill-0': 'rgba(255, 255, 255, 0.06)',
    '--semi-color-fill-1': 'rgba(255, 255, 255, 0.09)',
    '--semi-color-fill-2': 'rgba(255, 255, 255, 0.12)',
    '--semi-color-danger': '#ffa08c',
    '--semi-color-danger-hover': '#ffb5a6',
    '--semi-color-danger-active': '#ffcabf',
    '--semi-color-warning': '#ffb85c',
    '--semi-color-success': '#7dd96b',
  },
};

/** The fills of a light tag (Semi: `rgba(var(--semi-blue-5), 0.15)`) over each surface text sits on. */
export function tagFills(fill: string, dark: boolean): string[] {
  return TEXT_SURFACES[dark ? 'dark' : 'light'].map((bg) => toHex(mix(rgbOf(bg), rgbOf(fill), 0.15)));
}

/** The CSS variables `applyTheme` writes, exposed for tests and for components that style themselves. */
export function themeVariables(color: string, dark: boolean): Record<string, string> {
  const scale = primaryScale(color, dark);
  const vars: Record<string, string> = {};
  scale.forEach((hex, i) => {
    // Semi reads its palette as "r,g,b" inside rgba(var(--semi-blue-5), 1).
    vars[`--semi-blue-${i}`] = triple(hex);
  });
  // A light tag writes blue-8 on blue-5 at 15 % over the surface (Semi's tag mixin): keep that text readable.
  vars['--semi-blue-8'] = triple(readable(scale[8]!, tagFills(scale[5]!, dark), dark));
  // Primary as text must read on the surfaces it sits on; the palette (blue-0…9) keeps the chosen colour.
  const primary = readable(color, TEXT_SURFACES[dark ? 'dark' : 'light'], dark);
  const states = primaryScale(primary, dark);
  vars['--semi-color-primary'] = primary;
  vars['--semi-color-primary-hover'] = states[6]!;
  vars['--semi-color-primary-active'] = states[7]!;
  // Text on a solid primary fill: white, or near-black on a primary lightened for dark mode.
  vars['--sa-on-primary'] = contrast(primary, WHITE) >= 4.5 ? WHITE : DARK_BASE;
  vars['--semi-color-primary-disabled'] = scale[2]!;
  vars['--semi-color-primary-light-default'] = scale[0]!;
  vars['--semi-color-primary-light-hover'] = scale[1]!;
  vars['--semi-color-primary-light-active'] = scale[2]!;
  vars['--semi-color-focus-border'] = primary;
  vars['--semi-color-link'] = primary;
  vars['--semi-color-link-hover'] = states[6]!;
  vars['--semi-color-link-active'] = states[7]!;
  vars['--color-primary'] = primary;
  Object.assign(vars, READABLE_TOKENS[dark ? 'dark' : 'light']);
  shades(color, dark).forEach((hex, i) => {
    vars[`--color-primary-light-${i + 1}`] = hex;
  });
  return vars;
}

/** Writes the primary scale onto `el` (usually `document.body`) and sets Semi's `theme-mode` attribute. */
export function applyTheme(el: HTMLElement, options: { color: string; dark: boolean }): void {
  const color = isColor(options.color) ? options.color : DEFAULT_THEME.color;
  for (const [name, value] of Object.entries(themeVariables(color, options.dark))) el.style.setProperty(name, value);
  if (options.dark) el.setAttribute('theme-mode', 'dark');
  else el.removeAttribute('theme-mode');
}

/** A stored theme checked field by field; anything unusable falls back to the default. */
export function normaliseTheme(value: unknown): ThemeSettings {
  const v = (value && typeof value === 'object' ? value : {}) as Partial<Record<keyof ThemeSettings, unknown>>;
  const transitions: Transition[] = ['slide', 'fade', 'none'];
  return {
    name: typeof v.name === 'string' && v.name ? v.name : DEFAULT_THEME.name,
    color: isColor(v.color) ? v.color : DEFAULT_THEME.color,
    isGroup: typeof v.isGroup === 'boolean' ? v.isGroup : DEFAULT_THEME.isGroup,
    transition: transitions.includes(v.transition as Transition) ? (v.transition as Transition) : DEFAULT_THEME.transition,
  };
}
