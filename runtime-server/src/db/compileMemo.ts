import type { Knex } from 'knex';

/**
 * Knex compiles a query builder to SQL text on every run, wrapping and quoting every identifier of every clause
 * again. A read's text depends on its shape only — tables, columns, operators, how many values an IN holds — and
 * its values go to the bindings. So each SELECT's text is kept here by its shape, and a builder of a known shape
 * gets that text with its own values as bindings, without compiling.
 *
 * The shape is read from the builder's recorded statements. Every property of the builder, of its statements, of
 * its joins, subqueries and raw parts is part of it, except the values Knex binds (`where`, `in`, `between`, `like`
 * values, a raw part's bindings, the limit and a non-zero offset): anything not understood here (a callback, an
 * option, a timeout, an unknown property or class) leaves the builder to Knex's compiler. A shape's text is kept
 * only once it is proven: the builder is compiled as it is, then again with a distinct marker in place of each
 * value; the two texts must be equal, and the markers must come back as the bindings, in the order they were read
 * here. A shape that fails is remembered as such and always compiled.
 */

/** What Knex's toSQL gives for a SELECT, less its bindings and its per-run id. */
interface Kept {
  sql: string;
  method: string;
  as?: string;
}

interface Compiled {
  sql: string;
  method: string;
  bindings: readonly unknown[];
  options: Record<string, unknown>;
  timeout: unknown;
  cancelOnTimeout: unknown;
  __knexQueryUid: string;
  as?: string;
}

interface Builder {
  client: { config: object; positionBindings(sql: string): string; prepBindings(b: readonly unknown[]): unknown[] };
  _method?: string;
  toSQL(method?: string, tz?: unknown): Compiled;
  [key: string]: unknown;
}

/** Where a value was read from, so that the proof can put a marker there and the value back. */
interface Slot {
  holder: Record<string | number, unknown>;
  key: string | number;
}

/**
 * Most shapes kept per database (a shape is a list of about 100–200 tokens, most of them strings the builders share);
 * past it the memo starts afresh. Reads are made by a few code paths, so a running app holds some hundreds.
 */
export const COMPILE_MEMO_MAX = 4000;

/**
 * Per database (its Knex config, which its transactions' clients share): the kept shapes by their first-level key
 * (firstKey), each with its text or null (compile), and how many are kept in all.
 */
const memos = new WeakMap<object, { byKey: Map<string, Entry[]>; size: number }>();
const MEMO = Symbol('compileMemo');

/** Builder properties that never change the SQL text (events, build-time flags, the client, debugging). */
const BUILDER_SKIP = new Set(['_events', '_eventsCount', '_maxListeners', 'client', 'and', '_debug', '_joinFlag', '_boolFlag', '_notFlag', '_asColumnFlag']);
/** Builder properties that make the SQL text: read into the shape. Any other property leaves the builder to Knex. */
const BUILDER_READ = new Set(['_single', '_comments', '_statements', '_method']);
/** The properties of a Knex Raw; a raw part with any other is left to Knex. */
const RAW_KEYS = new Set(['_events', '_eventsCount', '_maxListeners', 'client', 'sql', 'bindings', '_wrappedBefore', '_wrappedAfter', '_debug']);
/** Statement types whose `value` Knex binds (unless it names a column: `asColumn`). */
const VALUE_TYPES = new Set(['whereBasic', 'whereLike', 'whereILike', 'onVal', 'havingBasic']);
/** Statement types whose `value` is a list of bound values. */
const LIST_TYPES = new Set(['whereIn', 'whereBetween', 'onIn', 'havingIn', 'havingBetween']);

/**
 * The parts of a SELECT in the order Knex writes them, and so binds their values (query/querycompiler.js,
 * `components`; the FROM table is written with the columns). A statement's part is its `grouping`.
 */
const PARTS = ['with', 'comments', 'columns', 'table', 'join', 'where', 'union', 'group', 'having', 'order', 'limit', 'offset'] as const;
const PART_OF: ReadonlyMap<string, number> = new Map(PARTS.map((p, i) => [p, i]));

/** Marks of structure in a shape's token list: never equal to a string, number or other literal of a builder. */
const BUILDER = Symbol('builder');
const END = Symbol('end');
const JOIN = Symbol('join');
const STATEMENT = Symbol('statement');
const ARRAY = Symbol('array');
const OBJECT = Symbol('object');
const RAW = Symbol('raw');
const OWN_RAW = Symbol('ownRaw');
const BOUND = Symbol('bound');

