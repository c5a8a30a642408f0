import fs from 'node:fs';
import path from 'node:path';
import { SchemaError } from '../errors.js';
import type { EntityModel } from '../model.js';

/** `x-dict` names a row of this entity by its `key` (schemas/README.md, "Property keywords"). */
const DICT_TYPE_ENTITY = 'dict/type';

/**
 * The dictionary keys the seed data defines (rows of dict/type in any folder's seeds, `schemas/<folder>/seed/*.json`),
 * or undefined when no folder has seeds (a scratch project of the generator's own tests): then nothing can be checked.
 */
export function seedDictKeys(schemasDir: string): Set<string> | undefined {
  const seedDirs = fs.existsSync(schemasDir)
    ? fs
        .readdirSync(schemasDir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && fs.existsSync(path.join(schemasDir, d.name, 'seed')))
        .map((d) => path.join(schemasDir, d.name, 'seed'))
        .sort()
    : [];
  if (!seedDirs.length) return undefined;
  const keys = new Set<string>();
  const files = seedDirs.flatMap((dir) => fs.readdirSync(dir).filter((n) => n.endsWith('.json')).sort().map((n) => path.join(dir, n)));
  for (const file of files) {
    let doc: { rows?: { entity?: unknown; values?: { key?: unknown } }[] };
    try {
      doc = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof doc;
    } catch {
      continue; // the seed loader reports a broken seed file at start-up; here it only means fewer known keys
    }
    for (const row of Array.isArray(doc.rows) ? doc.rows : []) {
      if (row?.entity === DICT_TYPE_ENTITY && typeof row.values?.key === 'string') keys.add(row.values.key);
    }
  }
  return keys;
}

/**
 * Every `x-dict` must name a dictionary the seed defines, or the console shows raw values with no labels.
 * Files written by the coding endpoints or `npm run create` (`codingFiles`) only get a warning: their author
 * named a key in a form and may add the dictionary in the console afterwards, as those endpoints always allowed.
 */
export function checkDicts(entities: EntityModel[], keys: Set<string>, codingFiles: ReadonlySet<string>): { errors: SchemaError[]; warnings: string[] } {
  const known = [...keys].sort().join(', ') || '(none)';
  const errors: SchemaError[] = [];
  const warnings: string[] = [];
  for (const entity of entities) {
    for (const field of entity.fields) {
      if (field.dict === undefined || keys.has(field.dict)) continue;
      if (codingFiles.has(entity.file)) {
        warnings.push(`${entity.file}: entity ${entity.id}, property "${field.name}": x-dict "${field.dict}" is not a dictionary the seed defines (known: ${known}); its values show unlabelled until one exists`);
        continue;
      }
      errors.push(
        new SchemaError(
          'UnknownDict',
          entity.file,
          `/properties/${field.name}/x-dict`,
          `x-dict "${field.dict}" is not a dictionary the seed defines (known: ${known}); use one of those, or add ` +
            `{ "entity": "${DICT_TYPE_ENTITY}", "match": ["key"], "values": { "name": "…", "key": "${field.dict}" } } to a file in schemas/dict/seed/`,
        ),
      );
    }
  }
  return { errors, warnings };
}
