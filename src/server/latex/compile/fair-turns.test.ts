// Fair compiles with real TeX Live: three accounts looping a document that never ends
// (`\def\x{\x}\x`) hold both compile slots, and a fourth account's one-line document still
// completes before any of their compiles does, in the in-process pool and on the shared BullMQ
// queue (a real redis-server, a worker with two slots). Order is asserted, never time. Then the
// compile-time budgets: an account's compile is cut to the time it has left, and refused once spent.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RedisServer } from '../../../../tests/support/redis-server.js';
import { createSharedState, type SharedState } from '../../redis/connection.js';
import { createCompileBudgets, memoryBudgetStore } from './budget.js';
import { CompileTimeBudgetError } from './errors.js';
import { createCompileService, type CompileServiceInternals } from './index.js';
import { DEFAULT_KEPT_FILE_LIMITS } from './kept-files.js';
import { QueueScheduler } from './queue-scheduler.js';
import { startCompileWorker, type CompileWorker } from './queue-worker.js';
import { redisAdmission } from './redis-admission.js';
import { redisBudgetStore } from './redis-budget.js';
import { redisResultCache } from './redis-cache.js';
import { redisKeptFiles } from './redis-kept-files.js';

const hasTex = existsSync('/usr/bin/pdflatex') && existsSync('/usr/bin/bwrap') && existsSync('/usr/bin/redis-server');
const LOOP_TIMEOUT_MS = 6_000;

it('has the tools it needs', () => {
  expect(hasTex, 'TeX Live, bubblewrap or redis-server is missing: run npm test, which installs them').toBe(true);
});

const looping = (who: string, n: number) => `\\documentclass{article}\n\\begin{document}\n% ${who} ${n}\n\\def\\x{\\x}\\x\n\\end{document}\n`;
const oneLine = `\\documentclass{article}\n\\begin{document}\nOne line, please. ${Date.now()}\n\\end{document}\n`;
const account = (owner: string) => ({ userKey: owner, owner, plan: 'free' as const });

/**
 * Three owners loop endless documents through `service` until the fourth owner's one-line compile
 * is done; returns the order in which compiles completed ('loop:<owner>' or 'short').
 */
async function loopersAndOneShort(service: CompileServiceInternals, started: () => Promise<void>): Promise<string[]> {
  const done: string[] = [];
  let stop = false;
  const loopers = ['looper-1', 'looper-2', 'looper-3'].map(async (owner) => {
    for (let n = 0; !stop; n++) {
      const result = await service.compile({ latex: looping(owner, n), ...account(owner) });
      expect(result.status).toBe('timedout');
      done.push(`loop:${owner}`);
    }
  });
  await started();
  const short = await service.compile({ latex: oneLine, ...account('fourth') });
  expect(short.status).toBe('success');
  done.push('short');
  stop = true;
  await Promise.all(loopers);
  return done;
}

/** Until `ready()` (polled): the loopers' compiles have taken both slots, the third waits its turn. */
async function until(ready: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 400 && !(await ready()); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  // A moment more, so that the running compiles are well into their turns.
  await new Promise((resolve) => setTimeout(resolve, 750));
}

describe('fair compiles', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'lg-fair-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('in-process: a one-line document completes before any of three endless ones holding the slots', async () => {
    const service = createCompileService({ timeoutMs: LOOP_TIMEOUT_MS, concurrency: 2, dataDir: join(root, 'local'), warmFormats: false, cacheBytes: 0 });
    try {
      await service.ready();
      const order = await loopersAndOneShort(service, () => until(() => compilesAdmitted(service) >= 3));
      expect(order[0]).toBe('short');
      expect(order.filter((o) => o.startsWith('loop:')).length).toBeGreaterThanOrEqual(3);
    } finally {
      await service.close();
    }
  }, 120_000);

  describe('on the shared queue', () => {
    let redis: RedisServer;
    const states: SharedState[] = [];
    let worker: CompileWorker | undefined;
    let web: CompileServiceInternals | undefined;
    let runner: CompileServiceInternals | undefined;

    beforeAll(async () => {
      redis = await startRedis();
      for (let i = 0; i < 2; i++) {
        const state = createSharedState(redis.url);
        expect(await state.ready()).toBe(true);
        states.push(state);
      }
    });
    afterAll(async () => {
      await worker?.close();
      await web?.close();
      await runner?.close();
      for (const state of states) await state.close();
      await redis?.stop();
    });

    it('a one-line document completes before any of three endless ones holding the worker', async () => {
      const [webState, workerState] = states as [SharedState, SharedState];
      const budgets = createCompileBudgets(redisBudgetStore(webState.redis), () => 2);
      let queue: QueueScheduler | null = null;
      web = createCompileService({
        timeoutMs: LOOP_TIMEOUT_MS,
        concurrency: 2,
        dataDir: join(root, 'web'),
        warmFormats: false,
        backends: {
          admission: redisAdmission(webState.redis, { ratePerMinute: 30 }),
          cache: redisResultCache(webState.redis, { maxBytes: 16 << 20 }),
          keptFiles: redisKeptFiles(webState.redis, DEFAULT_KEPT_FILE_LIMITS),
          budgets,
          remote: true,
          scheduler: () => (queue = new QueueScheduler({ shared: webState, queuePerWorker: 8, waitMs: 120_000, recentMs: (owner) => budgets.recentMs(owner) })),
        },
      });
      // The worker process: two slots, its own compile service, charging the shared budgets.
      runner = createCompileService({ timeoutMs: LOOP_TIMEOUT_MS, concurrency: 2, dataDir: join(root, 'worker'), warmFormats: false, backends: { keptFiles: redisKeptFiles(workerState.redis, DEFAULT_KEPT_FILE_LIMITS) } });
      await runner.ready();
      worker = startCompileWorker({ shared: workerState, concurrency: 2, process: runner.processJob, budgets: createCompileBudgets(redisBudgetStore(workerState.redis), () => 2) });
      const order = await loopersAndOneShort(web, () => until(async () => (await queue!.depth()).active >= 3));
      expect(order[0]).toBe('short');
      expect(order.filter((o) => o.startsWith('loop:')).length).toBeGreaterThanOrEqual(3);
    }, 120_000);
  });

  it("cuts a compile to its account's compile time left, and refuses one once it is spent", async () => {
    const budgets = createCompileBudgets(memoryBudgetStore(), () => 2);
    const service = createCompileService({ timeoutMs: 20_000, concurrency: 2, dataDir: join(root, 'budget'), warmFormats: false, cacheBytes: 0, backends: { budgets } });
    try {
      // 28 of the free plan's 30 seconds a minute already used.
      await budgets.charge({ owner: 'spender', plan: 'free' }, 28_000);
      const cut = await service.compile({ latex: looping('spender', 0), ...account('spender') });
      expect(cut.status).toBe('timedout');
      expect(cut.errors[0]?.message).toBe('Compilation took longer than 2 s and was stopped.');
      const refused = await service.compile({ latex: oneLine, ...account('spender') }).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(CompileTimeBudgetError);
      expect((refused as CompileTimeBudgetError).retryAfterSeconds).toBeGreaterThan(0);
      // Another account of the same plan compiles as usual.
      expect((await service.compile({ latex: oneLine, ...account('other') })).status).toBe('success');
    } finally {
      await service.close();
    }
  }, 60_000);
});

/** Compiles the service has admitted (running, paused or waiting). */
function compilesAdmitted(service: CompileServiceInternals): number {
  return service.queueStats().running + service.queueStats().waiting;
}