/**
 * Reads a builder's shape as a list of tokens: keys, literals and the marks above, each a value of its own (no
 * text is made of them). Recording, it keeps them; comparing, it checks each against a kept list and stops at the
 * first difference. Either way it collects the bound values with the part each belongs to.
 */
class Reader {
  ok = true;
  i = 0;
  readonly values: unknown[] = [];
  readonly parts: number[] = [];
  constructor(
    readonly tokens: unknown[],
    readonly recording: boolean,
    readonly slots?: Slot[],
  ) {}
  t(x: unknown): void {
    if (this.recording) this.tokens.push(x);
    else if (this.tokens[this.i++] !== x) this.ok = false;
  }
}

let uid = 0;

/** One kept shape: its tokens, and its text, or null when it could not be proven (always compiled). */
interface Entry {
  tokens: unknown[];
  kept: Kept | null;
}

/** Shapes kept per first-level key (method, FROM table, statement count), compared one by one. */
const MAX_PER_KEY = 8;

/** Turns the memo on for this Knex instance (and its transactions). */
export function memoizeCompiles(knex: Knex): void {
  const config = (knex.client as unknown as Builder['client']).config;
  if (!memos.has(config)) memos.set(config, { byKey: new Map(), size: 0 });
  const proto = Object.getPrototypeOf(knex.client.queryBuilder()) as Builder & { [MEMO]?: true };
  if (proto[MEMO]) return;
  const compile = proto.toSQL;
  proto.toSQL = function (this: Builder, method?: string, tz?: unknown): Compiled {
    const memo = memos.get(this.client.config);
    const m = method ?? this._method ?? 'select';
    if (!memo || tz !== undefined || (m !== 'select' && m !== 'first') || (this._method !== undefined && this._method !== m)) return compile.call(this, method, tz);
    const key = firstKey(this, m);
    let entries = memo.byKey.get(key);
    if (entries) {
      for (const e of entries) {
        const r = new Reader(e.tokens, false);
        if (readBuilder(this, r) && r.ok && r.i === e.tokens.length) return e.kept ? answer(this, e.kept, ordered(r)) : compile.call(this, method, tz);
      }
    }
    const r = new Reader([], true);
    if (!readBuilder(this, r)) return compile.call(this, method, tz);
    const proven = prove(this, compile, m, ordered(r));
    if (memo.size >= COMPILE_MEMO_MAX) {
      memo.byKey.clear();
      memo.size = 0;
      entries = undefined;
    }
    if (!entries) memo.byKey.set(key, (entries = []));
    if (entries.length >= MAX_PER_KEY) {
      entries.shift();
      memo.size--;
    }
    entries.push({ tokens: r.tokens, kept: proven.kept });
    memo.size++;
    return proven.compiled;
  };
  proto[MEMO] = true;
}

/** What picks the shapes a builder is compared with: its method, its FROM table and how many statements it has. */
function firstKey(b: Builder, method: string): string {
  const table = (b._single as { table?: unknown } | undefined)?.table;
  const name = typeof table === 'string' ? table : table && typeof table === 'object' && Object.getPrototypeOf(table) === Object.prototype ? Object.values(table).join(',') : '';
  return `${method}\u0001${name}\u0001${(b._statements as unknown[] | undefined)?.length ?? -1}`;
}

/** The values read, in Knex's binding order: by part, and in reading order within a part. */
function ordered(r: Reader): unknown[] {
  const { values, parts } = r;
  let sorted = true;
  for (let i = 1; i < parts.length; i++) if (parts[i]! < parts[i - 1]!) sorted = false;
  if (sorted) return values;
  const order = values.map((_, i) => i).sort((a, b) => parts[a]! - parts[b]! || a - b);
  if (r.slots) {
    const slots = order.map((i) => r.slots![i]!);
    r.slots.splice(0, r.slots.length, ...slots);
  }
  return order.map((i) => values[i]);
}

/** A compiled query as Knex's toSQL makes it, from a kept text and this builder's values. */
function answer(builder: Builder, kept: Kept, bindings: unknown[]): Compiled {
  const client = builder.client;
  const q: Compiled = { method: kept.method, options: {}, timeout: undefined, cancelOnTimeout: undefined, bindings, __knexQueryUid: `memo:${++uid}`, sql: kept.sql };
  if (kept.as !== undefined) q.as = kept.as;
  Object.defineProperty(q, 'toNative', { value: () => ({ sql: client.positionBindings(q.sql), bindings: client.prepBindings(q.bindings) }), enumerable: false });
  return q;
}

