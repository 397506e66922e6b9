// HTTP throughput and latency of the app's hot routes, measured with autocannon against the real
// server in its own process, beside a bare Fastify route in the same run (the ratio is the figure),
// in PGlite and PostgreSQL modes.
//
//   npx tsx bench/http.ts [--seconds S] [--connections C] [--app-root DIR]
//
// --app-root runs another checkout's server (the commit before a change) against this one's bare
// route and clients, in the same sitting.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { openDatabase, pgliteDirFor } from '../src/server/db/client.js';
import { users } from '../src/server/db/schema.js';
import { freePort, startAppProcess } from '../tests/support/app-process.js';
import { psql, startPostgres } from '../tests/support/postgres-server.js';
import { numberArg } from '../tests/support/cli-args.js';
import { stringArg } from '../tests/support/bench-app.js';
import { signUpOverHttp, uniqueEmail } from '../tests/support/sign-up.js';
import { printTable } from '../tests/support/table.js';

const SECONDS = numberArg('--seconds', 5);
const CONNECTIONS = numberArg('--connections', 10);
const ROOT = resolve(import.meta.dirname, '..');
const APP = stringArg('--app-root') ? { root: stringArg('--app-root')! } : {};

interface Result {
  mode: string;
  target: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function cannon(url: string, opts: { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> } = {}) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, method: opts.method ?? 'GET', body: opts.body, headers: opts.headers });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx };
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

async function measureApp(mode: string, env: Record<string, string>, grant: (email: string, dataDir: string) => Promise<void>, restart: boolean): Promise<Result[]> {
  let app = await startAppProcess(env, APP);
  const { email, cookie } = await signUpOverHttp(app.url, () => app.outboxLinks(), { email: uniqueEmail('bench') });
  // A big allowance so the generate run measures generation, not the 402 path.
  if (restart) {
    const dataDir = app.dataDir;
    app.child.kill('SIGTERM');
    await new Promise((r) => app.child.once('exit', r));
    await grant(email, dataDir);
    app = await startAppProcess({ ...env, DATA_DIR: dataDir }, APP);
  } else {
    await grant(email, app.dataDir);
  }
  const headers = { cookie, 'content-type': 'application/json' };
  const results: Result[] = [];
  await waitForIdleTex();
  await fetch(`${app.url}/api/latex/generate`, { method: 'POST', headers, body: JSON.stringify({ content: 'warm up' }) });
  results.push({ mode, target: 'GET /api/auth/me', ...(await cannon(`${app.url}/api/auth/me`, { headers })) });
  results.push({ mode, target: 'GET /api/documents', ...(await cannon(`${app.url}/api/documents`, { headers })) });
  const note = '# Notes\n\nThe rate is $r = \\frac{a}{b}$ and 5% & more.\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n';
  results.push({
    mode,
    target: 'POST /api/latex/generate',
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
  const bareResult = await cannon(`http://127.0.0.1:${barePort}/bare`);
  bare.kill();
  results.push({ mode: '-', target: 'bare Fastify GET', ...bareResult });

  results.push(
    ...(await measureApp(
      'PGlite',
      {},
      async (email, dataDir) => {
        const db = await openDatabase({ pgliteDir: pgliteDirFor(dataDir), migrate: false });
        await db.db.update(users).set({ subscriptionTier: 'tier5', refillPackCredits: 1_000_000 }).where(eq(users.email, email));
        await db.close();
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
          await db.close();
        },
        false,
      )),
    );
  } finally {
    pg.stop();
  }

  printTable(
    `HTTP (autocannon, ${CONNECTIONS} connections, ${SECONDS} s each)`,
    ['mode', 'route', 'req/s', 'p50 ms', 'p99 ms', 'vs bare', 'non-2xx'],
    results.map((r) => [r.mode, r.target, r.rps.toFixed(0), r.p50.toFixed(1), r.p99.toFixed(1), `${((r.rps / bareResult.rps) * 100).toFixed(1)} %`, r.non2xx]),
  );
}

await main();
