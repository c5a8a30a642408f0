/** MariaDB may pick a queued locker as a deadlock victim under a burst: that attempt simply queues again. */
export async function retryDeadlock<T>(run: () => Promise<T>, attempts = 20): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await run();
    } catch (err) {
      if ((err as { code?: string }).code !== 'ER_LOCK_DEADLOCK' || i >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
    }
  }
}
