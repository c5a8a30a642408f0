/**
 * axe-core in the page: injected once per document (the console is a single-page app, so once per look),
 * run on the WCAG 2.1 A/AA rules only, scoped to a view or an overlay.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The rules the console promises (WCAG 2.1 A and AA); best-practice rules are advice, not the bar. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
export const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;
export type Impact = (typeof IMPACTS)[number];

export interface Finding {
  rule: string;
  impact: Impact;
  help: string;
  /** Selector and a short piece of markup per node. */
  nodes: { target: string; html: string; summary: string }[];
}

export interface ScanResult {
  view: string;
  counts: Record<Impact, number>;
  /** How long axe took on the view, in ms. */
  ms?: number;
  findings: Finding[];
}

export async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object')) return;
  await page.evaluate(AXE_SOURCE);
}

/**
 * Runs axe over `include` (CSS selectors; the whole document when empty). Counts are per violating node, the
 * way axe reports them. Frames are not entered: the console's only frame is the tutorial's external page.
 */
export async function scan(page: Page, view: string, include: string[] = []): Promise<ScanResult> {
  const first = await scanOnce(page, view, include);
  if (!first.findings.some((f) => f.impact === 'critical' || f.impact === 'serious')) return first;
  // A view caught mid-fade (a busy host paints late) shows blended colours for a frame: look again after a
  // pause and keep what is still there — a real violation is found both times.
  await page.waitForTimeout(600);
  const second = await scanOnce(page, view, include);
  const seen = new Set(first.findings.flatMap((f) => f.nodes.map((n) => `${f.rule} ${n.target}`)));
  const findings = second.findings
    .map((f) => ({ ...f, nodes: f.nodes.filter((n) => seen.has(`${f.rule} ${n.target}`)) }))
    .filter((f) => f.nodes.length);
  const counts: Record<Impact, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  for (const f of findings) counts[f.impact] += f.nodes.length;
  return { view, counts, ms: (first.ms ?? 0) + (second.ms ?? 0), findings };
}

async function scanOnce(page: Page, view: string, include: string[]): Promise<ScanResult> {
  await injectAxe(page);
  const t0 = Date.now();
  const raw = await page.evaluate(
    async ({ include, tags }) => {
      const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: unknown[] }> } }).axe;
      const present = include.filter((s) => document.querySelector(s));
      if (include.length && !present.length) throw new Error(`nothing to scan: ${include.join(', ')} not on the page`);
      const context = present.length ? { include: present.map((s) => [s]) } : document;
      const r = await axe.run(context, { runOnly: { type: 'tag', values: tags }, iframes: false, resultTypes: ['violations'], elementRef: false });
      return r.violations as { id: string; impact: Impact; help: string; nodes: { target: unknown[]; html: string; failureSummary?: string }[] }[];
    },
    { include, tags: WCAG_TAGS },
  );
  const counts: Record<Impact, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  const findings: Finding[] = raw.map((v) => {
    counts[v.impact] += v.nodes.length;
    return {
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(' '), html: n.html.slice(0, 160), summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200) })),
    };
  });
  return { view, counts, ms: Date.now() - t0, findings };
}

/** One line per failing rule and up to three elements each: what a failing test prints. */
export function describeFindings(results: readonly ScanResult[], impacts: readonly Impact[] = ['critical', 'serious']): string {
  const lines: string[] = [];
  for (const r of results) {
    for (const f of r.findings.filter((x) => impacts.includes(x.impact))) {
      lines.push(`[${r.view}] ${f.impact} ${f.rule} (${f.help}) ×${f.nodes.length}`);
      for (const n of f.nodes.slice(0, 3)) lines.push(`    ${n.target}  ${n.html}${n.summary ? `  — ${n.summary}` : ''}`);
    }
  }
  return lines.join('\n');
}

/** The per-view table (critical / serious / moderate / minor) as Markdown. */
export function table(results: readonly ScanResult[]): string {
  const rows = results.map((r) => `| ${r.view} | ${IMPACTS.map((i) => r.counts[i]).join(' | ')} | ${r.ms ?? ''} |`);
  const sum = (i: Impact) => results.reduce((n, r) => n + r.counts[i], 0);
  return ['| view | critical | serious | moderate | minor | axe ms |', '| --- | ---: | ---: | ---: | ---: | ---: |', ...rows, `| **all ${results.length} views** | ${IMPACTS.map(sum).join(' | ')} | ${results.reduce((n, r) => n + (r.ms ?? 0), 0)} |`].join('\n');
}
