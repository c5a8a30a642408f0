import fs from 'node:fs';
import path from 'node:path';
import { generate, GenerateError, loadModel, SchemaErrors } from '@schema-admin/generator';
import type { EntityModel, Model, ProjectPaths } from '@schema-admin/generator';
import { AppError, ValidationError } from '../../../core/errors.js';
import type { EntityDoc } from './draftSchema.js';
import { FileBackup } from './projectFiles.js';
import { checkDraft } from './validateDraft.js';
import type { DraftProblem } from './validateDraft.js';

export interface CreateRequest {
  doc: EntityDoc;
  /** Replace an existing schema file of the same entity (never destructive: drops are still refused). */
  overwrite: boolean;
}

export interface Written {
  entity: EntityModel;
  model: Model;
  /** Schema file, relative to the project root. */
  file: string;
  /** New migration file name, or null when the database shape did not change. */
  migration: string | null;
  /** Puts every touched file back as it was (for a later failure, e.g. the migration). */
  undo(): void;
}

/** Problems as the translated 1002 answer (details from the generator, first few). */
export function invalidSchema(problems: DraftProblem[]): ValidationError {
  const detail = problems.slice(0, 5).map((p) => `${p.pointer}: ${p.message}`).join('; ');
  return new ValidationError('coding.schemaInvalid', { detail: detail.slice(0, 1000) });
}

function loadProject(paths: ProjectPaths): Model {
  try {
    return loadModel(paths.schemas, paths.root);
  } catch (err) {
    // Another schema in the tree is broken: say so rather than blame the new one.
    if (err instanceof SchemaErrors) throw new AppError('coding.generateFailed', { detail: err.message.slice(0, 500) });
    throw err;
  }
}

/**
 * Checks the draft against the project, writes `schemas/<module>/<entity>.json` and runs the
 * generator (new migration, routes, EPS, types). Any failure restores every file it touched.
 * Shared by `createCode` and `npm run create`.
 */
export async function writeAndGenerate(paths: ProjectPaths, req: CreateRequest): Promise<Written> {
  const current = loadProject(paths);
  const id = typeof req.doc.$id === 'string' ? req.doc.$id : '';
  const previous = current.entities.find((e) => e.id === id);
  const check = checkDraft(req.doc, paths.schemas, current.entities.filter((e) => e !== previous));
  if (!check.valid || !check.entity || !check.module || !check.kebab) throw invalidSchema(check.problems);

  const target = path.join(paths.schemas, check.module, `${check.kebab}.json`);
  const file = path.relative(paths.root, target).split(path.sep).join('/');
  // The names passed kebab/lower-case patterns; this guards the join itself.
  if (path.dirname(path.dirname(target)) !== path.resolve(paths.schemas)) throw new ValidationError('coding.badEntity', { name: check.kebab });
  if (previous && previous.file !== file) {
    // Elsewhere (a kernel table's schema, schemas/kernel/): never rewritten by the coding tools, whatever is asked.
    const elsewhere = JSON.parse(fs.readFileSync(path.join(paths.root, previous.file), 'utf8')) as Record<string, unknown>;
    if (elsewhere['x-origin'] !== 'coding') throw new AppError('coding.notOverwritable', { name: id, file: previous.file });
    throw new AppError('coding.exists', { name: id, file: previous.file });
  }
  if ((fs.existsSync(target) || previous) && !req.overwrite) throw new AppError('coding.exists', { name: id, file });
  // Only what the coding tools wrote may be rewritten by them: never a shipped or internal entity (a `page`
  // route on base/sys/conf would serve the JWT secret).
  if (fs.existsSync(target) || previous) {
    const existing = JSON.parse(fs.readFileSync(fs.existsSync(target) ? target : path.join(paths.root, previous!.file), 'utf8')) as Record<string, unknown>;
    if (existing['x-origin'] !== 'coding') throw new AppError('coding.notOverwritable', { name: id, file });
  }
  req.doc['x-origin'] = 'coding';

  const backup = FileBackup.of(paths, [target]);
  const newDir = !fs.existsSync(path.dirname(target));
  const undo = () => {
    backup.restore();
    if (newDir) fs.rmSync(path.dirname(target), { recursive: true, force: true });
  };
  try {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, JSON.stringify(req.doc, null, 2) + '\n');
    const result = await generate(paths);
    const entity = result.model.entities.find((e) => e.id === id);
    if (!entity) throw new Error(`generate lost ${id}`);
    return { entity, model: result.model, file, migration: result.migration ?? null, undo };
  } catch (err) {
    undo();
    if (err instanceof SchemaErrors) throw invalidSchema(err.errors.map((e) => ({ pointer: e.pointer || '/', message: e.message, code: e.code })));
    if (err instanceof GenerateError) throw new AppError('coding.generateFailed', { detail: err.message.slice(0, 500) });
    throw err;
  }
}
