/** The data jobs running on this instance, so closing the app waits for them instead of pulling the pool away. */
export class DataJobRunner {
  private running = new Set<Promise<void>>();
  /** Set when the app closes: jobs stop at their next batch and record why. */
  stopping = false;

  track(job: Promise<void>): void {
    this.running.add(job);
    void job.finally(() => this.running.delete(job));
  }

  async drain(): Promise<void> {
    this.stopping = true;
    while (this.running.size) await Promise.allSettled([...this.running]);
  }
}
