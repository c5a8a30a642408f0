import { SchemaError } from '../errors.js';
import type { RawSchemaFile } from './loadSchemas.js';

/**
 * The naming rule (schemas/README.md, "File and naming rules"): an entity's `$id`, table and EPS class follow
 * from its file name, so a schema need not write them. `schemas/<module>/<words>.json` gives
 * - `$id` `<module>/<camelCase words>`, or `<module>/<group>/<camelCase rest>` when the first word is one of
 *   the module's `groups` (module.json: base's `sys`, the cool-admin controller folder);
 * - table `<module>_<words joined by _>`;
 * - EPS class `PascalCase(table)` + `Entity` (the TypeScript type drops `Entity`; the route is `/admin/<$id>`).
 */
export interface RuleNames {
  id: string;
  table: string;
  entity: string;
}

export function ruleNames(module: string, baseName: string, groups: readonly string[] = []): RuleNames {
  const words = baseName.split('-').filter(Boolean);
  const camel = (ws: string[]) => ws.map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join('');
  const path = words.length > 1 && groups.includes(words[0]!) ? `${words[0]}/${camel(words.slice(1))}` : camel(words);
  const table = [module, ...words].join('_');
  return { id: `${module}/${path}`, table, entity: entityClassName(table) };
}

/** `base_sys_user` → `BaseSysUserEntity`, the cool-admin class naming EPS clients expect. */
export function entityClassName(table: string): string {
  return table
    .split('_')
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('') + 'Entity';
}

/** True when the schema stores rows: it declares a table, or properties (a controller-only schema has neither). */
export function hasTable(doc: Record<string, unknown>): boolean {
  return typeof doc['x-table'] === 'string' || Object.keys((doc.properties as object | undefined) ?? {}).length > 0;
}

/**
 * Fills `$id` and `x-table` from the rule and refuses a name that differs from it unless the schema says why
 * (`x-naming-exception`): a name the wire protocol forces is declared, never implied.
 */
export function applyNamingRule(raw: RawSchemaFile, groups: readonly string[]): { doc: Record<string, unknown>; errors: SchemaError[] } {
  const doc = { ...raw.doc };
  const errors: SchemaError[] = [];
  const rule = ruleNames(raw.module, raw.baseName, groups);
  const table = hasTable(doc);
  const written: [string, unknown, string][] = [
    ['$id', doc.$id, rule.id],
    ...(table ? [['x-table', doc['x-table'], rule.table] as [string, unknown, string]] : []),
    ...(table ? [['x-entity', doc['x-entity'], entityClassName((doc['x-table'] as string | undefined) ?? rule.table)] as [string, unknown, string]] : []),
  ];
  const differing = written.filter(([, value, expected]) => value !== undefined && value !== expected);
  const exception = doc['x-naming-exception'];
  if (exception === undefined) {
    for (const [key, value, expected] of differing) {
      errors.push(
        new SchemaError(
          'NamingRule',
          raw.file,
          `/${key}`,
          `"${key}" is "${String(value)}" but the file name gives "${expected}": drop "${key}" (or rename the file), ` +
            'or, when the wire protocol forces this name, declare it with "x-naming-exception": "<why>"',
        ),
      );
    }
  } else if (!differing.length) {
    errors.push(new SchemaError('NamingRule', raw.file, '/x-naming-exception', 'every name follows the rule from the file name: remove "x-naming-exception"'));
  }
  if (doc.$id === undefined) doc.$id = rule.id;
  if (table && doc['x-table'] === undefined) doc['x-table'] = rule.table;
  return { doc, errors };
}
