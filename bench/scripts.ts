// Compile time per script: one note per writing system (tests/fixtures/scripts, its prose repeated
// to the Latin article's length and shape: as many characters, paragraphs and headings), generated as an article and compiled through the real service (sandbox,
// precompiled format, no cache), each right after a Latin article of the same length (the ratio is
// the median of these pairs), and beside one bare pass of the same file (no sandbox, no format).
//
//   npx tsx bench/scripts.ts [--runs N] [--chars C] [--warm W] [--pause-ms P] [--only zh,ar,...]
//
// --warm sets the service's pre-started TeX processes (default 2, as in production; 0 = every pass
// starts cold), so both can be compared in one sitting. --pause-ms (default 400) waits before each
// timed compile, as a person's compiles are seconds apart: the process pre-started for the next
// compile has loaded its format by then (XeTeX takes ≈ 0.15 s to get there, pdfTeX ≈ 0.05 s).
//
// Target: every script ≤ 1.5× the Latin article.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { createCompileService } from '../src/server/latex/compile/index.js';
import { generate } from '../src/server/latex/generate/builtin/index.js';
import { listPreambles } from '../src/server/latex/generate/builtin/write/preambles.js';
import { generatorPreambleReader } from '../src/server/latex/generator-formats.js';
import { numberArg } from '../tests/support/cli-args.js';
import { quantile } from '../tests/support/stats.js';
import { printTable } from '../tests/support/table.js';

const run = promisify(execFile);
const FIXTURES = join(import.meta.dirname, '..', 'tests', 'fixtures', 'scripts');

const LATIN = [
  'Linear algebra studies vectors, matrices and the linear maps between vector spaces.',
  'A matrix describes such a map once a basis is chosen, and its determinant tells whether the map can be inverted.',
  'Eigenvalues and eigenvectors show the directions that a map only stretches, which makes many problems easy to solve.',
].join(' ');

const median = (values: number[]) => quantile(values, 0.5);

/**
 * A paragraph of about the Latin one's length: the fixture's prose repeated. Every note then has the
 * same shape (paragraphs and headings) as the Latin article, and only the script differs: a short
 * fixture would otherwise give seven times as many headings and paragraphs for the same characters.
 */
function paragraphOfLength(prose: string, chars: number): string {
  const parts = [prose];
  while (parts.join(' ').length + prose.length / 2 < chars) parts.push(prose);
  return parts.join(' ');
}

/** A note of about `chars` characters of prose: the paragraph repeated, a heading every third one. */
function noteOfLength(title: string, paragraph: string, chars: number): string {
  const parts = [`# ${title}`, ''];
  let length = 0;
  for (let i = 0; length < chars; i++) {
    if (i % 3 === 0) parts.push(`## ${title} ${i / 3 + 1}`, '');
    parts.push(paragraph, '');
    length += paragraph.length;
  }
  return parts.join('\n');
}

/** The fixture's title and prose (its first paragraph after the heading). */
function split(note: string): { title: string; paragraph: string } {
  const lines = note.split('\n');
  const title = (lines.find((l) => l.startsWith('# ')) ?? '# Note').slice(2);
  const paragraph = lines.filter((l) => l.trim() && !l.startsWith('#') && !l.startsWith('```') && !l.startsWith('    ')).join(' ');
  return { title, paragraph };
}

