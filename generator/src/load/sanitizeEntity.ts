import { SchemaError } from '../errors.js';
import type {
  ActionModel,
  EntityModel,
  FieldModel,
  FieldType,
  FilterRef,
  GenericAction,
  IndexModel,
  JsonSchema,
  Labels,
  QueryModel,
  RelationModel,
} from '../model.js';
import { GENERIC_ACTIONS } from '../model.js';
import type { RawSchemaFile } from './loadSchemas.js';
import { indexName } from './indexName.js';
import { accessIndexes, searchColumns } from './accessIndexes.js';
import { sanitizeRelation } from './sanitizeRelation.js';
import { applyNamingRule, entityClassName } from './naming.js';
import { expandProperty } from './shorthand.js';
import { entityLabels } from './labels.js';

export { entityClassName };

/** Implicit columns; a property may not take their names. */
export const RESERVED_FIELD_NAMES = ['id', 'createTime', 'updateTime'] as const;

/** Keys a page/list request already uses for paging; a filter's request parameter may not take them. */
export const RESERVED_PARAMS = ['page', 'size', 'order', 'sort', 'keyWord', 'isExport', 'maxExportLimit'] as const;

const GENERIC_SUMMARY: Record<GenericAction, Labels> = {
  add: { 'zh-cn': '新增', 'zh-tw': '新增', en: 'Add' },
  delete: { 'zh-cn': '删除', 'zh-tw': '刪除', en: 'Delete' },
  update: { 'zh-cn': '修改', 'zh-tw': '修改', en: 'Update' },
  info: { 'zh-cn': '单个信息', 'zh-tw': '單個資訊', en: 'Info' },
  list: { 'zh-cn': '列表查询', 'zh-tw': '列表查詢', en: 'List' },
  page: { 'zh-cn': '分页查询', 'zh-tw': '分頁查詢', en: 'Page' },
  history: { 'zh-cn': '历史记录', 'zh-tw': '歷史記錄', en: 'History' },
};

const ID_LABEL: Labels = { 'zh-cn': 'ID', 'zh-tw': 'ID', en: 'ID' };
const TENANT_LABEL: Labels = { 'zh-cn': '租户ID', 'zh-tw': '租戶ID', en: 'Tenant ID' };
const CREATE_LABEL: Labels = { 'zh-cn': '创建时间', 'zh-tw': '建立時間', en: 'Created at' };
const UPDATE_LABEL: Labels = { 'zh-cn': '更新时间', 'zh-tw': '更新時間', en: 'Updated at' };

/** Which JSON types each column type can store; an override outside these is an author error. */
const COMPATIBLE: Record<FieldType, readonly string[]> = {
  string: ['string'],
  text: ['string'],
  longtext: ['string'],
  integer: ['integer'],
  bigint: ['integer'],
  double: ['number', 'integer'],
  decimal: ['number', 'integer'],
  boolean: ['boolean'],
  json: ['object', 'array', 'string', 'number', 'integer', 'boolean'],
  datetime: ['string'],
  date: ['string'],
};

/** Column types that cannot carry a database DEFAULT portably (MySQL forbids it on TEXT/JSON). */
const NO_DB_DEFAULT: ReadonlySet<FieldType> = new Set(['text', 'longtext', 'json']);

type Raw = Record<string, any>;

/**
 * Turns one meta-valid schema file into the sanitized entity model.
 * Cross-entity checks (join targets, x-ref targets) happen later in `resolveRelations`.
 */
