/**
 * `tables.ts`: each entity's id and table as constants, so runtime code names them through generated
 * code and a renamed table or entity fails the type-check instead of a query (docs/kernel-and-modules.md).
 */
import type { Model } from '../model.js';
import type { GeneratedFile } from './generatedFile.js';
import { typeName } from './generatedFile.js';
import { TYPES_BANNER } from './types.js';

const key = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

export function generateTables(model: Model): GeneratedFile {
  const entities = [...model.entities].sort((a, b) => typeName(a).localeCompare(typeName(b)));
  const line = (k: string, v: string) => `  ${k}: ${JSON.stringify(v)},`;
  const tables = entities.filter((e) => e.table).map((e) => line(key(typeName(e)), e.table!));
  const ids = entities.map((e) => line(key(typeName(e)), e.id));
  const content = [
    TYPES_BANNER,
    '',
    '/** Each entity\'s table. */',
    'export const TABLES = {',
    ...tables,
    '} as const;',
    '',
    '/** Each entity\'s id (its schema\'s `$id`). */',
    'export const ENTITIES = {',
    ...ids,
    '} as const;',
    '',
  ].join('\n');
  return { path: 'tables.ts', content };
}
