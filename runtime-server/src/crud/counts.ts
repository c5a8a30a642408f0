import type { Knex } from 'knex';
import { bumpConfEpoch, EpochWatch } from '../db/confEpoch.js';
import { dialectOfKnex } from '../db/createDb.js';
import type { CountOptions } from '../config.js';
import { AppError } from '../core/errors.js';
import { countWithoutDeadline } from './countReads.js';

/** A page's total: exact, or (above the limit) an approximation never below the rows known to exist. */
export interface PageTotal {
  total: number;
  exact: boolean;
}

interface Entry {
  total: number;
  gen: number;
  at: number;
}

interface EntityCounts {
  watch: EpochWatch;
  /** Moves when the entity's shared epoch moves: entries of an older generation are only estimates. */
  gen: number;
  values: Map<string, Entry>;
}

/** Most (filter) keys kept per entity; beyond it the entity's entries start afresh. */
const MAX_KEYS = 500;
/** Background counts waiting per instance; more are dropped (the next request asks again). */
const MAX_QUEUE = 20;
/** A stale count still serves as the estimate (marked approximate) this long. */
const STALE_MS = 10 * 60_000;

/**
 * Totals of large filtered sets, per instance, per entity and per full WHERE clause (tenant, data scope,
 * visibility and every filter are in the key: the SQL text and its bindings). An entry is valid while the
 * entity's shared epoch (`epoch:count:<entity>` in base_sys_conf, bumped by `services.caches.changed` after every
 * write through the app: routes, bulk edit, import, restore) has not moved, so several instances act as one.
 * Counts run in the background, one at a time per instance and at most every `recountMs` per key; the page
 * answers at once with what is known. Totals above the limit are always marked approximate, even when they
 * come from a count: a write behind the app's back (SQL, a plugin) moves no epoch.
 */
export class CountCache {
  readonly exactLimit: number;
  private readonly recountMs: number;
  private readonly ttlMs: number;
  private readonly maxAgeMs: number;
  private readonly entities = new Map<string, EntityCounts>();
  /** Keys whose bounded count ran past the statement limit, by generation: not counted again for a while. */
  private readonly cut = new Map<string, { gen: number; at: number }>();
  /** Keys whose bounded count found more than the limit, by generation: not bounded-counted again for a while. */
  private readonly above = new Map<string, { gen: number; at: number }>();
  /** Keys whose count found at most the limit, by generation: counted again by a plain COUNT(*) (countForTotal). */
  private readonly within = new Map<string, { gen: number; at: number }>();
  /**
   * Keys whose first page held every match (the page proved its total), by generation: their next first pages begin
   * no count beside their rows (beginBoundedCount), which would only be thrown away. A page that then holds more
   * (rows written behind the app's back) forgets the mark and counts after its rows.
   */
  private readonly proven = new Map<string, { gen: number; at: number }>();
  /** When each key may be counted in the background again. */
  private readonly notBefore = new Map<string, number>();
  private readonly queue: { id: string; run: () => Promise<void> }[] = [];
  private readonly queued = new Set<string>();
  private running: Promise<void> | undefined;

  constructor(
    private readonly knex: Knex,
    options: CountOptions,
  ) {
    this.exactLimit = options.exactLimit;
    this.recountMs = options.recountMs ?? 10_000;
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxAgeMs = options.maxAgeMs ?? 1000;
  }

  /** After a write to the entity (any path): every instance's counts of it become estimates. */
  bump(entityId: string, knex: Knex | Knex.Transaction = this.knex): Promise<void> {
    return bumpConfEpoch(knex, epochKey(entityId));
  }

  private of(entityId: string): EntityCounts {
    let e = this.entities.get(entityId);
    if (!e) {
      const created: EntityCounts = {
        gen: 0,
        values: new Map(),
        watch: new EpochWatch(this.knex, epochKey(entityId), this.maxAgeMs, () => {
          created.gen++;
        }),
      };
      this.entities.set(entityId, (e = created));
    }
    return e;
  }

