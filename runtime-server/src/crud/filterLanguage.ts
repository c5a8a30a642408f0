import type { Knex } from 'knex';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import type { FieldModel } from '@schema-admin/generator';
import type { Locale } from '@schema-admin/generator';
import { ValidationError } from '../core/errors.js';
import { t } from '../core/i18n.js';
import { assertValid } from '../core/validator.js';
import type { FieldLabels } from '../core/validator.js';
import type { OutputColumn } from './outputColumn.js';
import { escapeLike, whereLike } from '../db/like.js';

/**
 * The advanced filter language of page/list/export (`where` in the request body): nested and/or groups of
 * `{ field, op, value }` conditions on an entity's output columns. Every field and operator is checked against
 * the schema and every value is validated like the field, then compiled to bound SQL (never concatenated).
 *
 *   { "and": [ { "field": "price", "op": "gte", "value": 10 },
 *              { "or": [ { "field": "title", "op": "contains", "value": "tea" },
 *                        { "field": "type", "op": "in", "value": [1, 2] } ] } ] }
 */
export type WhereNode = { and: WhereNode[] } | { or: WhereNode[] } | { field: string; op: WhereOp; value?: unknown };

export const WHERE_OPS = ['eq', 'ne', 'in', 'contains', 'startsWith', 'between', 'gt', 'gte', 'lt', 'lte', 'isEmpty'] as const;
export type WhereOp = (typeof WHERE_OPS)[number];

/** Bounds of one `where`: nesting and conditions (a saved view is a few; this keeps a request cheap). */
export const WHERE_MAX_DEPTH = 5;
export const WHERE_MAX_CONDITIONS = 50;
export const WHERE_MAX_LIST = 200;

export interface WhereField {
  name: string;
  /** Qualified column (`a.title`, `b.name`), from the entity's own output list only. */
  column: string;
  field: FieldModel;
  ops: readonly WhereOp[];
  /** Validates `{ [name]: value }` with the field's filter rules (messages name the field). */
  validate: ValidateFunction;
}

const TEXT_TYPES = new Set(['string', 'text', 'longtext']);
const ORDERED_TYPES = new Set(['integer', 'bigint', 'double', 'decimal', 'date', 'datetime']);

/** The operators a field takes, by its type: labelled values compare by equality, text by pattern, numbers and times by order. */
export function opsFor(field: FieldModel): readonly WhereOp[] {
  if (field.secret) return [];
  if (field.type === 'json') return ['isEmpty'];
  if (field.type === 'boolean') return ['eq', 'ne', 'isEmpty'];
  if (field.dict || field.options?.length) return ['eq', 'ne', 'in', 'isEmpty'];
  if (TEXT_TYPES.has(field.type)) return field.type === 'string' ? ['eq', 'ne', 'in', 'contains', 'startsWith', 'isEmpty'] : ['contains', 'startsWith', 'isEmpty'];
  if (ORDERED_TYPES.has(field.type)) return ['eq', 'ne', 'in', 'between', 'gt', 'gte', 'lt', 'lte', 'isEmpty'];
  return ['eq', 'ne', 'isEmpty'];
}

/** One entry per output column that takes an operator (built once per entity). */
export function whereFieldsOf(output: OutputColumn[], ajv: Ajv2020, scalar: (f: FieldModel) => Record<string, unknown>): Map<string, WhereField> {
  const out = new Map<string, WhereField>();
  for (const o of output) {
    const ops = opsFor(o.field);
    if (!ops.length) continue;
    // Compiled on first use, like the entity's other validators: a start compiles nothing it may never need.
    let compiled: ValidateFunction | undefined;
    const schema = { type: 'object', properties: { [o.name]: scalar(o.field) } };
    const validate = ((data: unknown) => {
      compiled ??= ajv.compile(schema);
      const ok = compiled(data);
      validate.errors = compiled.errors;
      return ok;
    }) as ValidateFunction;
    out.set(o.name, { name: o.name, column: o.column, field: o.field, ops, validate });
  }
  return out;
}