async function barePass(latex: string, program: string): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'lg-bench-bare-'));
  try {
    await writeFile(join(dir, 'main.tex'), latex);
    const started = performance.now();
    await run(program, ['-interaction=nonstopmode', '-no-shell-escape', 'main.tex'], { cwd: dir, timeout: 120_000 }).catch(() => undefined);
    return performance.now() - started;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const runs = numberArg('--runs', 5);
  const chars = numberArg('--chars', 2500);
  // numberArg takes positive numbers only; 0 is a meaningful value here.
  const warmAt = process.argv.indexOf('--warm');
  const pauseAt = process.argv.indexOf('--pause-ms');
  const pauseMs = pauseAt >= 0 ? Math.max(0, Number(process.argv[pauseAt + 1]) || 0) : 400;
  const onlyAt = process.argv.indexOf('--only');
  const only = onlyAt >= 0 ? (process.argv[onlyAt + 1] ?? '').split(',') : null;
  const warmProcesses = warmAt >= 0 ? Math.max(0, Number(process.argv[warmAt + 1]) || 0) : 2;
  const root = await mkdtemp(join(tmpdir(), 'lg-bench-scripts-'));
  const preambles = listPreambles().filter((p) => p.documentType === 'article');
  const service = createCompileService({ dataDir: join(root, 'data'), timeoutMs: 120_000, concurrency: 1, queueSize: 100, cacheBytes: 0, warmProcesses, preambles: async () => preambles, preambleReader: generatorPreambleReader });
  try {
    await service.warmFormats();
    console.log(`Formats: ${service.formatStatus().map((f) => `${f.id}=${f.state}`).join(', ')}`);
    const notes: Array<{ name: string; note: string }> = [{ name: 'latin (en)', note: noteOfLength('Linear algebra', LATIN, chars) }];
    for (const file of (await readdir(FIXTURES)).filter((f) => f.endsWith('.md')).sort()) {
      if (only && !only.includes(file.replace(/\.md$/, ''))) continue;
      const { title, paragraph } = split(await readFile(join(FIXTURES, file), 'utf8'));
      notes.push({ name: file.replace(/\.md$/, ''), note: noteOfLength(title, paragraphOfLength(paragraph, LATIN.length), chars) });
    }
    const docs = notes.map(({ name, note }) => ({ name, ...generate({ content: note, documentType: 'article' }) }));
    const times = new Map<string, number[]>(docs.map((d) => [d.name, []]));
    const ratios = new Map<string, number[]>(docs.map((d) => [d.name, []]));
    const variant = (latex: string, i: number) => latex.replace(/\\end\{document\}\s*$/, `% run ${i}\n\\end{document}\n`);
    const timed = async (doc: (typeof docs)[number], i: number): Promise<number> => {
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      const started = performance.now();
      const result = await service.compile({ latex: variant(doc.latex, i) });
      const ms = performance.now() - started;
      times.get(doc.name)?.push(ms);
      if (result.status !== 'success') throw new Error(`${doc.name}: ${result.status} ${result.errors[0]?.message ?? ''}`);
      if (result.warnings) throw new Error(`${doc.name}: glyphs missing: ${result.warnings.join(' ')}`);
      return ms;
    };
    for (const doc of docs) await service.compile({ latex: variant(doc.latex, -1) }); // page cache, fonts
    // Each note is timed right after a Latin article, and its ratio is taken against that one: the
    // machine's speed drifts by a third between minutes, far more than between two compiles.
    const [latinDoc, ...others] = docs;
    if (!latinDoc) throw new Error('no Latin article');
    let round = 0;
    for (let i = 0; i < runs; i++) {
      for (const doc of others) {
        const latinMs = await timed(latinDoc, round++);
        ratios.get(doc.name)?.push((await timed(doc, round++)) / latinMs);
      }
    }
    let worst = 0;
    const rows: Array<Array<string | number>> = [];
    for (const doc of docs) {
      const p50 = median(times.get(doc.name) ?? []);
      const bareTimes: number[] = [];
      for (let i = 0; i < 3; i++) bareTimes.push(await barePass(doc.latex, doc.texProgram));
      const ratio = doc === latinDoc ? 1 : median(ratios.get(doc.name) ?? []);
      if (doc !== latinDoc) worst = Math.max(worst, ratio);
      const bare = median(bareTimes);
      rows.push([doc.name, doc.texProgram, p50.toFixed(0), `${ratio.toFixed(2)}×`, bare.toFixed(0), `${(p50 / bare).toFixed(2)}×`]);
    }
    printTable(
      `Compile per script: ${runs} runs per row, notes of ≈${chars} characters as articles, ${warmProcesses} warm processes, ${pauseMs} ms between compiles, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ms`,
      ['script', 'engine', 'compile p50 (service, format)', '× latin (median of paired ratios)', 'bare pass (no sandbox, no format)', '× bare pass'],
      rows,
    );
    console.log(`\nSlowest script: ${worst.toFixed(2)}× the Latin article — target ≤ 1.5×: ${worst <= 1.5 ? 'met' : 'NOT met'}`);
  } finally {
    await service.close();
    await rm(root, { recursive: true, force: true });
  }
}

await main();
