// Where compile jobs wait and run. The service talks to the CompileScheduler interface only (jobs
// are plain data with an id and a priority, handled by one `process` function), so the in-process
// pool below can be replaced by a shared queue (BullMQ on Redis: job id = dedupe key, priorities)
// without touching the service.
//
// LocalScheduler: a bounded pool and a bounded wait queue. Interactive jobs run before background
// ones (compiles started ahead of time after a generation); a job submitted while one with the
// same id is waiting or running joins it, and an interactive join lifts a background job's
// priority. When the queue is full, a background job is refused, and an interactive one takes the
// place of the youngest waiting background job; with none to displace, CompileBusyError (→ 503).
import { CompileBusyError, CompileServiceClosedError } from './errors.js';
import type { CompilePriority } from './types.js';

export type { CompilePriority } from './types.js';

export interface ScheduledJob<P> {
  /** Same id, same work: a second submission joins the first. */
  id: string;
  priority: CompilePriority;
  payload: P;
}

export interface CompileScheduler<P, R> {
  submit(job: ScheduledJob<P>): Promise<R>;
  readonly stats: { running: number; waiting: number };
  /** Refuses new work, fails waiting work, and waits for running jobs to end. */
  close(): Promise<void>;
}

export interface LocalSchedulerOptions<P, R> {
  concurrency: number;
  queueSize: number;
  process: (payload: P) => Promise<R>;
  now?: () => number;
}

interface Entry<P, R> {
  job: ScheduledJob<P>;
  promise: Promise<R>;
  start: () => void;
  reject: (err: Error) => void;
  state: 'waiting' | 'running';
}

export class LocalScheduler<P, R> implements CompileScheduler<P, R> {
  private running = 0;
  private readonly waiting: Record<CompilePriority, Array<Entry<P, R>>> = { interactive: [], background: [] };
  private readonly byId = new Map<string, Entry<P, R>>();
  private readonly idle: Array<() => void> = [];
  private closed = false;
  /** Moving average of job time, for the Retry-After estimate. */
  private averageMs = 1000;
  private readonly now: () => number;

  constructor(private readonly options: LocalSchedulerOptions<P, R>) {
    this.now = options.now ?? Date.now;
  }

  get stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.interactive.length + this.waiting.background.length };
  }

  submit(job: ScheduledJob<P>): Promise<R> {
    if (this.closed) return Promise.reject(new CompileServiceClosedError());
    const existing = this.byId.get(job.id);
    if (existing) {
      if (job.priority === 'interactive' && existing.job.priority === 'background') this.promote(existing);
      return existing.promise;
    }
    if (this.running < this.options.concurrency) return this.enqueue(job, true);
    if (this.stats.waiting >= this.options.queueSize) {
      const displaced = job.priority === 'interactive' ? this.waiting.background.pop() : undefined;
      if (!displaced) return Promise.reject(new CompileBusyError(this.retryAfterSeconds()));
      this.byId.delete(displaced.job.id);
      displaced.reject(new CompileBusyError(this.retryAfterSeconds()));
    }
    return this.enqueue(job, false);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const entry of [...this.waiting.interactive.splice(0), ...this.waiting.background.splice(0)]) {
      this.byId.delete(entry.job.id);
      entry.reject(new CompileServiceClosedError());
    }
    if (this.running > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  private enqueue(job: ScheduledJob<P>, startNow: boolean): Promise<R> {
    let start!: () => void;
    let reject!: (err: Error) => void;
    const started = new Promise<void>((resolve, fail) => {
      start = resolve;
      reject = fail;
    });
    const entry = { job: { ...job } } as Entry<P, R>;
    entry.start = start;
    entry.reject = reject;
    entry.state = startNow ? 'running' : 'waiting';
    entry.promise = started.then(() => this.execute(entry));
    // A displaced or closed-out job is rejected before it runs; callers see that rejection.
    entry.promise.catch(() => {});
    this.byId.set(job.id, entry);
    if (startNow) {
      this.running++;
      start();
    } else {
      this.waiting[job.priority].push(entry);
    }
    return entry.promise;
  }

  private async execute(entry: Entry<P, R>): Promise<R> {
    const started = this.now();
    try {
      return await this.options.process(entry.job.payload);
    } finally {
      this.averageMs = this.averageMs * 0.8 + (this.now() - started) * 0.2;
      this.byId.delete(entry.job.id);
      const next = this.waiting.interactive.shift() ?? this.waiting.background.shift();
      // The slot passes straight to the next job, so `running` stays within the pool size.
      if (next) {
        next.state = 'running';
        next.start();
      } else {
        this.running--;
        if (this.running === 0) for (const resolve of this.idle.splice(0)) resolve();
      }
    }
  }

  private promote(entry: Entry<P, R>): void {
    entry.job.priority = 'interactive';
    if (entry.state !== 'waiting') return;
    const index = this.waiting.background.indexOf(entry);
    if (index >= 0) this.waiting.background.splice(index, 1);
    this.waiting.interactive.push(entry);
  }

  private retryAfterSeconds(): number {
    const seconds = Math.ceil(((this.stats.waiting / this.options.concurrency + 1) * this.averageMs) / 1000);
    return Math.max(1, Math.min(60, seconds));
  }
}
