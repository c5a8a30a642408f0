import Bree from 'bree';

const WAKE = 'wake';
// Bree validates that a job has something to run; ours never runs in a worker (see BreeClock).
const NO_WORKER = (): void => undefined;

/**
 * Bree as the scheduler's timer. Bree runs each job in a worker thread from a file or a
 * stringified function, which cannot reach the app's Knex pool, handler registry or plugins;
 * so `run` is replaced to call back in-process, and the database lease (not Bree's in-memory
 * state) decides which instance runs a tick. See docs/decisions.md "Scheduled tasks".
 */
export class BreeClock {
  private readonly bree: Bree;
  /** Serialises re-arming: Bree's add/remove are async and job names must stay unique. */
  private chain: Promise<void> = Promise.resolve();
  private armed = false;
  /** When the pending wake fires (epoch ms); undefined when none is pending. */
  private pendingAt: number | undefined;
  private stopped = false;

  constructor(onWake: () => void) {
    this.bree = new Bree({ root: false, doRootCheck: false, logger: false, jobs: [] });
    // Bree's timers call `this.run(name)`; a worker is never created.
    this.bree.run = async () => {
      this.pendingAt = undefined;
      if (!this.stopped) onWake();
    };
  }

  /** Fires `onWake` once, no later than `delayMs` from now (an earlier pending wake is kept). */
  wakeIn(delayMs: number): Promise<void> {
    const at = Date.now() + Math.max(0, delayMs);
    const next = this.chain.then(async () => {
      if (this.stopped || (this.pendingAt !== undefined && this.pendingAt <= at)) return;
      if (this.armed) await this.bree.remove(WAKE);
      this.pendingAt = at;
      await this.bree.add({ name: WAKE, path: NO_WORKER, timeout: Math.max(0, at - Date.now()) });
      this.armed = true;
      await this.bree.start(WAKE);
    });
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** Clears the pending wake; nothing fires afterwards. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.chain;
    if (this.armed) await this.bree.remove(WAKE);
    this.armed = false;
    this.pendingAt = undefined;
  }
}
