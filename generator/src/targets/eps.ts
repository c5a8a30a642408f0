/**
 * EPS metadata (`data` of GET /admin/base/open/eps): the 7.x shape of docs/reference/api-contract.md §3.1, plus the
 * backward-compatible 8.x-style additions of docs/reference/api-contract.md §9 (`label`, `pageQueryOp`, `search`, `screen`,
 * per-column `defaultValue`/`dict`/`labels`, per-api `labels`). Secret columns are never listed.
 */
import type { EntityModel, FieldModel, FieldType, JsonSchema, Labels, Model } from '../model.js';
import type { GeneratedFile } from './generatedFile.js';
import { jsonContent } from './generatedFile.js';

/** EPS column `type` of each storage type (a new FieldType fails type-checking here). */
const COLUMN_TYPE: Record<FieldType, string> = {
  string: 'string',
  text: 'text',
  longtext: 'longtext',
  integer: 'number',
  bigint: 'bigint',
  double: 'number',
  decimal: 'decimal',
  boolean: 'boolean',
  json: 'json',
  datetime: 'datetime',
  date: 'date',
};

export interface EpsDictOption {
  value: string | number | boolean;
  label: string;
  labels: Labels;
  color?: string;
}

export interface EpsColumn {
  propertyName: string;
  type: string;
  length: string;
  comment: string;
  nullable: boolean;
  defaultValue: unknown;
  /** Inline options, or the dictionary type key. */
  dict?: EpsDictOption[] | string;
  labels: Labels;
}

export interface EpsApi {
  method: 'get' | 'post';
  path: string;
  summary: string;
  dts: Record<string, never>;
  tag: '';
  prefix: string;
  ignoreToken: boolean;
  labels: Labels;
}

export interface EpsSearchField {
  propertyName: string;
  comment: string;
  labels: Labels;
  dict?: EpsDictOption[] | string;
}

export interface EpsEntry {
  module: string;
  info: { type: { name: string; description: string } };
  api: EpsApi[];
  name?: string;
  columns: EpsColumn[];
  prefix: string;
  label: Labels;
  pageQueryOp?: { keyWordLikeFields: string[]; fieldEq: string[]; fieldLike: string[] };
  search?: { keyWordLikeFields: EpsSearchField[]; fieldEq: EpsSearchField[]; fieldLike: EpsSearchField[]; fieldRange: EpsSearchField[] };
  screen?: JsonSchema;
}

export type Eps = Record<string, EpsEntry[]>;

/** Builds the EPS object (exported for the server and tests; `generateEps` serialises it). */
export function buildEps(model: Model): Eps {
  const byId = new Map(model.entities.map((e) => [e.id, e]));
  const groups = new Map<string, EpsEntry[]>();
  for (const entity of model.entities) {
    // An entity without routes (sessions, captchas, configuration, login counters, link tables) is internal:
    // public metadata would only tell an outsider what it holds.
    if (!entity.actions.length) continue;
    const list = groups.get(entity.module) ?? [];
    list.push(epsEntry(entity, byId));
    groups.set(entity.module, list);
  }
  const eps: Eps = {};
  for (const module of [...groups.keys()].sort()) eps[module] = groups.get(module)!;
  return eps;
}

export function generateEps(model: Model): GeneratedFile {
  return { path: 'eps.json', content: jsonContent(buildEps(model)) };
}

function epsEntry(entity: EntityModel, byId: Map<string, EntityModel>): EpsEntry {
  const entry: EpsEntry = {
    module: entity.module,
    info: { type: { name: entity.prefix.split('/').pop() ?? '', description: entity.description ?? '' } },
    api: entity.actions.map((a) => ({
      method: a.method,
      path: a.path,
      summary: a.summary['zh-cn'],
      dts: {},
      tag: '',
      prefix: entity.prefix,
      ignoreToken: a.auth === 'open',
      labels: a.summary,
    })),
    ...(entity.name !== undefined ? { name: entity.name } : {}),
    columns: epsColumns(entity.fields),
    prefix: entity.prefix,
    label: entity.label,
  };
  if (entity.table) {
    const q = entity.query;
    entry.pageQueryOp = {
      keyWordLikeFields: [...q.keyWordLikeFields],
      fieldEq: q.fieldEq.map((f) => f.column),
      fieldLike: q.fieldLike.map((f) => f.column),
    };
    entry.search = epsSearch(entity, byId);
  }
  if (entity.screen) entry.screen = entity.screen;
  return entry;
}

