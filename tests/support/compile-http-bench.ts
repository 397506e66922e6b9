// The compile figures a person waits for, through the real server's HTTP API, beside bare TeX
// passes of the same documents in the same run: a fresh generated article, generate followed at
// once by compile, unchanged LaTeX, and per document type the passes of a fresh compile and of a
// recompile after a body-only edit. `root` picks the checkout whose server and generator run (to
// compare with another branch); a server that does not report passes shows '–'.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { DocumentType } from '../../src/shared/document-types.js';
import { barePass, fmtMs, startBenchApp, type BenchApp } from './bench-app.js';
import { BENCH_NOTES, requireNote, type BenchNote } from './bench-notes.js';
import { quantile } from './stats.js';
import { printTable } from './table.js';

const median = (values: readonly number[]) => quantile(values, 0.5);

type Generate = (input: { content: string; documentType: DocumentType }) => { latex: string };

interface CompileAnswer {
  ms: number;
  passes: number | undefined;
  cached: boolean;
}

/** A distinct document per run: a comment before \end{document}. */
const variant = (latex: string, tag: string) => latex.replace(/\\end\{document\}\s*$/, `% ${tag}\n\\end{document}\n`);

async function call(bench: BenchApp, method: string, path: string, body: unknown): Promise<{ ms: number; json: Record<string, unknown> }> {
  for (let attempt = 1; ; attempt++) {
    const started = performance.now();
    let res: Response;
    try {
      res = await fetch(`${bench.url}${path}`, {
        method,
        headers: { cookie: bench.cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    } catch (err) {
      // A kept-alive socket the server closed while the bench ran TeX: try again on a new one.
      if (attempt < 3) continue;
      throw err;
    }
    const json = (await res.json()) as Record<string, unknown>;
    const ms = performance.now() - started;
    // The per-user compile budget (30 a minute), or the server shedding load on a busy machine:
    // wait as told and try again, untimed.
    if (res.status === 429 || res.status === 503) {
      await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 2) * 1000));
      continue;
    }
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    return { ms, json };
  }
}

async function compile(bench: BenchApp, latex: string, documentId?: number): Promise<CompileAnswer> {
  const { ms, json } = await call(bench, 'POST', '/api/latex/compile', { latex, pdfFormat: 'url', ...(documentId ? { documentId } : {}) });
  const result = json.compilationResult as { success: boolean; passes?: number; cached?: boolean; error?: string };
  if (!result.success) throw new Error(`compile failed: ${result.error}`);
  return { ms, passes: result.passes, cached: Boolean(result.cached) };
}

/** A saved document that was never generated through the API (so nothing compiled it ahead). */
async function newDocument(bench: BenchApp, note: BenchNote, latex: string): Promise<number> {
  const { json } = await call(bench, 'POST', '/api/documents', { title: note.label, inputContent: note.content, latexContent: latex, documentType: note.documentType });
  return json.id as number;
}

const passesOf = (answers: CompileAnswer[]) => {
  const known = answers.map((a) => a.passes).filter((p): p is number => p !== undefined);
  return known.length ? [...new Set(known)].sort().join('/') : '–';
};

