// The compile service on the shared queue (BullMQ on a real redis-server, real TeX Live): a service
// that only queues gets its PDF from another service's worker, a second "process" answers the same
// compile from the shared cache, kept auxiliary files reach the next job through Redis, per-user
// limits hold across services, and an interactive request joins a queued background job.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RedisServer } from '../../../../tests/support/redis-server.js';
import { createSharedState, type SharedState } from '../../redis/connection.js';
import { createCompileService, CompileUserBusyError, type CompileServiceInternals } from './index.js';
import { CompileBusyError } from './errors.js';
import { DEFAULT_KEPT_FILE_LIMITS } from './kept-files.js';
import { COMPILE_QUEUE, queuePriority, QueueScheduler, type QueuedJobReturn } from './queue-scheduler.js';
import { startCompileWorker, type CompileWorker } from './queue-worker.js';
import { redisAdmission } from './redis-admission.js';
import { redisResultCache } from './redis-cache.js';
import { redisKeptFiles } from './redis-kept-files.js';

const hasTex = existsSync('/usr/bin/pdflatex') && existsSync('/usr/bin/bwrap');

const report = (heading: string, body: string) =>
  `\\documentclass{report}\n\\begin{document}\n\\tableofcontents\n\\chapter{Start}\nFirst.\n\\chapter{${heading}}\n${body}\n\\end{document}\n`;

it('has the TeX tools it needs', () => {
  expect(hasTex, 'TeX Live or bubblewrap is missing: run npm test, which installs them').toBe(true);
});

