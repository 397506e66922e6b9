// The compile queue on BullMQ (Redis), web side: the same CompileScheduler as the in-process pool,
// so the service does not know where its jobs run. A job's id is its cache key, so a second request
// for the same compile joins the queued or running job (BullMQ keeps one job per id), and an
// interactive join lifts a background job's priority. Open-source BullMQ has no groups (BullMQ
// Pro's round robin between groups), so owners take turns through its priorities: a job's priority
// is its owner's compile time in the last minute (budget.ts, shared in Redis), so the job of whoever
// compiled least lately is taken first; with one compile at a time per user (admission) that serves
// users in turn. Workers then give their jobs turns of a quantum (queue-worker.ts, scheduler.ts;
// docs/decisions/0010-fair-compiles.md). Queued jobs are bounded: past
// `queuePerWorker` waiting jobs per worker on the queue, an interactive compile gets
// CompileBusyError (503 + Retry-After), and background compiles stop at half of that so they never
// crowd out a person. The bound is read before adding, so processes adding at the same moment may
// pass it by a few jobs.
//
// A worker that dies mid-job stops renewing its lock; BullMQ's stalled-job check hands the job to
// another worker once (maxStalledCount 1, in queue-worker.ts), and this side keeps waiting. If this
// process loses Redis, its waiting requests end at once with RedisUnavailableError rather than
// waiting for events that may never come.
import type { EventEmitter } from 'node:events';
import { Job, Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { RedisUnavailableError, viaRedis, type SharedState } from '../../redis/connection.js';
import { CompileBusyError, CompileJobLostError, CompileServiceClosedError } from './errors.js';
import { decodeOutcome, toJobData, type JobOutcome, type QueuedJobData, type TexJob } from './job.js';
import type { CompilePriority, CompileScheduler, ScheduledJob } from './scheduler.js';

export const COMPILE_QUEUE = 'latexgen-compile';

/** How often a request waiting for its job asks whether it finished, in case its event was missed. */
const RECHECK_MS = 5_000;

/** Interactive jobs take BullMQ priorities 1 … BAND, background ones BAND … 2^21 - 1 (lower runs first; 0 would mean none). */
const BAND = 1 << 20;

/** A job's BullMQ priority: its kind's band, then its owner's compile time of the last minute in tenths of a second. */
export function queuePriority(priority: CompilePriority, ownerRecentMs: number): number {
  const served = Math.min(BAND - 1, Math.max(0, Math.floor(ownerRecentMs / 100)));
  return (priority === 'interactive' ? 1 : BAND) + served;
}

/** What a worker returns through BullMQ: small, because the queue's event stream copies it. */
export interface QueuedJobReturn {
  resultKey: string;
  /** `host:pid` of the worker that ran it. */
  worker: string;
  /** Time between adding the job and a worker taking it. */
  waitMs: number;
}

export interface QueueDepth {
  waiting: number;
  active: number;
  workers: number;
}

export interface QueueSchedulerOptions {
  shared: SharedState;
  /** Jobs that may wait per worker process on the queue (the worker count is read every few seconds). */
  queuePerWorker: number;
  /** Longest a request waits for its job, queue time and one stalled-job retry included. */
  waitMs: number;
  /** Called with the queue wait of every job this process waited for (for /metrics). */
  onWaited?: (waitMs: number) => void;
  /** An owner's compile time in the last minute (the shared budgets), for the order of jobs. */
  recentMs?: (owner: string) => Promise<number>;
}

export class QueueScheduler implements CompileScheduler<TexJob, JobOutcome> {
  private readonly queue: Queue<QueuedJobData, QueuedJobReturn>;
  private readonly events: QueueEvents;
  private readonly eventsConnection: Redis;
  private readonly pending = new Set<{ fail: (err: Error) => void; done: Promise<unknown> }>();
  private lastDepth: QueueDepth = { waiting: 0, active: 0, workers: 0 };
  private averageMs = 1000;
  private workersReadAt = 0;
  private closed = false;

  constructor(private readonly options: QueueSchedulerOptions) {
    const { shared } = options;
    this.queue = new Queue(COMPILE_QUEUE, {
      connection: shared.redis,
      // The event stream keeps this many events; each holds only a job id and a small return value.
      streams: { events: { maxLen: 2_000 } },
    });
    this.queue.on('error', () => {});
    this.eventsConnection = shared.connect('blocking');
    this.events = new QueueEvents(COMPILE_QUEUE, { connection: this.eventsConnection });
    this.events.on('error', () => {});
    // Whatever was in flight may be gone with Redis: answer now, the client retries.
    shared.redis.on('close', () => {
      for (const entry of this.pending) entry.fail(new RedisUnavailableError('Redis connection closed'));
    });
  }

  get stats(): { running: number; waiting: number } {
    return { running: this.pending.size, waiting: this.lastDepth.waiting };
  }

  /** Jobs waiting and running across every process, and the workers on the queue. */
  async depth(): Promise<QueueDepth> {
    const [counts, workers] = await viaRedis(() => Promise.all([this.queue.getJobCounts('wait', 'prioritized', 'active'), this.queue.getWorkersCount()]));
    this.lastDepth = { waiting: (counts.wait ?? 0) + (counts.prioritized ?? 0), active: counts.active ?? 0, workers };
    return this.lastDepth;
  }

  async submit(job: ScheduledJob<TexJob>): Promise<JobOutcome> {
    if (this.closed) throw new CompileServiceClosedError();
    const started = Date.now();
    const [waiting, workers] = await viaRedis(() => Promise.all([this.queue.getJobCountByTypes('wait', 'prioritized'), this.workers()]));
    this.lastDepth = { ...this.lastDepth, waiting, workers };
    const queueSize = this.options.queuePerWorker * Math.max(1, workers);
    const bound = job.priority === 'interactive' ? queueSize : Math.floor(queueSize / 2);
    if (waiting >= bound) throw new CompileBusyError(this.retryAfterSeconds(waiting));
    const owner = job.payload.owner;
    const served = owner && this.options.recentMs ? await this.options.recentMs(owner) : 0;
    const added = await viaRedis(() =>
      this.queue.add('compile', toJobData(job.payload), {
        jobId: job.id,
        priority: queuePriority(job.priority, served),
        // A finished job stays a minute, so a request that joined it just too late still finds it.
        removeOnComplete: { age: 60, count: 5_000 },
        removeOnFail: true,
      }),
    );
    // Joining a waiting background job: it now has a person waiting for it.
    if (job.priority === 'interactive') await added.changePriority({ priority: queuePriority('interactive', served) }).catch(() => {});
    const returned = await this.wait(added);
    this.options.onWaited?.(returned.waitMs);
    this.averageMs = this.averageMs * 0.8 + (Date.now() - started) * 0.2;
    const blob = await viaRedis(() => this.options.shared.redis.getBuffer(returned.resultKey));
    if (!blob) throw new CompileJobLostError(`result ${returned.resultKey} expired`);
    return decodeOutcome(blob);
  }

  async close(): Promise<void> {
    this.closed = true;
    // Requests already waiting get their answers, as with the in-process pool.
    await Promise.allSettled([...this.pending].map((entry) => entry.done));
    await this.events.close().catch(() => {});
    await this.queue.close().catch(() => {});
    this.eventsConnection.disconnect();
  }

  /** Workers on the queue when last read (for the plans' share of compile time). */
  knownWorkers(): number {
    return this.lastDepth.workers;
  }

  private async workers(): Promise<number> {
    if (Date.now() - this.workersReadAt < 5_000) return this.lastDepth.workers;
    this.workersReadAt = Date.now();
    return this.queue.getWorkersCount();
  }

  /**
   * The job's return value once a worker finished it. Fails with CompileJobLostError when the job
   * failed, vanished or took longer than `waitMs`, and with RedisUnavailableError when Redis went
   * away (the commands connection closed, or the check below could not be answered).
   *
   * Not BullMQ's job.waitUntilFinished: that one asks whether the job already finished inside an
   * async Promise executor, so when Redis goes away while that question is in flight its rejection
   * (MaxRetriesPerRequestError) is unhandled and ends the process. Here every Redis call is chained
   * to a handler.
   */
  private wait(job: Job<QueuedJobData, QueuedJobReturn>): Promise<QueuedJobReturn> {
    const id = job.id!;
    // BullMQ emits `completed:<id>` and `failed:<id>` besides its typed events.
    const events: EventEmitter = this.events;
    let resolve!: (value: QueuedJobReturn) => void;
    let reject!: (err: Error) => void;
    const done = new Promise<QueuedJobReturn>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    let answered = false;
    let recheck: NodeJS.Timeout | undefined;
    const answer = (give: () => void) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      clearTimeout(recheck);
      events.off(`completed:${id}`, onCompleted);
      events.off(`failed:${id}`, onFailed);
      this.pending.delete(entry);
      give();
    };
    const onCompleted = ({ returnvalue }: { returnvalue: QueuedJobReturn }) => answer(() => resolve(returnvalue));
    const onFailed = ({ failedReason }: { failedReason: string }) => answer(() => reject(new CompileJobLostError(failedReason)));
    const timer = setTimeout(() => answer(() => reject(new CompileJobLostError(`no answer for job ${id} after ${this.options.waitMs} ms`))), this.options.waitMs);
    // close() waits for `done`; its rejection is the caller's to handle.
    const entry = { fail: (err: Error) => answer(() => reject(err)), done: done.catch(() => {}) };
    events.on(`completed:${id}`, onCompleted);
    events.on(`failed:${id}`, onFailed);
    this.pending.add(entry);
    // The job may have finished before the listeners were on (a request that joined a finished
    // job, or a fast worker), or its event may never reach this process (a QueueEvents reads from
    // the stream's end once its connection is up, so what lands just before its first read is
    // missed): ask once the event stream is up, then again every RECHECK_MS until answered.
    const check = () => {
      this.events
        .waitUntilReady()
        .then(() => (answered ? null : this.finishedState(id)))
        .then(
          (finished) => {
            if (finished) answer(() => ('returnvalue' in finished ? resolve(finished.returnvalue) : reject(new CompileJobLostError(finished.failedReason))));
            else if (!answered) recheck = setTimeout(check, RECHECK_MS);
          },
          (err: unknown) => answer(() => reject(err instanceof RedisUnavailableError ? err : new RedisUnavailableError(err))),
        );
    };
    check();
    return done;
  }

  /** The job's outcome when it has finished (or is gone, which is a failure here), else null. */
  private async finishedState(id: string): Promise<{ returnvalue: QueuedJobReturn } | { failedReason: string } | null> {
    const state = await this.queue.getJobState(id);
    if (state === 'unknown') return { failedReason: `job ${id} is gone` };
    if (state !== 'completed' && state !== 'failed') return null;
    const finished = await Job.fromId<QueuedJobData, QueuedJobReturn>(this.queue, id);
    if (!finished) return { failedReason: `job ${id} is gone` };
    return state === 'completed' ? { returnvalue: finished.returnvalue } : { failedReason: finished.failedReason || `job ${id} failed` };
  }

  private retryAfterSeconds(waiting: number): number {
    const workers = Math.max(1, this.lastDepth.workers);
    return Math.max(1, Math.min(60, Math.ceil(((waiting / workers + 1) * this.averageMs) / 1000)));
  }
}
