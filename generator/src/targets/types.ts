/**
 * TypeScript interfaces for API clients: per entity with a table, `<Name>` (the row as the wire sends
 * it, secret fields left out) and `<Name>Input` (the add request body), via json-schema-to-typescript.
 */
import type { compile } from 'json-schema-to-typescript';
import type { EntityModel, FieldModel, JsonSchema, Model } from '../model.js';
import type { GeneratedFile } from './generatedFile.js';
import { cleanSchema, typeName } from './generatedFile.js';

export const TYPES_BANNER = '// Generated from schemas/ by `npm run generate` — do not edit.';

const COMPILE_OPTIONS = {
  bannerComment: '',
  additionalProperties: false,
  strictIndexSignatures: true,
  unknownAny: true,
  format: true,
  declareExternallyReferenced: true,
  unreachableDefinitions: false,
} as const;

type CompileSchema = Parameters<typeof compile>[0];

export async function generateTypes(model: Model): Promise<GeneratedFile> {
  const parts: string[] = [];
  for (const entity of model.entities) {
    if (!entity.table) continue;
    const name = typeName(entity);
    parts.push(await compileInterface(responseSchema(entity), name));
    parts.push(await compileInterface(inputSchema(entity), `${name}Input`));
  }
  const body = parts.map((p) => p.trim()).join('\n\n');
  return { path: 'types.ts', content: `${TYPES_BANNER}\n${body ? `\n${body}\n` : ''}` };
}

async function compileInterface(schema: JsonSchema, name: string): Promise<string> {
  // Loaded at first use: it brings prettier, which a running server needs only when an entity is generated.
  const { compile: compileTs } = await import('json-schema-to-typescript');
  const out = await compileTs(schema as CompileSchema, name, COMPILE_OPTIONS);
  const declared = [...out.matchAll(/^export (?:interface|type|enum|const enum) (\w+)/gm)].map((m) => m[1]);
  // titles are stripped, so the only declaration must be the root one; anything else would collide
  // across entities
  if (declared.length !== 1 || declared[0] !== name) {
    throw new Error(`types: expected exactly "${name}" from json-schema-to-typescript, got ${declared.join(', ')}`);
  }
  return out;
}

function responseSchema(entity: EntityModel): JsonSchema {
  const fields = entity.fields.filter((f) => !f.secret);
  return {
    type: 'object',
    description: `${entity.label.en} (\`${entity.id}\`): a row as the API returns it.`,
    properties: Object.fromEntries(fields.map((f) => [f.name, responseProperty(f)])),
    required: fields.filter((f) => !f.nullable).map((f) => f.name),
    additionalProperties: false,
  };
}

function inputSchema(entity: EntityModel): JsonSchema {
  const fields = entity.fields.filter((f) => !f.implicit && !f.readOnly);
  const names = new Set(fields.map((f) => f.name));
  return {
    type: 'object',
    description: `${entity.label.en} (\`${entity.id}\`): the add request body.`,
    properties: Object.fromEntries(fields.map((f) => [f.name, describe(propertySchema(f), f)])),
    required: entity.required.filter((r) => names.has(r)),
    additionalProperties: false,
  };
}

function propertySchema(f: FieldModel): JsonSchema {
  return openObjects(cleanSchema(f.schema, { dropTitles: true })) as JsonSchema;
}

/** The wire type: decimals as fixed-scale strings, dates as strings, nullable as `| null`. */
function responseProperty(f: FieldModel): JsonSchema {
  let s = propertySchema(f);
  delete s.writeOnly;
  if (f.type === 'decimal' || f.type === 'datetime' || f.type === 'date') {
    s = { type: 'string', ...(s.description !== undefined ? { description: s.description } : {}) };
  }
  if (f.nullable) s = nullable(s);
  return describe(s, f);
}

function nullable(s: JsonSchema): JsonSchema {
  const t = s.type;
  if (typeof t === 'string' && t !== 'null') return { ...s, type: [t, 'null'] };
  if (Array.isArray(t) && !t.includes('null')) return { ...s, type: [...t, 'null'] };
  return s;
}

/** JSDoc text: the English label, plus the schema's own description. */
function describe(s: JsonSchema, f: FieldModel): JsonSchema {
  const own = typeof s.description === 'string' ? s.description : '';
  const text = (own && own !== f.label.en ? `${f.label.en}: ${own}` : f.label.en).replace(/\*\//g, '* /');
  return { ...s, description: text };
}

/**
 * A free-form object (`{ "type": "object" }` with no properties) is open on the wire; the
 * compile default `additionalProperties: false` would make it `{}`, so say so explicitly.
 */
function openObjects(value: unknown, isMap = false): unknown {
  if (Array.isArray(value)) return value.map((v) => openObjects(v));
  if (value === null || typeof value !== 'object') return value;
  const src = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(src)) {
    if (isMap) out[k] = openObjects(v);
    else if (LITERALS.has(k)) out[k] = v;
    else out[k] = openObjects(v, SCHEMA_MAPS.has(k));
  }
  if (isMap) return out;
  const types = Array.isArray(src.type) ? src.type : [src.type];
  if (
    types.includes('object') &&
    src.properties === undefined &&
    src.patternProperties === undefined &&
    src.additionalProperties === undefined
  ) {
    out.additionalProperties = true;
  }
  return out;
}

const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const LITERALS = new Set(['enum', 'const', 'default', 'examples', 'example', 'required']);