/**
 * The builder compiled as it is, and with a marker for each value read: the kept text when both texts are equal and
 * the markers are the bindings in Knex's order as read here; null otherwise.
 */
function prove(builder: Builder, compile: Builder['toSQL'], method: string, values: unknown[]): { compiled: Compiled; kept: Kept | null } {
  const compiled = compile.call(builder, method);
  const slots: Slot[] = [];
  const r = new Reader([], true, slots);
  readBuilder(builder, r);
  ordered(r);
  const markers = slots.map((_, i) => `\u0000sa-bind-${i}\u0000`);
  let marked: Compiled | undefined;
  try {
    slots.forEach((s, i) => (s.holder[s.key] = markers[i]));
    marked = compile.call(builder, method);
  } catch {
    marked = undefined;
  } finally {
    slots.forEach((s, i) => (s.holder[s.key] = values[i]));
  }
  const same =
    marked !== undefined &&
    slots.length === values.length &&
    marked.sql === compiled.sql &&
    marked.method === compiled.method &&
    marked.bindings.length === markers.length &&
    markers.every((x, i) => marked!.bindings[i] === x) &&
    compiled.bindings.length === values.length &&
    values.every((v, i) => compiled.bindings[i] === v) &&
    Object.keys(compiled).every((k) => ['method', 'options', 'timeout', 'cancelOnTimeout', 'bindings', '__knexQueryUid', 'sql', 'as'].includes(k)) &&
    Object.keys(compiled.options).length === 0 &&
    !compiled.timeout &&
    !compiled.cancelOnTimeout &&
    !compiled.sql.includes('\u0000');
  return { compiled, kept: same ? { sql: compiled.sql, method: compiled.method, ...(compiled.as !== undefined ? { as: compiled.as } : {}) } : null };
}

/** A value Knex binds as it is (anything else is read as structure, or refused). */
function bindable(v: unknown): boolean {
  const t = typeof v;
  return t === 'string' || t === 'number' || t === 'bigint' || t === 'boolean' || v instanceof Date || Buffer.isBuffer(v);
}

function isBuilder(x: object): x is Builder {
  return typeof (x as Builder).toSQL === 'function' && '_statements' in x && '_single' in x;
}

function isRaw(x: object): x is { sql: string; bindings?: unknown; _wrappedBefore?: unknown; _wrappedAfter?: unknown } {
  return (x as { constructor?: { name?: string } }).constructor?.name === 'Raw' && typeof (x as { sql?: unknown }).sql === 'string' && Object.keys(x).every((k) => RAW_KEYS.has(k));
}

/** Reads a builder; a subquery's values are bound where the subquery is written, in the part that holds it. */
function readBuilder(b: Builder, r: Reader, part?: number): boolean {
  const inner = part === undefined ? r : new Reader(r.tokens, r.recording, r.slots ? [] : undefined);
  if (inner !== r) inner.i = r.i;
  inner.t(BUILDER);
  for (const key of Object.keys(b)) {
    if (BUILDER_SKIP.has(key)) continue;
    if (!BUILDER_READ.has(key)) return false;
    inner.t(key);
    const v = b[key];
    if (key === '_single') {
      if (!readSingle(v as Record<string, unknown>, inner)) return false;
    } else if (key === '_statements') {
      for (const st of v as Record<string, unknown>[]) {
        const grouping = st && typeof st === 'object' ? (st as { grouping?: unknown }).grouping : undefined;
        const p = typeof grouping === 'string' ? PART_OF.get(grouping) : undefined;
        if (p === undefined || !readStatement(st, inner, p) || !inner.ok) return false;
      }
    } else if (!readPlain(v, inner, 0)) return false;
  }
  inner.t(END);
  if (inner !== r) {
    r.i = inner.i;
    r.ok &&= inner.ok;
    const vals = ordered(inner);
    for (let i = 0; i < vals.length; i++) {
      r.values.push(vals[i]);
      r.parts.push(part!);
      if (r.slots) r.slots.push(inner.slots![i]!);
    }
  }
  return true;
}

const LIMIT = PART_OF.get('limit')!;
const OFFSET = PART_OF.get('offset')!;
const TABLE = PART_OF.get('table')!;

