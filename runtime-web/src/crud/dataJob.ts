/**
 * Export jobs of a generic screen, headless: start one on the server (`base/sys/dataJob`), follow its
 * progress from the job row, cancel it, fetch its file. The job runs on the server, so the page can be
 * left and the file is there for a day (docs/features.md, data jobs).
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { Request } from '../core/request';

const J = '/admin/base/sys/dataJob';

/** base_sys_data_job.status */
export const JOB_STATUS = { queued: 0, running: 1, done: 2, failed: 3, cancelled: 4 } as const;

export interface DataJob {
  id: number;
  kind: 'export' | 'import';
  entity: string;
  format: 'csv' | 'xlsx';
  status: number;
  total: number;
  processed: number;
  fileName: string | null;
  error: string | null;
}

export interface ExportRequest {
  prefix: string;
  format: 'csv' | 'xlsx';
  columns: string[];
  raw: boolean;
  /** The screen's page/list body without paging: keyword, filters, sort. */
  filters: Record<string, unknown>;
}

export const POLL_MS = 500;

/** One export: start → progress → done (file) / failed (reason) / cancelled. */
export class ExportRun {
  job: DataJob | undefined = undefined;
  /** A refusal before the job exists (bad columns, no permission). */
  error: string | undefined = undefined;
  starting = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  constructor(private readonly request: Request) {
    makeAutoObservable<ExportRun, 'request' | 'timer' | 'disposed'>(this, { request: false, timer: false, disposed: false });
  }

  get running(): boolean {
    return !!this.job && this.job.status <= JOB_STATUS.running;
  }

  /** 0–100; a job that counted no rows is complete once it ends. */
  get percent(): number {
    const j = this.job;
    if (!j) return 0;
    if (j.status === JOB_STATUS.done) return 100;
    return j.total ? Math.min(100, Math.floor((j.processed / j.total) * 100)) : 0;
  }

  async start(req: ExportRequest): Promise<void> {
    this.error = undefined;
    this.job = undefined;
    this.starting = true;
    try {
      const job = await this.request<DataJob>({ url: `${J}/exportStart`, method: 'POST', data: req, progress: false });
      runInAction(() => {
        this.job = job;
      });
      this.schedule();
    } catch (e) {
      runInAction(() => {
        this.error = (e as Error).message;
      });
    } finally {
      runInAction(() => {
        this.starting = false;
      });
    }
  }

  /** Follows a job started elsewhere (an import): progress until it ends. */
  follow(job: DataJob): void {
    this.error = undefined;
    this.job = job;
    this.schedule();
  }

  private schedule(): void {
    if (this.disposed || !this.running) return;
    this.timer = setTimeout(() => void this.poll(), POLL_MS);
  }

  private async poll(): Promise<void> {
    const id = this.job?.id;
    if (!id || this.disposed) return;
    try {
      const job = await this.request<DataJob>({ url: `${J}/jobInfo`, method: 'GET', params: { id }, progress: false });
      if (this.job?.id !== id) return;
      runInAction(() => {
        this.job = job;
      });
    } catch (e) {
      runInAction(() => {
        this.error = (e as Error).message;
      });
      return;
    }
    this.schedule();
  }

  async cancel(): Promise<void> {
    const id = this.job?.id;
    if (!id) return;
    const job = await this.request<DataJob>({ url: `${J}/jobCancel`, method: 'POST', data: { id }, progress: false });
    runInAction(() => {
      this.job = job;
    });
  }

  /** The finished job's file (the request layer adds the token, so it cannot be a plain link). */
  async file(): Promise<{ blob: Blob; name: string }> {
    const job = this.job;
    // An import's error report is there when it ended, done or refused.
    if (!job || !(job.status === JOB_STATUS.done || (job.kind === 'import' && job.status === JOB_STATUS.failed))) throw new Error('not ready');
    const blob = await this.request<Blob>({ url: `${J}/jobDownload`, method: 'GET', params: { id: job.id }, responseType: 'blob', timeout: 300_000 });
    return { blob, name: job.fileName ?? `export.${job.format}` };
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
