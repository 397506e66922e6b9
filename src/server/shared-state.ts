// What a process keeps in Redis when REDIS_URL is set, in one place: the rate-limit store, the
// compile backends (per-user admission, result cache, kept files, the BullMQ queue), the generation
// guard, the PDF store, and this process's queue worker when it works the queue. Without REDIS_URL
// none of this exists and every part stays in-process (the embedded default).
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Config } from './config.js';
import type { Metrics } from './http/metrics.js';
import { createSharedState, type SharedState } from './redis/connection.js';
import { redisRateLimitStore } from './redis/rate-limit-store.js';
import type { CompileBackends } from './latex/compile/types.js';
import { QueueScheduler } from './latex/compile/queue-scheduler.js';
import { DEFAULT_COMPILES_PER_MINUTE } from './latex/compile/admission.js';
import { redisAdmission } from './latex/compile/redis-admission.js';
import { createCompileBudgets, type CompileBudgets } from './latex/compile/budget.js';
import { redisBudgetStore } from './latex/compile/redis-budget.js';
import { redisResultCache } from './latex/compile/redis-cache.js';
import { redisKeptFiles } from './latex/compile/redis-kept-files.js';
import { DEFAULT_KEPT_FILE_LIMITS } from './latex/compile/kept-files.js';
import { startCompileWorker, WORKER_LOCK_MS, WORKER_STALLED_INTERVAL_MS, type CompileWorker, type CompileWorkerOptions } from './latex/compile/queue-worker.js';
import { createRedisCompileGuard, createRedisGenerationGuard, type GenerationGuard, type UserGuard } from './latex/generation-guard.js';
import { redisPdfFiles, type PdfFiles } from './latex/pdf-store.js';

export interface SharedParts {
  state: SharedState;
  /** Compile-time budgets per account and plan, checked by web processes and charged by workers. */
  budgets: CompileBudgets;
  rateLimitStore: FastifyRateLimitStoreCtor;
  compileBackends: CompileBackends;
  guard: GenerationGuard;
  /** One compile request per user at a time, before its images are read. */
  compileGuard: UserGuard;
  pdfs: PdfFiles;
  /** The queue this process adds to (null until the compile service builds it). */
  queue(): QueueScheduler | null;
  /** Reads the queue's depth and worker count into the metrics. */
  collectMetrics(): Promise<void>;
}

/** Per compile slot of a worker, how many jobs may wait before interactive compiles get 503. */
const QUEUE_PER_SLOT = 2;

export function createSharedParts(config: Config, metrics: Metrics, state: SharedState = createSharedState(config.redisUrl!)): SharedParts {
  let queue: QueueScheduler | null = null;
  metrics.enableQueue();
  // The plans' shares are of every worker's slots (read with the queue's depth; at least one).
  const budgets = createCompileBudgets(redisBudgetStore(state.redis), () => config.compile.concurrency * Math.max(1, queue?.knownWorkers() ?? 1));
  const compileBackends: CompileBackends = {
    budgets,
    admission: redisAdmission(state.redis, { ratePerMinute: DEFAULT_COMPILES_PER_MINUTE }),
    cache: redisResultCache(state.redis, { maxBytes: 256 << 20 }),
    keptFiles: redisKeptFiles(state.redis, DEFAULT_KEPT_FILE_LIMITS),
    remote: true,
    scheduler: () => {
      queue = new QueueScheduler({
        shared: state,
        // Workers are assumed to run as many compiles at once as this process would.
        queuePerWorker: QUEUE_PER_SLOT * config.compile.concurrency,
        // Queue time, a compile, and one hand-over to another worker after a stall.
        waitMs: 2 * (config.compile.timeoutMs + WORKER_LOCK_MS + WORKER_STALLED_INTERVAL_MS) + 30_000,
        onWaited: (ms) => metrics.queue.wait.observe({}, ms / 1000),
        recentMs: (owner) => budgets.recentMs(owner),
      });
      return queue;
    },
  };
  return {
    state,
    budgets,
    rateLimitStore: redisRateLimitStore(state.redis),
    compileBackends,
    guard: createRedisGenerationGuard(state.redis),
    compileGuard: createRedisCompileGuard(state.redis),
    pdfs: redisPdfFiles(state.redis),
    queue: () => queue,
    async collectMetrics() {
      if (!queue) return;
      const depth = await queue.depth();
      metrics.queue.waiting.set(depth.waiting);
      metrics.queue.active.set(depth.active);
      metrics.queue.workers.set(depth.workers);
    },
  };
}

export { startCompileWorker, type CompileWorker, type CompileWorkerOptions };
