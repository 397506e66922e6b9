// The compile queue (BullMQ on Redis) beside in-process compiles, on this machine:
//
// 1. Throughput: compiles per second of distinct short articles (no cache hits) for `--seconds`,
//    in-process (the service's own pool, COMPILE_CONCURRENCY = cores) and through the queue with 1,
//    2 and 4 worker processes (`src/server/worker.ts`, one compile at a time each), with twice as
//    many clients as compile slots so that no slot waits for a client.
// 2. Round trip: the same article compiled one at a time, alternating in-process and through the
//    queue with one idle worker; the queue's added latency is the difference, per quantile.
//
//   npx tsx bench/queue.ts [--seconds S] [--runs N] [--redis-port P]
//
// Redis runs on --redis-port (default 5170, the scale engineer's range). Workers only compile, so
// on a 2-core machine more than 2 workers cannot add throughput; the table shows what they cost.
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCompileService, type CompileServiceInternals } from '../src/server/latex/compile/index.js';
import { QueueScheduler } from '../src/server/latex/compile/queue-scheduler.js';
import { createSharedState } from '../src/server/redis/connection.js';
import { startWorkerProcess, type WorkerProcess } from '../tests/support/app-process.js';
import { numberArg } from '../tests/support/cli-args.js';
import { startRedis } from '../tests/support/redis-server.js';
import { quantile } from '../tests/support/stats.js';
import { printTable } from '../tests/support/table.js';

const seconds = numberArg('--seconds', 20);
const runs = numberArg('--runs', 20);
const redisPort = numberArg('--redis-port', 5170);

let serial = 0;
/** A short article, distinct every time so that nothing is answered from a cache. */
const article = () =>
  `\\documentclass{article}\n\\usepackage[T1]{fontenc}\n\\usepackage{lmodern}\n\\usepackage{amsmath}\n\\begin{document}\n\\section{Run ${++serial}}\nA short note with an equation \\(e^{i\\pi}+1=0\\) and a list.\n\\begin{itemize}\\item one\\item two\\end{itemize}\n\\end{document}\n`;

async function throughput(service: CompileServiceInternals, clients: number): Promise<{ perSecond: number; failed: number }> {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const result = await service.compile({ latex: article() }).catch(() => null);
        if (result?.status === 'success') done++;
        else failed++;
      }
    }),
  );
  return { perSecond: done / seconds, failed };
}

const root = await mkdtemp(join(tmpdir(), 'lg-bench-queue-'));
const redis = await startRedis({ port: redisPort });
const state = createSharedState(redis.url);
await state.ready();
const workers: WorkerProcess[] = [];
const cores = availableParallelism();
const local = createCompileService({ concurrency: cores, queueSize: 1000, dataDir: join(root, 'local'), warmFormats: false, cacheBytes: 0 });
const queued = createCompileService({
  concurrency: 1,
  dataDir: join(root, 'queued'),
  warmFormats: false,
  cacheBytes: 0,
  backends: { remote: true, scheduler: () => new QueueScheduler({ shared: state, queuePerWorker: 1000, waitMs: 120_000 }) },
});

try {
  const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
  console.log(`load average before: ${load()} (${cores} cores)`);
  await local.compile({ latex: article() });
  const rows: Array<Array<string | number>> = [];
  const inProcess = await throughput(local, cores * 2);
  rows.push([`in-process (pool of ${cores})`, inProcess.perSecond.toFixed(2), inProcess.failed, load()]);
  for (const count of [1, 2, 4]) {
    while (workers.length < count) workers.push(await startWorkerProcess({ REDIS_URL: redis.url, COMPILE_CONCURRENCY: '1' }));
    await queued.compile({ latex: article() });
    const viaQueue = await throughput(queued, count * 2);
    rows.push([`queue, ${count} worker${count > 1 ? 's' : ''} × 1`, viaQueue.perSecond.toFixed(2), viaQueue.failed, load()]);
  }
  printTable(`Compiles per second, distinct short articles, ${seconds} s each`, ['setup', 'compiles/s', 'failed', 'load average after'], rows);

  while (workers.length > 1) await workers.pop()!.stop();
  const direct: number[] = [];
  const viaQueue: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    await local.compile({ latex: article() });
    direct.push(performance.now() - t);
    t = performance.now();
    await queued.compile({ latex: article() });
    viaQueue.push(performance.now() - t);
  }
  const q = (values: number[], p: number) => quantile(values, p).toFixed(1);
  printTable(`Round trip of one compile, ${runs} runs alternating, one idle worker (ms)`, ['path', 'p50', 'p95'], [
    ['in-process', q(direct, 0.5), q(direct, 0.95)],
    ['through the queue', q(viaQueue, 0.5), q(viaQueue, 0.95)],
    ['added by the queue', (quantile(viaQueue, 0.5) - quantile(direct, 0.5)).toFixed(1), (quantile(viaQueue, 0.95) - quantile(direct, 0.95)).toFixed(1)],
  ]);
  console.log(`\nload average after: ${load()}`);
} finally {
  await Promise.all(workers.map((w) => w.stop()));
  await queued.close();
  await local.close();
  await state.close();
  await redis.stop();
  await rm(root, { recursive: true, force: true });
}