  /** What is known of `key`'s total: a count valid under the current epoch, or a stale one (an estimate). */
  async lookup(entityId: string, key: string): Promise<{ valid?: number; stale?: number; gen: number }> {
    const e = this.of(entityId);
    const check = e.watch.check();
    if (check) await check;
    const hit = e.values.get(key);
    const t = Date.now();
    if (!hit) return { gen: e.gen };
    if (hit.gen === e.gen && t - hit.at < this.ttlMs) return { valid: hit.total, gen: e.gen };
    if (t - hit.at < STALE_MS) return { stale: hit.total, gen: e.gen };
    return { gen: e.gen };
  }

  /**
   * Whether `key`'s bounded count was cut by the statement limit under generation `gen` within `ttlMs`: its next
   * pages answer without it (each would wait the whole limit again, and be cut again).
   */
  wasCut(entityId: string, key: string, gen: number): boolean {
    return this.marked(this.cut, entityId, key, gen);
  }

  markCut(entityId: string, key: string, gen: number): void {
    this.mark(this.cut, entityId, key, gen);
  }

  /**
   * Whether a bounded count of `key` found more than the limit under generation `gen` within `ttlMs`: the next
   * pages skip it (the total is marked approximate either way). Without it a filter no index serves read limit + 1
   * matches on every request while its full count, too long for the statement limit, never landed: 3.2 s a page
   * of a keyword over 10 M request-log rows (docs/benchmark.md). A write through the app moves `gen` and counts again.
   */
  wasAbove(entityId: string, key: string, gen: number): boolean {
    return this.marked(this.above, entityId, key, gen);
  }

  markAbove(entityId: string, key: string, gen: number): void {
    this.mark(this.above, entityId, key, gen);
  }

  /**
   * Whether a count of `key` under generation `gen` found at most the limit within `ttlMs`: the next exact total is a
   * plain COUNT(*), not a bounded one (countForTotal). A write through the app moves `gen` and bounds it again.
   */
  wasWithin(entityId: string, key: string, gen: number): boolean {
    return this.marked(this.within, entityId, key, gen);
  }

  markWithin(entityId: string, key: string, gen: number): void {
    this.mark(this.within, entityId, key, gen);
  }

  /** Whether the first page of `key` under generation `gen` proved its total within `ttlMs`. */
  wasProven(entityId: string, key: string, gen: number): boolean {
    return this.marked(this.proven, entityId, key, gen);
  }

  markProven(entityId: string, key: string, gen: number): void {
    this.mark(this.proven, entityId, key, gen);
  }

  forgetProven(entityId: string, key: string): void {
    this.proven.delete(`${entityId}\n${key}`);
  }

  private marked(map: Map<string, { gen: number; at: number }>, entityId: string, key: string, gen: number): boolean {
    const hit = map.get(`${entityId}\n${key}`);
    return !!hit && hit.gen === gen && Date.now() - hit.at < this.ttlMs;
  }

  private mark(map: Map<string, { gen: number; at: number }>, entityId: string, key: string, gen: number): void {
    if (map.size >= MAX_KEYS) map.clear();
    map.set(`${entityId}\n${key}`, { gen, at: Date.now() });
  }

  /**
   * Counts `key` in the background (deduplicated, one at a time, at most every `recountMs`); kept if no write moved
   * the epoch meanwhile. A count the statement limit cut is not tried again for `ttlMs`: it would only be cut again,
   * holding a connection for the whole limit every `recountMs`.
   */
  recount(entityId: string, key: string, gen: number, count: () => Promise<number>): void {
    const id = `${entityId}\n${key}`;
    if (this.queued.has(id) || this.queue.length >= MAX_QUEUE) return;
    if (Date.now() < (this.notBefore.get(id) ?? -Infinity)) return;
    this.queued.add(id);
    this.queue.push({
      id,
      run: async () => {
        if (this.notBefore.size > MAX_KEYS * 4) this.notBefore.clear();
        this.notBefore.set(id, Date.now() + this.recountMs);
        try {
          this.store(entityId, key, gen, await count());
        } catch (err) {
          if (err instanceof AppError && err.key === 'error.queryTimeout') this.notBefore.set(id, Date.now() + this.ttlMs);
          throw err;
        }
      },
    });
    this.drain();
  }

