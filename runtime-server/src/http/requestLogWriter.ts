import type { Knex } from 'knex';
import { TABLES } from '../generated/tables.js';

/** One `base_sys_log` row as the request log builds it. */
export interface LogRow {
  userId: number | null;
  action: string;
  ip: string | null;
  params: string | null;
  createTime: string;
  updateTime: string;
}

export interface RequestLogWriterOptions {
  /** Longest a row waits before its batch is written (ms). */
  flushMs?: number;
  /** Rows per INSERT. */
  batchRows?: number;
  /** Rows kept in memory while the database refuses them; beyond it the oldest are dropped (and said so). */
  maxPending?: number;
}

/**
 * Writes the request log off the response path: rows are queued and inserted in batches (one
 * multi-row INSERT every `flushMs`, or as soon as a batch is full). A failed insert keeps its rows
 * for the next attempt, so a database outage loses nothing up to `maxPending` rows; `close()` writes
 * whatever is queued (the clean shutdown), `flush()` lets a reader see this instance's rows now.
 */
export class RequestLogWriter {
  private queue: LogRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private closed = false;
  readonly flushMs: number;
  readonly batchRows: number;
  readonly maxPending: number;

  constructor(
    private readonly knex: Knex,
    private readonly logger: Pick<Console, 'error'>,
    options: RequestLogWriterOptions = {},
  ) {
    this.flushMs = options.flushMs ?? 250;
    this.batchRows = options.batchRows ?? 200;
    this.maxPending = options.maxPending ?? 50_000;
  }

  /** Rows not written yet. */
  get pending(): number {
    return this.queue.length;
  }

  add(row: LogRow): void {
    this.queue.push(row);
    if (this.queue.length > this.maxPending) {
      const dropped = this.queue.splice(0, this.queue.length - this.maxPending);
      this.logger.error(`request log: database unavailable, ${dropped.length} oldest row(s) dropped`);
    }
    if (this.closed) return;
    if (this.queue.length >= this.batchRows) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      // A queued row alone never keeps the process alive; shutdown flushes it.
      this.timer.unref();
    }
  }

  /** Writes every queued row (waits for a write in progress first); resolves even when the insert fails. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.writing) await this.writing;
    if (!this.queue.length) return;
    this.writing = this.writeAll().finally(() => {
      this.writing = undefined;
    });
    await this.writing;
  }

  private async writeAll(): Promise<void> {
    while (this.queue.length) {
      const batch = this.queue.slice(0, this.batchRows);
      try {
        await this.knex(TABLES.baseSysLog).insert(batch);
        this.queue.splice(0, batch.length);
      } catch (err) {
        this.logger.error(`request log: insert of ${batch.length} row(s) failed, kept for the next attempt`, err);
        if (!this.closed && !this.timer) {
          this.timer = setTimeout(() => void this.flush(), Math.max(this.flushMs, 1000));
          this.timer.unref();
        }
        return;
      }
    }
  }

  /** Stops the timer and writes what is queued (tried a few times before giving up on a dead database). */
  async close(attempts = 3): Promise<void> {
    this.closed = true;
    for (let i = 0; i < attempts && (this.queue.length || this.writing); i++) await this.flush();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.queue.length) this.logger.error(`request log: ${this.queue.length} row(s) could not be written at shutdown`);
  }
}
