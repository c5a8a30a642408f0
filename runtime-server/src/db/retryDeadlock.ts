/**
 * Errors after which the same transaction, run again, succeeds: MariaDB's deadlock victim (ER_LOCK_DEADLOCK),
 * PostgreSQL's deadlock_detected (40P01) and serialization_failure (40001, from a concurrent update of a row
 * under REPEATABLE READ or stronger).
 */
const RETRIED = new Set(['ER_LOCK_DEADLOCK', '40P01', '40001']);

/** The database may pick a queued locker as a deadlock victim under a burst: that attempt simply queues again. */
export async function retryDeadlock<T>(run: () => Promise<T>, attempts = 20): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await run();
    } catch (err) {
      if (!RETRIED.has((err as { code?: string }).code ?? '') || i >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
    }
  }
}
