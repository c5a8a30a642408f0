/**
 * OpenAPI 3.1 description of the admin API: one component schema per entity (response shape,
 * `<Name>Input` for add, `<Name>Update` for update), one operation per action, the `{code, message,
 * data}` envelope of docs/reference/api-contract.md §1. Secret fields never appear in a response schema.
 */
import type { ActionModel, EntityModel, FieldModel, GenericAction, JsonSchema, Model } from '../model.js';
import { SORT_PATTERN } from '../model.js';
import type { GeneratedFile } from './generatedFile.js';
import { cleanSchema, jsonContent, typeName } from './generatedFile.js';

type Obj = Record<string, unknown>;

const ENVELOPE_REF = '#/components/schemas/Envelope';
const JSON_TYPE = 'application/json';

export function buildOpenApi(model: Model): Obj {
  const byId = new Map(model.entities.map((e) => [e.id, e]));
  const schemas: Record<string, JsonSchema> = {
    Envelope: {
      type: 'object',
      description: 'Every JSON response: `code` 1000 = success; `data` is omitted when the payload is null.',
      properties: {
        code: { type: 'integer', description: '1000 success, 1001 business error, 1002 validation error, 1003 core error' },
        message: { type: 'string' },
        data: { description: 'The payload' },
      },
      required: ['code', 'message'],
    },
  };
  const paths: Record<string, Obj> = {};

  for (const entity of model.entities) {
    const name = typeName(entity);
    if (entity.table) {
      schemas[name] = responseSchema(entity);
      schemas[`${name}Input`] = inputSchema(entity);
      schemas[`${name}Update`] = updateSchema(entity);
    }
    for (const [key, def] of Object.entries(entity.defs)) {
      schemas[`${name}_${key}`] = rewriteRefs(cleanSchema(def), name) as JsonSchema;
    }
    for (const action of entity.actions) {
      const item = paths[action.url] ?? {};
      item[action.method] = operation(entity, action, byId);
      paths[action.url] = item;
    }
  }

  const tags = [...new Set(model.entities.map((e) => e.module))].sort().map((m) => ({ name: m }));
  return {
    openapi: '3.1.0',
    info: { title: 'Schema Admin admin API', version: '1' },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        token: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'The raw JWT from /admin/base/open/login (no `Bearer ` prefix).',
        },
      },
      schemas,
    },
    paths,
    tags,
  };
}

export function generateOpenApi(model: Model): GeneratedFile {
  return { path: 'openapi.json', content: jsonContent(buildOpenApi(model)) };
}

// ---------------------------------------------------------------- component schemas

function withDescription(schema: JsonSchema, f: FieldModel): JsonSchema {
  return schema.description === undefined ? { ...schema, description: f.label.en } : schema;
}

/** The wire shape of a column (decimals travel as fixed-scale strings). */
function responseProperty(f: FieldModel): JsonSchema {
  let s = cleanSchema(f.schema);
  delete s.writeOnly;
  if (f.type === 'decimal') {
    const scale = f.scale ?? 0;
    s = {
      type: f.nullable ? ['string', 'null'] : 'string',
      pattern: scale > 0 ? `^-?\\d+\\.\\d{${scale}}$` : '^-?\\d+$',
      ...(s.description !== undefined ? { description: s.description } : {}),
    };
  }
  if (f.readOnly) s.readOnly = true;
  return withDescription(s, f);
}

function responseSchema(entity: EntityModel): JsonSchema {
  const fields = entity.fields.filter((f) => !f.secret);
  return {
    type: 'object',
    description: entity.label.en,
    properties: Object.fromEntries(fields.map((f) => [f.name, responseProperty(f)])),
    required: fields.filter((f) => !f.nullable).map((f) => f.name),
  };
}

function writableFields(entity: EntityModel): FieldModel[] {
  return entity.fields.filter((f) => !f.implicit && !f.readOnly);
}

function inputProperties(entity: EntityModel): Record<string, JsonSchema> {
  // A relation without a column is still a request field (x-relation: the generic add/update take it).
  const virtual = (entity.relations ?? []).filter((r) => !r.stored);
  return Object.fromEntries([
    ...writableFields(entity).map((f) => [f.name, withDescription(cleanSchema(f.schema), f)]),
    ...virtual.map((r) => {
      const schema = cleanSchema(r.schema);
      return [r.name, schema.description === undefined ? { ...schema, description: r.label.en } : schema];
    }),
  ]);
}

function inputSchema(entity: EntityModel): JsonSchema {
  const names = new Set(writableFields(entity).map((f) => f.name));
  return {
    type: 'object',
    description: `${entity.label.en}: add request`,
    properties: inputProperties(entity),
    required: entity.required.filter((r) => names.has(r)),
  };
}

