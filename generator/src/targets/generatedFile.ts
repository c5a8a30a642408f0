import type { EntityModel, JsonSchema } from '../model.js';

/** One artifact a generator target produces; `path` is relative to the output folder. */
export interface GeneratedFile {
  path: string;
  content: string;
}

// ---- small helpers shared by the eps / openapi / types targets ----

/** Deterministic JSON artifact text. */
export function jsonContent(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}

/**
 * Type / component name of an entity: the class name without its `Entity` suffix
 * (`BaseSysUserEntity` → `BaseSysUser`), or PascalCase of the `$id` segments for
 * controller-only schemas (`base/open` → `BaseOpen`).
 */
export function typeName(entity: EntityModel): string {
  if (entity.name) return entity.name.endsWith('Entity') && entity.name !== 'Entity' ? entity.name.slice(0, -6) : entity.name;
  return entity.id
    .split(/[/_\-.]+/)
    .filter(Boolean)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');
}

export interface CleanOptions {
  /** Also drop `title` everywhere (json-schema-to-typescript turns titles into named types). */
  dropTitles?: boolean;
}

/** Deep copy of a schema without `x-` keywords, `$id` and `$schema` (and optionally `title`). */
export function cleanSchema(schema: JsonSchema, options: CleanOptions = {}): JsonSchema {
  return cleanValue(schema, options, false) as JsonSchema;
}

/**
 * Keys whose value is a map of names → schemas: its keys are property names, not keywords,
 * so a property called `title` or `x-foo` must survive.
 */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keys whose value is literal data, copied as is. */
const LITERALS = new Set(['enum', 'const', 'default', 'examples', 'example', 'required']);

function cleanValue(value: unknown, options: CleanOptions, isMap: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => cleanValue(v, options, false));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (isMap) {
      out[k] = cleanValue(v, options, false);
      continue;
    }
    if (k.startsWith('x-') || k === '$id' || k === '$schema') continue;
    if (options.dropTitles && k === 'title') continue;
    if (LITERALS.has(k)) out[k] = structuredClone(v);
    else out[k] = cleanValue(v, options, SCHEMA_MAPS.has(k));
  }
  return out;
}
