// Overload: compiles at 4× the pool size for a while, beside a trickle of ordinary requests.
// Prints what happened: compiles served and refused (503 + Retry-After), the largest compile
// queue seen in /metrics, the ordinary requests' p50/p99 idle and under load, and memory.
//
//   npx tsx bench/faults/overload.ts [--seconds 60]
import { readdirSync, readFileSync } from 'node:fs';
import { startAppProcess, type AppProcess } from '../../tests/support/app-process.js';
import { signUpOverHttp, uniqueEmail } from '../../tests/support/sign-up.js';
import { quantile } from '../../tests/support/stats.js';
import { printTable } from '../../tests/support/table.js';

export interface OverloadReport {
  pool: number;
  clients: number;
  seconds: number;
  served: number;
  refused503: number;
  /** Refused because one user sent too many (one at a time, 30 a minute). */
  refused429: number;
  refusedWithRetryAfter: number;
  other: Record<string, number>;
  maxInFlight: number;
  idle: { p50: number; p99: number };
  loaded: { p50: number; p99: number };
  rssStartMb: number;
  rssEndMb: number;
}


/** RSS of the process and all its descendants (tsx runs the server in a child process). */
function rssMb(pid: number): number {
  let kb = 0;
  const visit = (p: number) => {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
      for (const task of readdirSync(`/proc/${p}/task`)) {
        for (const child of readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) visit(Number(child));
      }
    } catch {
      // the process ended meanwhile
    }
  };
  visit(pid);
  return kb / 1024;
}

async function users(app: AppProcess, n: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < n; i++) cookies.push((await signUpOverHttp(app.url, () => app.outboxLinks(), { email: uniqueEmail(`load${i}`) })).cookie);
  return cookies;
}

async function probeLatency(url: string, cookie: string, ms: number): Promise<number[]> {
  const out: number[] = [];
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const t0 = performance.now();
    await fetch(`${url}/api/auth/me`, { headers: { cookie } });
    out.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 50));
  }
  return out;
}

export async function runOverload(seconds: number, pool = 2): Promise<OverloadReport> {
  const app = await startAppProcess({ COMPILE_CONCURRENCY: String(pool) });
  try {
    const clients = pool * 4;
    // Enough accounts that the per-user limits (one compile at a time, 30 a minute) are not what
    // refuses, and few enough for the registration limit (20 an hour from one address).
    const cookies = await users(app, 12);
    const idle = await probeLatency(app.url, cookies[0]!, 3000);
    const rssStart = rssMb(app.child.pid!);
    let served = 0;
    let refused503 = 0;
    let refused429 = 0;
    let refusedWithRetryAfter = 0;
    let maxInFlight = 0;
    const other: Record<string, number> = {};
    const end = Date.now() + seconds * 1000;
    let n = 0;
    // Each client is its own user, as in real life; a refused client waits a moment and tries again.
    const worker = async (w: number) => {
      while (Date.now() < end) {
        const i = n++;
        const latex = `\\documentclass{article}\\begin{document}Load ${i} ${Math.random()}\\end{document}`;
        const res = await fetch(`${app.url}/api/latex/compile`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: cookies[w]! },
          body: JSON.stringify({ latex }),
        });
        await res.arrayBuffer();
        if (res.status === 200) served++;
        else if (res.status === 503 || res.status === 429) {
          if (res.status === 503) refused503++;
          else refused429++;
          if (res.headers.get('retry-after')) refusedWithRetryAfter++;
          await new Promise((r) => setTimeout(r, 200));
        } else other[res.status] = (other[res.status] ?? 0) + 1;
      }
    };
    const watcher = (async () => {
      while (Date.now() < end) {
        const text = await (await fetch(`${app.url}/metrics`)).text();
        maxInFlight = Math.max(maxInFlight, Number(/^compile_in_flight (\d+)/m.exec(text)?.[1] ?? 0));
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    const [loaded] = await Promise.all([probeLatency(app.url, cookies[1]!, seconds * 1000), watcher, ...Array.from({ length: clients }, (_, w) => worker(w))]);
    return {
      pool,
      clients,
      seconds,
      served,
      refused503,
      refused429,
      refusedWithRetryAfter,
      other,
      maxInFlight,
      idle: { p50: quantile(idle, 0.5), p99: quantile(idle, 0.99) },
      loaded: { p50: quantile(loaded, 0.5), p99: quantile(loaded, 0.99) },
      rssStartMb: rssStart,
      rssEndMb: rssMb(app.child.pid!),
    };
  } finally {
    await app.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const i = process.argv.indexOf('--seconds');
  const r = await runOverload(i > 0 ? Number(process.argv[i + 1]) : 60);
  printTable(`Overload: ${r.clients} compile clients on a pool of ${r.pool} for ${r.seconds} s`, ['figure', 'value'], [
    ['compiles served', r.served],
    ['refused: pool and queue full (503)', r.refused503],
    ['refused: one user over their limit (429)', r.refused429],
    ['refusals carrying Retry-After', r.refusedWithRetryAfter],
    ['other statuses', JSON.stringify(r.other)],
    ['largest compile_in_flight (pool + queue bound = ' + r.pool * 3 + ')', r.maxInFlight],
    ['GET /api/auth/me p50 / p99 idle (ms)', `${r.idle.p50.toFixed(1)} / ${r.idle.p99.toFixed(1)}`],
    ['GET /api/auth/me p50 / p99 under load (ms)', `${r.loaded.p50.toFixed(1)} / ${r.loaded.p99.toFixed(1)}`],
    ['server RSS start → end (MB)', `${r.rssStartMb.toFixed(0)} → ${r.rssEndMb.toFixed(0)}`],
  ]);
}
