import type { Labels } from '@schema-admin/generator';
import { AppError, ValidationError } from '../../../core/errors.js';
import { buildEntitySchema } from './draftSchema.js';
import type { EntityDoc } from './draftSchema.js';
import { checkFieldSpecs, FieldSpecError, parseFieldSpecs } from './fieldSpec.js';
import type { FieldSpec } from './fieldSpec.js';
import { entityNames, NameError } from './names.js';

/** `createCode` body: a whole entity schema, or module + entity + fields in the CLI's notation. */
export interface CreateCodeBody {
  schema?: EntityDoc;
  module?: string;
  entity?: string;
  fields?: string | FieldSpec[];
  label?: Labels;
  overwrite?: boolean;
  /** The directory menu the page menu goes under (default: the module's directory). */
  parentId?: number;
}

/** Name and field-notation problems as translated 1002 answers. */
export function translateInputError(err: unknown): never {
  if (err instanceof NameError) throw new ValidationError(err.kind === 'module' ? 'coding.badModule' : 'coding.badEntity', { name: err.input.slice(0, 80) });
  if (err instanceof FieldSpecError) throw new ValidationError(`coding.field.${err.problem}`, { token: err.token.slice(0, 80) });
  throw err;
}

/** The entity schema a request asks for (not yet validated against the project). */
export function docOfRequest(body: CreateCodeBody): EntityDoc {
  if (body.schema) return body.schema;
  if (body.module === undefined || body.entity === undefined || body.fields === undefined) throw new AppError('coding.needInput', {}, 1002);
  try {
    const names = entityNames(body.module, body.entity);
    const fields = typeof body.fields === 'string' ? parseFieldSpecs(body.fields) : checkFieldSpecs(body.fields);
    return buildEntitySchema({ names, fields, ...(body.label ? { label: body.label } : {}) });
  } catch (err) {
    return translateInputError(err);
  }
}
