// HTTP throughput and latency of the app's hot routes, measured with autocannon against the real
// server in its own process, beside a bare Fastify route in the same run (the ratio is the figure),
// in PGlite and PostgreSQL modes.
//
//   npx tsx bench/http.ts [--seconds S] [--connections C] [--app-root DIR]
//
// --app-root runs another checkout's server (the commit before a change) against this one's bare
// route and clients, in the same sitting.
//
// Every signed-in route has a per-user rate limit (src/server/http/request-limits.ts: 600 requests a
// minute, the history list 240), so the GET routes are loaded by --readers accounts (default 1000,
// made in the database with a session each), each request with the next account's cookie: the
// server's per-request work, not one user's limit, is what is measured. (At 20,000 requests a
// second for 5 s, 200 accounts went past the history's 240 and answered 429s, cheaper than the work.)
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { openDatabase, pgliteDirFor } from '../src/server/db/client.js';
import { sessions, users } from '../src/server/db/schema.js';
import { newSession } from '../src/server/auth/service.js';
import type { Db } from '../src/server/db/client.js';
import { freePort, startAppProcess } from '../tests/support/app-process.js';
import { psql, startPostgres } from '../tests/support/postgres-server.js';
import { numberArg } from '../tests/support/cli-args.js';
import { stringArg } from '../tests/support/bench-app.js';
import { signUpOverHttp, uniqueEmail } from '../tests/support/sign-up.js';
import { printTable } from '../tests/support/table.js';
import { descendantsCpuMs } from '../tests/support/process-cpu.js';

const SECONDS = numberArg('--seconds', 5);
const CONNECTIONS = numberArg('--connections', 10);
const READERS = numberArg('--readers', 1000);
const ROOT = resolve(import.meta.dirname, '..');
const APP = stringArg('--app-root') ? { root: stringArg('--app-root')! } : {};

interface Result {
  mode: string;
  target: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Server-side CPU (every process this benchmark started: app, database) per 1,000 answers. */
  cpuPerK: number;
  /** The bare route, measured just before this one. */
  bare?: { rps: number; cpuPerK: number };
}

let bareUrl = '';
/** The bare route, measured again right before each app route: the machine's load drifts. */
async function bareNow(): Promise<{ rps: number; cpuPerK: number }> {
  const { rps, cpuPerK } = await cannon(bareUrl);
  return { rps, cpuPerK };
}

async function cannon(url: string, opts: { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string>; cookies?: string[] } = {}) {
  let turn = 0;
  const { cookies } = opts;
  const requests = cookies ? [{ setupRequest: (request: { headers: Record<string, string> }) => ({ ...request, headers: { ...request.headers, cookie: cookies[turn++ % cookies.length]! } }) }] : undefined;
  const cpuBefore = descendantsCpuMs();
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, method: opts.method ?? 'GET', body: opts.body, headers: opts.headers, ...(requests ? { requests } : {}) });
  const cpuPerK = ((descendantsCpuMs() - cpuBefore) / Math.max(1, r.requests.total)) * 1000;
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, cpuPerK };
}

