import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectPaths } from '@schema-admin/generator';
import type { ProjectPaths } from '@schema-admin/generator';

const REAL = projectPaths();

/** A scratch copy of the project's schemas, migrations and generated output (tests never write the real ones). */
export function scratchProject(): ProjectPaths {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-project-'));
  // The copied .ts migrations are ES modules; tsx needs to be told.
  fs.writeFileSync(path.join(root, 'package.json'), '{"type":"module"}\n');
  const paths = { ...projectPaths(root), handlers: REAL.handlers };
  fs.cpSync(REAL.schemas, paths.schemas, { recursive: true });
  fs.cpSync(REAL.migrations, paths.migrations, { recursive: true });
  fs.cpSync(REAL.generated, paths.generated, { recursive: true });
  return paths;
}

export function migrationFiles(paths: ProjectPaths): string[] {
  return fs.readdirSync(paths.migrations).filter((f) => /^\d{14}_.*\.ts$/.test(f)).sort();
}

/** Every file of the project's schemas and migrations with its content, to prove "nothing written". */
export function treeOf(paths: ProjectPaths): Record<string, string> {
  const out: Record<string, string> = {};
  for (const dir of [paths.schemas, paths.migrations, paths.generated]) {
    for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const abs = path.join(entry.parentPath, entry.name);
      out[path.relative(paths.root, abs)] = fs.readFileSync(abs, 'utf8');
    }
  }
  return out;
}
