// Generation benchmark: median and p95 time of the builtin generator (notes → article LaTeX) per
// corpus note and for a 2,000-word note, next to `pandoc -f markdown -t latex -s` on the same
// files in the same run (pandoc time includes its process start, as a user would run it). The
// server generates in its worker pool: the pool columns time the same notes there, inside the
// worker and as the whole round trip the request handler waits for (the difference is the pool's
// cost: queueing, copying the note and the LaTeX between threads).
//
//   npx tsx bench/generate.ts [--runs N] [--pandoc-runs M] [--warmup W] [--built]
//
// --built times the compiled server that `npm start` runs (dist/server, built first when missing):
// plain Node ESM, without the TypeScript loader that the default (source) run goes through.
//
// Target: median under 5 ms for the 2,000-word note.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { twoThousandWordNote } from '../src/server/latex/generate/builtin/test-support/two-thousand-words.js';
import { numberArg as arg } from '../tests/support/cli-args.js';
import { medianAndP95 as stats } from '../tests/support/stats.js';
import { printTable } from '../tests/support/table.js';
import type * as Builtin from '../src/server/latex/generate/builtin/index.js';
import type * as Pool from '../src/server/latex/worker-pool/pool.js';

const ROOT = resolve(import.meta.dirname, '..');
const CORPUS = resolve(ROOT, '../shared/corpus/notes');
const PANDOC = '/usr/bin/pandoc';

const RUNS = arg('--runs', 50);
const PANDOC_RUNS = arg('--pandoc-runs', 5);
const WARMUP = arg('--warmup', 20);
const BUILT = process.argv.includes('--built');

if (BUILT && !existsSync(join(ROOT, 'dist/server/main.js'))) {
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-server.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server build failed');
}
const from = (path: string) => (BUILT ? join(ROOT, 'dist/server', `${path}.js`) : join(ROOT, 'src/server', `${path}.ts`));
const { generate } = (await import(from('latex/generate/builtin/index'))) as typeof Builtin;
const { createTextPool } = (await import(from('latex/worker-pool/pool'))) as typeof Pool;


function timeBuiltin(content: string): { median: number; p95: number } {
  // The server generates many notes in one long-lived process: time the steady state, after V8
  // has compiled the hot code (WARMUP runs), not the first few runs.
  for (let i = 0; i < WARMUP; i++) generate({ content, documentType: 'article', options: { useMath: true, splitTables: false } });
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    generate({ content, documentType: 'article', options: { useMath: true, splitTables: false } });
    times.push(performance.now() - t);
  }
  return stats(times);
}

function timePandoc(content: string): { median: number; p95: number } | null {
  if (!existsSync(PANDOC)) return null;
  const times: number[] = [];
  for (let i = 0; i < PANDOC_RUNS; i++) {
    const t = performance.now();
    const r = spawnSync(PANDOC, ['-f', 'markdown', '-t', 'latex', '-s'], { input: content, encoding: 'utf8' });
    if (r.status !== 0) return null;
    times.push(performance.now() - t);
  }
  return stats(times);
}

const notes: Array<{ name: string; content: string }> = existsSync(CORPUS)
  ? readdirSync(CORPUS)
      .filter((f) => /\.(md|txt)$/.test(f))
      .sort()
      .map((name) => ({ name, content: readFileSync(join(CORPUS, name), 'utf8') }))
  : [];
notes.push({ name: '2,000-word note (synthetic)', content: twoThousandWordNote() });

const pool = createTextPool({ taskTimeoutMs: 60_000, threads: 1 });

/** The same generation in the worker pool: time inside the worker, and the whole round trip. */
async function timeInPool(content: string): Promise<{ worker: { median: number; p95: number }; roundTrip: { median: number; p95: number } }> {
  const input = { content, documentType: 'article' as const, options: { useMath: true, splitTables: false } };
  for (let i = 0; i < WARMUP; i++) await pool.run('generate', input);
  const worker: number[] = [];
  const roundTrip: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = await pool.runTimed('generate', input);
    worker.push(t.workerMs);
    roundTrip.push(t.totalMs);
  }
  return { worker: stats(worker), roundTrip: stats(roundTrip) };
}

const fmt = (ms: number | undefined): string => (ms === undefined || Number.isNaN(ms) ? 'n/a' : ms.toFixed(ms < 10 ? 2 : 1));
const rows: Array<Array<string | number>> = [];
try {
  for (const note of notes) {
    const words = note.content.split(/\s+/).filter(Boolean).length;
    const b = timeBuiltin(note.content);
    const w = await timeInPool(note.content);
    const p = timePandoc(note.content);
    const added = w.roundTrip.median - w.worker.median;
    rows.push([note.name, words, fmt(b.median), fmt(b.p95), fmt(w.worker.median), fmt(w.roundTrip.median), fmt(w.roundTrip.p95), fmt(added), fmt(p?.median), fmt(p?.p95)]);
  }
} finally {
  await pool.close();
}

printTable(
  `Generation time per note (${BUILT ? 'compiled server, dist/' : 'sources through tsx'}; builtin: ${RUNS} runs after ${WARMUP} warm-up runs, in-process and in the worker pool; pandoc: ${PANDOC_RUNS} runs; ms)`,
  ['note', 'words', 'in-process median', 'in-process p95', 'in worker median', 'pool round trip median', 'pool round trip p95', 'pool adds (median)', 'pandoc median', 'pandoc p95'],
  rows,
);