export function sanitizeEntity(raw: RawSchemaFile): { entity: EntityModel; errors: SchemaError[]; warnings: string[] } {
  // A project's files follow the naming rule (their module's groups are known); a lone draft states its names.
  const named = raw.groups ? applyNamingRule(raw, raw.groups) : undefined;
  const doc = (named?.doc ?? raw.doc) as Raw;
  const errors: SchemaError[] = [...(named?.errors ?? [])];
  const warnings: string[] = [];
  const err = (code: SchemaError['code'], pointer: string, msg: string) =>
    errors.push(new SchemaError(code, raw.file, pointer, msg));

  const id = String(doc.$id ?? '');
  const module = id.split('/')[0] as string;
  if (module !== raw.module) {
    err('ModuleMismatch', '/$id', `$id "${id}" must start with the module folder "${raw.module}/"`);
  }
  const table = doc['x-table'] as string | undefined;
  // A project's entity may label itself in one locale; a lone draft (coding endpoints, menu/parse) states all three.
  if (!raw.groups && !hasAllLabels(doc['x-label'])) {
    err('MetaSchema', '/x-label', `must have zh-cn, zh-tw and en (a draft states every label)`);
  }
  const label = entityLabels((doc['x-label'] ?? {}) as Partial<Labels>);
  for (const locale of raw.groups ? label.missing : []) {
    warnings.push(`${raw.file}: entity ${id}: no ${locale} label (shown as "${label.labels[locale]}"); add it to "x-label"`);
  }
  const required: string[] = Array.isArray(doc.required) ? doc.required : [];
  const props: Record<string, Raw> = doc.properties ?? {};

  const fields: FieldModel[] = [];
  const relations: RelationModel[] = [];
  if (table) {
    fields.push(implicitField('id', 'integer', ID_LABEL, false));
  }
  for (const [name, prop] of Object.entries(props)) {
    const ptr = `/properties/${name}`;
    if ((RESERVED_FIELD_NAMES as readonly string[]).includes(name)) {
      err('ReservedFieldName', ptr, `"${name}" is reserved (${RESERVED_FIELD_NAMES.join(', ')}); rename the property`);
      continue;
    }
    if (!table) {
      err('UnknownField', ptr, 'a controller-only schema (no x-table) cannot declare properties');
      continue;
    }
    // A lone draft (coding endpoints, menu/parse) states every label: what it writes is committed as is.
    if (!raw.groups && !hasAllLabels(prop['x-label'])) {
      err('MetaSchema', ptr, `must have required property 'x-label' with zh-cn, zh-tw and en (a draft states every label)`);
      continue;
    }
    const expanded = expandProperty(name, prop, required.includes(name));
    for (const locale of expanded.missing) {
      const shown = (expanded.prop['x-label'] as Labels)[locale as keyof Labels];
      warnings.push(`${raw.file}: entity ${id}, property "${name}": no ${locale} label (shown as "${shown}"); add it to "x-label"`);
    }
    const relation = sanitizeRelation(name, expanded.prop, ptr, err);
    if (relation) relations.push(relation);
    // A relation's ids live in its link entity: only a stored one has a column (a JSON copy) of its own.
    if (relation && !relation.stored) continue;
    const field = sanitizeField(name, expanded.prop, ptr, required.includes(name), err);
    if (field) fields.push(field);
  }
  const tenant = !!table && doc['x-tenant'] === true;
  if (tenant) {
    if (props.tenantId) err('ReservedFieldName', '/properties/tenantId', 'x-tenant adds "tenantId" itself; remove the property');
    fields.push({
      name: 'tenantId',
      type: 'integer',
      nullable: true,
      unique: false,
      index: true,
      secret: false,
      implicit: true,
      readOnly: true,
      label: TENANT_LABEL,
      schema: { type: ['integer', 'null'] },
    });
  }
  if (table) {
    // Both indexed unless the schema names fewer (an append-only log has no use for updateTime's).
    const timeIndexes: string[] = doc['x-time-indexes'] ?? ['createTime', 'updateTime'];
    fields.push(implicitField('createTime', 'datetime', CREATE_LABEL, timeIndexes.includes('createTime')));
    fields.push(implicitField('updateTime', 'datetime', UPDATE_LABEL, timeIndexes.includes('updateTime')));
  }
  const names = new Set(fields.map((f) => f.name));
  relations.forEach((r) => {
    if (required.includes(r.name)) err('InvalidRelation', `/properties/${r.name}`, 'an x-relation property cannot be required (absent means "links unchanged")');
  });
  required.forEach((r, i) => {
    if (!names.has(r)) err('UnknownField', `/required/${i}`, `required names "${r}", which is not a property`);
  });

  const prefix = `/admin/${id}`;
  const permBase = id.split('/').join(':');
  const actions = sanitizeActions(doc['x-api'] ?? [], prefix, permBase, !!table, err);
  const audit = !!table && doc['x-audit'] !== false;
  // Every audited entity with an API gets `GET history?id=` (its change log), unless it declares one.
  if (audit && actions.length && !actions.some((a) => a.name === 'history')) actions.push(historyAction(prefix, permBase));

  const query = sanitizeQuery(doc['x-query'] ?? {}, names, err, fields);
  const dataScope = doc['x-data-scope'] as string | undefined;
  if (dataScope && !names.has(dataScope)) {
    err('UnknownField', '/x-data-scope', `x-data-scope names "${dataScope}", which is not a property`);
  }
  const declaredIndexes = table ? collectIndexes(table, fields, doc['x-indexes'] ?? [], names, err) : [];
  const timeIndexed: string[] = doc['x-time-indexes'] ?? ['createTime', 'updateTime'];
  const optOut = new Set([
    ...Object.entries(props).filter(([, p]) => p?.['x-index'] === false).map(([n]) => n),
    ...['createTime', 'updateTime'].filter((n) => !timeIndexed.includes(n)),
  ]);
  const indexes = table
    ? accessIndexes({ table, fields, query, screen: screenOf(doc['x-screen'] as JsonSchema | undefined, '', actions.some((a) => a.name === 'page' || a.name === 'list')).screen, tenant, ...(dataScope ? { dataScope } : {}), optOut }, declaredIndexes)
    : [];
  // `"x-search": false` on the schema keeps the whole table out of search indexes, on a property that column.
  const search = table && doc['x-search'] !== false
    ? searchColumns(fields, query, new Set(Object.entries(props).filter(([, p]) => p?.['x-search'] === false).map(([n]) => n)))
    : [];
  if (doc['x-screen']) checkScreen(doc['x-screen'], new Set([...names, ...relations.map((r) => r.name)]), query, err);

  const entity: EntityModel = {
    id,
    module,
    file: raw.file,
    handlerModule: `${raw.module}/${raw.baseName}`,
    prefix,
    ...(table ? { name: (doc['x-entity'] as string | undefined) ?? entityClassName(table), table } : {}),
    ...(doc['x-renamedFrom'] ? { renamedFrom: doc['x-renamedFrom'] as string } : {}),
    ...(doc['x-origin'] === 'coding' ? { origin: 'coding' as const } : {}),
    label: label.labels,
    ...(typeof doc.description === 'string' ? { description: doc.description } : {}),
    fields,
    ...(relations.length ? { relations } : {}),
    required,
    actions,
    query,
    indexes,
    ...(search.length ? { search } : {}),
    ...(dataScope ? { dataScope } : {}),
    tenant,
    recycle: table ? doc['x-recycle'] !== false : false,
    audit,
    ...screenOf(doc['x-screen'] as JsonSchema | undefined, `/${raw.module}/${raw.baseName}`, table !== undefined && actions.some((a) => a.name === 'page' || a.name === 'list')),
    defs: (doc.$defs ?? {}) as Record<string, JsonSchema>,
  };
  return { entity, errors, warnings };
}

