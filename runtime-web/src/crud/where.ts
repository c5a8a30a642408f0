/**
 * The advanced filter of a generic screen, headless: the `where` tree the server's filter language takes
 * (runtime-server/src/crud/filterLanguage.ts), the operators each field offers (the server's rule, by type),
 * and the clean-up that drops unfinished conditions before a request.
 */
import type { ColumnModel } from './model';
import type { FieldMeta } from './types';

export type WhereOp = 'eq' | 'ne' | 'in' | 'contains' | 'startsWith' | 'between' | 'gt' | 'gte' | 'lt' | 'lte' | 'isEmpty';
export interface WhereCondition {
  field: string;
  op: WhereOp;
  value?: unknown;
}
export type WhereGroup = { and: WhereNode[] } | { or: WhereNode[] };
export type WhereNode = WhereGroup | WhereCondition;

export const isGroup = (n: WhereNode): n is WhereGroup => 'and' in n || 'or' in n;
export const groupKind = (g: WhereGroup): 'and' | 'or' => ('or' in g ? 'or' : 'and');
export const children = (g: WhereGroup): WhereNode[] => ('or' in g ? g.or : g.and);
export const makeGroup = (kind: 'and' | 'or', list: WhereNode[]): WhereGroup => (kind === 'or' ? { or: list } : { and: list });

/** The UI nests groups this deep (the server allows 5). */
export const MAX_UI_DEPTH = 3;

const TEXT = new Set(['string', 'text', 'longtext']);
const ORDERED = new Set(['integer', 'bigint', 'number', 'double', 'decimal', 'date', 'datetime']);

/** Operators of a field, as the server allows them (runtime-server/src/crud/filterLanguage.ts opsFor). */
export function opsFor(f: FieldMeta): WhereOp[] {
  if (f.secret) return [];
  if (f.type === 'json') return ['isEmpty'];
  if (f.type === 'boolean') return ['eq', 'ne', 'isEmpty'];
  if (f.dict || f.options?.length) return ['eq', 'ne', 'in', 'isEmpty'];
  if (TEXT.has(f.type)) return f.type === 'string' ? ['eq', 'ne', 'in', 'contains', 'startsWith', 'isEmpty'] : ['contains', 'startsWith', 'isEmpty'];
  if (ORDERED.has(f.type)) return ['eq', 'ne', 'in', 'between', 'gt', 'gte', 'lt', 'lte', 'isEmpty'];
  return ['eq', 'ne', 'isEmpty'];
}

export interface WhereFieldChoice {
  key: string;
  column: ColumnModel;
  field: FieldMeta;
  ops: WhereOp[];
}

/** The screen's columns the builder offers: data columns whose field takes an operator. */
export function whereFields(columns: readonly ColumnModel[]): WhereFieldChoice[] {
  const out: WhereFieldChoice[] = [];
  for (const c of columns) {
    if (!c.field) continue;
    const ops = opsFor(c.field);
    if (ops.length) out.push({ key: c.key, column: c, field: c.field, ops });
  }
  return out;
}

/** A first operator that reads naturally for the field. */
export function defaultOp(ops: readonly WhereOp[]): WhereOp {
  return ops.includes('contains') ? 'contains' : ops.includes('eq') ? 'eq' : ops[0]!;
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** Is a condition complete enough to send? */
export function complete(c: WhereCondition): boolean {
  switch (c.op) {
    case 'isEmpty':
      return typeof c.value === 'boolean';
    case 'in':
      return Array.isArray(c.value) && c.value.length > 0;
    case 'between':
      return Array.isArray(c.value) && c.value.length === 2 && !c.value.some(blank);
    default:
      return !blank(c.value);
  }
}

/** The tree without unfinished conditions and empty groups; undefined when nothing is left. */
export function cleanWhere(node: WhereNode | undefined): WhereNode | undefined {
  if (!node) return undefined;
  if (!isGroup(node)) return complete(node) ? node : undefined;
  const list = children(node).map(cleanWhere).filter((n): n is WhereNode => !!n);
  if (!list.length) return undefined;
  return makeGroup(groupKind(node), list);
}

export function countConditions(node: WhereNode | undefined): number {
  if (!node) return 0;
  return isGroup(node) ? children(node).reduce((n, c) => n + countConditions(c), 0) : 1;
}

/** Parses a `where` kept in the URL; anything malformed is dropped (the server checks the rest). */
export function parseWhere(text: string | null): WhereNode | undefined {
  if (!text) return undefined;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as WhereNode) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps only conditions on fields in `allowed` (a saved view after a schema change or for a viewer who may not
 * see a column); returns the names it dropped so the screen can say so.
 */
export function restrictWhere(node: WhereNode | undefined, allowed: ReadonlySet<string>): { where: WhereNode | undefined; dropped: string[] } {
  const dropped: string[] = [];
  const walk = (n: WhereNode): WhereNode | undefined => {
    if (!isGroup(n)) {
      if (allowed.has(n.field)) return n;
      dropped.push(n.field);
      return undefined;
    }
    const list = children(n).map(walk).filter((x): x is WhereNode => !!x);
    return list.length ? makeGroup(groupKind(n), list) : undefined;
  };
  return { where: node ? walk(node) : undefined, dropped };
}
