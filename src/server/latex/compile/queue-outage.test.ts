// QueueScheduler's wait for a queued job, against a real redis-server and a stand-in BullMQ worker
// (no TeX): the job's answer arrives by the queue's events, or from the check of a job that had
// already finished when the request joined it or whose event was missed; and when Redis dies while
// that check is in flight, the request gets RedisUnavailableError (503) and nothing is left
// unhandled to end the process.
import { Queue, type QueueEvents, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRedis, type RedisServer } from '../../../../tests/support/redis-server.js';
import { connectRedis, createSharedState, RedisUnavailableError, type SharedState } from '../../redis/connection.js';
import { CompileJobLostError } from './errors.js';
import { encodeOutcome, type JobOutcome, type QueuedJobData, type TexJob } from './job.js';
import { COMPILE_QUEUE, QueueScheduler, type QueuedJobReturn } from './queue-scheduler.js';
import type { ScheduledJob } from './scheduler.js';

/** Ids are the compile cache's hashes in the product; here readable names (never a BullMQ key's own, like `failed`). */
const job = (id: string, latex = `\\documentclass{article}\\begin{document}${id}\\end{document}`): ScheduledJob<TexJob> => ({
  id,
  priority: 'background',
  payload: { latex, program: 'pdflatex', files: [] },
});

describe('QueueScheduler waiting for its job', () => {
  let redis: RedisServer;
  let shared: SharedState;
  let scheduler: QueueScheduler;
  let workerConnection: Redis;
  let worker: Worker<QueuedJobData, QueuedJobReturn> | null = null;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  /** A worker that answers every job with `outcome`, or fails the jobs whose LaTeX says "fail". */
  function startWorker(outcome: JobOutcome = { unavailable: 'stand-in worker' }): void {
    worker = new Worker<QueuedJobData, QueuedJobReturn>(
      COMPILE_QUEUE,
      async (queued) => {
        if (queued.data.latex.includes('fail')) throw new Error('the stand-in worker failed it');
        const resultKey = `latexgen:compile-result:${queued.id}:test`;
        await shared.redis.set(resultKey, encodeOutcome(outcome), 'PX', 60_000);
        return { resultKey, worker: 'stand-in', waitMs: 0 };
      },
      { connection: workerConnection },
    );
    worker.on('error', () => {});
  }

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    redis = await startRedis();
    shared = createSharedState(redis.url);
    expect(await shared.ready()).toBe(true);
    workerConnection = connectRedis(redis.url, 'blocking');
    scheduler = new QueueScheduler({ shared, queuePerWorker: 10, waitMs: 30_000 });
  });

  afterEach(async () => {
    await worker?.close();
    worker = null;
  });

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await scheduler?.close();
    workerConnection?.disconnect();
    await shared?.close();
    await redis?.stop();
  });

  it("answers with the worker's outcome, and with CompileJobLostError for a job that failed", async () => {
    startWorker();
    expect(await scheduler.submit(job('answered'))).toEqual({ unavailable: 'stand-in worker' });
    await expect(scheduler.submit(job('job-that-fails', 'fail'))).rejects.toBeInstanceOf(CompileJobLostError);
    expect(unhandled).toEqual([]);
  });

  it('answers a request that joins a job which had already finished (no event will come)', async () => {
    startWorker({ unavailable: 'finished before the request came' });
    expect(await scheduler.submit(job('joined-late'))).toEqual({ unavailable: 'finished before the request came' });
    await worker!.close();
    worker = null;
    // The job stays completed for a minute; the same id joins it, and only the check can answer.
    expect(await scheduler.submit(job('joined-late'))).toEqual({ unavailable: 'finished before the request came' });
  });

  it("answers from its periodic check when the job's event never reaches this process", async () => {
    // As when the job finishes just before this process's QueueEvents makes its first read.
    const events = (scheduler as unknown as { events: QueueEvents }).events;
    const request = scheduler.submit(job('unheard'));
    await vi.waitFor(() => expect(events.listenerCount('completed:unheard')).toBe(1));
    events.removeAllListeners('completed:unheard');
    startWorker({ unavailable: 'found by asking' });
    expect(await request).toEqual({ unavailable: 'found by asking' });
  });

  it('gives RedisUnavailableError when Redis dies while the check of the queued job is in flight, and leaves no rejection unhandled', async () => {
    // Redis stops answering the moment the job is queued, so the check whether it already finished
    // goes out and gets no answer; then Redis dies under it (the CI outage of redis-scaling.int.test.ts).
    const add = Queue.prototype.add;
    let queued!: () => void;
    const frozen = new Promise<void>((resolve) => (queued = resolve));
    vi.spyOn(Queue.prototype, 'add').mockImplementationOnce(async function (this: Queue, ...args: Parameters<Queue['add']>) {
      const added = await add.apply(this, args);
      redis.freeze();
      queued();
      return added;
    });
    let reconnects = 0;
    const countReconnects = () => reconnects++;
    shared.redis.on('reconnecting', countReconnects);
    try {
      const request = scheduler.submit(job('lost-with-redis')).catch((err: unknown) => err);
      await frozen;
      // The check is sent and waits for its answer (commandQueue: sent, not yet answered).
      await vi.waitFor(() => expect(shared.redis.commandQueue.length).toBeGreaterThan(0), { timeout: 10_000, interval: 10 });
      await redis.pause();
      expect(await request).toBeInstanceOf(RedisUnavailableError);
      // The commands connection gives up on what it had in flight at its second failed reconnect
      // (maxRetriesPerRequest 1): wait for that before Redis comes back, so the check really failed.
      await vi.waitFor(() => expect(reconnects).toBeGreaterThanOrEqual(2), { timeout: 10_000, interval: 20 });
    } finally {
      shared.redis.off('reconnecting', countReconnects);
      vi.restoreAllMocks();
      await redis.resume();
    }
    expect(await shared.ready()).toBe(true);
    expect(unhandled).toEqual([]);

    // Recovered without a restart: the same scheduler queues and waits again.
    startWorker({ unavailable: 'after the outage' });
    expect(await scheduler.submit(job('after-outage'))).toEqual({ unavailable: 'after the outage' });
    expect(unhandled).toEqual([]);
  });
});