/**
 * An entity's EPS `search` block (keyword fields and filters with their labels); `base/comm/schema` answers the
 * same block, so the console reads one answer per entity.
 */
export function epsSearch(entity: EntityModel, byId: Map<string, EntityModel>): NonNullable<EpsEntry['search']> {
  const q = entity.query;
  return {
    keyWordLikeFields: q.keyWordLikeFields.map((column) => {
      const { outputName, field } = resolveColumn(entity, column, byId);
      const labels = field?.label ?? sameLabels(outputName);
      return { propertyName: outputName, comment: labels['zh-cn'], labels };
    }),
    fieldEq: q.fieldEq.map((f) => searchFilter(entity, f.column, f.param, byId)),
    fieldLike: q.fieldLike.map((f) => searchFilter(entity, f.column, f.param, byId)),
    // Ours only (pageQueryOp keeps the reference's three lists): the console draws range pickers from it.
    fieldRange: q.fieldRange.map((f) => searchFilter(entity, f.column, f.param, byId)),
  };
}

function epsColumns(fields: FieldModel[]): EpsColumn[] {
  const visible = fields.filter((f) => !f.secret);
  const isTime = (f: FieldModel) => f.name === 'createTime' || f.name === 'updateTime';
  return [...visible.filter((f) => !isTime(f)), ...visible.filter(isTime)].map((f): EpsColumn => {
    const dict = fieldDict(f);
    return {
      propertyName: f.name,
      type: COLUMN_TYPE[f.type],
      length: f.type === 'string' && f.length !== undefined ? String(f.length) : '',
      comment: f.label['zh-cn'],
      nullable: f.nullable,
      defaultValue: f.default === undefined ? null : f.default,
      ...(dict !== undefined ? { dict } : {}),
      labels: f.label,
    };
  });
}

function fieldDict(f: FieldModel): EpsDictOption[] | string | undefined {
  if (f.options) {
    return f.options.map((o) => ({
      value: o.value,
      label: o.label['zh-cn'],
      labels: o.label,
      ...(o.color !== undefined ? { color: o.color } : {}),
    }));
  }
  return f.dict;
}

function searchFilter(entity: EntityModel, column: string, param: string, byId: Map<string, EntityModel>): EpsSearchField {
  const { field } = resolveColumn(entity, column, byId);
  const labels = field?.label ?? sameLabels(param);
  const out: EpsSearchField = { propertyName: param, comment: labels['zh-cn'], labels };
  const dict = field ? fieldDict(field) : undefined;
  if (dict !== undefined) out.dict = dict;
  return out;
}

/**
 * `a.x` → this entity's field x; `b.x` → the joined entity's field x, shown under the join output
 * that selects it (or `x` when no output selects it).
 */
function resolveColumn(
  entity: EntityModel,
  column: string,
  byId: Map<string, EntityModel>,
): { outputName: string; field: FieldModel | undefined } {
  const dot = column.indexOf('.');
  const alias = dot < 0 ? 'a' : column.slice(0, dot);
  const name = dot < 0 ? column : column.slice(dot + 1);
  if (alias === 'a') return { outputName: name, field: entity.fields.find((f) => f.name === name) };
  const join = entity.query.join.find((j) => j.alias === alias);
  const output = join ? Object.entries(join.select).find(([, col]) => col === name)?.[0] : undefined;
  const target = join ? byId.get(join.entity) : undefined;
  const field = target?.fields.find((f) => f.name === name && !f.secret);
  return { outputName: output ?? name, field };
}

function sameLabels(text: string): Labels {
  return { 'zh-cn': text, 'zh-tw': text, en: text };
}
