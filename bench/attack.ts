// The availability attack a review found (one account's images taking the service from everyone)
// against a real server process, on the embedded database and on PostgreSQL: the other user's p95
// and 503s, the worst /healthz, and (where the server has it) the worst event-loop second from
// /metrics. --app-root runs another checkout's server (the commit before a change) in the same
// sitting.
//
//   npx tsx bench/attack.ts [--seconds 15] [--connections 6] [--app-root DIR] [--label before]
import { startAppProcess } from '../tests/support/app-process.js';
import { stringArg } from '../tests/support/bench-app.js';
import { numberArg } from '../tests/support/cli-args.js';
import { eventLoopWindows, prepareImageAttack, runImageAttack } from '../tests/support/image-attack.js';
import { psql, startPostgres } from '../tests/support/postgres-server.js';
import { quantile } from '../tests/support/stats.js';
import { printTable } from '../tests/support/table.js';

const SECONDS = numberArg('--seconds', 15);
const CONNECTIONS = numberArg('--connections', 6);
const APP_ROOT = stringArg('--app-root');
const LABEL = stringArg('--label') ?? (APP_ROOT ? 'other' : 'this');

/** The worst second's bucket: the smallest `le` that holds every second of the attack. */
function worstSecond(before: Map<string, number>, after: Map<string, number>): string {
  if (after.size === 0) return 'n/a';
  const total = (after.get('+Inf') ?? 0) - (before.get('+Inf') ?? 0);
  for (const [le, n] of after) if (n - (before.get(le) ?? 0) === total) return le === '+Inf' ? '> 10 s' : `≤ ${Number(le) * 1000} ms`;
  return '?';
}

async function measure(mode: string, env: Record<string, string>) {
  const app = await startAppProcess({ COMPILE_WARM_FORMATS: 'false', ...env }, APP_ROOT ? { root: APP_ROOT } : {});
  try {
    const setup = await prepareImageAttack(app);
    const before = await eventLoopWindows(app);
    const outcome = await runImageAttack(app, setup, { seconds: SECONDS, connections: CONNECTIONS });
    const after = await eventLoopWindows(app);
    const ok = outcome.victim.filter((r) => r.status === 200);
    return [
      LABEL,
      mode,
      outcome.victim.length,
      ok.length,
      outcome.victim.filter((r) => r.status === 503).length,
      quantile(outcome.victim.map((r) => r.ms), 0.95).toFixed(0),
      Math.max(...outcome.healthz.map((r) => r.ms)).toFixed(0),
      worstSecond(before, after),
      Object.entries(outcome.attacker).map(([s, n]) => `${s}×${n}`).join(' '),
    ];
  } finally {
    await app.stop();
  }
}

const rows = [await measure('PGlite', {})];
const pg = await startPostgres();
try {
  psql(pg.url('postgres'), 'CREATE DATABASE attack');
  rows.push(await measure('PostgreSQL', { DATABASE_URL: pg.url('attack') }));
} finally {
  pg.stop();
}
printTable(
  `Four 8 MB PNGs, ${CONNECTIONS} connections compiling + compiled-ahead for ${SECONDS} s; another user lists documents every 50 ms`,
  ['code', 'database', 'their requests', '200', '503', 'their p95 ms', '/healthz worst ms', 'worst event-loop second', 'attacker got'],
  rows,
);
