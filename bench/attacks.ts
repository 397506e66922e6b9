// The review's attacks that need no big images (bench/attack.ts runs that one), against a real
// server process in production mode on the embedded database: extract-title flooded with 1 MB
// bodies and registration with 2 MB of nested JSON (no account), history search over one account's
// notes, and three accounts looping `\def\x{\x}\x` while a fourth compiles one line. Prints what the
// other user saw (answers, non-200s, p95), the worst /healthz, the worst event-loop second, and what
// the attackers got. --app-root runs another checkout's server (the commit before a change) in the
// same sitting.
//
//   npx tsx bench/attacks.ts [--seconds 10] [--notes 40] [--app-root DIR] [--label before]
import { startAppProcess, type AppProcess } from '../tests/support/app-process.js';
import { ATTACK_ENV, extractTitleFlood, historySearchFlood, loopingCompiles, nestedJsonFlood, type AttackOutcome } from '../tests/support/attacks.js';
import { stringArg } from '../tests/support/bench-app.js';
import { numberArg } from '../tests/support/cli-args.js';
import { quantile } from '../tests/support/stats.js';
import { printTable } from '../tests/support/table.js';

const SECONDS = numberArg('--seconds', 10);
const NOTES = numberArg('--notes', 40);
const APP_ROOT = stringArg('--app-root');
const LABEL = stringArg('--label') ?? (APP_ROOT ? 'other' : 'this');

/** A fresh server for each attack, so that no attack's limits or load carry into the next. */
async function withApp<T>(run: (app: AppProcess) => Promise<T>): Promise<T> {
  const app = await startAppProcess({ ...ATTACK_ENV, COMPILE_WARM_FORMATS: 'false' }, APP_ROOT ? { root: APP_ROOT } : {});
  try {
    return await run(app);
  } finally {
    await app.stop();
  }
}

function row(outcome: AttackOutcome): Array<string | number> {
  const ms = outcome.victim.map((r) => r.ms);
  return [
    LABEL,
    outcome.name,
    outcome.victim.length,
    outcome.victim.filter((r) => r.status !== 200).length,
    ms.length ? quantile(ms, 0.95).toFixed(0) : '-',
    outcome.healthz.length ? Math.max(...outcome.healthz.map((r) => r.ms)).toFixed(0) : '-',
    Number.isFinite(outcome.eventLoop.worst) ? `≤ ${outcome.eventLoop.worst * 1000} ms` : '> 10 s',
    Object.entries(outcome.attacker).map(([s, n]) => `${s}×${n}`).join(' '),
  ];
}

const options = { seconds: SECONDS, connections: 16 };
const rows = [
  row(await withApp((app) => extractTitleFlood(app, options))),
  row(await withApp((app) => nestedJsonFlood(app, { ...options, connections: 12 }))),
  row(await withApp((app) => historySearchFlood(app, { ...options, connections: 6, notes: NOTES }))),
];
printTable(
  `Attacks for ${SECONDS} s each, production mode, the embedded database; the other user asks back to back (generate: every 200 ms)`,
  ['code', 'attack', 'their requests', 'not 200', 'their p95 ms', '/healthz worst ms', 'worst event-loop second', 'attackers got'],
  rows,
);

const loop = await withApp((app) => loopingCompiles(app, { settleMs: 3000 }));
printTable(
  'Three accounts loop \\def\\x{\\x}\\x (20 s limit each); once they hold the compile slots, a fourth compiles one line',
  ['code', "the fourth's compile: status", 'waited ms', 'looping compiles that ended meanwhile'],
  [[LABEL, loop.status, loop.waitMs.toFixed(0), loop.loopsEndedMeanwhile]],
);
