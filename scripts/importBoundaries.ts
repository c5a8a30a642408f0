import fs from 'node:fs';
import path from 'node:path';

/**
 * The layering of docs/kernel-and-modules.md, checked on the import statements:
 * - the server kernel (runtime-server/src outside modules/, generated/, testing/ and the composition
 *   root: start.ts, parts.ts) imports no module, not the generated routes (which import the modules)
 *   and not the composition root;
 * - the console's headless core (runtime-web/src/core, runtime-web/src/crud) imports no view code.
 * Test files are the composition's business, not the kernel's: they may assemble a whole server.
 */
export interface BoundaryRule {
  name: string;
  /** Files the rule applies to (paths relative to the root, `/`-separated). */
  applies: (file: string) => boolean;
  /** Import targets (resolved, relative to the root) the files must not reach. */
  forbidden: (target: string) => boolean;
}

export interface Violation {
  rule: string;
  file: string;
  line: number;
  target: string;
}

const SERVER = 'runtime-server/src/';
const COMPOSITION = ['modules/', 'generated/', 'testing/', 'start.ts', 'parts.ts'].map((p) => SERVER + p);
const VIEW = ['crud-view/', 'pages/', 'layout/', 'router/', 'extensions/', 'app/', 'charts/', 'icons/', 'App.tsx', 'main.tsx'].map((p) => 'runtime-web/src/' + p);
const isTest = (f: string) => /\.test\.tsx?$/.test(f);

/** A server file of the kernel: not a module, not generated, not the composition root, not a test. */
export const isKernelFile = (f: string) => f.startsWith(SERVER) && !isTest(f) && !COMPOSITION.some((p) => f.startsWith(p));

export const RULES: BoundaryRule[] = [
  {
    name: 'kernel imports no module',
    applies: isKernelFile,
    forbidden: (t) => t.startsWith(SERVER + 'modules/') || t === SERVER + 'generated/routes.ts' || t === SERVER + 'parts.ts',
  },
  {
    name: 'headless console core imports no view',
    applies: (f) => (f.startsWith('runtime-web/src/core/') || f.startsWith('runtime-web/src/crud/')) && !isTest(f),
    forbidden: (t) => VIEW.some((p) => t.startsWith(p)),
  },
];

// import x from '…', import '…', export … from '…', import('…'): the specifier of each.
const SPECIFIER = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** Root-relative target of a relative specifier (`./x.js` → `dir/x.ts`), undefined for packages. */
function resolveTarget(root: string, file: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const abs = path.resolve(root, path.dirname(file), spec);
  const rel = path.relative(root, abs).split(path.sep).join('/');
  for (const candidate of [rel.replace(/\.js$/, '.ts'), rel.replace(/\.js$/, '.tsx'), `${rel}.ts`, `${rel}.tsx`, `${rel}/index.ts`, rel]) {
    if (fs.existsSync(path.join(root, candidate)) && fs.statSync(path.join(root, candidate)).isFile()) return candidate;
  }
  return rel;
}

/** Every forbidden import in `files` (root-relative paths of TypeScript sources). */
export function checkBoundaries(root: string, files: string[], rules: BoundaryRule[] = RULES): Violation[] {
  const out: Violation[] = [];
  for (const file of files) {
    const applying = rules.filter((r) => r.applies(file));
    if (!applying.length) continue;
    for (const { target, line } of importsOf(root, file)) {
      for (const rule of applying) {
        if (rule.forbidden(target)) out.push({ rule: rule.name, file, line, target });
      }
    }
  }
  return out;
}

/** The relative imports of a file (type-only ones included), resolved root-relative, with their lines. */
function importsOf(root: string, file: string): { target: string; line: number }[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const out: { target: string; line: number }[] = [];
  for (const m of text.matchAll(SPECIFIER)) {
    const target = resolveTarget(root, file, m[1] ?? m[2] ?? m[3]!);
    if (target) out.push({ target, line: text.slice(0, m.index + m[0].search(/import|export/)).split('\n').length });
  }
  return out;
}

/** Each file's imports among `files` (type-only ones included: a type cycle is still a cycle of the design). */
export function importGraph(root: string, files: string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(files.map((f) => [f, [...new Set(importsOf(root, f).map((i) => i.target).filter((t) => known.has(t) && t !== f))]]));
}

/** The import cycles: strongly connected groups of two or more files (Tarjan), each sorted, largest first. */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) out.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

/** The TypeScript sources under `dirs` (root-relative), skipping dependencies and build output. */
export function sourcesUnder(root: string, dirs: string[]): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'dist') continue;
      const p = `${rel}/${e.name}`;
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
    }
  };
  for (const d of dirs) walk(d);
  return out.sort();
}