/** `_single`: the table, and the limit and a non-zero offset, which are bound (a zero offset is not written). */
function readSingle(single: Record<string, unknown>, r: Reader): boolean {
  const skip = (single.skipBinding ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(single)) {
    const v = single[key];
    r.t(key);
    if (key === 'limit' && typeof v === 'number' && skip.limit !== true) bind(single, key, r, LIMIT);
    else if (key === 'offset' && typeof v === 'number' && v !== 0 && skip.offset !== true) bind(single, key, r, OFFSET);
    else if (!readPlain(v, r, key === 'table' ? TABLE : 0)) return false;
  }
  return true;
}

function readStatement(s: Record<string, unknown>, r: Reader, part: number): boolean {
  const proto = Object.getPrototypeOf(s) as { constructor?: { name?: string } } | null;
  // A join: its clauses are statements too.
  if (proto !== Object.prototype) {
    if (proto?.constructor?.name !== 'JoinClause') return false;
    r.t(JOIN);
    for (const key of Object.keys(s)) {
      if (key === 'and' || key === '_boolFlag') continue;
      r.t(key);
      if (key === 'clauses') {
        for (const c of s.clauses as Record<string, unknown>[]) if (!c || typeof c !== 'object' || Object.getPrototypeOf(c) !== Object.prototype || !readStatement(c, r, part)) return false;
      } else if (!readPlain(s[key], r, part)) return false;
    }
    r.t(END);
    return true;
  }
  const type = s.type as string | undefined;
  r.t(STATEMENT);
  for (const key of Object.keys(s)) {
    const v = s[key];
    r.t(key);
    if (key === 'value' && type !== undefined && VALUE_TYPES.has(type) && s.asColumn !== true && bindable(v)) bind(s, key, r, part);
    else if (key === 'value' && type !== undefined && LIST_TYPES.has(type) && Array.isArray(v) && !Array.isArray(s.column) && v.every(bindable)) {
      r.t(ARRAY);
      r.t(v.length);
      for (let i = 0; i < v.length; i++) bind(v as unknown as Record<number, unknown>, i, r, part);
    } else if (!readPlain(v, r, part)) return false;
  }
  r.t(END);
  return true;
}

function bind(holder: Record<string | number, unknown>, key: string | number, r: Reader, part: number): void {
  r.t(BOUND);
  r.values.push(holder[key]);
  r.parts.push(part);
  r.slots?.push({ holder, key });
}

/** Structure: literals as they are, plain objects and arrays element by element, raw parts and subqueries. */
function readPlain(v: unknown, r: Reader, part: number): boolean {
  if (v === null || v === undefined || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') r.t(v);
  else if (Array.isArray(v)) {
    r.t(ARRAY);
    r.t(v.length);
    for (const x of v) if (!readPlain(x, r, part)) return false;
  } else if (typeof v === 'object') {
    const proto = Object.getPrototypeOf(v) as object | null;
    if ((v as { isRawInstance?: unknown }).isRawInstance === true && !isRaw(v)) {
      // A raw part of our own (crud/query.ts selectOutput: a select list made once per entity): by its text.
      const made = typeof (v as { toSQL?: unknown }).toSQL === 'function' ? (v as { toSQL(): { sql?: unknown; bindings?: unknown } }).toSQL() : undefined;
      if (typeof made?.sql !== 'string' || !Array.isArray(made.bindings) || made.bindings.length) return false;
      r.t(OWN_RAW);
      r.t(made.sql);
    } else if (proto === Object.prototype || proto === null) {
      r.t(OBJECT);
      for (const key of Object.keys(v)) {
        r.t(key);
        if (!readPlain((v as Record<string, unknown>)[key], r, part)) return false;
      }
      r.t(END);
    } else if (isRaw(v)) {
      r.t(RAW);
      r.t(v.sql);
      if (!readPlain(v._wrappedBefore, r, part) || !readPlain(v._wrappedAfter, r, part)) return false;
      const bindings = v.bindings;
      if (Array.isArray(bindings)) {
        r.t(ARRAY);
        r.t(bindings.length);
        for (let i = 0; i < bindings.length; i++) {
          if (!bindable(bindings[i])) return false;
          bind(bindings as unknown as Record<number, unknown>, i, r, part);
        }
      } else if (bindings !== undefined) return false;
    } else if (isBuilder(v)) {
      if (!readBuilder(v, r, part)) return false;
    } else return false;
  } else return false;
  return r.ok;
}
