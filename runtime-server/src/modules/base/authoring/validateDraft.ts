import path from 'node:path';
import { createMetaValidator, resolveRelations, sanitizeEntity } from '@schema-admin/generator';
import type { EntityModel, RawSchemaFile, SchemaError } from '@schema-admin/generator';
import { fileOfId, NameError } from './names.js';
import type { EntityDoc } from './draftSchema.js';

/** One reason a draft cannot be created, located by a JSON pointer into the draft. */
export interface DraftProblem {
  pointer: string;
  message: string;
  code: string;
}

export interface DraftCheck {
  valid: boolean;
  problems: DraftProblem[];
  /** The sanitized entity (when the draft passed the meta-schema). */
  entity?: EntityModel;
  module?: string;
  /** File name without `.json`. */
  kebab?: string;
}

function problem(e: SchemaError): DraftProblem {
  return { pointer: e.pointer || '/', message: e.message.replace(/^[^#]*#[^:]*: /, '').replace(/ \(\w+\)$/, ''), code: e.code };
}

/**
 * Checks a draft exactly as `npm run generate` would: meta-schema, sanitizer, and relations against
 * `existing` (the project's other entities), as a created entity: no handlers (it has no code of its own), and no
 * join, reference or relation reaching an internal table (generator's load/codingLane.ts).
 */
export function checkDraft(doc: EntityDoc, schemasDir: string, existing: readonly EntityModel[]): DraftCheck {
  const checkMeta = createMetaValidator(path.join(schemasDir, 'meta', 'entity.schema.json'));
  let module = '';
  let kebab = '';
  try {
    ({ module, kebab } = fileOfId(typeof doc.$id === 'string' ? doc.$id : ''));
  } catch (err) {
    if (!(err instanceof NameError)) throw err;
  }
  // Checked as what it becomes: a created entity (x-origin `coding`), which reaches no internal table.
  const raw: RawSchemaFile = { file: `schemas/${module || '(new)'}/${kebab || '(new)'}.json`, module, baseName: kebab, doc: { ...doc, 'x-origin': 'coding' } };
  const metaErrors = checkMeta(raw);
  if (metaErrors.length) return { valid: false, problems: metaErrors.map(problem) };
  if (!module || !kebab) {
    return { valid: false, problems: [{ pointer: '/$id', message: 'the $id must be <module>/<entity>, module in lower-case letters and digits', code: 'BadName' }] };
  }
  const { entity, errors } = sanitizeEntity(raw);
  // A copy: resolveRelations fills join details in place, and the caller's model must stay untouched.
  const all = [...structuredClone(existing as EntityModel[]), entity];
  const problems = [...errors, ...resolveRelations(all).filter((e) => e.file === raw.file)].map(problem);
  if (!entity.table) problems.push({ pointer: '/x-table', message: 'a created entity needs a table (x-table)', code: 'MissingTable' });
  entity.actions.forEach((a, i) => {
    if (a.handler) problems.push({ pointer: `/x-api/${i}`, message: `action "${a.name}" names a handler; created entities use the generic CRUD actions only`, code: 'InvalidAction' });
  });
  return { valid: problems.length === 0, problems, entity, module, kebab };
}
