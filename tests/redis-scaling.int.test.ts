// Two web processes (COMPILE_WORKER=false) and two compile workers (`npm run worker`) on one
// PostgreSQL and one Redis, all real processes and servers: limits, the compile cache and PDFs are
// shared; compiles run on the workers; a worker killed with SIGKILL mid-compile loses nothing; and
// with Redis stopped and started under load, requests that need it get 503 + Retry-After, nothing
// is charged twice, and the processes recover without a restart.
import { Queue } from 'bullmq';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/server/db/schema.js';
import { connectRedis, whenReady } from '../src/server/redis/connection.js';
import { COMPILE_QUEUE, type QueuedJobReturn } from '../src/server/latex/compile/queue-scheduler.js';
import type { QueuedJobData } from '../src/server/latex/compile/job.js';
import { startAppProcess, startWorkerProcess, type AppProcess, type WorkerProcess } from './support/app-process.js';
import { startRedis, type RedisServer } from './support/redis-server.js';
import { signUpOverHttp, uniqueEmail, type HttpAccount } from './support/sign-up.js';
import { createTestDatabase, type TestDatabase } from './support/test-db.js';

/** Busy for about `seconds` of real time whatever the machine's load (pdfTeX's elapsed-time counter). */
const slowDocument = (seconds: number, label: string) =>
  `\\documentclass{article}\n\\begin{document}\n\\loop\\ifnum\\pdfelapsedtime<${seconds * 65536} \\repeat\nFinished ${label}.\n\\end{document}\n`;

const article = (text: string) => `\\documentclass{article}\n\\begin{document}\n${text}\n\\end{document}\n`;

