import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { now } from './values.js';
import { TABLES } from '../generated/tables.js';
import { table } from './table.js';

/**
 * Bumps made in this process, per key: a watcher in the process re-reads the epoch at its next check instead
 * of waiting out its `maxAgeMs`, so a change is seen at once where it was made. Only counters: every app in
 * the process still re-reads the database, which stays the one source of truth.
 */
const localBumps = new Map<string, { n: number }>();

function bumpsOf(key: string): { n: number } {
  let c = localBumps.get(key);
  if (!c) localBumps.set(key, (c = { n: 0 }));
  return c;
}

/**
 * Shared change counters in `base_sys_conf`: a writer bumps one, and every instance that reads a new
 * value knows its cached view (permissions, loaded plugins) is stale. Any new value does the job.
 */
export async function bumpConfEpoch(knex: Knex | Knex.Transaction, key: string): Promise<void> {
  const bumps = bumpsOf(key);
  bumps.n++;
  try {
    await writeEpoch(knex, key);
  } finally {
    bumps.n++;
  }
  // Inside a transaction the new value is visible once the outermost one commits: a check made before that (on
  // another pooled connection) read the old one, so the watchers look again then.
  if (knex.isTransaction) {
    let outer = knex as Knex.Transaction;
    while (outer.parentTransaction) outer = outer.parentTransaction;
    outer.executionPromise.then(
      () => bumps.n++,
      () => undefined,
    );
  }
}

async function writeEpoch(knex: Knex | Knex.Transaction, key: string): Promise<void> {
  const ts = now();
  const n = await knex(TABLES.baseSysConf).where({ cKey: key }).update({ cValue: randomUUID(), updateTime: ts });
  if (!n) {
    try {
      await knex(TABLES.baseSysConf).insert({ cKey: key, cValue: randomUUID(), createTime: ts, updateTime: ts });
    } catch {
      // inserted concurrently by another instance: any new value does the job
    }
  }
}

/** The epoch's current value ('' before its first bump). */
export async function readConfEpoch(knex: Knex | Knex.Transaction, key: string): Promise<string> {
  const row = await table(knex, TABLES.baseSysConf).where({ cKey: key }).first('cValue');
  return row?.cValue ?? '';
}

/**
 * Watches one shared epoch for a per-instance cache: `check()` reads the epoch at most every `maxAgeMs`
 * (at once after a bump in this process) and calls `onChange` when it moved.
 */
export class EpochWatch {
  private epoch: string | undefined;
  private checkedAt = 0;
  private seenBumps = -1;
  private readonly bumps: { n: number };

  constructor(
    private readonly knex: Knex,
    readonly key: string,
    readonly maxAgeMs: number,
    private readonly onChange: () => void,
  ) {
    this.bumps = bumpsOf(key);
  }

  /** Undefined while fresh (no promise to wait for on the hot path), else the read of the epoch. */
  check(): Promise<void> | undefined {
    return this.isFresh() ? undefined : this.read(Date.now());
  }

  /** Whether `check()` would read nothing now; reads nothing itself (a caller that gets false goes on to `check()`). */
  isFresh(): boolean {
    return Date.now() - this.checkedAt < this.maxAgeMs && this.seenBumps === this.bumps.n;
  }

  private async read(t: number): Promise<void> {
    this.checkedAt = t;
    this.seenBumps = this.bumps.n;
    const epoch = await readConfEpoch(this.knex, this.key);
    if (epoch !== this.epoch) {
      this.epoch = epoch;
      this.onChange();
    }
  }
}
