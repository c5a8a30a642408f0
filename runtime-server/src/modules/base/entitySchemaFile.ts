import fs from 'node:fs';
import path from 'node:path';
import { buildEps, createMetaValidator, projectPaths, resolveRelations, sanitizeEntity } from '@schema-admin/generator';
import type { EntityModel, RawSchemaFile, SchemaError } from '@schema-admin/generator';
import type { AppServices } from '../../app/services.js';
import { AppError, ValidationError } from '../../core/errors.js';

/**
 * Development-only entity authoring (`menu/parse`, `menu/create`), the safe heir of the reference's
 * eval-based code generation (docs/reference/api-contract.md §8 #20): the input is an entity JSON *Schema*, checked by
 * the generator's own meta-schema and sanitizer; the only output is one JSON file under `schemas/`.
 */

/** Module and file names: kebab-case, so no separator, dot or traversal can ever reach a path. */
export const SAFE_NAME = /^[a-z][a-z0-9-]*$/;
/** Folders of `schemas/` that hold no module's entities (`kernel`: the kernel's tables, schemas/README.md). */
const RESERVED_MODULES = new Set(['meta', 'seed', 'kernel']);

/** Refuses in production (1001): nothing may author schemas on a live server. */
export function assertDevelopment(services: Pick<AppServices, 'config'>): void {
  if (services.config.nodeEnv === 'production') throw new AppError('menu.devOnly');
}

export interface ParsedEntity {
  entity: EntityModel;
  doc: Record<string, unknown>;
  module: string;
  fileName: string;
  /** EPS-like answer of `parse`. */
  summary: Record<string, unknown>;
}

const kebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

function invalid(errors: SchemaError[]): ValidationError {
  const detail = errors
    .slice(0, 5)
    .map((e) => `${e.pointer || '/'}: ${e.message.replace(/^[^#]*#[^:]*: /, '')}`)
    .join('; ');
  return new ValidationError('menu.schemaInvalid', { detail: detail.slice(0, 1000) });
}

/** Validates `body.entity` exactly as `npm run generate` would, against the current model. */
export function parseEntitySchema(services: Pick<AppServices, 'schema'>, body: { entity: Record<string, unknown>; fileName?: string }): ParsedEntity {
  const doc = body.entity;
  const checkMeta = createMetaValidator(path.join(projectPaths().schemas, 'meta', 'entity.schema.json'));
  const metaErrors = checkMeta({ file: 'schemas/(new).json', module: '', baseName: '', doc });
  if (metaErrors.length) throw invalid(metaErrors);

  const [module = '', ...rest] = String(doc.$id).split('/');
  const fileName = body.fileName ?? rest.map(kebab).join('-');
  for (const name of [module, fileName]) {
    if (!SAFE_NAME.test(name) || name.length > 64) throw new ValidationError('menu.badName', { name: name.slice(0, 80) });
  }
  if (RESERVED_MODULES.has(module)) throw new ValidationError('menu.badName', { name: module });

  const raw: RawSchemaFile = { file: `schemas/${module}/${fileName}.json`, module, baseName: fileName, doc };
  const { entity, errors } = sanitizeEntity(raw);
  // A copy: resolveRelations fills join tables in place, and the served model must stay untouched.
  const others = structuredClone(services.schema.generated.model.entities);
  const all = [...others, entity];
  const problems = [...errors, ...resolveRelations(all).filter((e) => e.file === raw.file)];
  if (problems.length) throw invalid(problems);

  const entry = buildEps({ entities: all })[module]?.find((e) => e.prefix === entity.prefix);
  const summary = {
    module,
    fileName,
    className: entity.name ?? null,
    tableName: entity.table ?? null,
    path: entity.prefix,
    columns: entry?.columns ?? [],
    api: entry?.api ?? [],
  };
  return { entity, doc, module, fileName, summary };
}

/**
 * Writes the schema to `<schemasDir>/<module>/<fileName>.json` and returns that path relative to the
 * schemas folder. Refuses an existing file (exclusive create, so even a race cannot overwrite).
 */
export function writeEntitySchema(services: Pick<AppServices, 'config'>, parsed: ParsedEntity): string {
  const root = path.resolve(services.config.schemasDir ?? projectPaths().schemas);
  const dir = path.join(root, parsed.module);
  const target = path.join(dir, `${parsed.fileName}.json`);
  // SAFE_NAME already excludes separators and dots; this is the belt to those braces.
  if (path.dirname(path.dirname(target)) !== root) throw new ValidationError('menu.badName', { name: parsed.fileName });
  const relative = `${parsed.module}/${parsed.fileName}.json`;
  fs.mkdirSync(dir, { recursive: true });
  try {
    fs.writeFileSync(target, JSON.stringify(parsed.doc, null, 2) + '\n', { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new AppError('menu.fileExists', { file: `schemas/${relative}` });
    throw err;
  }
  return `schemas/${relative}`;
}
