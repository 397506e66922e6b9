// The compile queue, worker side: takes jobs from BullMQ, runs them with the compile service's own
// processJob (the same sandbox, formats and kept files as in-process), and leaves each outcome in
// Redis under a key the waiting web process reads. Both `npm run worker` and a web process with
// COMPILE_WORKER=true (the default) run one.
//
// A worker renews its job locks every lockDuration/2; one that dies (SIGKILL, a lost machine)
// stops renewing, and within lockDuration + stalledInterval another worker's stalled-job check puts
// the job back in the queue, once (maxStalledCount 1): a second death fails it, and the request gets
// CompileJobLostError (503). Those two durations are short because TeX runs in child processes:
// the event loop stays free to renew locks however long a compile takes.
//
// Fair turns: the worker takes up to twice as many jobs as it has compile slots, and runs them
// through the same LocalScheduler as the in-process pool, which gives each owner's job its turn of
// a quantum and pauses the others; so a short compile taken while endless ones hold the slots waits
// about one turn, not until they end. Each turn's time is charged to the owner's and plan's shared
// budgets (budget.ts, redis-budget.ts).
import { hostname } from 'node:os';
import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { SharedState } from '../../redis/connection.js';
import { chargeTurn, type CompileBudgets } from './budget.js';
import { encodeOutcome, fromJobData, type JobOutcome, type QueuedJobData, type TexJob } from './job.js';
import type { JobControl } from './job-control.js';
import { LocalScheduler } from './scheduler.js';
import { COMPILE_QUEUE, type QueuedJobReturn } from './queue-scheduler.js';

/** Outcomes outlive their job's record (a minute) so that late joiners still find them. */
const RESULT_TTL_MS = 10 * 60_000;

export const WORKER_LOCK_MS = 10_000;
export const WORKER_STALLED_INTERVAL_MS = 5_000;

export interface CompileWorkerOptions {
  shared: SharedState;
  /** Compile slots (the jobs that run at once; twice as many are taken, to take turns). */
  concurrency: number;
  process: (job: TexJob, control: JobControl) => Promise<JobOutcome>;
  /** Where each turn's compile time is charged (the shared budgets); none: not charged. */
  budgets?: CompileBudgets;
  /** A turn (LocalScheduler's quantum), for tests. */
  quantumMs?: number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export interface CompileWorker {
  readonly name: string;
  /** Stops taking jobs and waits for the running ones to finish. */
  close(): Promise<void>;
}

export function startCompileWorker(options: CompileWorkerOptions): CompileWorker {
  const { shared, log } = options;
  const name = `${hostname()}:${process.pid}`;
  const connection: Redis = shared.connect('blocking');
  const { budgets } = options;
  const turns = new LocalScheduler<TexJob, JobOutcome>({
    concurrency: options.concurrency,
    queueSize: options.concurrency,
    process: options.process,
    ownerOf: (job) => job.owner ?? '',
    ...(budgets ? { onRan: (job: TexJob, ms: number) => chargeTurn(budgets, job, ms) } : {}),
    ...(options.quantumMs ? { quantumMs: options.quantumMs } : {}),
  });
  const worker = new Worker<QueuedJobData, QueuedJobReturn>(
    COMPILE_QUEUE,
    async (job) => {
      const waitMs = Math.max(0, (job.processedOn ?? Date.now()) - job.timestamp);
      const payload = fromJobData(job.data);
      const outcome = await turns.submit({ id: `${job.id}:${job.attemptsStarted}`, priority: payload.ahead ? 'background' : 'interactive', payload });
      const resultKey = `latexgen:compile-result:${job.id}:${job.attemptsStarted}`;
      await shared.redis.set(resultKey, encodeOutcome(outcome), 'PX', RESULT_TTL_MS);
      log?.info({ job: job.id, user: job.data.userKey, waitMs, stalled: job.stalledCounter }, 'compile job done');
      return { resultKey, worker: name, waitMs };
    },
    {
      connection,
      name,
      concurrency: options.concurrency * 2,
      lockDuration: WORKER_LOCK_MS,
      stalledInterval: WORKER_STALLED_INTERVAL_MS,
      maxStalledCount: 1,
    },
  );
  worker.on('error', (err) => log?.warn({ err: err.message }, 'compile worker: Redis error'));
  worker.on('failed', (job, err) => log?.warn({ job: job?.id, err: err.message }, 'compile job failed'));
  return {
    name,
    async close() {
      await worker.close();
      await turns.close();
      connection.disconnect();
    },
  };
}
