import { describe, expect, it } from 'vitest';
import { CompileBusyError, CompileRateLimitError, CompileServiceClosedError, CompileUserBusyError } from './errors.js';
import { CompileQueue } from './queue.js';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('CompileQueue', () => {
  it('runs at most `concurrency` tasks and queues the rest in order', async () => {
    const queue = new CompileQueue({ concurrency: 2, queueSize: 10, ratePerMinute: 100 });
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, i) =>
      queue.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(queue.stats).toEqual({ running: 2, waiting: 2 });
    gates[1]?.resolve();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(queue.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses work when the queue is full, with a Retry-After estimate', async () => {
    const queue = new CompileQueue({ concurrency: 1, queueSize: 1, ratePerMinute: 100 });
    const gate = deferred();
    const a = queue.run(() => gate.promise);
    const b = queue.run(() => gate.promise);
    const error = await queue.run(() => gate.promise).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(CompileBusyError);
    expect((error as CompileBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    gate.resolve();
    await Promise.all([a, b]);
  });

  it('frees the slot when a task throws', async () => {
    const queue = new CompileQueue({ concurrency: 1, queueSize: 0, ratePerMinute: 100 });
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'ok')).toBe('ok');
  });

  it('allows one compile at a time per user', () => {
    const queue = new CompileQueue({ concurrency: 1, queueSize: 1, ratePerMinute: 100 });
    const release = queue.admitUser('u1');
    expect(() => queue.admitUser('u1')).toThrow(CompileUserBusyError);
    expect(() => queue.admitUser('u2')()).not.toThrow();
    release();
    expect(() => queue.admitUser('u1')()).not.toThrow();
    // Anonymous requests are not tracked per user.
    queue.admitUser(undefined);
    queue.admitUser(undefined);
  });

  it('limits each user per minute and tells when to retry', () => {
    let now = 1_000_000;
    const queue = new CompileQueue({ concurrency: 1, queueSize: 1, ratePerMinute: 2, now: () => now });
    queue.admitUser('u')();
    now += 10_000;
    queue.admitUser('u')();
    now += 5_000;
    const error = (() => {
      try {
        queue.admitUser('u');
      } catch (err) {
        return err;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(CompileRateLimitError);
    expect((error as CompileRateLimitError).retryAfterSeconds).toBe(45);
    now += 45_000;
    expect(() => queue.admitUser('u')()).not.toThrow();
  });

  it('fails queued work on close and waits for running work', async () => {
    const queue = new CompileQueue({ concurrency: 1, queueSize: 5, ratePerMinute: 100 });
    const gate = deferred();
    let finished = false;
    const running = queue.run(async () => {
      await gate.promise;
      finished = true;
    });
    const waiting = queue.run(async () => 'never').catch((err: unknown) => err);
    const closing = queue.close();
    expect(await waiting).toBeInstanceOf(CompileServiceClosedError);
    gate.resolve();
    await closing;
    await running;
    expect(finished).toBe(true);
    await expect(queue.run(async () => 1)).rejects.toBeInstanceOf(CompileServiceClosedError);
  });
});
