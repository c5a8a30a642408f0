import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import { SORT_PATTERN } from '@schema-admin/generator';
import type { EntityModel, FieldModel, JsonSchema, Model } from '@schema-admin/generator';
import type { Limits } from './limits.js';
import { labelsOf } from '../core/validator.js';
import type { FieldLabels } from '../core/validator.js';
import { whereFieldsOf } from './filterLanguage.js';
import type { WhereField } from './filterLanguage.js';

import type { OutputColumn } from './outputColumn.js';

export type { OutputColumn };

/** Everything the generic CRUD operations need about one entity, computed once per app. */
export interface EntityRuntime {
  model: EntityModel;
  table: string;
  fields: Map<string, FieldModel>;
  /** Columns returned by info/list/page: every non-secret field plus join outputs. */
  output: OutputColumn[];
  /** Fields a request body may set (not implicit, not read-only). */
  writable: FieldModel[];
  /** Request `order` name → qualified column. */
  sortable: Map<string, string>;
  labels: FieldLabels;
  /** Columns the `where` filter language may name, with their operators and value rules. */
  whereFields: Map<string, WhereField>;
  validators: {
    add: ValidateFunction;
    update: ValidateFunction;
    filters: ValidateFunction;
  };
}

export type Registry = Map<string, EntityRuntime>;

/** Compiles a runtime for every entity with a table. */
export function createRegistry(model: Model, ajv: Ajv2020, limits: Limits): Registry {
  const registry: Registry = new Map();
  const byId = new Map(model.entities.map((e) => [e.id, e]));
  for (const e of model.entities) {
    if (!e.table) continue;
    const fields = new Map(e.fields.map((f) => [f.name, f]));
    const output: OutputColumn[] = e.fields.filter((f) => !f.secret).map((f) => ({ name: f.name, column: `a.${f.name}`, field: f }));
    for (const j of e.query.join) {
      const target = byId.get(j.entity);
      for (const [out, col] of Object.entries(j.select)) {
        const field = target?.fields.find((f) => f.name === col);
        if (field && !field.secret) output.push({ name: out, column: `${j.alias}.${col}`, field });
      }
    }
    const writable = e.fields.filter((f) => !f.implicit && !f.readOnly);
    const sortable = new Map(output.map((o) => [o.name, o.column]));
    const joinLabels = labelsOf(output.map((o) => ({ ...o.field, name: o.name })));
    const own = labelsOf(e.fields);
    // A relation without a column is still a request field: validated and labelled like one.
    const virtual = (e.relations ?? []).filter((r) => !r.stored);
    const relationLabels = new Map(virtual.map((r) => [r.name, r.label]));
    const bodyFields: { name: string; schema: JsonSchema }[] = [...writable, ...virtual];
    registry.set(e.id, {
      model: e,
      table: e.table,
      fields,
      output,
      writable,
      sortable,
      labels: (name) => own(name) ?? relationLabels.get(name) ?? joinLabels(name),
      whereFields: whereFieldsOf(output, ajv, scalarSchema),
      validators: compiledOnUse({
        add: () => ajv.compile(addSchema(e, bodyFields)),
        update: () => ajv.compile(updateSchema(bodyFields)),
        filters: () => ajv.compile(filterSchema(e, fields, limits)),
      }),
    });
  }
  return registry;
}

/**
 * Validators compiled at their first use, not at start: an instance compiled three per entity (and one
 * per route body and query) before answering anything, most of which a given process never needs.
 */
export function compiledOnUse<K extends string>(make: Record<K, () => ValidateFunction>): Record<K, ValidateFunction> {
  const out = {} as Record<K, ValidateFunction>;
  for (const [k, f] of Object.entries(make) as [K, () => ValidateFunction][]) {
    let v: ValidateFunction | undefined;
    Object.defineProperty(out, k, { enumerable: true, get: () => (v ??= f()) });
  }
  return out;
}

function withoutDefault(schema: JsonSchema): JsonSchema {
  const { default: _d, ...rest } = schema;
  return rest;
}

