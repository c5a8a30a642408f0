import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyTheme, contrast, DEFAULT_THEME, normaliseTheme, parseHex, readable, shades, tagFills, THEME_PRESETS, themeVariables } from './theme';

test('the eight presets of docs/reference/product-spec.md §1, default first', () => {
  assert.deepEqual(
    THEME_PRESETS.map((p) => [p.name, p.color]),
    [
      ['default', '#4165d7'], ['cuilv', '#51C21A'], ['zitan', '#d0378d'], ['jincheng', '#FFA500'],
      ['yingtao', '#FF69B4'], ['bohe', '#3EB489'], ['qinghui', '#708090'], ['shanhu', '#FF4500'],
    ],
  );
  assert.deepEqual(DEFAULT_THEME, { name: 'default', color: '#4165d7', isGroup: false, transition: 'slide' });
});

test('nine shades at 0.1 steps towards white in light mode', () => {
  const light = shades('#4165d7', false);
  assert.equal(light.length, 9);
  // step 1: 10 % white → 0x41*0.9 + 255*0.1 = 84.0 → 0x54 ; 0x65 → 116.4 → 0x74 ; 0xd7 → 219.0 → 0xdb
  assert.equal(light[0], '#5474db');
  // step 5: half way
  assert.equal(light[4], '#a0b2eb');
  // step 9: 90 % white
  assert.equal(light[8], '#ecf0fb');
  const lum = light.map((h) => parseHex(h)!.reduce((a, b) => a + b));
  for (let i = 1; i < 9; i++) assert.ok(lum[i]! > lum[i - 1]!, 'each step is lighter');
});

test('dark mode blends towards the dark surface instead, so the shades differ', () => {
  const dark = shades('#4165d7', true);
  const light = shades('#4165d7', false);
  assert.equal(dark.length, 9);
  for (let i = 0; i < 9; i++) assert.notEqual(dark[i], light[i]);
  const lum = dark.map((h) => parseHex(h)!.reduce((a, b) => a + b));
  for (let i = 1; i < 9; i++) assert.ok(lum[i]! < lum[i - 1]!, 'each step is darker');
  // step 9: 90 % of #16161a → 65*.1+22*.9 = 26.3, 101*.1+22*.9 = 29.9, 215*.1+26*.9 = 44.9
  assert.equal(dark[8], '#1a1e2d');
  assert.throws(() => shades('blue', false), /Not a hex colour/);
});

test('variables for Semi: blue-5 is the colour as r,g,b and the primary tokens are set', () => {
  const vars = themeVariables('#FF4500', false);
  assert.equal(vars['--semi-blue-5'], '255,69,0');
  // Primary text is the colour made readable: AA (4.5:1) on white and on a light button's fill, both modes.
  assert.notEqual(vars['--semi-color-primary'], '#FF4500');
  for (const bg of ['#ffffff', '#e9e9ea']) assert.ok(contrast(vars['--semi-color-primary']!, bg) >= 4.5, bg);
  const dark = themeVariables('#FF4500', true);
  for (const bg of ['#232429', '#4c4d52']) assert.ok(contrast(dark['--semi-color-primary']!, bg) >= 4.5, `dark ${bg}`);
  assert.equal(readable('#1c1f23', ['#ffffff'], false), '#1c1f23', 'a colour that reads already stays');
  assert.equal(vars['--color-primary-light-9'], shades('#FF4500', false)[8]);
  assert.notEqual(themeVariables('#FF4500', true)['--semi-blue-0'], vars['--semi-blue-0']);
});

test('applyTheme writes the variables and the theme-mode attribute', () => {
  const props = new Map<string, string>();
  const attrs = new Map<string, string>();
  const el = {
    style: { setProperty: (k: string, v: string) => void props.set(k, v) },
    setAttribute: (k: string, v: string) => void attrs.set(k, v),
    removeAttribute: (k: string) => void attrs.delete(k),
  } as unknown as HTMLElement;
  applyTheme(el, { color: '#51C21A', dark: true });
  assert.equal(props.get('--semi-blue-5'), '81,194,26');
  assert.equal(attrs.get('theme-mode'), 'dark');
  applyTheme(el, { color: 'nonsense', dark: false });
  assert.equal(props.get('--semi-blue-5'), '65,101,215', 'a bad colour falls back to the default');
  assert.equal(attrs.has('theme-mode'), false);
});

test('a stored theme is normalised field by field', () => {
  assert.deepEqual(normaliseTheme(undefined), DEFAULT_THEME);
  assert.deepEqual(normaliseTheme({ name: 'bohe', color: '#3EB489', isGroup: true, transition: 'none', extra: 1 }), {
    name: 'bohe', color: '#3EB489', isGroup: true, transition: 'none',
  });
  assert.deepEqual(normaliseTheme({ color: 'red', isGroup: 'yes', transition: 'spin' }), DEFAULT_THEME);
});

test('a light tag (blue-8 on blue-5 at 15 %) reads at AA on every surface, every preset, both modes', () => {
  for (const { color } of THEME_PRESETS) {
    for (const dark of [false, true]) {
      const vars = themeVariables(color, dark);
      const hex = (v: string): string => '#' + v.split(',').map((n) => Number(n).toString(16).padStart(2, '0')).join('');
      for (const fill of tagFills(hex(vars['--semi-blue-5']!), dark)) {
        const ratio = contrast(hex(vars['--semi-blue-8']!), fill);
        assert.ok(ratio >= 4.5, `${color} ${dark ? 'dark' : 'light'}: ${ratio.toFixed(2)} on ${fill}`);
      }
    }
  }
});
