import path from 'node:path';
import { SchemaErrors } from '../errors.js';
import type { SchemaError } from '../errors.js';
import type { Model } from '../model.js';
import { createMetaValidator, readSchemaFiles } from './loadSchemas.js';
import { checkDicts, seedDictKeys } from './dictKeys.js';
import { checkScreenNames, readConsoleNames } from './screenNames.js';
import { resolveRelations } from './resolveRelations.js';
import { sanitizeEntity } from './sanitizeEntity.js';

/**
 * Reads, validates and sanitizes every schema under `schemasDir`.
 * Throws `SchemaErrors` listing every problem (file + JSON pointer) when anything is wrong.
 * What is only worth a look (a label left untranslated) goes to `warnings`, when given.
 */
export function loadModel(schemasDir: string, root: string, warnings?: string[]): Model {
  const { files, errors, moduleLabels, moduleGroups } = readSchemaFiles(schemasDir, root);
  const checkMeta = createMetaValidator(path.join(schemasDir, 'meta', 'entity.schema.json'));
  const all: SchemaError[] = [...errors];
  const entities = [];
  for (const file of files) {
    const metaErrors = checkMeta(file);
    if (metaErrors.length) {
      all.push(...metaErrors);
      continue;
    }
    const { entity, errors: entityErrors, warnings: entityWarnings } = sanitizeEntity({ ...file, groups: moduleGroups.get(file.module) ?? [] });
    all.push(...entityErrors);
    warnings?.push(...entityWarnings);
    // The module's label travels with each screen (EPS), for the console's menu directory.
    const moduleLabel = moduleLabels.get(file.module);
    if (moduleLabel && entity.screen) entity.screen = { ...entity.screen, moduleLabel };
    entities.push(entity);
  }
  all.push(...resolveRelations(entities));
  const dictKeys = seedDictKeys(schemasDir);
  if (dictKeys) {
    const coding = new Set(files.filter((f) => f.doc['x-origin'] === 'coding').map((f) => f.file));
    const dicts = checkDicts(entities, dictKeys, coding);
    all.push(...dicts.errors);
    warnings?.push(...dicts.warnings);
  }
  if (all.length) throw new SchemaErrors(all);
  const consoleNames = warnings && readConsoleNames(root);
  if (consoleNames) warnings.push(...checkScreenNames(entities, consoleNames));
  entities.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { entities };
}
