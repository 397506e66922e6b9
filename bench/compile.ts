// Compile benchmark, in two parts.
//
// service: per document type, median and p95 of plain pdfLaTeX, the same document with its
// precompiled format, and a cache hit, with the TeX passes of a fresh compile and of a recompile
// after a body-only edit in the same workspace; then compiles per second with 1, 2 and 8 concurrent
// clients. Everything runs through the real service (bubblewrap sandbox included).
//
// http: what a person waits for, through the real server beside bare TeX passes of the same
// documents (tests/support/compile-http-bench.ts): POST /api/latex/compile of a fresh generated article
// (target ≤ 0.75× one bare pdflatex pass), generate followed at once by compile (≤ 0.85×),
// unchanged LaTeX (≤ 50 ms), passes per compile by type (a body-only recompile: one pass).
//
//   npx tsx bench/compile.ts [--runs N] [--seconds S] [--only service|http] [--app-root DIR]
//
// --app-root runs the http part against another checkout's server and generator (e.g. main).
// Targets of the service part: format ≥ 1.5× faster than plain; a cache hit under 5 ms.
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { generate } from '../src/server/latex/generate/builtin/index.js';
import { listPreambles } from '../src/server/latex/generate/builtin/index.js';
import { generatorPreambleReader } from '../src/server/latex/generator-formats.js';
import { createCompileService, type CompileServiceInternals } from '../src/server/latex/compile/index.js';
import { loadLine, ROOT, stringArg } from '../tests/support/bench-app.js';
import { numberArg } from '../tests/support/cli-args.js';
import { compileHttpBench } from '../tests/support/compile-http-bench.js';
import { quantile } from '../tests/support/stats.js';

// A typical note: headings, math, a list, a table and a display equation, as the builtin generator
// turns it into each document type (so every document starts with one of the fixed preambles).
const NOTE = [
  '# Quarterly Report',
  '',
  '## Summary',
  'Revenue grew by 12% and costs fell. The growth rate is $r = \\frac{\\Delta R}{R}$.',
  '',
  '- First point',
  '- Second point with **bold** text',
  '',
  '| Item | Value |',
  '|---|---|',
  '| A | 1 |',
  '| B | 2 |',
  '',
  '<MATHEQ>\\int_0^1 x^2\\,dx = \\tfrac13</MATHEQ>',
  '',
  '## Outlook',
  'More text for the next quarter.',
].join('\n');

const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2)).padStart(8);

async function timeCompiles(service: CompileServiceInternals, latex: (i: number) => string, runs: number, workspace?: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const result = await service.compile({ latex: latex(i), ...(workspace ? { workspace } : {}) });
    times.push(performance.now() - started);
    if (result.status !== 'success') throw new Error(`compile failed: ${result.status} ${JSON.stringify(result.errors[0])}`);
  }
  return times;
}

/** TeX passes of a fresh compile, then of a recompile after a body-only edit in the same workspace. */
async function passes(service: CompileServiceInternals, latex: string, tag: string): Promise<string> {
  const workspace = `bench:${tag}`;
  const first = await service.compile({ latex, workspace });
  const edited = await service.compile({ latex: latex.replace(/\\end\{document\}\s*$/, `More text.\n\\end{document}\n`), workspace });
  return `${first.passes} → ${edited.passes}`;
}