describe('compiles through the shared queue', () => {
  let root: string;
  let redis: RedisServer;
  const states: SharedState[] = [];
  const services: CompileServiceInternals[] = [];
  let worker: CompileWorker;
  let inspect: Queue<unknown, QueuedJobReturn>;

  /** A web process's compile service: everything in Redis, jobs on the queue. */
  function webService(state: SharedState, name: string, queuePerWorker = 8): CompileServiceInternals {
    const service = createCompileService({
      timeoutMs: 20_000,
      concurrency: 1,
      dataDir: join(root, name),
      warmFormats: false,
      backends: {
        admission: redisAdmission(state.redis, { ratePerMinute: 30 }),
        cache: redisResultCache(state.redis, { maxBytes: 64 << 20 }),
        keptFiles: redisKeptFiles(state.redis, DEFAULT_KEPT_FILE_LIMITS),
        remote: true,
        scheduler: () => new QueueScheduler({ shared: state, queuePerWorker, waitMs: 60_000 }),
      },
    });
    services.push(service);
    return service;
  }

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'lg-queue-'));
    redis = await startRedis();
    for (let i = 0; i < 3; i++) {
      const state = createSharedState(redis.url);
      expect(await state.ready()).toBe(true);
      states.push(state);
    }
    inspect = new Queue(COMPILE_QUEUE, { connection: states[0]!.redis });
  });

  afterAll(async () => {
    await worker?.close();
    await inspect?.close();
    for (const service of services) await service.close();
    for (const state of states) await state.close();
    await redis?.stop();
    await rm(root, { recursive: true, force: true });
  });

  it('runs a queued compile on the worker, shares the cache and carries kept files between jobs', async () => {
    const [webA, webB, workerState] = [webService(states[0]!, 'a'), webService(states[1]!, 'b'), states[2]!];
    // The worker process: its own compile service, kept files in Redis, no queue of its own.
    const workerService = createCompileService({
      timeoutMs: 20_000,
      concurrency: 1,
      dataDir: join(root, 'worker'),
      warmFormats: false,
      backends: { keptFiles: redisKeptFiles(workerState.redis, DEFAULT_KEPT_FILE_LIMITS) },
    });
    services.push(workerService);
    worker = startCompileWorker({ shared: workerState, concurrency: 1, process: workerService.processJob });

    const workspace = 'doc:1:1';
    const first = await webA.compile({ latex: report('Method', 'One.'), workspace, userKey: 'user:1' });
    expect(first.status).toBe('success');
    expect(first.pdf?.subarray(0, 5).toString()).toBe('%PDF-');
    expect(first.passes).toBe(2);
    const done = await inspect.getCompleted();
    expect(done.map((j) => j.returnvalue.worker)).toEqual([worker.name]);

    // The other web process: the identical compile comes from the shared cache.
    const again = await webB.compile({ latex: report('Method', 'One.'), workspace, userKey: 'user:1' });
    expect(again.cached).toBe(true);
    expect(again.pdfHash).toBe(first.pdfHash);

    // A body-only edit sent to the other process: the kept table of contents travelled via Redis.
    const edit = await webB.compile({ latex: report('Method', 'Two.'), workspace, userKey: 'user:1' });
    expect(edit.status).toBe('success');
    expect(edit.passes).toBe(1);
    expect(workerService.keptFileStats().workspaces).toBe(0);
  });

  it('holds one compile at a time per user across processes', async () => {
    const [webA, webB] = services as [CompileServiceInternals, CompileServiceInternals];
    const slow = webA.compile({ latex: report('Slow', 'x '.repeat(20_000)), userKey: 'user:2' });
    // Until the first has its slot, the second may win it instead; either way exactly one is refused.
    const results = await Promise.allSettled([slow, webB.compile({ latex: report('Other', 'y'), userKey: 'user:2' })]);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(CompileUserBusyError);
  });

  it('lifts a queued background job when a person asks for the same compile', async () => {
    const [webA] = services as [CompileServiceInternals];
    await worker.close();
    const latex = report('Ahead', 'Compiled ahead of time.');
    const background = webA.compile({ latex, priority: 'background' });
    let queued: Array<{ priority: number }> = [];
    for (let i = 0; i < 50 && queued.length === 0; i++) {
      queued = await inspect.getJobs(['prioritized']);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(queued.map((j) => j.priority)).toEqual([queuePriority('background', 0)]);
    const person = webA.compile({ latex, userKey: 'user:3' });
    let lifted: number[] = [];
    for (let i = 0; i < 50 && lifted[0] !== queuePriority('interactive', 0); i++) {
      lifted = (await inspect.getJobs(['prioritized'])).map((j) => j.priority);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(lifted).toEqual([queuePriority('interactive', 0)]);
    worker = startCompileWorker({ shared: states[2]!, concurrency: 1, process: services[2]!.processJob });
    const [a, b] = await Promise.all([background, person]);
    expect(a.status).toBe('success');
    expect(b.pdfHash).toBe(a.pdfHash);
  });

  it("refuses work past the shared queue's bound with a time to retry, and takes it again once jobs drain", async () => {
    await worker.close();
    // Four waiting jobs per worker (at least one counted): background work may fill half of that.
    const bounded = webService(states[0]!, 'bounded', 4);
    const waiting = [0, 1].map((i) => bounded.compile({ latex: report(`Queued ${i}`, 'Waits for a worker.'), priority: 'background' }));
    for (let i = 0; i < 100 && (await inspect.getJobCountByTypes('wait', 'prioritized')) < 2; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await inspect.getJobCountByTypes('wait', 'prioritized')).toBe(2);
    const refused = await bounded.compile({ latex: report('One too many', 'Refused.'), priority: 'background' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CompileBusyError);
    expect((refused as CompileBusyError).statusCode).toBe(503);
    expect((refused as CompileBusyError).retryAfterSeconds).toBeGreaterThan(0);
    worker = startCompileWorker({ shared: states[2]!, concurrency: 1, process: services[2]!.processJob });
    for (const result of await Promise.all(waiting)) expect(result.status).toBe('success');
    expect((await bounded.compile({ latex: report('After the drain', 'Taken.'), priority: 'background' })).status).toBe('success');
  });
});