type Reason = 'object' | 'depth' | 'group' | 'count' | 'shape' | 'isEmpty' | 'in' | 'between' | 'text' | 'value';
const REASONS: Record<Reason, Record<Locale, string>> = {
  object: { 'zh-cn': '条件必须是对象', 'zh-tw': '條件必須是物件', en: 'a condition must be an object' },
  depth: { 'zh-cn': `分组最多 ${WHERE_MAX_DEPTH} 层`, 'zh-tw': `群組最多 ${WHERE_MAX_DEPTH} 層`, en: `at most ${WHERE_MAX_DEPTH} levels of groups` },
  group: { 'zh-cn': '分组写作 { "and": [...] } 或 { "or": [...] }', 'zh-tw': '群組寫作 { "and": [...] } 或 { "or": [...] }', en: 'a group is { "and": [...] } or { "or": [...] }' },
  count: { 'zh-cn': `条件与分组合计最多 ${WHERE_MAX_CONDITIONS} 个`, 'zh-tw': `條件與群組合計最多 ${WHERE_MAX_CONDITIONS} 個`, en: `at most ${WHERE_MAX_CONDITIONS} conditions and groups in all` },
  shape: { 'zh-cn': '条件写作 { "field", "op", "value" }', 'zh-tw': '條件寫作 { "field", "op", "value" }', en: 'a condition is { "field", "op", "value" }' },
  isEmpty: { 'zh-cn': '{field}：「为空」取 true 或 false', 'zh-tw': '{field}：「為空」取 true 或 false', en: '{field}: isEmpty takes true or false' },
  in: { 'zh-cn': `{field}：「属于」取 1 到 ${WHERE_MAX_LIST} 个值的列表`, 'zh-tw': `{field}：「屬於」取 1 到 ${WHERE_MAX_LIST} 個值的列表`, en: `{field}: in takes a list of 1 to ${WHERE_MAX_LIST} values` },
  between: { 'zh-cn': '{field}：「介于」取 [起, 止]', 'zh-tw': '{field}：「介於」取 [起, 迄]', en: '{field}: between takes [from, to]' },
  text: { 'zh-cn': '{field}：需要一段文字', 'zh-tw': '{field}：需要一段文字', en: '{field}: takes a text' },
  value: { 'zh-cn': '{field}：需要一个值', 'zh-tw': '{field}：需要一個值', en: '{field}: takes a value' },
};