/** add: writable fields, `required` from the schema; unknown keys are ignored (never saved). */
function addSchema(e: EntityModel, writable: { name: string; schema: JsonSchema }[]): JsonSchema {
  const names = new Set(writable.map((f) => f.name));
  return {
    type: 'object',
    properties: Object.fromEntries(writable.map((f) => [f.name, withoutDefault(f.schema)])),
    required: e.required.filter((r) => names.has(r)),
  };
}

/** update: `id` plus any writable field. */
function updateSchema(writable: { name: string; schema: JsonSchema }[]): JsonSchema {
  return {
    type: 'object',
    properties: {
      id: { type: 'integer', minimum: 1 },
      ...Object.fromEntries(writable.map((f) => [f.name, withoutDefault(f.schema)])),
    },
    required: ['id'],
  };
}

/** page/list: paging keys, plus each filter as a value of its field's type or an array of them. */
function filterSchema(e: EntityModel, fields: Map<string, FieldModel>, limits: Limits): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    // The offset (page - 1) * size must stay a safe integer on both databases.
    page: { type: 'integer', minimum: 1, maximum: Math.floor(Number.MAX_SAFE_INTEGER / limits.pageSize) },
    size: { type: 'integer', minimum: 1, maximum: limits.pageSize },
    order: { type: 'string', maxLength: 200 },
    sort: { type: 'string', maxLength: 200, pattern: SORT_PATTERN },
    keyWord: { type: ['string', 'number', 'null'], maxLength: 200 },
    isExport: { type: 'boolean' },
    maxExportLimit: { type: 'integer', minimum: 0 },
  };
  for (const f of [...e.query.fieldEq, ...e.query.fieldLike]) {
    const [alias, name] = f.column.split('.') as [string, string];
    const field = alias === 'a' ? fields.get(name) : undefined;
    const scalar = field ? scalarSchema(field) : { type: ['string', 'number', 'boolean', 'null'], maxLength: FILTER_MAX_LENGTH };
    properties[f.param] = { anyOf: [scalar, { type: 'array', maxItems: limits.pageSize, items: scalar }] };
  }
  for (const f of e.query.fieldRange) {
    const [alias, name] = f.column.split('.') as [string, string];
    const field = alias === 'a' ? fields.get(name) : undefined;
    const bound = field ? scalarSchema(field) : { type: ['string', 'number', 'null'], maxLength: FILTER_MAX_LENGTH };
    properties[f.param] = { type: 'array', minItems: 2, maxItems: 2, items: bound };
  }
  return { type: 'object', properties };
}

/** Longest text filter on a field without its own maxLength (text columns, join outputs). */
const FILTER_MAX_LENGTH = 1000;

/**
 * A filter value has the field's type but not its add-time minimums (a LIKE fragment may be short); its
 * length stays bounded by the field's maxLength (no column can match a longer fragment).
 */
export function scalarSchema(field: FieldModel): JsonSchema {
  const { type, format, enum: e, maxLength, pattern, minimum, maximum } = field.schema as {
    type?: unknown;
    format?: string;
    enum?: unknown[];
    maxLength?: number;
    pattern?: string;
    minimum?: number;
    maximum?: number;
  };
  const types = (Array.isArray(type) ? type : [type]).filter((t) => t !== 'array' && t !== 'object');
  return {
    type: [...new Set([...types, 'null'])],
    ...(format ? { format } : {}),
    // A number the column cannot hold matches nothing: refused like in the OpenAPI document.
    ...(typeof minimum === 'number' && field.type !== 'decimal' ? { minimum } : {}),
    ...(typeof maximum === 'number' && field.type !== 'decimal' ? { maximum } : {}),
    // A decimal filter given as a string must still be a number (the column compares it as one).
    ...(field.type === 'decimal' && pattern ? { pattern } : {}),
    ...(e ? { enum: [...e, null] } : {}),
    maxLength: Math.min(maxLength ?? FILTER_MAX_LENGTH, FILTER_MAX_LENGTH),
  };
}
