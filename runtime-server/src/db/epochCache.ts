import type { Knex } from 'knex';
import { bumpConfEpoch, EpochWatch } from './confEpoch.js';

/** Most keys one cache holds; beyond it, it starts afresh (a flood of distinct keys cannot grow it). */
const MAX_KEYS = 1000;

/**
 * Values read from a few tables, kept per instance until a write to those tables anywhere (a shared epoch in
 * `base_sys_conf`, like the auth epoch: app/module.ts `readCaches`). A write on this instance is seen at
 * once, one on another instance within `maxAgeMs`, and a write behind the app's back (SQL, a plugin) within
 * `ttlMs`, when each value is read again whatever happened.
 */
export class EpochCache {
  private readonly values = new Map<string, { value: unknown; at: number }>();
  private readonly watch: EpochWatch;

  constructor(
    private readonly knex: Knex,
    /** The `base_sys_conf` key of the shared epoch. */
    readonly epochKey: string,
    readonly maxAgeMs = 1000,
    readonly ttlMs = 3000,
  ) {
    this.watch = new EpochWatch(knex, epochKey, maxAgeMs, () => this.values.clear());
  }

  /** After a write to a source (inside the writer's transaction when it has one): every instance drops its values. */
  bump(knex: Knex | Knex.Transaction = this.knex): Promise<void> {
    return bumpConfEpoch(knex, this.epochKey);
  }

  /** The value under `key`, from the cache while fresh, else from `load` (and kept). */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const stale = this.watch.check();
    if (stale) await stale;
    const t = Date.now();
    const hit = this.values.get(key);
    if (hit && t - hit.at < this.ttlMs) return hit.value as T;
    const value = await load();
    if (this.values.size >= MAX_KEYS) this.values.clear();
    this.values.set(key, { value, at: t });
    return value;
  }
}
