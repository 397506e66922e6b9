// Admission control for compiles: a bounded pool of running jobs, a bounded wait queue (beyond it
// callers get CompileBusyError → 503), one job at a time per user and a per-minute budget per user.
import { CompileBusyError, CompileRateLimitError, CompileServiceClosedError, CompileUserBusyError } from './errors.js';

export interface QueueOptions {
  concurrency: number;
  queueSize: number;
  ratePerMinute: number;
  now?: () => number;
}

interface Waiter {
  start: () => void;
  reject: (err: Error) => void;
}

const WINDOW_MS = 60_000;

export class CompileQueue {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  private readonly activeUsers = new Set<string>();
  private readonly recent = new Map<string, number[]>();
  private readonly idle: Array<() => void> = [];
  private closed = false;
  /** Moving average of job time, for the Retry-After estimate. */
  private averageMs = 1000;
  private readonly now: () => number;

  constructor(private readonly options: QueueOptions) {
    this.now = options.now ?? Date.now;
  }

  get stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Claims the per-user slot and counts the request against the user's minute budget; throws
   * CompileRateLimitError or CompileUserBusyError. Call the returned function when done.
   */
  admitUser(userKey: string | undefined): () => void {
    if (this.closed) throw new CompileServiceClosedError();
    if (userKey === undefined) return () => {};
    const now = this.now();
    const stamps = (this.recent.get(userKey) ?? []).filter((t) => now - t < WINDOW_MS);
    if (stamps.length >= this.options.ratePerMinute) {
      const oldest = stamps[0] ?? now;
      this.recent.set(userKey, stamps);
      throw new CompileRateLimitError(Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000)));
    }
    if (this.activeUsers.has(userKey)) throw new CompileUserBusyError();
    stamps.push(now);
    this.recent.set(userKey, stamps);
    this.activeUsers.add(userKey);
    this.pruneRecent(now);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.activeUsers.delete(userKey);
    };
  }

  /** Runs `task` when a pool slot is free; throws CompileBusyError when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.closed) throw new CompileServiceClosedError();
    if (this.running >= this.options.concurrency) {
      if (this.waiting.length >= this.options.queueSize) {
        const seconds = Math.ceil(((this.waiting.length / this.options.concurrency + 1) * this.averageMs) / 1000);
        throw new CompileBusyError(Math.max(1, Math.min(60, seconds)));
      }
      await new Promise<void>((start, reject) => this.waiting.push({ start, reject }));
    } else {
      this.running++;
    }
    const started = this.now();
    try {
      return await task();
    } finally {
      this.averageMs = this.averageMs * 0.8 + (this.now() - started) * 0.2;
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `running` stays within the pool size.
      if (next) next.start();
      else {
        this.running--;
        if (this.running === 0) for (const resolve of this.idle.splice(0)) resolve();
      }
    }
  }

  /** Refuses new work, fails queued work, and waits for running jobs to end. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) {
      waiter.reject(new CompileServiceClosedError());
    }
    if (this.running > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  private pruneRecent(now: number): void {
    if (this.recent.size < 10_000) return;
    for (const [key, stamps] of this.recent) {
      if (stamps.every((t) => now - t >= WINDOW_MS)) this.recent.delete(key);
    }
  }
}
