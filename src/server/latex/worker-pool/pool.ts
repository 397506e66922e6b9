// The pool of worker threads that does every CPU-heavy step on text (tasks.ts): builtin generation,
// title extraction, the HTML preview, compile-log parsing and the AI engine's reply checks. Each
// task has a hard limit on its running time: past it the worker is terminated (piscina ends the
// thread of an aborted running task and starts a fresh one) and the caller gets
// TextTooComplexError. A task that cannot even start in time gets TextPoolBusyError.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { CompileTextWork } from '../compile/types.js';
import { TextPoolBusyError, TextTooComplexError } from './errors.js';
import { epochNow } from './epoch.js';
import type { Envelope, TaskInput, TaskName, TaskOutput } from './tasks.js';

export interface TextPoolOptions {
  /** Limit of one task's running time. */
  taskTimeoutMs: number;
  /** Limit of a task's wait for a free worker; defaults to taskTimeoutMs. */
  queueWaitMs?: number;
  /** Worker threads; defaults to the CPU count, between 2 and 4. */
  threads?: number;
  /** Tasks waiting beyond this many get TextPoolBusyError at once. */
  maxQueue?: number;
  /** Heap limit of each worker: a task that needs more ends like one that runs too long. */
  memoryMb?: number;
  /** Where the pool reports its own trouble (a worker's late answer for a task already ended, say). */
  onError?: (err: Error) => void;
}

export interface TextPool {
  run<N extends TaskName>(name: N, input: TaskInput<N>): Promise<TaskOutput<N>>;
  /** run(), with the time the task took inside its worker and in all (benchmarks). */
  runTimed<N extends TaskName>(name: N, input: TaskInput<N>): Promise<{ output: TaskOutput<N>; workerMs: number; totalMs: number }>;
  /** Settles when the first worker has answered (its warm-up task); a task's wait counts from then. */
  readonly ready: Promise<void>;
  /** Tasks ended by their time or memory limit since the pool started. */
  readonly terminated: number;
  close(): Promise<void>;
}

/**
 * The worker's entry: tasks.js beside this file in the compiled server; from the TypeScript
 * sources (tsx, the test runner), a small module that registers tsx in the worker and loads tasks.ts.
 */
export function workerEntry(): string {
  const js = new URL('./tasks.js', import.meta.url);
  return existsSync(fileURLToPath(js)) ? js.href : new URL('./tasks-from-source.mjs', import.meta.url).href;
}

/** Piscina's messages when a task cannot even be queued. */
const QUEUE_FULL = new Set(['Task queue is at limit', 'No task queue available and all Workers are busy']);

const defaultThreads = () => Math.min(4, Math.max(2, availableParallelism()));

export function createTextPool(options: TextPoolOptions): TextPool {
  const limit = options.taskTimeoutMs;
  const queueWait = options.queueWaitMs ?? limit;
  const threads = options.threads ?? defaultThreads();
  const pool = new Piscina({
    filename: workerEntry(),
    // Every worker started up front and kept: a worker that replaces a terminated one takes a
    // moment to load the generator, and the others carry the load meanwhile.
    minThreads: threads,
    maxThreads: threads,
    maxQueue: options.maxQueue ?? threads * 32,
    resourceLimits: { maxOldGenerationSizeMb: options.memoryMb ?? 512 },
  });
  // Piscina reports some races (a worker answering just as its task was aborted) as 'error'
  // events; unheard, an EventEmitter's 'error' would end the process.
  pool.on('error', (err: Error) => options.onError?.(err));
  let terminated = 0;
  // A worker loads the whole generator before its first task (seconds from the TypeScript sources
  // on a busy machine). A task's wait for a worker counts from the moment the first one answered,
  // so a pool that is still starting never turns requests away as busy.
  let readyAt = 0;
  const markReady = () => {
    readyAt ||= epochNow();
  };
  const ready = pool
    .run({ name: 'texProgram', clock: new Float64Array(new SharedArrayBuffer(16)), input: '' } satisfies Envelope<'texProgram'>)
    .then(markReady, markReady);

  async function runTimed<N extends TaskName>(name: N, input: TaskInput<N>) {
    const clock = new Float64Array(new SharedArrayBuffer(16));
    const submitted = epochNow();
    const output = await execute(name, input, clock);
    return { output, workerMs: (clock[1] ?? 0) - (clock[0] ?? 0), totalMs: epochNow() - submitted };
  }

  async function execute<N extends TaskName>(name: N, input: TaskInput<N>, clock: Float64Array): Promise<TaskOutput<N>> {
    const controller = new AbortController();
    const submitted = epochNow();
    let stopped: 'limit' | 'queue' | null = null;
    let timer: NodeJS.Timeout | undefined;

    // The worker writes its start time into clock[0]; until then the task is only queued.
    const check = () => {
      const now = epochNow();
      const at = clock[0] ?? 0;
      if (at > 0) {
        if (now - at >= limit) {
          stopped = 'limit';
          controller.abort();
          return;
        }
        timer = setTimeout(check, at + limit - now);
      } else {
        const waitingSince = readyAt > 0 ? Math.max(submitted, readyAt) : now;
        if (now - waitingSince >= queueWait) {
          stopped = 'queue';
          controller.abort();
          return;
        }
        timer = setTimeout(check, Math.min(limit, waitingSince + queueWait - now));
      }
    };
    timer = setTimeout(check, Math.min(limit, queueWait));

    const envelope: Envelope<N> = { name, clock, input };
    try {
      return (await pool.run(envelope, { signal: controller.signal })) as TaskOutput<N>;
    } catch (err) {
      if (stopped === 'limit') {
        terminated += 1;
        throw new TextTooComplexError(err);
      }
      if (stopped === 'queue' || (err instanceof Error && QUEUE_FULL.has(err.message))) throw new TextPoolBusyError();
      if ((err as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        terminated += 1;
        throw new TextTooComplexError(err);
      }
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    run: (name, input) => execute(name, input, new Float64Array(new SharedArrayBuffer(16))),
    runTimed,
    ready,
    get terminated() {
      return terminated;
    },
    close: () => pool.destroy(),
  };
}

/** The compile service's preview and log parsing, in the pool. */
export function compileTextWork(pool: TextPool): CompileTextWork {
  return {
    htmlPreview: (latex) => pool.run('htmlPreview', latex),
    parseLog: (log, source) => pool.run('parseLog', source === undefined ? { log } : { log, source }),
  };
}
