/**
 * The compact field notation of `npm run create` and `createCode`:
 * `title!:string:50 price:decimal:10,2 status:dict:status categoryId:ref:demo/goods`
 * — `name[!]:type[:argument]`, `!` = required.
 */

export const FIELD_KINDS = ['string', 'text', 'int', 'bigint', 'decimal', 'number', 'bool', 'date', 'datetime', 'json', 'dict', 'ref'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

const ALIASES: Record<string, FieldKind> = {
  str: 'string',
  varchar: 'string',
  integer: 'int',
  long: 'bigint',
  double: 'number',
  float: 'number',
  boolean: 'bool',
  longtext: 'text',
};

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  required: boolean;
  /** varchar length (string). */
  length?: number;
  precision?: number;
  scale?: number;
  /** Dictionary type key (dict). */
  dict?: string;
  /** `$id` of the referenced entity (ref). */
  ref?: string;
}

export type FieldSpecProblem = 'badName' | 'unknownType' | 'badArg' | 'reserved' | 'duplicate' | 'empty';

/** A token that could not be read; `problem` picks the translated message. */
export class FieldSpecError extends Error {
  constructor(
    readonly problem: FieldSpecProblem,
    readonly token: string,
  ) {
    super(`${problem}: ${token.slice(0, 80)}`);
    this.name = 'FieldSpecError';
  }
}

const FIELD_NAME = /^[a-z][A-Za-z0-9]{0,63}$/;
const RESERVED = new Set(['id', 'createTime', 'updateTime', 'tenantId']);
const DICT_KEY = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const ENTITY_ID = /^[a-z][a-z0-9]*(\/[a-z][A-Za-z0-9]*)+$/;

/** Parses the whole notation; the first bad token throws FieldSpecError. */
export function parseFieldSpecs(text: string): FieldSpec[] {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  if (!tokens.length) throw new FieldSpecError('empty', text);
  return checkUnique(tokens.map(parseToken));
}

export function parseToken(token: string): FieldSpec {
  const [rawName = '', rawType = 'string', ...rest] = token.split(':');
  const arg = rest.join(':');
  const required = rawName.endsWith('!');
  const name = required ? rawName.slice(0, -1) : rawName;
  if (!FIELD_NAME.test(name)) throw new FieldSpecError('badName', token);
  if (RESERVED.has(name)) throw new FieldSpecError('reserved', token);
  const lower = rawType.toLowerCase();
  const kind = (FIELD_KINDS as readonly string[]).includes(lower) ? (lower as FieldKind) : ALIASES[lower];
  if (!kind) throw new FieldSpecError('unknownType', token);
  const spec: FieldSpec = { name, kind, required };
  switch (kind) {
    case 'string': {
      if (!arg) break;
      const n = Number(arg);
      if (!/^\d+$/.test(arg) || n < 1 || n > 16000) throw new FieldSpecError('badArg', token);
      spec.length = n;
      break;
    }
    case 'decimal': {
      if (!arg) break;
      const m = /^(\d{1,2})(?:,(\d{1,2}))?$/.exec(arg);
      const precision = Number(m?.[1]);
      const scale = m?.[2] === undefined ? 2 : Number(m[2]);
      if (!m || precision < 1 || precision > 65 || scale > 30 || scale > precision) throw new FieldSpecError('badArg', token);
      spec.precision = precision;
      spec.scale = scale;
      break;
    }
    case 'dict':
      if (!DICT_KEY.test(arg)) throw new FieldSpecError('badArg', token);
      spec.dict = arg;
      break;
    case 'ref':
      if (!ENTITY_ID.test(arg)) throw new FieldSpecError('badArg', token);
      spec.ref = arg;
      break;
    default:
      if (arg) throw new FieldSpecError('badArg', token);
  }
  return spec;
}

/** Structured specs (the JSON form of `createCode`) go through the same checks as the text form. */
export function checkFieldSpecs(specs: FieldSpec[]): FieldSpec[] {
  if (!specs.length) throw new FieldSpecError('empty', '');
  return checkUnique(
    specs.map((s) => {
      const arg = s.kind === 'string' ? s.length : s.kind === 'decimal' ? (s.precision !== undefined ? `${s.precision},${s.scale ?? 2}` : undefined) : s.kind === 'dict' ? s.dict : s.kind === 'ref' ? s.ref : undefined;
      return parseToken(`${s.name}${s.required ? '!' : ''}:${s.kind}${arg !== undefined ? `:${arg}` : ''}`);
    }),
  );
}

function checkUnique(specs: FieldSpec[]): FieldSpec[] {
  const seen = new Set<string>();
  for (const s of specs) {
    if (seen.has(s.name)) throw new FieldSpecError('duplicate', s.name);
    seen.add(s.name);
  }
  return specs;
}
