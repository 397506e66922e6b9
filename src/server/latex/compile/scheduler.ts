// Where compile jobs wait and run. The service talks to the CompileScheduler interface only (jobs
// are plain data with an id and a priority, handled by one `process` function), so the in-process
// pool below can be replaced by a shared queue (BullMQ on Redis: job id = dedupe key, priorities)
// without touching the service. A BullMQ worker runs its jobs through this same pool
// (queue-worker.ts), so the turns below hold in both (docs/decisions/0010-fair-compiles.md).
//
// LocalScheduler: `concurrency` compile slots, and a bounded number of jobs admitted beyond them.
// Jobs take turns by owner (a user): a slot goes to the waiting job whose owner has used the least
// compile time lately (time decays with a half-life of a minute; ties go to the older job), and a
// job that has had its slot for a turn (`quantumMs`) while another owner's job waits is paused (its
// TeX processes stopped, its time limit stopped with them: job-control.ts) and goes back in line.
// So one owner's endless compiles share the slots with everyone else's instead of holding them: a
// short compile waits at most about one turn. Interactive jobs run before background ones (compiles
// started ahead of time after a generation); a job submitted while one with the same id is waiting
// or running joins it, and an interactive join lifts a background job's priority. When the queue is
// full, a background job is refused, and an interactive one takes the place of the youngest waiting
// background job; with none to displace, CompileBusyError (→ 503).
import { CompileBusyError, CompileServiceClosedError } from './errors.js';
import { JobControl } from './job-control.js';
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
  /** Jobs holding a compile slot at once (the CPU cores compiles may use). */
  concurrency: number;
  /** Jobs admitted beyond the slots (waiting, or paused for another owner's turn). */
  queueSize: number;
  /** Runs a job; `control` is how the scheduler pauses and resumes it. */
  process: (payload: P, control: JobControl) => Promise<R>;
  /** Whose job this is, for the turns ('' for all: then jobs run in order). */
  ownerOf?: (payload: P) => string;
  /** A turn: how long a job keeps its slot while another owner's job waits (default 250 ms). */
  quantumMs?: number;
  /** Jobs started at once, paused ones included (each holds a TeX process); default 2 × concurrency. */
  maxStarted?: number;
  /** Told of every turn a job had: its owner and the milliseconds it held a slot (compile-time budgets). */
  onRan?: (payload: P, ms: number) => void;
  now?: () => number;
}

interface Entry<P, R> {
  job: ScheduledJob<P>;
  owner: string;
  seq: number;
  promise: Promise<R>;
  start: () => void;
  reject: (err: Error) => void;
  state: 'waiting' | 'running' | 'paused';
  control: JobControl | null;
  /** When its current turn began (running jobs). */
  turnAt: number;
}

export const DEFAULT_QUANTUM_MS = 250;
/** Compile time an owner used halves in this long, for the order of turns. */
const USAGE_HALF_LIFE_MS = 60_000;

export class LocalScheduler<P, R> implements CompileScheduler<P, R> {
  private readonly entries = new Set<Entry<P, R>>();
  private readonly byId = new Map<string, Entry<P, R>>();
  private readonly usage = new Map<string, { ms: number; at: number }>();
  private readonly idle: Array<() => void> = [];
  private closed = false;
  private seq = 0;
  private ticker: NodeJS.Timeout | null = null;
  /** Moving average of job time, for the Retry-After estimate. */
  private averageMs = 1000;
  private readonly now: () => number;
  private readonly quantumMs: number;
  private readonly maxStarted: number;

  constructor(private readonly options: LocalSchedulerOptions<P, R>) {
    this.now = options.now ?? Date.now;
    this.quantumMs = options.quantumMs ?? DEFAULT_QUANTUM_MS;
    this.maxStarted = Math.max(options.concurrency, options.maxStarted ?? options.concurrency * 2);
  }

  get stats(): { running: number; waiting: number } {
    const running = this.count('running');
    return { running, waiting: this.entries.size - running };
  }

