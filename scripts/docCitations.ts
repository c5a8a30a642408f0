import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One comment that points at something the repository does not hold. */
export interface BadCitation {
  file: string;
  line: number;
  problem: string;
}

const SKIP = new Set(['node_modules', 'dist', 'data', 'test-artifacts', '.git']);
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
/** A document path as comments write it: `docs/decisions.md`, `README.md` (from the root or the file's folder). */
const DOC = /(?<![\w/.-])((?:\.{1,2}\/)*[\w-]+(?:[/.][\w-]+)*\.md)\b/g;

/** Source files of the repository (what the project's own code and tests are written in). */
export function sourceFiles(root: string, dir = root): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name) || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(root, p));
    else if (SOURCE.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out.sort();
}

/** Every comment of a file (strings and templates that merely mention a `.md` name are not comments). */
export function commentsOf(file: string, text: string): { line: number; text: string }[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : /\.m?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const seen = new Map<number, ts.CommentRange>();
  const visit = (node: ts.Node) => {
    for (const r of [...(ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []), ...(ts.getTrailingCommentRanges(text, node.getEnd()) ?? [])]) {
      seen.set(r.pos, r);
    }
    node.getChildren(source).forEach(visit);
  };
  visit(source);
  const out: { line: number; text: string }[] = [];
  for (const r of [...seen.values()].sort((a, b) => a.pos - b.pos)) {
    const first = source.getLineAndCharacterOfPosition(r.pos).line;
    text.slice(r.pos, r.end).split('\n').forEach((l, i) => out.push({ line: first + i + 1, text: l }));
  }
  return out;
}

/**
 * Comments must cite documents inside the repository (the rule of docs/reference/README.md): a cited
 * `.md` path exists (from the repository root or from the file's folder), and a section sign (U+00A7)
 * comes after such a path on the same line, so no comment names a section of a document it does not name.
 */
export function badCitations(root: string, files: string[] = sourceFiles(root)): BadCitation[] {
  const bad: BadCitation[] = [];
  for (const file of files) {
    const rel = path.relative(root, file);
    for (const c of commentsOf(file, fs.readFileSync(file, 'utf8'))) {
      for (const m of c.text.matchAll(DOC)) {
        const doc = m[1]!;
        const inside = [path.join(root, doc), path.join(path.dirname(file), doc)].filter((p) => !path.relative(root, p).startsWith('..'));
        if (!inside.some((p) => fs.existsSync(p))) {
          bad.push({ file: rel, line: c.line, problem: `cites ${doc}, which is not in the repository` });
        }
      }
      const sign = c.text.indexOf('§');
      if (sign >= 0 && !DOC.test(c.text.slice(0, sign))) {
        bad.push({ file: rel, line: c.line, problem: `cites a section (${c.text.slice(sign, sign + 12).trim()}) without naming a document in the repository` });
      }
      DOC.lastIndex = 0;
    }
  }
  return bad;
}
