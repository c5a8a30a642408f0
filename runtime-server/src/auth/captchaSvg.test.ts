import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SAFE_ALPHABET, randomCode, renderCaptchaSvg, svgDataUrl } from './captchaSvg.js';

/** Small seeded PRNG (mulberry32) so renders are reproducible. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const count = (s: string, needle: string): number => s.split(needle).length - 1;
/** The path data of the text (the one path stroked in the text colour). */
const textPath = (svg: string): string => /<path d='([^']*)' fill='none' stroke='#2c3142'/.exec(svg)?.[1] ?? '';
const attr = (svg: string, name: string): string | undefined =>
  new RegExp(`^<svg[^>]*\\s${name}='([^']*)'`).exec(svg)?.[1];

describe('randomCode', () => {
  it('returns the requested length from the alphabet', () => {
    for (const len of [1, 4, 6, 10]) {
      const code = randomCode(len);
      assert.equal(code.length, len);
      assert.match(code, /^[0-9]+$/);
    }
    assert.match(randomCode(8, 'AB'), /^[AB]{8}$/);
    assert.equal(randomCode(0), '');
    assert.equal(randomCode().length, 4);
  });

  it('is not constant: every digit shows up over 200 draws', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) for (const ch of randomCode()) seen.add(ch);
    assert.equal(seen.size, 10);
  });

  it('rejects a bad length or an empty alphabet', () => {
    assert.throws(() => randomCode(-1), RangeError);
    assert.throws(() => randomCode(2.5), RangeError);
    assert.throws(() => randomCode(4, ''), RangeError);
  });
});

