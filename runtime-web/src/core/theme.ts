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

/** The CSS variables `applyTheme` writes, exposed for tests and for components that style themselves. */
export function themeVariables(color: string, dark: boolean): Record<string, string> {
  const scale = primaryScale(color, dark);
  const vars: Record<string, string> = {};
  scale.forEach((hex, i) => {
    // Semi reads its palette as "r,g,b" inside rgba(var(--semi-blue-5), 1).
    vars[`--semi-blue-${i}`] = triple(hex);
  });
  vars['--semi-color-primary'] = color;
  vars['--semi-color-primary-hover'] = scale[6]!;
  vars['--semi-color-primary-active'] = scale[7]!;
  vars['--semi-color-primary-disabled'] = scale[2]!;
  vars['--semi-color-primary-light-default'] = scale[0]!;
  vars['--semi-color-primary-light-hover'] = scale[1]!;
  vars['--semi-color-primary-light-active'] = scale[2]!;
  vars['--semi-color-focus-border'] = color;
  vars['--semi-color-link'] = color;
  vars['--semi-color-link-hover'] = scale[6]!;
  vars['--semi-color-link-active'] = scale[7]!;
  vars['--color-primary'] = color;
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