async function serviceBench(runs: number, seconds: number): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'lg-bench-'));
  // (A short report's notitlepage format is timed by the http part, with a report short enough to use it.)
  const preambles = listPreambles().filter((p) => p.program === 'pdflatex' && !p.inlineTitle);
  const cores = availableParallelism();
  const common = { dataDir: join(root, 'data'), timeoutMs: 60_000, queueSize: 1000, concurrency: cores };
  const plain = createCompileService({ ...common, preambles: async () => [], cacheBytes: 0, warmFormats: false });
  const formats = createCompileService({ ...common, preambles: async () => preambles, preambleReader: generatorPreambleReader, cacheBytes: 0 });
  const cached = createCompileService({ ...common, preambles: async () => preambles, preambleReader: generatorPreambleReader });
  try {
    const health = await plain.health();
    if (!health.texlive || !health.sandbox) throw new Error(`TeX Live or the sandbox is not available: ${JSON.stringify(health)}`);
    const warmStart = performance.now();
    await formats.warmFormats();
    await cached.warmFormats();
    console.log(`Formats ready in ${((performance.now() - warmStart) / 1000).toFixed(1)} s: ${formats.formatStatus().map((f) => `${f.id}=${f.state}`).join(', ')}`);
    console.log(`${runs} runs per cell, ${cores} cores, times in ms (whole compile() call, all passes, sandbox included)\n`);

    const header = `${'type'.padEnd(13)}| ${'plain p50'.padStart(9)} ${'p95'.padStart(8)} | ${'format p50'.padStart(10)} ${'p95'.padStart(8)} | ${'speed-up'.padStart(8)} | ${'cache p50'.padStart(9)} ${'p95'.padStart(8)} | passes fresh → edit`;
    console.log(header);
    console.log('-'.repeat(header.length));
    const speedups: number[] = [];
    let worstCacheP95 = 0;
    for (const preamble of preambles) {
      const generated = generate({ content: NOTE, documentType: preamble.documentType }).latex;
      if (!generated.startsWith(preamble.preamble)) throw new Error(`${preamble.id}: generated document does not start with its preamble`);
      // A counter in a comment makes every run a distinct document.
      const latex = (i: number) => generated.replace(/\\end\{document\}\s*$/, `% run ${i}\n\\end{document}\n`);
      await timeCompiles(plain, latex, 1); // warm the page cache
      // Interleaved, so that load from other processes hits both columns alike.
      const plainTimes: number[] = [];
      const formatTimes: number[] = [];
      for (let i = 0; i < runs; i++) {
        plainTimes.push(...(await timeCompiles(plain, () => latex(i), 1)));
        formatTimes.push(...(await timeCompiles(formats, () => latex(i), 1)));
      }
      const fixed = latex(-1);
      await timeCompiles(cached, () => fixed, 1);
      const cacheTimes = await timeCompiles(cached, () => fixed, Math.max(runs, 50));
      const speedup = quantile(plainTimes, 0.5) / quantile(formatTimes, 0.5);
      const passCounts = await passes(formats, latex(-2), preamble.id);
      speedups.push(speedup);
      worstCacheP95 = Math.max(worstCacheP95, quantile(cacheTimes, 0.95));
      console.log(
        `${preamble.documentType.padEnd(13)}| ${ms(quantile(plainTimes, 0.5)).padStart(9)} ${ms(quantile(plainTimes, 0.95))} | ${ms(quantile(formatTimes, 0.5)).padStart(10)} ${ms(quantile(formatTimes, 0.95))} | ${`${speedup.toFixed(2)}×`.padStart(8)} | ${ms(quantile(cacheTimes, 0.5)).padStart(9)} ${ms(quantile(cacheTimes, 0.95))} | ${passCounts}`,
      );
    }
    const minSpeedup = Math.min(...speedups);
    console.log(`\nFormat speed-up (plain p50 / format p50): min ${minSpeedup.toFixed(2)}× — target ≥ 1.5×: ${minSpeedup >= 1.5 ? 'met' : 'NOT met'}`);
    console.log(`Cache hit p95 (worst type): ${worstCacheP95.toFixed(2)} ms — target < 5 ms: ${worstCacheP95 < 5 ? 'met' : 'NOT met'}`);

    // Throughput: closed-loop clients, each compiling a distinct article (format path, no cache).
    const article = generate({ content: NOTE, documentType: 'article' }).latex;
    console.log(`\nThroughput (generated article with its format, no cache, pool of ${cores}, ${seconds} s per row)`);
    console.log(`${'clients'.padEnd(8)}| ${'compiles/s'.padStart(10)} | ${'p50 ms'.padStart(8)} | ${'p95 ms'.padStart(8)}`);
    let counter = 0;
    for (const clients of [1, 2, 8]) {
      const latencies: number[] = [];
      const deadline = performance.now() + seconds * 1000;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (performance.now() < deadline) {
            const t = performance.now();
            const result = await formats.compile({ latex: article.replace(/\\end\{document\}\s*$/, `% ${counter++}\n\\end{document}\n`) });
            if (result.status !== 'success') throw new Error(`compile failed under load: ${result.status}`);
            latencies.push(performance.now() - t);
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      console.log(`${String(clients).padEnd(8)}| ${(latencies.length / elapsed).toFixed(2).padStart(10)} | ${ms(quantile(latencies, 0.5))} | ${ms(quantile(latencies, 0.95))}`);
    }
  } finally {
    await Promise.all([plain.close(), formats.close(), cached.close()]);
    await rm(root, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const runs = numberArg('--runs', 10);
  const seconds = numberArg('--seconds', 6);
  const only = stringArg('--only');
  console.log(`Load at start: ${loadLine()}`);
  if (only !== 'http') await serviceBench(runs, seconds);
  if (only !== 'service') await compileHttpBench({ root: stringArg('--app-root') ?? ROOT, runs: Math.min(runs, 5) });
  console.log(`\nLoad at end: ${loadLine()}`);
}

await main();