  /**
   * Keeps a count of `key` begun under generation `gen`. If a write moved the epoch meanwhile it is kept as a stale
   * count (an estimate): on a table written all the time the estimate still follows the counts.
   */
  store(entityId: string, key: string, gen: number, total: number): void {
    const e = this.of(entityId);
    const had = e.values.get(key);
    if (had && had.gen > gen) return;
    if (e.values.size >= MAX_KEYS) e.values.clear();
    e.values.set(key, { total, gen, at: Date.now() });
  }

  private drain(): void {
    if (this.running) return;
    const next = this.queue.shift();
    if (!next) return;
    // After the answer that asked for it: SQLite's driver counts on the event loop.
    this.running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(next.run)
      .catch(() => undefined)
      .finally(() => {
        this.queued.delete(next.id);
        this.running = undefined;
        this.drain();
      });
  }

  /** Resolves once no background count is queued or running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }
}

function epochKey(entityId: string): string {
  return `epoch:count:${entityId}`;
}

/** `SELECT COUNT(*)` of the rows `base` matches (FROM + joins + WHERE, selecting nothing). */
export async function countAll(base: Knex.QueryBuilder): Promise<number> {
  const row = (await base.clone().clearSelect().clearOrder().count({ total: '*' }).first()) as { total: number | string } | undefined;
  return Number(row?.total ?? 0);
}

/** How many rows `base` matches, counting no further than `limit + 1`: a bounded walk of the index. */
export async function countUpTo(knex: Knex, base: Knex.QueryBuilder, limit: number): Promise<number> {
  const sub = base.clone().clearSelect().clearOrder().select(knex.raw('1 as one')).limit(limit + 1).as('bounded');
  const row = (await knex.from(sub).count({ total: '*' }).first()) as { total: number | string } | undefined;
  return Number(row?.total ?? 0);
}

/**
 * How many rows `base` matches, for an exact total: up to `limit + 1` (countUpTo), or, when a count of the same WHERE
 * under the entity's current epoch found at most the limit (`within`), a plain COUNT(*): SQLite feeds a bounded
 * count's every row through a subquery (1 M goods, 100 000 matching index entries: 2.8 ms plain, 6.4 bounded). Only
 * a write behind the app's back can have grown the set meanwhile; the count is then still right, and the statement
 * limit bounds it as any other. On SQLite a count that reads only the entries it counts leaves out the deadline term
 * (countReads.ts).
 */
export async function countForTotal(knex: Knex, base: Knex.QueryBuilder, key: string, limit: number, within: boolean): Promise<number> {
  const { query: counted } = await countWithoutDeadline(knex, base, key);
  return within ? countAll(counted) : countUpTo(knex, counted, limit);
}

/**
 * The planner's estimate of the rows `base` matches, without reading them: PostgreSQL's `EXPLAIN` rows, MariaDB's
 * `EXPLAIN` rows of the main table (times its `filtered` share). SQLite's planner gives no row estimate: undefined.
 */
export async function plannerEstimate(knex: Knex, base: Knex.QueryBuilder): Promise<number | undefined> {
  const dialect = dialectOfKnex(knex);
  if (dialect === 'sqlite') return undefined;
  const { sql, bindings } = base.clone().clearSelect().clearOrder().select('a.id').toSQL();
  try {
    if (dialect === 'postgres') {
      const res = (await knex.raw(`EXPLAIN (FORMAT JSON) ${sql}`, bindings)) as { rows: { 'QUERY PLAN': unknown }[] };
      const raw = res.rows[0]?.['QUERY PLAN'];
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
      const n = plan[0]?.Plan?.['Plan Rows'];
      return typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : undefined;
    }
    const [rows] = (await knex.raw(`EXPLAIN ${sql}`, bindings)) as [{ table?: string; rows?: number | string | null; filtered?: number | string | null }[]];
    const main = rows.find((r) => r.table === 'a') ?? rows[0];
    if (!main || main.rows === null || main.rows === undefined) return undefined;
    const filtered = main.filtered === null || main.filtered === undefined ? 100 : Number(main.filtered);
    const n = Math.round((Number(main.rows) * filtered) / 100);
    return Number.isFinite(n) ? n : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The bounded count `pageTotal` would make for `base`, begun now so that it runs beside the page's own read on a
 * second connection (MariaDB, PostgreSQL): the page then costs the longer of the two, not their sum (10 M goods on
 * MariaDB, a price range of 51 000 rows: page 24 ms + count 16 ms one after the other). No count where pageTotal
 * would not count (a kept count far above the limit, a cut or a known-above filter); undefined on SQLite (one
 * connection) and inside a transaction (one connection too). Its failure is pageTotal's to meet; left unused it is
 * dropped quietly.
 */
export async function beginBoundedCount(knex: Knex, base: Knex.QueryBuilder, counts: CountCache | undefined, entityId: string): Promise<EarlyCount | undefined> {
  if (!counts || counts.exactLimit <= 0 || knex.isTransaction || dialectOfKnex(knex) === 'sqlite') return undefined;
  const key = countKey(base);
  const cached = await counts.lookup(entityId, key);
  // A first page that held every match last time (a small table, a narrow search) needs no count: its rows prove
  // the total again. On MariaDB and PostgreSQL the count begun beside them was a second statement every request.
  if (
    (cached.valid ?? cached.stale ?? 0) > 2 * counts.exactLimit ||
    counts.wasCut(entityId, key, cached.gen) ||
    counts.wasAbove(entityId, key, cached.gen) ||
    counts.wasProven(entityId, key, cached.gen)
  )
    return { key, cached };
  const count = countForTotal(knex, base, key, counts.exactLimit, counts.wasWithin(entityId, key, cached.gen));
  count.catch(() => undefined);
  // Wrapped: an async function's promise would wait for the count itself.
  return { key, cached, count };
}

/**
 * SQLite: the bounded count pageTotal would make for `base`, made now, before the page's rows, for a page whose plan
 * depends on whether at least `wanted` rows match (crud/operations/page.ts `rangeOffOrder`); pageTotal then takes
 * it instead of counting again. It counts up to `wanted` where that is above the limit. `atLeast`: how many rows
 * are known to match — the count, or what the cache already says (above the limit, or far above it); 0 when
 * nothing is known (a filter whose count the statement limit cut).
 */
export async function countFirst(knex: Knex, base: Knex.QueryBuilder, counts: CountCache | undefined, entityId: string, wanted: number): Promise<{ early?: EarlyCount; atLeast: number }> {
  if (!counts || counts.exactLimit <= 0) return { atLeast: await countUpTo(knex, base, wanted - 1).catch(() => 0) };
  const key = countKey(base);
  const cached = await counts.lookup(entityId, key);
  const kept = cached.valid ?? cached.stale ?? 0;
  if (kept > 2 * counts.exactLimit) return { early: { key, cached }, atLeast: kept };
  if (counts.wasAbove(entityId, key, cached.gen)) return { early: { key, cached }, atLeast: counts.exactLimit + 1 };
  if (counts.wasCut(entityId, key, cached.gen)) return { early: { key, cached }, atLeast: 0 };
  const count = countForTotal(knex, base, key, Math.max(counts.exactLimit, wanted - 1), counts.wasWithin(entityId, key, cached.gen));
  // A cut count is pageTotal's to meet, as it meets its own.
  const n = await count.catch(() => 0);
  return { early: { key, cached, count }, atLeast: n };
}

/**
 * What beginBoundedCount found, for pageTotal: the filter's key (its SQL compiled once a request), what the cache
 * held, and the bounded count when it began one.
 */
export interface EarlyCount {
  key: string;
  cached: Awaited<ReturnType<CountCache['lookup']>>;
  count?: Promise<number>;
}

/** A count's key: the full WHERE clause, as SQL text and bindings. */
function countKey(base: Knex.QueryBuilder): string {
  const { sql, bindings } = base.toSQL();
  return `${sql}\n${JSON.stringify(bindings)}`;
}

/**
 * The total of a page answer. Up to `exactLimit` matching rows it is counted exactly (a count that stops at
 * `exactLimit + 1`); above, it is the count kept for this (entity, WHERE) while valid under the entity's epoch,
 * else a stale count or the planner's estimate, never below what the page itself proves (`known`), and marked
 * inexact. A background count refreshes the kept one. A page past the end of such a total counts at once (exact).
 */
export async function pageTotal(
  knex: Knex,
  base: Knex.QueryBuilder,
  counts: CountCache | undefined,
  entityId: string,
  known: { offset: number; rows: number; more: boolean },
  /** What beginBoundedCount began beside the page: its key, its lookup, its bounded count used in place of one. */
  early?: EarlyCount,
): Promise<PageTotal> {
  // The page proves the total: its last row is the last one.
  if (!known.more && (known.rows > 0 || known.offset === 0)) {
    if (early && counts && known.offset === 0) counts.markProven(entityId, early.key, early.cached.gen);
    return { total: known.offset + known.rows, exact: true };
  }
  if (!counts || counts.exactLimit <= 0) return { total: await countAll(base), exact: true };
  const limit = counts.exactLimit;
  const key = early?.key ?? countKey(base);
  const cached = early?.cached ?? (await counts.lookup(entityId, key));
  if (early && !early.count) counts.forgetProven(entityId, key);
  // A count far above the limit, made before the last writes, still shows the set is above it: no bounded count
  // (the background count corrects the estimate, and a set that did fall under the limit is exact again after it).
  const clearlyAbove = (cached.valid ?? cached.stale ?? 0) > 2 * limit;
  // A count the statement limit cut (a filter no index serves, whose page the order found at once): the page is
  // answered, its total marked inexact and never below what the page proves, rather than a 1001 for a page at hand.
  let cut = counts.wasCut(entityId, key, cached.gen);
  if (!clearlyAbove && !cut && !counts.wasAbove(entityId, key, cached.gen)) {
    try {
      const n = await (early?.count ?? countForTotal(knex, base, key, limit, counts.wasWithin(entityId, key, cached.gen)));
      if (n <= limit) {
        counts.markWithin(entityId, key, cached.gen);
        return { total: n, exact: true };
      }
      counts.markAbove(entityId, key, cached.gen);
    } catch (err) {
      if (!(err instanceof AppError && err.key === 'error.queryTimeout')) throw err;
      counts.markCut(entityId, key, cached.gen);
      cut = true;
    }
  }
  if (cut && cached.valid === undefined && cached.stale === undefined) {
    const proven = known.offset + known.rows + (known.more ? 1 : 0);
    return { total: Math.max((await plannerEstimate(knex, base)) ?? 0, proven), exact: false };
  }
  // Past the end of an approximate total (it was too high): count now, once, so the console can go back to the
  // real last page in one step; the count is kept for the next requests.
  if (known.rows === 0 && known.offset > 0) {
    const n = await countAll(base);
    counts.store(entityId, key, cached.gen, n);
    return { total: n, exact: true };
  }
  let estimate = cached.valid ?? cached.stale;
  if (estimate === undefined && dialectOfKnex(knex) === 'sqlite') {
    // No planner estimate, and SQLite's driver would hold the event loop for a background count just the same:
    // count now, once per filter, and keep it (still marked: later answers serve it after writes elsewhere). Cut by
    // the statement limit, the page is answered with what it proves, and the filter is not counted again for a while.
    try {
      estimate = await countAll(base);
      counts.store(entityId, key, cached.gen, estimate);
    } catch (err) {
      if (!(err instanceof AppError && err.key === 'error.queryTimeout')) throw err;
      counts.markCut(entityId, key, cached.gen);
    }
  } else if (cached.valid === undefined) {
    counts.recount(entityId, key, cached.gen, () => countAll(base));
    estimate ??= await plannerEstimate(knex, base);
  }
  const floor = Math.max(limit + 1, known.offset + known.rows + (known.more ? 1 : 0));
  const total = Math.max(estimate ?? 0, floor);
  return { total, exact: false };
}