function hasAllLabels(label: unknown): boolean {
  return !!label && typeof label === 'object' && ['zh-cn', 'zh-tw', 'en'].every((l) => typeof (label as Raw)[l] === 'string');
}

/** The automatic history action: the audit rows of one record, permission `<id>:history`. */
function historyAction(prefix: string, permBase: string): ActionModel {
  return {
    name: 'history',
    method: 'get',
    path: '/history',
    url: `${prefix}/history`,
    generic: 'history',
    auth: 'perm',
    perm: `${permBase}:history`,
    summary: GENERIC_SUMMARY.history,
    query: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } },
  };
}

function implicitField(name: string, type: FieldType, label: Labels, index: boolean): FieldModel {
  const schema: JsonSchema = type === 'integer' ? { type: 'integer', minimum: 1 } : { type: 'string', format: 'datetime' };
  return { name, type, nullable: false, unique: false, index, secret: false, implicit: true, label, schema, readOnly: true };
}

function jsonTypes(prop: Raw): { types: string[]; nullable: boolean } {
  const all: string[] = Array.isArray(prop.type) ? prop.type : [prop.type];
  return { types: all.filter((t) => t !== 'null'), nullable: all.includes('null') };
}

/** Storable range per integer column type (bigint: JavaScript's safe integers, so no value is rounded). */
const INTEGER_RANGE: Partial<Record<FieldType, [number, number]>> = {
  integer: [-2147483648, 2147483647],
  bigint: [-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

function sanitizeField(
  name: string,
  prop: Raw,
  ptr: string,
  isRequired: boolean,
  err: (code: SchemaError['code'], pointer: string, msg: string) => void,
): FieldModel | undefined {
  const { types, nullable } = jsonTypes(prop);
  const column = prop['x-column'] as Raw | undefined;
  let type: FieldType;
  if (column) {
    type = column.type as FieldType;
  } else if (types.length !== 1) {
    err('UnknownFieldType', `${ptr}/type`, 'give exactly one JSON type (plus "null" for a nullable column), or an x-column type');
    return undefined;
  } else {
    const t = types[0];
    if (t === 'string') type = prop.format === 'datetime' ? 'datetime' : prop.format === 'date' ? 'date' : 'string';
    else if (t === 'integer') type = 'integer';
    else if (t === 'number') type = 'double';
    else if (t === 'boolean') type = 'boolean';
    else if (t === 'object' || t === 'array') type = 'json';
    else {
      err('UnknownFieldType', `${ptr}/type`, `cannot store JSON type "${String(t)}"`);
      return undefined;
    }
  }
  const bad = types.filter((t) => !COMPATIBLE[type].includes(t));
  if (bad.length) {
    err('IncompatibleColumnType', `${ptr}/x-column/type`, `column type "${type}" cannot hold JSON type ${bad.join(', ')}`);
  }
  if (type === 'decimal' && (column?.precision === undefined || column?.scale === undefined)) {
    err('IncompatibleColumnType', `${ptr}/x-column`, 'a decimal column needs "precision" and "scale"');
  }
  const hasDefault = prop.default !== undefined;
  if (!nullable && !isRequired && !hasDefault && !prop.readOnly) {
    err('MissingDefault', ptr, `non-nullable "${name}" must be in "required" or have a "default" (or allow "null")`);
  }
  if (prop.readOnly && !nullable && !hasDefault) {
    err('MissingDefault', ptr, `read-only "${name}" can never be set by a request, so it needs a "default" or "null"`);
  }

  const schema: JsonSchema = {};
  for (const [k, v] of Object.entries(prop)) if (!k.startsWith('x-')) schema[k] = v;

  const field: FieldModel = {
    name,
    type,
    nullable,
    unique: prop['x-unique'] === true,
    // A reference is indexed unless the schema says `"x-index": false` (a column no query looks rows up by).
    index: prop['x-index'] === true || (typeof prop['x-ref'] === 'string' && prop['x-index'] !== false),
    secret: prop['x-secret'] === true,
    implicit: false,
    readOnly: prop.readOnly === true,
    label: prop['x-label'] as Labels,
    schema,
  };
  if (type === 'string') field.length = (column?.length as number | undefined) ?? (prop.maxLength as number | undefined) ?? 255;
  // What the column can hold, unless the schema says less: a bigger number is a 1002 on both databases, never a
  // driver error (MariaDB) or a silently stored value (SQLite).
  const range = INTEGER_RANGE[type];
  if (range && !schema.enum) {
    if (typeof schema.minimum !== 'number' || schema.minimum < range[0]) schema.minimum = range[0];
    if (typeof schema.maximum !== 'number' || schema.maximum > range[1]) schema.maximum = range[1];
  }
  if (type === 'decimal') {
    field.precision = column?.precision as number;
    field.scale = column?.scale as number;
    decimalSchema(schema, field.precision, field.scale, nullable);
  }
  if (hasDefault) field.default = prop.default;
  if (hasDefault && NO_DB_DEFAULT.has(type)) field.dbDefault = false;
  if (prop['x-dict']) field.dict = prop['x-dict'] as string;
  if (prop['x-options']) field.options = prop['x-options'];
  if (prop['x-ref']) field.ref = prop['x-ref'] as string;
  if (prop['x-renamedFrom']) field.renamedFrom = prop['x-renamedFrom'] as string;
  return field;
}

function sanitizeActions(
  list: unknown[],
  prefix: string,
  permBase: string,
  hasTable: boolean,
  err: (code: SchemaError['code'], pointer: string, msg: string) => void,
): ActionModel[] {
  const actions: ActionModel[] = [];
  const seen = new Set<string>();
  list.forEach((item, i) => {
    const ptr = `/x-api/${i}`;
    const spec = (typeof item === 'string' ? { name: item } : item) as Raw;
    const name = spec.name as string;
    if (seen.has(name)) {
      err('InvalidAction', ptr, `action "${name}" is declared twice`);
      return;
    }
    seen.add(name);
    const generic = (GENERIC_ACTIONS as readonly string[]).includes(name) ? (name as GenericAction) : undefined;
    if (generic && !hasTable && !spec.handler) {
      err('InvalidAction', ptr, `generic action "${name}" needs a table (x-table) or a handler`);
      return;
    }
    if (!generic && !spec.handler) {
      err('InvalidAction', ptr, `custom action "${name}" needs a "handler" (an export of the module's handler file)`);
      return;
    }
    if (!generic && !spec.summary) {
      err('InvalidAction', `${ptr}/summary`, `custom action "${name}" needs a "summary" in every locale`);
      return;
    }
    const method = (spec.method as 'get' | 'post' | undefined) ?? (name === 'info' ? 'get' : 'post');
    if (spec.body && method === 'get') err('InvalidAction', `${ptr}/body`, 'a GET action takes a "query" schema, not a "body"');
    if (spec.query && method === 'post') err('InvalidAction', `${ptr}/query`, 'a POST action takes a "body" schema, not a "query"');
    const action: ActionModel = {
      name,
      method,
      path: `/${name}`,
      url: `${prefix}/${name}`,
      auth: (spec.auth as ActionModel['auth'] | undefined) ?? 'perm',
      perm: `${permBase}:${name}`,
      summary: (spec.summary as Labels | undefined) ?? GENERIC_SUMMARY[generic as GenericAction],
    };
    if (generic) action.generic = generic;
    if (spec.handler) action.handler = spec.handler as string;
    if (spec.body) action.body = spec.body as JsonSchema;
    if (spec.query) action.query = spec.query as JsonSchema;
    if (spec.defaultSort) {
      if (generic === 'list') action.defaultSort = spec.defaultSort as ActionModel['defaultSort'];
      else err('InvalidAction', `${ptr}/defaultSort`, 'only a list action takes a default order (page: x-screen.defaultSort / x-query.order)');
    }
    actions.push(action);
  });
  return actions;
}

/** `status` → `a.status`; `b.name` stays. Join aliases are checked in resolveRelations. */
function qualify(ref: string): string {
  return ref.includes('.') ? ref : `a.${ref}`;
}

const RANGE_TYPES = new Set(['integer', 'bigint', 'double', 'decimal', 'date', 'datetime']);

function sanitizeQuery(
  q: Raw,
  names: Set<string>,
  err: (code: SchemaError['code'], pointer: string, msg: string) => void,
  fields: FieldModel[],
): QueryModel {
  const check = (ref: string, ptr: string) => {
    if (!ref.includes('.') && !names.has(ref)) err('UnknownField', ptr, `"${ref}" is not a property of this entity`);
    return qualify(ref);
  };
  const filters = (list: unknown[] | undefined, key: string): FilterRef[] =>
    (list ?? []).map((item, i) => {
      const o = typeof item === 'string' ? { column: item, requestParam: undefined } : (item as { column: string; requestParam?: string });
      const column = check(o.column, `/x-query/${key}/${i}`);
      const param = o.requestParam ?? (column.split('.')[1] as string);
      if ((RESERVED_PARAMS as readonly string[]).includes(param)) {
        err('ReservedFieldName', `/x-query/${key}/${i}`, `request parameter "${param}" is a paging key; give a "requestParam" with another name`);
      }
      return { column, param };
    });
  const fieldEq = filters(q.fieldEq, 'fieldEq');
  const fieldLike = filters(q.fieldLike, 'fieldLike');
  const fieldRange = filters(q.fieldRange, 'fieldRange');
  fieldRange.forEach((f, i) => {
    const [alias, name] = f.column.split('.') as [string, string];
    const field = alias === 'a' ? fields.find((x) => x.name === name) : undefined;
    if (field && !RANGE_TYPES.has(field.type)) {
      err('IncompatibleColumnType', `/x-query/fieldRange/${i}`, `"${name}" is ${field.type}; a range needs a number, decimal, date or datetime column`);
    }
  });
  // One request key, one meaning: the same parameter in two filter lists could not be told apart.
  const seen = new Map<string, string>();
  for (const [key, list] of [['fieldEq', fieldEq], ['fieldLike', fieldLike], ['fieldRange', fieldRange]] as const) {
    list.forEach((f, i) => {
      const before = seen.get(f.param);
      if (before) err('DuplicateFilter', `/x-query/${key}/${i}`, `request parameter "${f.param}" is already used by ${before}; give a "requestParam" with another name`);
      else seen.set(f.param, `/x-query/${key}/${i}`);
    });
  }
  return {
    keyWordLikeFields: ((q.keyWordLikeFields ?? []) as string[]).map((f, i) => check(f, `/x-query/keyWordLikeFields/${i}`)),
    fieldEq,
    fieldLike,
    fieldRange,
    order: ((q.order ?? []) as { column: string; direction: 'asc' | 'desc' }[]).map((o, i) => ({
      column: check(o.column, `/x-query/order/${i}/column`),
      direction: o.direction,
    })),
    join: ((q.join ?? []) as Raw[]).map((j, i) => {
      if (!names.has(j.on)) err('UnknownField', `/x-query/join/${i}/on`, `"${j.on}" is not a property of this entity`);
      // table is filled in by resolveRelations once every entity is known
      return { entity: j.entity, table: '', alias: j.alias, on: j.on, select: j.select };
    }),
  };
}

function collectIndexes(
  table: string,
  fields: FieldModel[],
  composite: Raw[],
  names: Set<string>,
  err: (code: SchemaError['code'], pointer: string, msg: string) => void,
): IndexModel[] {
  const out: IndexModel[] = [];
  for (const f of fields) {
    if (f.unique) out.push({ name: indexName(table, [f.name], true), columns: [f.name], unique: true });
    else if (f.index) out.push({ name: indexName(table, [f.name], false), columns: [f.name], unique: false });
  }
  composite.forEach((ix, i) => {
    const cols = ix.columns as string[];
    cols.forEach((c, j) => {
      if (!names.has(c)) err('UnknownField', `/x-indexes/${i}/columns/${j}`, `"${c}" is not a property of this entity`);
    });
    out.push({ name: indexName(table, cols, ix.unique === true), columns: cols, unique: ix.unique === true });
  });
  return out;
}

function checkScreen(
  screen: Raw,
  names: Set<string>,
  query: QueryModel,
  err: (code: SchemaError['code'], pointer: string, msg: string) => void,
) {
  const known = new Set([...names, ...query.join.flatMap((j) => Object.keys(j.select))]);
  const lists: [string, unknown[] | undefined][] = [
    ['columns', screen.columns],
    ['form', screen.form],
    ['search/filters', screen.search?.filters],
  ];
  for (const [key, list] of lists) {
    (list ?? []).forEach((item, i) => {
      const field = typeof item === 'string' ? item : (item as { field: string }).field;
      // A virtual item names a value of the handlers, not a property: its label and schema come with it.
      const virtual = typeof item === 'object' && item !== null && 'virtual' in item && key !== 'search/filters';
      if (!known.has(field) && !virtual) err('UnknownField', `/x-screen/${key}/${i}`, `"${field}" is not a property or join output`);
    });
  }
}

/**
 * A decimal travels as the exact string the server answers ("45.25") or as a number: both are accepted back
 * (an edit form round-trips), never rounded: more decimals than the scale or more digits than the precision
 * are refused (`x-decimal`, checked by the server's ajv keyword of that name).
 */
function decimalSchema(schema: JsonSchema, precision: number, scale: number, nullable: boolean): void {
  schema.type = nullable ? ['number', 'string', 'null'] : ['number', 'string'];
  schema.pattern = '^-?\\d+(\\.\\d+)?$';
  const bounds: JsonSchema = { precision, scale };
  if (typeof schema.minimum === 'number') bounds.minimum = schema.minimum;
  if (typeof schema.maximum === 'number') bounds.maximum = schema.maximum;
  schema['x-decimal'] = bounds;
}

/**
 * The screen block served in EPS: every listable entity has one (a bare schema still gets a generic screen),
 * with `route` (the console route and menu router of that screen) defaulting to `/<module>/<file name>`.
 */
function screenOf(screen: JsonSchema | undefined, defaultRoute: string, listable: boolean): { screen?: JsonSchema } {
  if (!screen && !listable) return {};
  const out: JsonSchema = { ...(screen ?? {}) };
  if (listable && out.route === undefined) out.route = defaultRoute;
  return { screen: out };
}