function updateSchema(entity: EntityModel): JsonSchema {
  return {
    type: 'object',
    description: `${entity.label.en}: update request (only the changed fields besides id)`,
    properties: { id: { type: 'integer', minimum: 1, description: 'ID' }, ...inputProperties(entity) },
    required: ['id'],
  };
}

/** `#/$defs/x` (schema-file local) → `#/components/schemas/<Name>_x`. */
function rewriteRefs(value: unknown, name: string): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, name));
  if (value === null || typeof value !== 'object') return value;
  const out: Obj = {};
  for (const [k, v] of Object.entries(value as Obj)) {
    out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')
      ? `#/components/schemas/${name}_${v.slice('#/$defs/'.length)}`
      : rewriteRefs(v, name);
  }
  return out;
}

// ---------------------------------------------------------------- operations

/** Generic request/response shape of an action (also when a named handler overrides a generic one). */
function genericKind(entity: EntityModel, a: ActionModel): GenericAction | undefined {
  if (!entity.table || a.body || a.query) return undefined;
  return a.generic;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function jsonBody(schema: unknown, required = true): Obj {
  return { required, content: { [JSON_TYPE]: { schema } } };
}

function success(data?: unknown): Obj {
  const schema = data === undefined
    ? { $ref: ENVELOPE_REF }
    : { allOf: [{ $ref: ENVELOPE_REF }, { type: 'object', properties: { data } }] };
  return { description: 'Success (`code` 1000), or a business error (`code` 1001-1003) with HTTP 200', content: { [JSON_TYPE]: { schema } } };
}

function errorResponse(description: string): Obj {
  return { description, content: { [JSON_TYPE]: { schema: { $ref: ENVELOPE_REF } } } };
}

function operation(entity: EntityModel, a: ActionModel, byId: Map<string, EntityModel>): Obj {
  const name = typeName(entity);
  const access = a.auth === 'open'
    ? 'Public: no token needed.'
    : a.auth === 'login'
      ? 'Any signed-in admin.'
      : `Permission \`${a.perm}\`.`;
  const op: Obj = {
    operationId: `${entity.id.replace(/\//g, '_')}_${a.name}`,
    summary: a.summary.en,
    description: `${a.summary['zh-cn']} (${a.summary['zh-tw']}). ${access}`,
    tags: [entity.module],
    security: a.auth === 'open' ? [] : [{ token: [] }],
  };
  if (a.auth === 'perm') op['x-permission'] = a.perm;

  let data: unknown;
  const kind = genericKind(entity, a);
  switch (kind) {
    case 'add':
      op.requestBody = jsonBody({ oneOf: [ref(`${name}Input`), { type: 'array', items: ref(`${name}Input`), minItems: 1 }] });
      data = {
        type: 'object',
        properties: { id: { oneOf: [{ type: 'integer' }, { type: 'array', items: { type: 'integer' } }] } },
        required: ['id'],
      };
      break;
    case 'update':
      op.requestBody = jsonBody({ oneOf: [ref(`${name}Update`), { type: 'array', items: ref(`${name}Update`), minItems: 1 }] });
      break;
    case 'delete':
      op.requestBody = jsonBody({
        type: 'object',
        properties: { ids: { type: 'array', items: { type: 'integer' }, minItems: 1 } },
        required: ['ids'],
      });
      break;
    case 'info':
      op.parameters = [{ name: 'id', in: 'query', required: true, schema: { type: 'integer', minimum: 1 } }];
      data = ref(name);
      break;
    case 'list':
      op.requestBody = jsonBody({ type: 'object', properties: { ...orderProperties(), ...filterProperties(entity, byId), ...whereProperty(a) } }, false);
      data = { type: 'array', items: ref(name) };
      break;
    case 'page':
      op.requestBody = jsonBody({
        type: 'object',
        properties: {
          page: { type: 'integer', minimum: 1, default: 1 },
          size: { type: 'integer', minimum: 1, maximum: 1000, default: 20 },
          ...orderProperties(),
          ...filterProperties(entity, byId),
          ...whereProperty(a),
        },
      }, false);
      data = {
        type: 'object',
        properties: {
          list: { type: 'array', items: ref(name) },
          pagination: {
            type: 'object',
            properties: {
              page: { type: 'integer' },
              size: { type: 'integer' },
              total: { type: 'integer' },
              totalExact: {
                type: 'boolean',
                enum: [false],
                description: 'Present (false) only when total is approximate: above COUNT_EXACT_LIMIT matching rows and not counted for this answer; never below the rows the page proves.',
              },
            },
            required: ['page', 'size', 'total'],
          },
        },
        required: ['list', 'pagination'],
      };
      break;
    case undefined:
      customRequest(op, entity, a, name);
      break;
  }

  const responses: Obj = { '200': success(data) };
  if (a.auth !== 'open') responses['401'] = errorResponse('Not signed in, or the token is invalid or expired');
  if (a.auth === 'perm') responses['403'] = errorResponse('Signed in without the permission');
  op.responses = responses;
  return op;
}

function orderProperties(): Record<string, JsonSchema> {
  return {
    order: { type: 'string', maxLength: 200, description: 'Column to sort by (comma list allowed)' },
    // One direction, or one per `order` column: the server validates the same pattern.
    sort: { type: 'string', maxLength: 200, pattern: SORT_PATTERN },
    keyWord: { type: ['string', 'number', 'null'], maxLength: 200, description: 'Matches the keyword columns with LIKE' },
  };
}

/** One request property per fieldEq (scalar or array → IN), fieldLike (substring) and fieldRange ([from, to]) filter. */
/**
 * The advanced filter language (runtime-server/src/crud/filterLanguage.ts) of the generic page/list, checked by
 * the server field by field; a named handler serving the action decides its own body, so it is not promised there.
 */
function whereProperty(a: ActionModel): Record<string, JsonSchema> {
  if (a.handler) return {};
  return {
    where: {
      type: 'object',
      description:
        'Advanced filter: {"and": [...]} or {"or": [...]} groups (up to 5 levels and 50 nodes, groups counted with conditions) of {"field", "op", "value"} on the output columns; op is one of eq, ne, in, contains, startsWith, between, gt, gte, lt, lte, isEmpty, as the field\'s type allows; values are validated like the field',
    },
  };
}

function filterProperties(entity: EntityModel, byId: Map<string, EntityModel>): Record<string, JsonSchema> {
  const props: Record<string, JsonSchema> = {};
  for (const f of entity.query.fieldEq) {
    const field = resolveField(entity, f.column, byId);
    const scalar = field ? scalarSchema(field) : {};
    props[f.param] = {
      anyOf: [scalar, { type: 'array', items: scalar }],
      description: `${field?.label.en ?? f.param} equals (an array matches any of the values)`,
    };
  }
  for (const f of entity.query.fieldLike) {
    const field = resolveField(entity, f.column, byId);
    props[f.param] = { type: 'string', description: `${field?.label.en ?? f.param} contains` };
  }
  for (const f of entity.query.fieldRange) {
    const field = resolveField(entity, f.column, byId);
    const bound = field ? { anyOf: [scalarSchema(field), { type: 'null' }] } : {};
    props[f.param] = {
      type: 'array',
      items: bound,
      minItems: 2,
      maxItems: 2,
      description: `${field?.label.en ?? f.param} between [from, to], both inclusive; null leaves that end open`,
    };
  }
  return props;
}

function scalarSchema(f: FieldModel): JsonSchema {
  const s = cleanSchema(f.schema);
  for (const k of ['default', 'readOnly', 'writeOnly', 'description', 'title']) delete s[k];
  return s;
}

function resolveField(entity: EntityModel, column: string, byId: Map<string, EntityModel>): FieldModel | undefined {
  const [alias, name] = column.includes('.') ? (column.split('.') as [string, string]) : ['a', column];
  if (alias === 'a') return entity.fields.find((f) => f.name === name);
  const join = entity.query.join.find((j) => j.alias === alias);
  return join ? byId.get(join.entity)?.fields.find((f) => f.name === name && !f.secret) : undefined;
}

function customRequest(op: Obj, entity: EntityModel, a: ActionModel, name: string): void {
  if (a.method === 'post' && a.body) {
    op.requestBody = jsonBody(rewriteRefs(cleanSchema(a.body), name));
  }
  if (a.method === 'get' && a.query) {
    const query = derefLocal(cleanSchema(a.query), entity);
    const props = (query.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((query.required ?? []) as string[]);
    const params = Object.entries(props).map(([key, schema]) => ({
      name: key,
      in: 'query',
      required: required.has(key),
      schema: rewriteRefs(schema, name),
    }));
    if (params.length) op.parameters = params;
  }
}

/** A query schema given as `{ "$ref": "#/$defs/x" }`: its properties become the parameters. */
function derefLocal(schema: JsonSchema, entity: EntityModel): JsonSchema {
  const r = schema.$ref;
  if (typeof r === 'string' && r.startsWith('#/$defs/')) {
    const def = entity.defs[r.slice('#/$defs/'.length)];
    if (def) return cleanSchema(def);
  }
  return schema;
}