/** The server builds its TeX formats in the background after start; measure after that. */
async function waitForIdleTex(): Promise<void> {
  const { execFileSync } = await import('node:child_process');
  for (let i = 0; i < 240; i++) {
    try {
      execFileSync('pgrep', ['-f', 'latex -ini'], { stdio: 'ignore' });
    } catch {
      return; // pgrep found nothing
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** `n` verified accounts with a session each, made in the database: their cookies. */
async function addReaders(db: Db, n: number): Promise<string[]> {
  const stamp = Date.now();
  const cookies: string[] = [];
  for (let i = 0; i < n; i++) {
    const [user] = await db
      .insert(users)
      .values({ username: `reader${i}x${stamp}`, email: `reader${i}-${stamp}@example.com`, password: 'not-a-password-hash', emailVerified: true })
      .returning({ id: users.id });
    const { session, row } = newSession(user!.id, true, new Date());
    await db.insert(sessions).values(row);
    cookies.push(`sid=${session.token}`);
  }
  return cookies;
}

async function measureApp(mode: string, env: Record<string, string>, grant: (email: string, dataDir: string) => Promise<string[]>, restart: boolean): Promise<Result[]> {
  let app = await startAppProcess(env, APP);
  let readers: string[];
  const { email, cookie } = await signUpOverHttp(app.url, () => app.outboxLinks(), { email: uniqueEmail('bench') });
  // A big allowance so the generate run measures generation, not the 402 path.
  if (restart) {
    const dataDir = app.dataDir;
    app.child.kill('SIGTERM');
    await new Promise((r) => app.child.once('exit', r));
    readers = await grant(email, dataDir);
    app = await startAppProcess({ ...env, DATA_DIR: dataDir }, APP);
  } else {
    readers = await grant(email, app.dataDir);
  }
  const headers = { cookie, 'content-type': 'application/json' };
  const results: Result[] = [];
  await waitForIdleTex();
  await fetch(`${app.url}/api/latex/generate`, { method: 'POST', headers, body: JSON.stringify({ content: 'warm up' }) });
  results.push({ mode, target: 'GET /api/auth/me', bare: await bareNow(), ...(await cannon(`${app.url}/api/auth/me`, { cookies: readers })) });
  results.push({ mode, target: 'GET /api/documents', bare: await bareNow(), ...(await cannon(`${app.url}/api/documents`, { cookies: readers })) });
  const note = '# Notes\n\nThe rate is $r = \\frac{a}{b}$ and 5% & more.\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n';
  results.push({
    mode,
    target: 'POST /api/latex/generate',
    bare: await bareNow(),
    ...(await cannon(`${app.url}/api/latex/generate`, { method: 'POST', headers, body: JSON.stringify({ content: note, documentType: 'article' }) })),
  });
  await app.stop();
  return results;
}

async function main() {
  const results: Result[] = [];
  const barePort = await freePort();
  const bare = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'bench/bare-server.ts')], {
    env: { ...process.env, PORT: String(barePort) },
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${barePort}/bare`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  bareUrl = `http://127.0.0.1:${barePort}/bare`;
  const bareResult = await cannon(bareUrl);
  results.push({ mode: '-', target: 'bare Fastify GET', ...bareResult });

  results.push(
    ...(await measureApp(
      'PGlite',
      {},
      async (email, dataDir) => {
        const db = await openDatabase({ pgliteDir: pgliteDirFor(dataDir), migrate: false });
        await db.db.update(users).set({ subscriptionTier: 'tier5', refillPackCredits: 1_000_000 }).where(eq(users.email, email));
        const cookies = await addReaders(db.db, READERS);
        await db.close();
        return cookies;
      },
      true,
    )),
  );

  const pg = await startPostgres();
  try {
    psql(pg.url('postgres'), 'CREATE DATABASE bench');
    const url = pg.url('bench');
    results.push(
      ...(await measureApp(
        'PostgreSQL',
        { DATABASE_URL: url },
        async (email) => {
          const db = await openDatabase({ databaseUrl: url, migrate: false, poolSize: 1 });
          await db.db.update(users).set({ subscriptionTier: 'tier5', refillPackCredits: 1_000_000 }).where(eq(users.email, email));
          const cookies = await addReaders(db.db, READERS);
          await db.close();
          return cookies;
        },
        false,
      )),
    );
  } finally {
    pg.stop();
    bare.kill();
  }

  const percent = (x: number) => `${(x * 100).toFixed(1)} %`;
  printTable(
    `HTTP (autocannon, ${CONNECTIONS} connections, ${SECONDS} s each; the bare route measured again just before each route)`,
    ['mode', 'route', 'req/s', 'p50 ms', 'p99 ms', 'bare req/s then', 'vs bare', 'CPU ms / 1000', 'vs bare by CPU', 'non-2xx'],
    results.map((r) => {
      const bare = r.bare ?? bareResult;
      return [r.mode, r.target, r.rps.toFixed(0), r.p50.toFixed(1), r.p99.toFixed(1), bare.rps.toFixed(0), percent(r.rps / bare.rps), r.cpuPerK.toFixed(0), percent(bare.cpuPerK / r.cpuPerK), r.non2xx];
    }),
  );
}

await main();