describe('renderCaptchaSvg', () => {
  it('produces a standalone svg: one path holding every stroke, plus the noise paths; no classes', () => {
    const svg = renderCaptchaSvg('4821');
    assert.ok(svg.startsWith('<svg'));
    assert.ok(svg.endsWith('</svg>'));
    assert.equal(attr(svg, 'xmlns'), 'http://www.w3.org/2000/svg');
    assert.equal(attr(svg, 'width'), '150');
    assert.equal(attr(svg, 'height'), '50');
    assert.equal(attr(svg, 'viewBox'), '0 0 150 50');
    assert.equal(count(svg, "stroke='#2c3142'"), 1, 'all characters (and decoys) in one path');
    assert.equal(count(svg, '<path'), 1 + 3);
    assert.equal(count(svg, 'class='), 0, 'nothing tells glyphs from noise');
    // path data only uses absolute M/L/Q commands and numbers
    assert.match(textPath(svg), /^M[-0-9. MLQ]+$/);
  });

  it('gives a program no handle: no fixed command sequence per character, no reading order, decoys alike', () => {
    // A character's command letters (numbers stripped) change from render to render.
    const shapes = new Set(Array.from({ length: 30 }, (_, i) => textPath(renderCaptchaSvg('8', {}, seeded(100 + i))).replace(/[-0-9. ]+/g, ',')));
    assert.ok(shapes.size >= 15, `only ${shapes.size} distinct command sequences for "8"`);
    // Strokes are not in reading order: their starting x rise left to right in few renders.
    let ordered = 0;
    for (let i = 0; i < 30; i++) {
      const xs = [...textPath(renderCaptchaSvg('1234', {}, seeded(200 + i))).matchAll(/M([-0-9.]+)/g)].map((m) => Number(m[1]));
      if (xs.every((x, j) => j === 0 || x >= xs[j - 1]!)) ordered++;
    }
    assert.ok(ordered <= 2, `${ordered} of 30 renders listed strokes left to right`);
    // More strokes than the characters have: decoys in the same colour and width.
    const glyphStrokes = (ch: string) => textPath(renderCaptchaSvg(ch, {}, seeded(300))).split('M').length - 1;
    assert.ok(glyphStrokes('1') > 2, 'a "1" (two strokes in the font) comes with decoys');
  });

  it('honours (clamped) sizes and the noise count, accepting numeric strings', () => {
    const svg = renderCaptchaSvg('12', { width: '220', height: 80, noise: '5' });
    assert.equal(attr(svg, 'width'), '220');
    assert.equal(attr(svg, 'height'), '80');
    assert.equal(attr(svg, 'viewBox'), '0 0 220 80');
    assert.equal(count(svg, '<path'), 1 + 5);

    const small = renderCaptchaSvg('12', { width: 10, height: 1, noise: 0 });
    assert.equal(attr(small, 'width'), '60');
    assert.equal(attr(small, 'height'), '20');
    assert.equal(count(small, '<path'), 1);

    const big = renderCaptchaSvg('12', { width: 99999, height: 5000, noise: 1e9 });
    assert.equal(attr(big, 'width'), '400');
    assert.equal(attr(big, 'height'), '200');
    assert.equal(count(big, '<path'), 1 + 20);
  });

  it('falls back to defaults for non-numeric sizes', () => {
    const svg = renderCaptchaSvg('12', { width: 'abc', height: '', noise: 'x' } as never);
    assert.equal(attr(svg, 'width'), '150');
    assert.equal(attr(svg, 'height'), '50');
    assert.equal(count(svg, '<path'), 1 + 3);
    assert.equal(attr(renderCaptchaSvg('1', { width: Number.NaN }), 'width'), '150');
  });

  it('never leaks the text into the markup', () => {
    for (const code of ['4821', '0000', '9753', 'AB7K']) {
      const svg = renderCaptchaSvg(code, { width: 400, height: 200, noise: 20 });
      assert.ok(!svg.includes(code), `${code} leaked`);
      assert.ok(!svg.includes('<text'));
      assert.ok(!svg.includes('<title'));
      assert.ok(!svg.includes('<!--'));
      assert.ok(!svg.includes('data-'));
      assert.ok(!svg.includes('aria-'));
    }
  });

  it('is deterministic for a given rng and varies with a different one', () => {
    const a = renderCaptchaSvg('4821', {}, seeded(42));
    const b = renderCaptchaSvg('4821', {}, seeded(42));
    const c = renderCaptchaSvg('4821', {}, seeded(43));
    assert.equal(a, b);
    assert.notEqual(a, c);
    // the same character never yields the same strokes twice
    const strokes = textPath(renderCaptchaSvg('7777', {}, seeded(1))).split('M').filter(Boolean);
    assert.equal(new Set(strokes).size, strokes.length);
  });

  it('uses valid colours and ignores malicious or invalid ones', () => {
    const ok = renderCaptchaSvg('12', { color: '#ABC', background: '#ffffff80' });
    assert.ok(ok.includes("stroke='#ABC'"));
    assert.ok(ok.includes("<rect width='100%' height='100%' fill='#ffffff80'/>"));
    assert.ok(!renderCaptchaSvg('12').includes('<rect'), 'transparent background by default');

    for (const bad of ['red" onload="alert(1)', "#fff'><script>", 'red', '#12345', '#fff\n', 'url(#x)']) {
      const svg = renderCaptchaSvg('12', { color: bad, background: bad });
      assert.ok(svg.includes("stroke='#2c3142'"), bad);
      assert.ok(!svg.includes('<rect'), bad);
      assert.ok(!svg.includes('onload') && !svg.includes('<script') && !svg.includes('red'), bad);
      assert.equal(count(svg, '<svg'), 1);
    }
  });

  it('draws every supported character and rejects the rest', () => {
    const all = '0123456789' + SAFE_ALPHABET;
    const svg = renderCaptchaSvg(all, { width: 400 }, seeded(7));
    assert.ok(textPath(svg).split('M').length - 1 >= all.length, 'at least one stroke per character');
    assert.doesNotThrow(() => renderCaptchaSvg('abc'), 'lowercase is upper-cased');
    for (const bad of ['I', 'O', ' ', '<', '12!']) assert.throws(() => renderCaptchaSvg(bad), RangeError);
  });
});

describe('svgDataUrl', () => {
  it('round-trips through base64', () => {
    const svg = renderCaptchaSvg('4821', {}, seeded(5));
    const url = svgDataUrl(svg);
    const prefix = 'data:image/svg+xml;base64,';
    assert.ok(url.startsWith(prefix));
    assert.match(url.slice(prefix.length), /^[A-Za-z0-9+/]+=*$/);
    assert.equal(Buffer.from(url.slice(prefix.length), 'base64').toString('utf8'), svg);
  });
});