describe('web processes and compile workers on Redis and PostgreSQL', { timeout: 300_000 }, () => {
  let database: TestDatabase;
  let redis: RedisServer;
  let webs: AppProcess[] = [];
  let workers: WorkerProcess[] = [];
  let account: HttpAccount;
  let jobs: Queue<QueuedJobData, QueuedJobReturn>;

  beforeAll(async () => {
    [database, redis] = await Promise.all([createTestDatabase('postgres', { poolSize: 2 }), startRedis()]);
    const shared = { DATABASE_URL: database.url!, REDIS_URL: redis.url, COMPILE_CONCURRENCY: '1', COMPILE_TIMEOUT_MS: '60000' };
    [webs, workers] = await Promise.all([
      Promise.all([0, 1].map(() => startAppProcess({ ...shared, COMPILE_WORKER: 'false' }))),
      Promise.all([0, 1].map(() => startWorkerProcess(shared))),
    ]);
    const connection = connectRedis(redis.url, 'blocking');
    await whenReady(connection);
    jobs = new Queue(COMPILE_QUEUE, { connection });
    account = await signUpOverHttp(webs[0]!.url, () => webs.flatMap((w) => w.outboxLinks()), { email: uniqueEmail('redis') });
  }, 240_000);

  afterAll(async () => {
    await Promise.all([...webs.map((w) => w.stop()), ...workers.map((w) => w.stop('SIGKILL'))]);
    await jobs?.close();
    await redis?.stop();
    await database?.destroy();
  }, 240_000);

  /** The compilationResult of a compile answer. */
  const result = async (res: Response) => ((await res.json()) as { compilationResult: { success: boolean; pdf?: string; pdfUrl?: string; cached?: boolean } }).compilationResult;

  /**
   * A request to one process. A network error from a process that has exited fails with its output;
   * from one still running it is a kept-alive connection the server closed as the request went out
   * (the server never read it), so the request is sent once more on a new connection.
   */
  const call = async (web: AppProcess, path: string, init: RequestInit = {}): Promise<Response> => {
    try {
      return await fetch(`${web.url}${path}`, init);
    } catch (err) {
      await new Promise((r) => setTimeout(r, 200));
      if (web.child.exitCode !== null || web.child.signalCode !== null) {
        throw new Error(`${web.url} exited (${web.child.exitCode ?? web.child.signalCode}) during ${path}:\n${web.output()}`, { cause: err });
      }
      return fetch(`${web.url}${path}`, init);
    }
  };

  const post = (web: AppProcess, path: string, body: unknown, cookie?: string) =>
    call(web, path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });

  it('meets 429 on failed logins alternating between the processes as soon as one process would', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await post(webs[i % 2]!, '/api/auth/login', { email: account.email, password: `wrong password ${i}` });
      statuses.push(res.status);
    }
    // One process allows 10 sign-in attempts per address and email in the window, and signing up
    // used one: the 10th is refused, whichever process it reaches.
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(401));
    expect(statuses.slice(9)).toEqual([429, 429]);
  });

  it('compiles on a worker whichever process is asked, and shares the cache and the PDFs', async () => {
    const latex = article('Compiled by a worker.');
    const first = await post(webs[0]!, '/api/latex/compile', { latex, pdfFormat: 'url' }, account.cookie);
    expect(first.status).toBe(200);
    const body = await result(first);
    expect(body.success).toBe(true);
    expect(body.cached).toBeUndefined();
    const done = await jobs.getCompleted();
    expect(done).toHaveLength(1);
    expect(workers.map((w) => w.name)).toContain(done[0]!.returnvalue.worker);

    // The PDF URL one process gave works on the other.
    const pdf = await fetch(`${webs[1]!.url}${body.pdfUrl}`, { headers: { cookie: account.cookie } });
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');

    // The other process answers the identical compile from the shared cache: no new job.
    const second = await post(webs[1]!, '/api/latex/compile', { latex, pdfFormat: 'url' }, account.cookie);
    expect(second.status).toBe(200);
    expect((await result(second)).cached).toBe(true);
    expect(await jobs.getCompletedCount()).toBe(1);

    // Each web process reports the shared queue: both workers, nothing waiting, the wait it saw.
    const metrics = await (await fetch(`${webs[0]!.url}/metrics`)).text();
    expect(metrics).toMatch(/^compile_queue_workers 2$/m);
    expect(metrics).toMatch(/^compile_queue_waiting 0$/m);
    expect(metrics).toMatch(/^compile_queue_wait_seconds_count 1$/m);
  });

  it('finishes the job of a worker killed mid-compile on the other worker, and the request gets its PDF', async () => {
    const request = post(webs[1]!, '/api/latex/compile', { latex: slowDocument(4, 'after a worker died') }, account.cookie);
    let holder: WorkerProcess | undefined;
    for (let i = 0; i < 300 && !holder; i++) {
      const [active] = await jobs.getActive();
      holder = workers.find((w) => active?.processedBy === w.name);
      if (!holder) await new Promise((r) => setTimeout(r, 100));
    }
    expect(holder, 'no worker took the job').toBeDefined();
    await holder!.stop('SIGKILL');

    const res = await request;
    expect(res.status).toBe(200);
    const body = await result(res);
    expect(body.success).toBe(true);
    expect(Buffer.from(body.pdf!, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const job = (await jobs.getCompleted()).find((j) => j.data.latex.includes('after a worker died'));
    const survivor = workers.find((w) => w !== holder)!;
    expect(job?.returnvalue.worker).toBe(survivor.name);
    // Taken back from the dead worker once by the stalled-job check.
    expect(job?.stalledCounter).toBe(1);
    workers = [survivor];
  });

  it('answers 503 with Retry-After while Redis is down, charges nothing twice, and recovers without a restart', async () => {
    const [row] = await database.db.select().from(users).where(eq(users.email, account.email));
    await database.db.update(users).set({ subscriptionTier: 'tier5', monthlyUsage: 0 }).where(eq(users.id, row!.id));
    const generate = (i: number) => post(webs[i % 2]!, '/api/latex/generate', { content: `Note number ${i}` }, account.cookie);

    // Load before, during and after the outage.
    const before = await Promise.all([0, 1, 2, 3].map(generate));
    await redis.pause();
    const during = await Promise.all([4, 5, 6, 7].map(generate));
    const compileDuring = await post(webs[0]!, '/api/latex/compile', { latex: article('During the outage.') }, account.cookie);
    const loginDuring = await post(webs[1]!, '/api/auth/login', { email: account.email, password: account.password });
    // Sessions and documents live in PostgreSQL: what needs no Redis keeps working.
    const me = await call(webs[0]!, '/api/auth/me', { headers: { cookie: account.cookie } });
    const ready = await call(webs[1]!, '/readyz');
    await redis.resume();

    for (const res of [...during, compileDuring, loginDuring]) {
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(me.status).toBe(200);
    // Still ready (Redis is reported, not required), so a balancer keeps sending what works.
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { checks: Record<string, boolean> }).checks).toMatchObject({ database: true, redis: false });

    // Recovery: both web processes and the surviving worker serve again, with no restart.
    const after: Response[] = [];
    for (let attempt = 0; attempt < 60; attempt++) {
      after.push(await generate(8 + attempt));
      if (after.at(-1)!.status === 200) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    after.push(await generate(100));
    expect(after.slice(-2).map((r) => r.status)).toEqual([200, 200]);
    const compiled = await post(webs[0]!, '/api/latex/compile', { latex: article('After the outage.') }, account.cookie);
    expect(compiled.status).toBe(200);
    expect((await result(compiled)).success).toBe(true);

    // Charged once per generation that answered 200, and never for a refused one.
    const answered = [...before, ...after].filter((r) => r.status === 200).length;
    const [final] = await database.db.select().from(users).where(eq(users.id, row!.id));
    expect(final!.monthlyUsage).toBe(answered);
  });
});
