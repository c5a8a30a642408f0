import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectPaths } from '@schema-admin/generator';
import type { ProjectPaths } from '@schema-admin/generator';

/**
 * The project the coding endpoints write into: `config.schemasDir`'s parent when set (tests point
 * it at a scratch copy), else this repository. Handler modules always come from the running code.
 */
export function codingPaths(schemasDir: string | undefined): ProjectPaths {
  const real = projectPaths();
  if (!schemasDir) return real;
  const schemas = path.resolve(schemasDir);
  return { ...projectPaths(path.dirname(schemas)), schemas, snapshot: path.join(schemas, '.snapshot.json'), handlers: real.handlers };
}

/**
 * The project this server runs from (its sources' repository: a scratch copy in tests), for the schema watcher
 * when `config.schemasDir` is unset. Not `projectPaths()`: the generator package resolves through node_modules,
 * which a copy links to the original repository.
 */
export function servedProjectPaths(schemasDir: string | undefined): ProjectPaths {
  if (schemasDir) return codingPaths(schemasDir);
  // This file is runtime-server/src/modules/base/authoring/: five levels below the repository.
  return projectPaths(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', '..'));
}

/** True when `paths` hold a project the generator can run on (meta-schema present). */
export function isProject(paths: ProjectPaths): boolean {
  return fs.existsSync(path.join(paths.schemas, 'meta', 'entity.schema.json'));
}

/**
 * Remembers the content of files a generate run may touch, so a failed creation puts every one
 * back (or removes it when it did not exist) and leaves the project exactly as it was.
 */
export class FileBackup {
  private readonly saved = new Map<string, string | null>();

  static of(paths: ProjectPaths, extra: string[]): FileBackup {
    const b = new FileBackup();
    const generated = fs.existsSync(paths.generated) ? fs.readdirSync(paths.generated).map((n) => path.join(paths.generated, n)) : [];
    for (const f of [...extra, paths.snapshot, path.join(paths.migrations, 'index.ts'), ...generated]) b.remember(f);
    b.migrations = new Set(fs.existsSync(paths.migrations) ? fs.readdirSync(paths.migrations) : []);
    b.migrationsDir = paths.migrations;
    return b;
  }

  private migrations = new Set<string>();
  private migrationsDir = '';

  remember(file: string): void {
    if (this.saved.has(file)) return;
    this.saved.set(file, fs.existsSync(file) && fs.statSync(file).isFile() ? fs.readFileSync(file, 'utf8') : null);
  }

  restore(): void {
    for (const [file, content] of this.saved) {
      if (content === null) fs.rmSync(file, { force: true });
      else fs.writeFileSync(file, content);
    }
    if (this.migrationsDir && fs.existsSync(this.migrationsDir)) {
      for (const n of fs.readdirSync(this.migrationsDir)) if (!this.migrations.has(n)) fs.rmSync(path.join(this.migrationsDir, n), { force: true });
    }
  }
}
