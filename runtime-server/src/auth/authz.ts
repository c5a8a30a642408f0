import type { Knex } from 'knex';
import { EpochWatch } from '../db/confEpoch.js';
import { EPOCH_KEY } from './authEpoch.js';

export { bumpAuthEpoch } from './authEpoch.js';
import { now } from '../db/values.js';
import { sharedRead } from '../db/statementLimit.js';
import type { SessionState } from './sessions.js';
import type { IdentityProvider } from './identity.js';

/**
 * Per-instance caches of each user's permission keys and data scope. Staleness is bounded: at most
 * every `maxAgeMs` the shared epoch is read, and a changed epoch clears everything.
 */
export class Authz {
  private readonly watch: EpochWatch;
  private perms = new Map<number, Set<string>>();
  private scopes = new Map<number, number[]>();
  private sessions = new Map<number, { state: SessionState; expireTime: string; at: number }>();
  /** Kind → user id → value: no key string made per request (each new one is hashed whole for the look-up). */
  private own = new Map<string, Map<number, { value: unknown; at: number }>>();
  /** Values in `own`, all kinds together (the bound). */
  private ownSize = 0;
  /**
   * Loads in progress, by cache key: concurrent misses of one key share one read. Without it, every request in
   * flight when a cached session or `person` answer lapsed read it again (32 connections, one user: 8 session
   * and 16 person reads a second instead of one each per `sessionTtlMs`).
   */
  private loading = new Map<string, Promise<unknown>>();
  /** Moves on every clear: a load begun before a change neither fills the cache nor serves a later request. */
  private generation = 0;

  /** Times the shared auth epoch moved and this instance dropped its caches (read by GET /metrics). */
  epochRefreshes = 0;

  constructor(
    private readonly knex: Knex,
    /** Reads sessions, permissions and scopes from whoever owns users and roles (the base module). */
    private readonly identity: IdentityProvider,
    readonly maxAgeMs = 1000,
    /** A cached session is re-read after this long even when the epoch did not move. */
    readonly sessionTtlMs = 3000,
  ) {
    this.watch = new EpochWatch(knex, EPOCH_KEY, maxAgeMs, () => {
      this.epochRefreshes++;
      this.perms.clear();
      this.scopes.clear();
      this.sessions.clear();
      this.clearOwn();
      this.loading.clear();
      this.generation++;
    });
  }

  /** One `load` at a time per key; its result is cached by `keep` unless the caches were cleared meanwhile. */
  private shared<T>(key: string, load: () => Promise<T>, keep: (value: T) => void): Promise<T> {
    const pending = this.loading.get(key) as Promise<T> | undefined;
    if (pending) return pending;
    const generation = this.generation;
    // Awaited by every request that wants the key: not queued behind the share of the user who started it.
    const p = sharedRead(load).then(
      (value) => {
        if (this.generation === generation) {
          keep(value);
          this.loading.delete(key);
        }
        return value;
      },
      (err: unknown) => {
        if (this.generation === generation) this.loading.delete(key);
        throw err;
      },
    );
    this.loading.set(key, p);
    return p;
  }

  /** Undefined when the caches are fresh (no promise to wait for on the hot path), else the epoch check. */
  private fresh(): Promise<void> | undefined {
    return this.watch.check();
  }

  /**
   * A login session joined with its user, cached per instance: revocation, disabling, password and
   * role changes bump the shared epoch, so every instance drops it within `maxAgeMs` (and anyway
   * re-reads it after `sessionTtlMs`). Expiry is checked against the clock on every use.
   */
  async session(sid: number): Promise<SessionState | undefined> {
    const stale = this.fresh();
    if (stale) await stale;
    const t = Date.now();
    const hit = this.sessions.get(sid);
    if (hit && t - hit.at < this.sessionTtlMs) return { ...hit.state, expired: hit.expireTime <= now() };
    return this.shared(`session:${sid}`, () => this.identity.loadSession(this.knex, sid), (state) => {
      if (!state) {
        this.sessions.delete(sid);
        return;
      }
      // Bounded: a flood of logins cannot grow it without end.
      if (this.sessions.size >= 10_000) this.sessions.clear();
      this.sessions.set(sid, { state, expireTime: state.expireTime, at: t });
    });
  }

  /**
   * The cached session when this instance may use it without a read (epoch checked within `maxAgeMs`, read
   * within `sessionTtlMs`), else undefined. The state's `expired` is as read: the caller checks `expireTime`.
   */
  cachedSession(sid: number): SessionState | undefined {
    if (!this.watch.isFresh()) return undefined;
    const hit = this.sessions.get(sid);
    return hit && Date.now() - hit.at < this.sessionTtlMs ? hit.state : undefined;
  }

  /** A user's permission keys when cached and the epoch was checked within `maxAgeMs`, else undefined. */
  cachedPerms(userId: number): Set<string> | undefined {
    if (!this.watch.isFresh()) return undefined;
    return this.perms.get(userId);
  }

  /**
   * A value read from a user's own rows (the profile answer of `person`), cached like the session: every
   * write to users and departments bumps the shared epoch, so each instance drops it within `maxAgeMs`
   * (at once where the write happened), and it is re-read after `sessionTtlMs` whatever happens.
   */
  async ofUser<T>(kind: string, userId: number, load: () => Promise<T>): Promise<T> {
    const stale = this.fresh();
    if (stale) await stale;
    const t = Date.now();
    const hit = this.own.get(kind)?.get(userId);
    if (hit && t - hit.at < this.sessionTtlMs) return hit.value as T;
    return this.shared(`own:${kind}:${userId}`, load, (value) => {
      if (this.ownSize >= 10_000) this.clearOwn();
      let byUser = this.own.get(kind);
      if (!byUser) this.own.set(kind, (byUser = new Map()));
      if (!byUser.has(userId)) this.ownSize++;
      byUser.set(userId, { value, at: t });
    });
  }

  private clearOwn(): void {
    this.own.clear();
    this.ownSize = 0;
  }

  /** Permission keys of a (non-super) user: union of the perms of the menus of their roles. */
  async permsOf(userId: number): Promise<Set<string>> {
    const stale = this.fresh();
    if (stale) await stale;
    let set = this.perms.get(userId);
    if (!set) {
      set = await this.identity.permsOf(this.knex, userId);
      this.perms.set(userId, set);
    }
    return set;
  }

  /**
   * Departments a (non-super) user may see: each role's chosen departments, plus all their
   * descendants when the role's `relevance` is on — computed now, so sub-departments created later count.
   */
  async departmentScope(userId: number): Promise<number[]> {
    const stale = this.fresh();
    if (stale) await stale;
    let scope = this.scopes.get(userId);
    if (!scope) {
      scope = await this.identity.departmentScope(this.knex, userId);
      this.scopes.set(userId, scope);
    }
    return scope;
  }
}
