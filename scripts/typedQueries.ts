/**
 * Finds `table(knex, TABLES.x)` queries (runtime-server/src/db/table.ts) whose awaited result TypeScript
 * types as `any`: Knex answers `any` for column aliases and `modify()`, which would quietly undo the typed
 * rows of docs/kernel-and-modules.md ("Typed rows").
 */
import path from 'node:path';
import ts from 'typescript';

export interface TypedQueries {
  count: number;
  /** `file:line type` of each query typed `any`. */
  untyped: string[];
}

export function loadProgram(root: string, files?: string[]): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) throw new Error('tsconfig.json unreadable');
  return ts.createProgram(files ?? config.fileNames, config.options);
}

export function typedQueries(program: ts.Program, root: string, under: string): TypedQueries {
  const checker = program.getTypeChecker();
  const out: TypedQueries = { count: 0, untyped: [] };
  for (const sf of program.getSourceFiles()) {
    if (!sf.fileName.startsWith(under) || sf.fileName.includes('/generated/')) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'table' && node.arguments.length === 2) {
        let top: ts.Node = node;
        while (ts.isPropertyAccessExpression(top.parent) || (ts.isCallExpression(top.parent) && top.parent.expression === top)) top = top.parent;
        if (ts.isAwaitExpression(top.parent)) top = top.parent;
        const type = checker.typeToString(checker.getTypeAtLocation(top), undefined, ts.TypeFormatFlags.NoTruncation);
        out.count++;
        if (/\bany\b/.test(type)) out.untyped.push(`${path.relative(root, sf.fileName)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${type}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}
