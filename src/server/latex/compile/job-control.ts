// What can be done to a running compile job from outside it: pause it (its sandboxed processes get
// SIGSTOP, and its deadline stops with them, so a paused job loses none of its time limit), resume
// it (SIGCONT), or stop it for good with a reason (the disk quota, say). The scheduler pauses a job
// that has had its turn while another user's job waits (scheduler.ts); the runner attaches every
// process it starts for the job, and its deadline, so that whatever the job is doing at that
// moment (a pass, the PDF driver, nothing) the pause holds.

/** Something a pause must reach: a process group, a deadline. */
export interface Pausable {
  pause(): void;
  resume(): void;
  /** Ends it for good (processes); a deadline has nothing to end. */
  kill?(): void;
}

/**
 * A wall-clock limit that does not run while its job is paused: `at()` moves later by every pause,
 * and is Infinity during one. Timers set by `onPassed` follow it.
 */
export class Deadline implements Pausable {
  private end: number;
  private pausedSince: number | null = null;
  private readonly watchers = new Set<() => void>();

  constructor(
    ms: number,
    private readonly now: () => number = Date.now,
  ) {
    this.end = now() + ms;
  }

  /** When the time is up (Infinity while paused). */
  at(): number {
    return this.pausedSince === null ? this.end : Infinity;
  }

  passed(): boolean {
    return this.at() <= this.now();
  }

  pause(): void {
    if (this.pausedSince !== null) return;
    this.pausedSince = this.now();
    this.notify();
  }

  resume(): void {
    if (this.pausedSince === null) return;
    this.end += this.now() - this.pausedSince;
    this.pausedSince = null;
    this.notify();
  }

  /** Calls `fn` once when the deadline passes (re-armed across pauses); returns the cancel. */
  onPassed(fn: () => void): () => void {
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      const at = this.at();
      if (at === Infinity) return;
      timer = setTimeout(() => {
        if (!this.passed()) return arm();
        this.watchers.delete(arm);
        fn();
      }, Math.max(1, at - this.now()));
    };
    this.watchers.add(arm);
    arm();
    return () => {
      clearTimeout(timer);
      this.watchers.delete(arm);
    };
  }

  private notify(): void {
    for (const arm of [...this.watchers]) arm();
  }
}

export class JobControl {
  private readonly attached = new Set<Pausable>();
  private paused = false;
  private stopReason: string | null = null;

  /** Whether the job is paused now. */
  get isPaused(): boolean {
    return this.paused;
  }

  /** Why the job was stopped, or null while it may run. */
  get stopped(): string | null {
    return this.stopReason;
  }

  /** Puts `item` under this control (paused at once if the job is); returns the detach. */
  attach(item: Pausable): () => void {
    this.attached.add(item);
    if (this.stopReason !== null) item.kill?.();
    else if (this.paused) item.pause();
    return () => this.attached.delete(item);
  }

  pause(): void {
    if (this.paused || this.stopReason !== null) return;
    this.paused = true;
    for (const item of this.attached) item.pause();
  }

  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    for (const item of this.attached) item.resume();
  }

  /** Ends the job's processes for good; what it returns says `reason`. */
  stop(reason: string): void {
    if (this.stopReason !== null) return;
    this.stopReason = reason;
    for (const item of this.attached) item.kill?.();
    this.resume();
  }
}