export async function compileHttpBench({ root, runs }: { root: string; runs: number }): Promise<void> {
  const generator = (await import(pathToFileURL(join(root, 'src/server/latex/generate/builtin/index.ts')).href)) as { generate: Generate };
  const bench = await startBenchApp({ root });
  try {
    const latexOf = (note: BenchNote) => generator.generate({ content: note.content, documentType: note.documentType }).latex;
    // Warm-up: every document type through generate and compile once (formats, page cache).
    for (const note of BENCH_NOTES) {
      const gen = await call(bench, 'POST', '/api/latex/generate', { content: `${note.content}\n\nWarm-up.`, documentType: note.documentType });
      await compile(bench, gen.json.latex as string, gen.json.documentId as number);
    }

    const article = requireNote('article');
    const articleLatex = latexOf(article);
    const bare: number[] = [];
    const fresh: CompileAnswer[] = [];
    const afterGenerate: CompileAnswer[] = [];
    const generateAndCompile: number[] = [];
    const unchanged: CompileAnswer[] = [];
    // Interleaved, so that load from other processes hits every column alike.
    for (let i = 0; i < runs; i++) {
      bare.push(barePass(variant(articleLatex, `bare ${i}`)));
      const latex = variant(articleLatex, `fresh ${Date.now()} ${i}`);
      const id = await newDocument(bench, article, latex);
      fresh.push(await compile(bench, latex, id));
      unchanged.push(await compile(bench, latex, id));
      const gen = await call(bench, 'POST', '/api/latex/generate', { content: `${article.content}\n\nRun ${Date.now()} ${i}.`, documentType: 'article' });
      const compiled = await compile(bench, gen.json.latex as string, gen.json.documentId as number);
      afterGenerate.push(compiled);
      generateAndCompile.push(gen.ms + compiled.ms);
    }
    const bareMs = median(bare);
    const ratio = (v: number) => `${(v / bareMs).toFixed(2)}×`;
    const ok = (met: boolean) => (met ? 'met' : 'NOT met');
    printTable(
      `POST /api/latex/compile, generated article (median of ${runs}; server of ${root})`,
      ['step', 'median ms', 'vs one bare pass', 'passes', 'target'],
      [
        ['bare pdflatex pass (no sandbox, no format)', fmtMs(bareMs), '1.00×', '1', 'reference'],
        ['compile of fresh LaTeX', fmtMs(median(fresh.map((a) => a.ms))), ratio(median(fresh.map((a) => a.ms))), passesOf(fresh), `≤ 0.75×: ${ok(median(fresh.map((a) => a.ms)) <= 0.75 * bareMs)}`],
        ['compile at once after generate (the compile call)', fmtMs(median(afterGenerate.map((a) => a.ms))), ratio(median(afterGenerate.map((a) => a.ms))), passesOf(afterGenerate), `≤ 0.85×: ${ok(median(afterGenerate.map((a) => a.ms)) <= 0.85 * bareMs)}`],
        ['generate + compile (both calls)', fmtMs(median(generateAndCompile)), ratio(median(generateAndCompile)), '', ''],
        ['compile of unchanged LaTeX', fmtMs(median(unchanged.map((a) => a.ms))), ratio(median(unchanged.map((a) => a.ms))), passesOf(unchanged), `≤ 50 ms: ${ok(median(unchanged.map((a) => a.ms)) <= 50)}`],
      ],
    );

    // Passes per compile by document type: fresh, then after an edit of one body word.
    const rows: Array<Array<string | number>> = [];
    const types: Array<{ note: BenchNote; documentType: DocumentType }> = [
      ...BENCH_NOTES.map((note) => ({ note, documentType: note.documentType })),
      { note: requireNote('report'), documentType: 'book' },
    ];
    for (const { note, documentType } of types) {
      const base = generator.generate({ content: note.content, documentType }).latex;
      const bareMsType = median(Array.from({ length: 3 }, (_, i) => barePass(variant(base, `bare ${i}`))));
      const firstRuns: CompileAnswer[] = [];
      const editRuns: CompileAnswer[] = [];
      for (let i = 0; i < Math.max(3, Math.ceil(runs / 2)); i++) {
        const latex = variant(base, `type ${Date.now()} ${i}`);
        const id = await newDocument(bench, note, latex);
        firstRuns.push(await compile(bench, latex, id));
        if (!latex.includes(note.editAnchor)) throw new Error(`${note.id}: the edit anchor is not in the LaTeX`);
        editRuns.push(await compile(bench, latex.replace(note.editAnchor, `${note.editAnchor} edited`), id));
      }
      const editMs = median(editRuns.map((a) => a.ms));
      rows.push([
        `${note.label}${documentType !== note.documentType ? ` as ${documentType}` : ''}`,
        fmtMs(bareMsType),
        passesOf(firstRuns),
        fmtMs(median(firstRuns.map((a) => a.ms))),
        passesOf(editRuns),
        fmtMs(editMs),
        `${(editMs / bareMsType).toFixed(2)}×`,
      ]);
    }
    printTable(
      'Passes per compile: a new document, then the same document after a body-only edit (medians)',
      ['document', 'bare pass ms', 'fresh passes', 'fresh ms', 'edit passes', 'edit ms', 'edit vs bare'],
      rows,
    );
  } catch (err) {
    console.error(`server output:\n${bench.app.output().slice(-4000)}`);
    throw err;
  } finally {
    await bench.stop();
  }
}
