/**
 * Icons are plain data (SVG element descriptors on a 24×24 grid) so the set can be listed, searched and
 * tested under Node without a DOM; `<Icon>` turns a shape into React elements.
 */
export type ShapeTag = 'path' | 'circle' | 'rect' | 'line' | 'polyline' | 'ellipse';
export type ShapeAttrs = Readonly<Record<string, string | number>>;
export type ShapeNode = readonly [ShapeTag, ShapeAttrs];
export type IconShape = readonly ShapeNode[];

export const path = (d: string, extra: ShapeAttrs = {}): ShapeNode => ['path', { d, ...extra }];
export const circle = (cx: number, cy: number, r: number, extra: ShapeAttrs = {}): ShapeNode => [
  'circle',
  { cx, cy, r, ...extra },
];
export const rect = (x: number, y: number, width: number, height: number, rx = 0, extra: ShapeAttrs = {}): ShapeNode => [
  'rect',
  { x, y, width, height, rx, ...extra },
];
export const line = (x1: number, y1: number, x2: number, y2: number): ShapeNode => ['line', { x1, y1, x2, y2 }];

/** A filled dot (strokes are the default, so fills are opt-in). */
export const dot = (cx: number, cy: number, r = 1): ShapeNode => circle(cx, cy, r, { fill: 'currentColor', stroke: 'none' });

/** Rays around a centre, e.g. sun beams or gear teeth marks. */
export function rays(cx: number, cy: number, inner: number, outer: number, count: number, offset = 0): ShapeNode[] {
  const out: ShapeNode[] = [];
  for (let i = 0; i < count; i++) {
    const a = offset + (i * 2 * Math.PI) / count;
    const r2 = (n: number) => Math.round(n * 100) / 100;
    out.push(
      line(
        r2(cx + inner * Math.cos(a)),
        r2(cy + inner * Math.sin(a)),
        r2(cx + outer * Math.cos(a)),
        r2(cy + outer * Math.sin(a)),
      ),
    );
  }
  return out;
}

/** A gear outline: `teeth` flat-topped teeth between radius `inner` and `outer`. */
export function gear(cx: number, cy: number, inner: number, outer: number, teeth: number): ShapeNode {
  const step = (2 * Math.PI) / teeth;
  const pt = (a: number, r: number) =>
    `${Math.round((cx + r * Math.cos(a)) * 100) / 100} ${Math.round((cy + r * Math.sin(a)) * 100) / 100}`;
  let d = '';
  for (let i = 0; i < teeth; i++) {
    const a = i * step - Math.PI / 2;
    d += `${i === 0 ? 'M' : 'L'}${pt(a - step * 0.22, outer)} L${pt(a + step * 0.22, outer)} L${pt(a + step * 0.32, inner)} L${pt(a + step * 0.68, inner)} `;
  }
  return path(`${d}Z`);
}
