/**
 * `npx tsx scripts/schemas-migrate.ts [schemas dir]`: rewrites schema files into the shorter language
 * (schemas/README.md) without changing what they mean — the same tables, model, validation and wire:
 * - drops `$id`, `x-table` and `x-entity` where they equal what the naming rule gives from the file name;
 * - drops an `x-label` equal to the one derived from the property name;
 * - drops `"null"` from the type of a property that is neither required nor has a `default` (now implied);
 * - drops a decimal's `multipleOf` equal to the step its scale implies.
 * A name that differs from the rule is left for its author to declare (`x-naming-exception`). Idempotent: a
 * second run changes nothing, so a merge of a file written in the old language is resolved by running it again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { applyEdits, modify } from 'jsonc-parser';
import type { JSONPath } from 'jsonc-parser';
import { decimalStep, entityClassName, hasTable, labelsOf, moduleFolders, namesOfFile, ruleNames } from '@schema-admin/generator';

type Raw = Record<string, any>;

/** One change: drop the value at `path`, or (with `value`) replace it. */
export interface Edit {
  path: JSONPath;
  value?: unknown;
}

/** What the shorter form of one schema document drops or replaces. */
export function migrationEdits(doc: Raw, module: string, baseName: string, groups: readonly string[]): Edit[] {
  const edits: Edit[] = [];
  const rule = ruleNames(module, baseName, groups);
  const table = hasTable(doc);
  if (doc.$id === rule.id) edits.push({ path: ['$id'] });
  if (table && doc['x-table'] === rule.table) edits.push({ path: ['x-table'] });
  if (table && doc['x-entity'] !== undefined && doc['x-entity'] === entityClassName((doc['x-table'] as string | undefined) ?? rule.table)) {
    edits.push({ path: ['x-entity'] });
  }
  const required: string[] = Array.isArray(doc.required) ? doc.required : [];
  for (const [name, prop] of Object.entries((doc.properties ?? {}) as Record<string, Raw>)) {
    const at = (key: string): JSONPath => ['properties', name, key];
    if (prop['x-label'] && isDeepStrictEqual(prop['x-label'], labelsOf(name))) edits.push({ path: at('x-label') });
    // Only the exact `[t, "null"]` form: the expansion writes it back in that order, so the model is identical.
    if (!required.includes(name) && prop.default === undefined && Array.isArray(prop.type) && prop.type.length === 2 && prop.type[1] === 'null') {
      edits.push({ path: at('type'), value: prop.type[0] });
    }
    const step = prop['x-column']?.type === 'decimal' ? decimalStep(prop['x-column'].scale) : undefined;
    if (step !== undefined && prop.multipleOf === step) edits.push({ path: at('multipleOf') });
  }
  return edits;
}

/** The file's text with the edits applied; everything else (layout, order) stays as written. */
export function migrateText(text: string, module: string, baseName: string, groups: readonly string[]): string {
  let out = text;
  for (const edit of migrationEdits(JSON.parse(text) as Raw, module, baseName, groups)) {
    out = applyEdits(out, modify(out, edit.path, edit.value, { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } }));
  }
  return out;
}

/** Rewrites every entity file under `schemasDir` that has something to drop; returns the files written. */
export function migrateSchemas(schemasDir: string): string[] {
  const written: string[] = [];
  const groupsOf = (module: string) => {
    const moduleFile = path.join(schemasDir, module, 'module.json');
    return fs.existsSync(moduleFile) ? ((JSON.parse(fs.readFileSync(moduleFile, 'utf8')) as { groups?: string[] }).groups ?? []) : [];
  };
  for (const folder of moduleFolders(schemasDir)) {
    const dir = path.join(schemasDir, folder);
    for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.json') && n !== 'module.json').sort()) {
      const file = path.join(dir, name);
      const text = fs.readFileSync(file, 'utf8');
      const { module, baseName } = namesOfFile(folder, name.slice(0, -'.json'.length));
      const next = migrateText(text, module, baseName, groupsOf(module));
      if (next === text) continue;
      fs.writeFileSync(file, next);
      written.push(path.join(folder, name));
    }
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'schemas'));
  const written = migrateSchemas(dir);
  console.log(written.length ? `schemas-migrate: rewrote ${written.length} file(s):\n  ${written.join('\n  ')}` : 'schemas-migrate: nothing to change');
}
