import { describe, expect, it, vi } from 'vitest';
import { CompileBusyError, CompileServiceClosedError } from './errors.js';
import type { JobControl } from './job-control.js';
import { LocalScheduler, type CompilePriority } from './scheduler.js';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** A scheduler whose jobs wait for their gate (by payload name) and record their start order. */
function gatedScheduler(concurrency: number, queueSize: number) {
  const gates = new Map<string, ReturnType<typeof deferred>>();
  const started: string[] = [];
  const gate = (name: string) => {
    if (!gates.has(name)) gates.set(name, deferred());
    return gates.get(name)!;
  };
  const scheduler = new LocalScheduler<string, string>({
    concurrency,
    queueSize,
    process: async (name) => {
      started.push(name);
      await gate(name).promise;
      if (name.startsWith('boom')) throw new Error('boom');
      return `done ${name}`;
    },
  });
  const submit = (name: string, priority: CompilePriority = 'interactive', id = name) => scheduler.submit({ id, priority, payload: name });
  const open = (name: string) => gate(name).resolve();
  return { scheduler, submit, open, started };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('LocalScheduler', () => {
  it('runs at most `concurrency` jobs and queues the rest in order', async () => {
    const { scheduler, submit, open, started } = gatedScheduler(2, 10);
    const runs = ['a', 'b', 'c', 'd'].map((n) => submit(n));
    await tick();
    expect(started).toEqual(['a', 'b']);
    expect(scheduler.stats).toEqual({ running: 2, waiting: 2 });
    open('b');
    await runs[1];
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    for (const n of ['a', 'c', 'd']) open(n);
    expect(await Promise.all(runs)).toEqual(['done a', 'done b', 'done c', 'done d']);
    expect(scheduler.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('runs waiting interactive jobs before background ones', async () => {
    const { submit, open, started } = gatedScheduler(1, 10);
    const runs = [submit('first'), submit('bg1', 'background'), submit('bg2', 'background'), submit('user')];
    await tick();
    for (const n of ['first', 'user', 'bg1', 'bg2']) {
      open(n);
      await tick();
    }
    await Promise.all(runs);
    expect(started).toEqual(['first', 'user', 'bg1', 'bg2']);
  });

  it('joins a job with the same id, and an interactive join lifts a waiting background job', async () => {
    const { scheduler, submit, open, started } = gatedScheduler(1, 10);
    const first = submit('first');
    const background = submit('doc', 'background');
    const other = submit('other', 'background');
    const joined = submit('doc', 'interactive');
    expect(scheduler.stats).toEqual({ running: 1, waiting: 2 });
    for (const n of ['first', 'doc', 'other']) {
      open(n);
      await tick();
    }
    expect(await joined).toBe('done doc');
    expect(await background).toBe('done doc');
    await Promise.all([first, other]);
    // One run for both submissions of 'doc', ahead of the other background job.
    expect(started).toEqual(['first', 'doc', 'other']);
  });

  it('refuses work when the queue is full, with a Retry-After estimate', async () => {
    const { submit, open } = gatedScheduler(1, 1);
    const a = submit('a');
    const b = submit('b');
    const error = await submit('c').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(CompileBusyError);
    expect((error as CompileBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    open('a');
    open('b');
    await Promise.all([a, b]);
  });

  it('a full queue refuses background work and lets interactive work displace it', async () => {
    const { submit, open, started } = gatedScheduler(1, 1);
    const running = submit('running');
    const background = submit('bg', 'background').catch((err: unknown) => err);
    expect(await submit('bg2', 'background').catch((err: unknown) => err)).toBeInstanceOf(CompileBusyError);
    const user = submit('user');
    expect(await background).toBeInstanceOf(CompileBusyError);
    open('running');
    open('user');
    expect(await user).toBe('done user');
    await running;
    expect(started).toEqual(['running', 'user']);
  });

  it('frees the slot when a job throws', async () => {
    const { submit, open } = gatedScheduler(1, 0);
    const failing = submit('boom');
    open('boom');
    await expect(failing).rejects.toThrow('boom');
    const ok = submit('ok');
    open('ok');
    expect(await ok).toBe('done ok');
  });

  it('fails queued work on close and waits for running work', async () => {
    const { scheduler, submit, open } = gatedScheduler(1, 5);
    let finished = false;
    const running = submit('running').then(() => (finished = true));
    const waiting = submit('waiting').catch((err: unknown) => err);
    const closing = scheduler.close();
    expect(await waiting).toBeInstanceOf(CompileServiceClosedError);
    open('running');
    await closing;
    await running;
    expect(finished).toBe(true);
    await expect(submit('late')).rejects.toBeInstanceOf(CompileServiceClosedError);
  });

  it('takes turns by owner: a job that had its turn is paused for the waiting job of another owner, and resumed after', async () => {
    // The scheduler's clock moves only when the test moves it, so turns end when the test says and
    // not when a loaded machine happens to run the ticker (real time let the paused job win its
    // slot back before it was looked at). `reads` counts the clock's readings: only the ticker's
    // turn checks read it while the jobs wait on their gates.
    let clock = 0;
    let reads = 0;
    const now = () => {
      reads++;
      return clock;
    };
    /** Moves the clock, then waits until the scheduler has looked at the new time (a turn check ran). */
    const advance = async (ms: number) => {
      clock += ms;
      const seen = reads;
      await vi.waitFor(() => expect(reads).toBeGreaterThan(seen), { timeout: 10_000, interval: 5 });
    };
    const gates = new Map<string, ReturnType<typeof deferred>>();
    const controls = new Map<string, JobControl>();
    const ran: Array<[string, number]> = [];
    const scheduler = new LocalScheduler<{ name: string; owner: string }, string>({
      concurrency: 1,
      queueSize: 5,
      quantumMs: 20,
      now,
      ownerOf: (job) => job.owner,
      onRan: (job, ms) => ran.push([job.name, ms]),
      process: async (job, control) => {
        controls.set(job.name, control);
        gates.set(job.name, deferred());
        await gates.get(job.name)!.promise;
        return job.name;
      },
    });
    const started = (name: string) => vi.waitFor(() => expect(gates.has(name)).toBe(true), { timeout: 10_000, interval: 5 });
    const loop = scheduler.submit({ id: 'loop', priority: 'interactive', payload: { name: 'loop', owner: 'a' } });
    await started('loop');
    expect(controls.get('loop')?.isPaused).toBe(false);
    // The same owner's next job waits its turn behind the first: no pause for it, even once the
    // first has had a whole turn (five quanta) and the scheduler has checked.
    const same = scheduler.submit({ id: 'same', priority: 'interactive', payload: { name: 'same', owner: 'a' } });
    await advance(100);
    expect(controls.has('same')).toBe(false);
    expect(controls.get('loop')?.isPaused).toBe(false);
    // Another owner's job: the first has had its turn, so it is paused and the newcomer runs.
    const short = scheduler.submit({ id: 'short', priority: 'interactive', payload: { name: 'short', owner: 'b' } });
    await started('short');
    expect(controls.get('loop')?.isPaused).toBe(true);
    expect(controls.get('short')?.isPaused).toBe(false);
    gates.get('short')!.resolve();
    expect(await short).toBe('short');
    // Its slot goes back to the paused job, which resumes (ahead of the same owner's later job).
    expect(controls.get('loop')?.isPaused).toBe(false);
    expect(controls.has('same')).toBe(false);
    gates.get('loop')!.resolve();
    expect(await loop).toBe('loop');
    await started('same');
    gates.get('same')!.resolve();
    expect(await same).toBe('same');
    // Every turn was charged: the first job's two (the first, 100 ms, ended by the pause), the others' one each.
    expect(ran).toEqual([
      ['loop', 100],
      ['short', 0],
      ['loop', 0],
      ['same', 0],
    ]);
  });
});