function bad(reason: Reason, field = ''): never {
  const text = Object.fromEntries(
    (Object.keys(REASONS[reason]) as Locale[]).map((l) => [l, t(l, 'error.where', { reason: REASONS[reason][l].replace('{field}', field) })]),
  );
  throw new ValidationError('error.where', { reason }, text);
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Checks a `where` tree and adds it to `qb` as one bound, parenthesised condition. Throws 1002 naming the
 * unknown field, the refused operator or the bad value; nothing reaches the database before the whole tree passed.
 */
export function applyWhere(qb: Knex.QueryBuilder, fields: Map<string, WhereField>, labels: FieldLabels, where: unknown): void {
  if (where === undefined || where === null) return;
  let count = 0;
  const check = (node: unknown, depth: number): void => {
    if (!isObj(node)) bad('object');
    if (depth > WHERE_MAX_DEPTH) bad('depth');
    const keys = Object.keys(node);
    if ('and' in node || 'or' in node) {
      const list = node.and ?? node.or;
      if (keys.length !== 1 || !Array.isArray(list)) bad('group');
      // A group counts like a condition: a thousand empty groups would otherwise make megabytes of SQL (issue 34).
      if (depth > 0 && ++count > WHERE_MAX_CONDITIONS) bad('count');
      for (const c of list) check(c, depth + 1);
      return;
    }
    if (++count > WHERE_MAX_CONDITIONS) bad('count');
    if (keys.some((k) => k !== 'field' && k !== 'op' && k !== 'value')) bad('shape');
    const name = typeof node.field === 'string' ? node.field : '';
    const f = fields.get(name);
    if (!f) throw new ValidationError('error.whereField', { field: name.slice(0, 60) });
    const op = node.op as WhereOp;
    if (!f.ops.includes(op)) throw new ValidationError('error.whereOp', { op: String(node.op).slice(0, 20), field: name, allowed: f.ops.join(', ') });
    checkValue(f, op, node.value, labels);
  };
  check(where, 0);
  qb.where((w) => build(w, where as WhereNode, fields));
}

function checkValue(f: WhereField, op: WhereOp, value: unknown, labels: FieldLabels): void {
  const one = (v: unknown) => assertValid(f.validate, { [f.name]: v }, labels);
  switch (op) {
    case 'isEmpty':
      if (typeof value !== 'boolean') bad('isEmpty', f.name);
      return;
    case 'in':
      if (!Array.isArray(value) || !value.length || value.length > WHERE_MAX_LIST) bad('in', f.name);
      value.forEach(one);
      return;
    case 'between':
      if (!Array.isArray(value) || value.length !== 2 || value.some((v) => v === null)) bad('between', f.name);
      value.forEach(one);
      return;
    case 'contains':
    case 'startsWith':
      if (typeof value !== 'string' || !value.length) bad('text', f.name);
      one(value);
      return;
    case 'eq':
    case 'ne':
      one(value ?? null);
      return;
    default:
      if (value === null || value === undefined) bad('value', f.name);
      one(value);
  }
}

/** A value as the column compares it: booleans as 1/0, decimals as exact strings. */
function param(f: FieldModel, v: unknown): Knex.Value {
  if (f.type === 'boolean' && typeof v === 'boolean') return v ? 1 : 0;
  if (f.type === 'decimal' && typeof v === 'number') return v.toFixed(f.scale ?? 2);
  return v as Knex.Value;
}

function build(qb: Knex.QueryBuilder, node: WhereNode, fields: Map<string, WhereField>): void {
  if ('and' in node || 'or' in node) {
    const or = 'or' in node;
    const list = ('and' in node ? node.and : node.or) ?? [];
    // An empty group filters nothing (and) or matches nothing (or), as in logic.
    if (!list.length) {
      if (or) qb.whereRaw('1 = 0');
      return;
    }
    for (const c of list) {
      if (or) qb.orWhere((w) => build(w, c, fields));
      else qb.andWhere((w) => build(w, c, fields));
    }
    return;
  }
  const f = fields.get(node.field)!;
  const col = f.column;
  const v = node.value;
  switch (node.op) {
    case 'eq':
      if (v === null || v === undefined) qb.whereNull(col);
      else qb.where(col, param(f.field, v));
      return;
    case 'ne':
      // "Not X" keeps the rows without a value, as a user reads it.
      if (v === null || v === undefined) qb.whereNotNull(col);
      else qb.where((w) => w.where(col, '<>', param(f.field, v)).orWhereNull(col));
      return;
    case 'in':
      qb.whereIn(col, (v as unknown[]).map((x) => param(f.field, x)));
      return;
    case 'contains':
      whereLike(qb, col, `%${escapeLike(String(v))}%`);
      return;
    case 'startsWith':
      whereLike(qb, col, `${escapeLike(String(v))}%`);
      return;
    case 'between': {
      const [from, to] = v as unknown[];
      qb.where(col, '>=', param(f.field, from)).where(col, '<=', param(f.field, to));
      return;
    }
    case 'gt':
      qb.where(col, '>', param(f.field, v));
      return;
    case 'gte':
      qb.where(col, '>=', param(f.field, v));
      return;
    case 'lt':
      qb.where(col, '<', param(f.field, v));
      return;
    case 'lte':
      qb.where(col, '<=', param(f.field, v));
      return;
    case 'isEmpty': {
      const text = TEXT_TYPES.has(f.field.type);
      if (v) qb.where((w) => (text ? w.whereNull(col).orWhere(col, '') : w.whereNull(col)));
      else qb.whereNotNull(col).modify((w) => (text ? w.whereNot(col, '') : w));
      return;
    }
  }
}
