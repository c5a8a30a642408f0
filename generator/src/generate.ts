import fs from 'node:fs';
import path from 'node:path';
import { checkHandlers } from './handlers/checkHandlers.js';
import { loadModel } from './load/loadModel.js';
import type { Model } from './model.js';
import type { ProjectPaths } from './paths.js';
import { generateEps } from './targets/eps.js';
import type { GeneratedFile } from './targets/generatedFile.js';
import { diffSnapshots } from './targets/migration/diff.js';
import type { MigrationOp } from './targets/migration/diff.js';
import { emitMigration, migrationSlug } from './targets/migration/emit.js';
import { generateMigrationIndex } from './targets/migration/index.js';
import { reviewOps } from './targets/migration/review.js';
import { EMPTY_SNAPSHOT, snapshotOf } from './targets/migration/snapshot.js';
import type { Snapshot } from './targets/migration/snapshot.js';
import { tablesBefore } from './targets/migration/tablesBefore.js';
import { generateModelJson } from './targets/modelJson.js';
import { generateOpenApi } from './targets/openapi.js';
import { generateRoutes } from './targets/routes.js';
import { generateRows } from './targets/rows.js';
import { generateTypes } from './targets/types.js';
import { generateClient } from './targets/client.js';
import { generateTables } from './targets/tables.js';

export interface GenerateOptions {
  /** Report what is stale instead of writing; never creates a migration. */
  check?: boolean;
  /** Allow drops and narrowing alters in the new migration. */
  allowDestructive?: boolean;
  /** Clock for the migration file name (tests pin it). */
  now?: Date;
  /** Skip the handler check (unit tests of the generator alone). */
  skipHandlerCheck?: boolean;
  /** Also write the typed API client (targets/client.ts) to this file. */
  client?: string;
}

export interface GenerateResult {
  model: Model;
  /** New migration file name, when one was written. */
  migration?: string;
  ops: MigrationOp[];
  /** Files written (or, with check, files that are stale). */
  changed: string[];
  /** What the new migration may fail on, depending on the data (printed by the CLI). */
  warnings: string[];
}

/** Thrown for problems that are not in a schema file: stale output, refused destructive change. */
export class GenerateError extends Error {
  override name = 'GenerateError';
}

/** The whole pipeline: load → check handlers → diff → migration → artifacts (written only on change). */
export async function generate(paths: ProjectPaths, options: GenerateOptions = {}): Promise<GenerateResult> {
  const languageWarnings: string[] = [];
  const model = loadModel(paths.schemas, paths.root, languageWarnings);
  if (!options.skipHandlerCheck) checkHandlers(model, paths);

  const prev = readSnapshot(paths.snapshot);
  const next = snapshotOf(model);
  const { ops, destructive } = diffSnapshots(prev, next, model);
  const changed: string[] = [];
  let migration: string | undefined;

  if (ops.length && options.check) {
    throw new GenerateError(
      `schemas changed since the last migration (${ops.length} change(s), e.g. ${describe(ops[0]!)}): run \`npm run generate\` and commit the result`,
    );
  }
  const { refused, warnings: reviewWarnings } = reviewOps(ops);
  const warnings = [...languageWarnings, ...reviewWarnings];
  if (refused.length) {
    throw new GenerateError('refusing changes that would fail on a table with rows:\n' + refused.map((r) => `  - ${r}`).join('\n'));
  }
  if (ops.length) {
    if (destructive.length && !options.allowDestructive) {
      throw new GenerateError(
        'refusing destructive changes without --allow-destructive:\n' + destructive.map((d) => `  - ${d}`).join('\n'),
      );
    }
    fs.mkdirSync(paths.migrations, { recursive: true });
    const stamp = nextStamp(paths.migrations, options.now ?? new Date());
    migration = `${stamp}_${migrationSlug(ops)}.ts`;
    fs.writeFileSync(path.join(paths.migrations, migration), emitMigration(ops, ops.map(describe).slice(0, 3).join('; '), tablesBefore(prev, ops)));
    fs.writeFileSync(paths.snapshot, JSON.stringify(next, null, 2) + '\n');
    changed.push(path.relative(paths.root, path.join(paths.migrations, migration)), path.relative(paths.root, paths.snapshot));
  }

  const types = await generateTypes(model);
  const files: [string, GeneratedFile][] = [
    [paths.generated, generateModelJson(model)],
    [paths.generated, generateRoutes(model)],
    [paths.generated, generateEps(model)],
    [paths.generated, generateOpenApi(model)],
    [paths.generated, types],
    [paths.generated, generateTables(model)],
    [paths.generated, generateRows(model)],
    [paths.migrations, generateMigrationIndex(listMigrations(paths.migrations))],
  ];
  for (const [dir, file] of files) {
    const target = path.join(dir, file.path);
    const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : undefined;
    if (current === file.content) continue;
    changed.push(path.relative(paths.root, target));
    if (!options.check) {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, file.content);
    }
  }
  if (options.client && !options.check) {
    const content = generateClient(model, types.content);
    const current = fs.existsSync(options.client) ? fs.readFileSync(options.client, 'utf8') : undefined;
    if (current !== content) {
      fs.mkdirSync(path.dirname(options.client), { recursive: true });
      fs.writeFileSync(options.client, content);
      changed.push(path.relative(paths.root, options.client));
    }
  }
  if (options.check && changed.length) {
    throw new GenerateError(`generated output is stale: ${changed.join(', ')} — run \`npm run generate\` and commit the result`);
  }
  return { model, ops, changed, warnings, ...(migration ? { migration } : {}) };
}

export function readSnapshot(file: string): Snapshot {
  if (!fs.existsSync(file)) return EMPTY_SNAPSHOT;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot;
}

const MIGRATION_FILE = /^(\d{14})_[a-z0-9_]+\.ts$/;

/** Migration files in run order (their names start with a UTC timestamp). */
export function listMigrations(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((n) => MIGRATION_FILE.test(n)).sort();
}

/** A UTC `yyyymmddhhmmss` stamp later than every existing migration's, so order never depends on clocks. */
function nextStamp(dir: string, now: Date): string {
  let stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const last = listMigrations(dir).at(-1)?.slice(0, 14);
  if (last && stamp <= last) stamp = String(BigInt(last) + 1n);
  return stamp;
}

function describe(op: MigrationOp): string {
  switch (op.kind) {
    case 'createTable':
    case 'dropTable':
      return `${op.kind} ${op.table}`;
    case 'renameTable':
      return `renameTable ${op.from} -> ${op.to}`;
    case 'renameColumn':
      return `renameColumn ${op.table}.${op.from} -> ${op.to}`;
    case 'addIndex':
    case 'dropIndex':
      return `${op.kind} ${op.name}`;
    case 'addSearch':
    case 'dropSearch':
      return `${op.kind} ${op.table}(${op.columns.join(', ')})`;
    default:
      return `${op.kind} ${op.table}.${op.column}`;
  }
}