  submit(job: ScheduledJob<P>): Promise<R> {
    if (this.closed) return Promise.reject(new CompileServiceClosedError());
    const existing = this.byId.get(job.id);
    if (existing) {
      if (job.priority === 'interactive' && existing.job.priority === 'background') existing.job.priority = 'interactive';
      return existing.promise;
    }
    if (this.entries.size >= this.options.concurrency + this.options.queueSize) {
      const displaced = job.priority === 'interactive' ? this.youngestWaitingBackground() : undefined;
      if (!displaced) return Promise.reject(new CompileBusyError(this.retryAfterSeconds()));
      this.forget(displaced);
      displaced.reject(new CompileBusyError(this.retryAfterSeconds()));
    }
    const entry = this.enqueue(job);
    this.dispatch();
    this.rotate();
    return entry.promise;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const entry of [...this.entries]) {
      if (entry.state !== 'waiting') continue;
      this.forget(entry);
      entry.reject(new CompileServiceClosedError());
    }
    // Paused jobs finish like running ones.
    for (const entry of this.entries) if (entry.state === 'paused') this.give(entry);
    this.stopTicker();
    if (this.entries.size > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  private enqueue(job: ScheduledJob<P>): Entry<P, R> {
    let start!: () => void;
    let reject!: (err: Error) => void;
    const started = new Promise<void>((resolve, fail) => {
      start = resolve;
      reject = fail;
    });
    const entry: Entry<P, R> = {
      job: { ...job },
      owner: this.options.ownerOf?.(job.payload) ?? '',
      seq: this.seq++,
      start,
      reject,
      state: 'waiting',
      control: null,
      turnAt: 0,
      promise: undefined as unknown as Promise<R>,
    };
    entry.promise = started.then(() => this.execute(entry));
    // A displaced or closed-out job is rejected before it runs; callers see that rejection.
    entry.promise.catch(() => {});
    this.entries.add(entry);
    this.byId.set(job.id, entry);
    return entry;
  }

  private async execute(entry: Entry<P, R>): Promise<R> {
    const started = this.now();
    try {
      return await this.options.process(entry.job.payload, entry.control!);
    } finally {
      this.averageMs = this.averageMs * 0.8 + (this.now() - started) * 0.2;
      if (entry.state === 'running') this.endTurn(entry);
      this.forget(entry);
      this.dispatch();
      if (this.entries.size === 0) for (const resolve of this.idle.splice(0)) resolve();
    }
  }

  /** Fills free slots: paused jobs resume, waiting ones start while few enough are started. */
  private dispatch(): void {
    while (this.count('running') < this.options.concurrency) {
      const next = this.best(this.candidates());
      if (!next) break;
      this.give(next);
    }
    if (this.candidates().length === 0) this.stopTicker();
  }

  /** A turn is over for a job that held its slot a quantum while another owner's job waits. */
  private rotate(): void {
    const waiting = this.candidates();
    if (waiting.length === 0) return this.stopTicker();
    const now = this.now();
    const due = [...this.entries].filter((e) => e.state === 'running' && now - e.turnAt >= this.quantumMs);
    for (const candidate of this.sorted(waiting)) {
      if (candidate.state === 'waiting' && this.count('running') + this.count('paused') >= this.maxStarted) continue;
      const victim = this.sorted(due.filter((v) => v.owner !== candidate.owner || rank(candidate) < rank(v))).at(-1);
      if (!victim || this.compare(candidate, victim) >= 0) continue;
      due.splice(due.indexOf(victim), 1);
      this.pause(victim);
      this.give(candidate);
    }
    this.startTicker();
  }

  private give(entry: Entry<P, R>): void {
    entry.turnAt = this.now();
    if (entry.state === 'paused') {
      entry.state = 'running';
      entry.control!.resume();
      return;
    }
    entry.state = 'running';
    entry.control = new JobControl();
    entry.start();
  }

  private pause(entry: Entry<P, R>): void {
    this.endTurn(entry);
    entry.state = 'paused';
    entry.control!.pause();
  }

  /** Charges the turn's time to the owner. */
  private endTurn(entry: Entry<P, R>): void {
    const ms = Math.max(0, this.now() - entry.turnAt);
    const used = this.usageOf(entry.owner);
    this.usage.set(entry.owner, { ms: used + ms, at: this.now() });
    if (this.usage.size > 10_000) this.pruneUsage();
    this.options.onRan?.(entry.job.payload, ms);
  }

  /** The owner's recent compile time, decayed, with the turns its running jobs are having now. */
  private usageOf(owner: string): number {
    const u = this.usage.get(owner);
    return u ? u.ms * 0.5 ** ((this.now() - u.at) / USAGE_HALF_LIFE_MS) : 0;
  }

  private standing(entry: Entry<P, R>): number {
    let ms = this.usageOf(entry.owner);
    for (const other of this.entries) if (other.owner === entry.owner && other.state === 'running') ms += this.now() - other.turnAt;
    return ms;
  }

  /** Negative when `a` should have a slot before `b`. */
  private compare(a: Entry<P, R>, b: Entry<P, R>): number {
    return rank(a) - rank(b) || (a.owner === b.owner ? 0 : this.standing(a) - this.standing(b)) || a.seq - b.seq;
  }

  private sorted(entries: Array<Entry<P, R>>): Array<Entry<P, R>> {
    return [...entries].sort((a, b) => this.compare(a, b));
  }

  private best(entries: Array<Entry<P, R>>): Entry<P, R> | undefined {
    return this.sorted(entries)[0];
  }

  /** Jobs that want a slot: paused ones, and waiting ones while few enough are started. */
  private candidates(): Array<Entry<P, R>> {
    const started = this.count('running') + this.count('paused');
    return [...this.entries].filter((e) => e.state === 'paused' || (e.state === 'waiting' && started < this.maxStarted));
  }

  private count(state: Entry<P, R>['state']): number {
    let n = 0;
    for (const entry of this.entries) if (entry.state === state) n++;
    return n;
  }

  private youngestWaitingBackground(): Entry<P, R> | undefined {
    return [...this.entries].filter((e) => e.state === 'waiting' && e.job.priority === 'background').at(-1);
  }

  private forget(entry: Entry<P, R>): void {
    this.entries.delete(entry);
    if (this.byId.get(entry.job.id) === entry) this.byId.delete(entry.job.id);
  }

  private startTicker(): void {
    if (this.ticker || this.closed) return;
    this.ticker = setInterval(() => this.rotate(), Math.max(10, Math.floor(this.quantumMs / 2)));
    this.ticker.unref();
  }

  private stopTicker(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
  }

  private pruneUsage(): void {
    for (const [owner] of this.usage) if (this.usageOf(owner) < 1) this.usage.delete(owner);
  }

  private retryAfterSeconds(): number {
    const seconds = Math.ceil(((this.stats.waiting / this.options.concurrency + 1) * this.averageMs) / 1000);
    return Math.max(1, Math.min(60, seconds));
  }
}

function rank(entry: { job: { priority: CompilePriority } }): number {
  return entry.job.priority === 'interactive' ? 0 : 1;
}
