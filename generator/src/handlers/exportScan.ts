import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type * as TS from 'typescript';

// The compiler is about 9 MB of JavaScript: required at the first scan (npm run generate, the coding
// endpoints in development), never when a server starts — the server bundle imports the generator.
let compiler: typeof TS | undefined;
const ts = new Proxy({} as typeof TS, {
  get: (_target, key) => (compiler ??= createRequire(import.meta.url)('typescript') as typeof TS)[key as keyof typeof TS],
});

/**
 * What one exported name is, as far as its source text tells: `function` (a function declaration,
 * an arrow or function expression), `call` (the result of a call — a handler factory; its type is not
 * knowable without running it), or `value` (anything else: a literal, an object, a class, a number).
 */
export type ExportKind = 'function' | 'call' | 'value';

/** One exported name and where its definition was found. */
export interface ExportedName {
  kind: ExportKind;
  file: string;
}

/**
 * The names a TypeScript module exports, read from its source with the TypeScript parser — the module
 * is never imported or run, so a handler file that throws at load time (or imports something broken)
 * cannot stop the generator. Follows `export { a } from './x.js'`, `export * from './x.js'` and
 * `import { a } from './x.js'; export { a }` into relative files; names re-exported from packages are `value`.
 */
export function scanExports(file: string, seen: Set<string> = new Set()): Map<string, ExportedName> {
  const out = new Map<string, ExportedName>();
  if (seen.has(file) || !fs.existsSync(file)) return out;
  seen.add(file);
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const locals = new Map<string, () => ExportedName | undefined>();
  const exported: [string, () => ExportedName | undefined][] = [];

  for (const st of source.statements) {
    const isExported = hasExportModifier(st);
    if (ts.isFunctionDeclaration(st) && st.name) {
      const def = () => ({ kind: 'function' as const, file });
      locals.set(st.name.text, def);
      if (isExported && !isDefault(st)) exported.push([st.name.text, def]);
    } else if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) {
        if (!ts.isIdentifier(d.name)) continue;
        const init = d.initializer;
        const def = () => ({ kind: kindOf(init), file });
        locals.set(d.name.text, def);
        if (isExported) exported.push([d.name.text, def]);
      }
    } else if ((ts.isClassDeclaration(st) || ts.isEnumDeclaration(st)) && st.name) {
      const def = () => ({ kind: 'value' as const, file });
      locals.set(st.name.text, def);
      if (isExported && !isDefault(st)) exported.push([st.name.text, def]);
    } else if (ts.isImportDeclaration(st) && st.importClause?.namedBindings && ts.isNamedImports(st.importClause.namedBindings)) {
      const from = resolveRelative(file, st.moduleSpecifier);
      for (const el of st.importClause.namedBindings.elements) {
        const original = (el.propertyName ?? el.name).text;
        locals.set(el.name.text, () => (from ? scanExports(from, new Set(seen)).get(original) : { kind: 'value', file }));
      }
    } else if (ts.isExportDeclaration(st) && !st.isTypeOnly) {
      const from = st.moduleSpecifier ? resolveRelative(file, st.moduleSpecifier) : undefined;
      if (!st.exportClause) {
        // export * from './x.js'
        if (from) for (const [name, def] of scanExports(from, seen)) if (!out.has(name)) out.set(name, def);
        continue;
      }
      if (!ts.isNamedExports(st.exportClause)) continue;
      for (const el of st.exportClause.elements) {
        if (el.isTypeOnly) continue;
        const original = (el.propertyName ?? el.name).text;
        const def = st.moduleSpecifier
          ? () => (from ? scanExports(from, new Set(seen)).get(original) : { kind: 'value' as const, file })
          : () => locals.get(original)?.();
        exported.push([el.name.text, def]);
      }
    }
  }
  for (const [name, def] of exported) {
    const found = def();
    if (found) out.set(name, found);
  }
  return out;
}

function hasExportModifier(node: TS.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

function isDefault(node: TS.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
}

function kindOf(init: TS.Expression | undefined): ExportKind {
  let e = init;
  while (e && (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isTypeAssertionExpression(e))) {
    e = e.expression;
  }
  if (!e) return 'value';
  if (ts.isArrowFunction(e) || ts.isFunctionExpression(e)) return 'function';
  if (ts.isCallExpression(e)) return 'call';
  return 'value';
}

/** `./x.js` next to `file` → the `.ts` source (what tsx resolves); packages and missing files → undefined. */
function resolveRelative(file: string, specifier: TS.Expression): string | undefined {
  if (!ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(file), specifier.text);
  const stem = base.replace(/\.(js|ts|mjs|mts)$/, '');
  return [`${stem}.ts`, `${stem}.mts`, `${stem}.tsx`, path.join(base, 'index.ts')].find((p) => fs.existsSync(p));
}
