import fs from 'node:fs';
import path from 'node:path';
import { SchemaError } from '../errors.js';
import type { EntityModel } from '../model.js';

/** `x-dict` names a row of this entity by its `key` (schemas/README.md, "Property keywords"). */
const DICT_TYPE_ENTITY = 'dict/type';

/**
 * The dictionary keys the seed data defines (`schemas/seed/*.json`, rows of dict/type), or undefined when the
 * project has no seed folder (a scratch project of the generator's own tests): then nothing can be checked.
 */
export function seedDictKeys(seedDir: string): Set<string> | undefined {
  if (!fs.existsSync(seedDir)) return undefined;
  const keys = new Set<string>();
  for (const name of fs.readdirSync(seedDir).filter((n) => n.endsWith('.json')).sort()) {
    let doc: { rows?: { entity?: unknown; values?: { key?: unknown } }[] };
    try {
      doc = JSON.parse(fs.readFileSync(path.join(seedDir, name), 'utf8')) as typeof doc;
    } catch {
      continue; // the seed loader reports a broken seed file at start-up; here it only means fewer known keys
    }
    for (const row of Array.isArray(doc.rows) ? doc.rows : []) {
      if (row?.entity === DICT_TYPE_ENTITY && typeof row.values?.key === 'string') keys.add(row.values.key);
    }
  }
  return keys;
}

/** Every `x-dict` must name a dictionary the seed defines, or the console shows raw values with no labels. */
export function checkDicts(entities: EntityModel[], keys: Set<string>): SchemaError[] {
  const known = [...keys].sort().join(', ') || '(none)';
  const errors: SchemaError[] = [];
  for (const entity of entities) {
    for (const field of entity.fields) {
      if (field.dict === undefined || keys.has(field.dict)) continue;
      errors.push(
        new SchemaError(
          'UnknownDict',
          entity.file,
          `/properties/${field.name}/x-dict`,
          `x-dict "${field.dict}" is not a dictionary the seed defines (known: ${known}); use one of those, or add ` +
            `{ "entity": "${DICT_TYPE_ENTITY}", "match": ["key"], "values": { "name": "…", "key": "${field.dict}" } } to a file in schemas/seed/`,
        ),
      );
    }
  }
  return errors;
}
