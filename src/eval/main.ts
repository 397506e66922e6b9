// `npm run eval -- DIR …`: the builtin generator and the sandboxed compiler on a folder of real
// notes, one row of figures per document, a summary line, and a non-zero exit below thresholds.
import { existsSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../server/config.js';
import { createCompileService } from '../server/latex/compile/index.js';
import { generatorPreambleReader, generatorPreambles } from '../server/latex/generator-formats.js';
import { parseEvalArgs, USAGE, type EvalArgs } from './args.js';
import { evaluate, type Row } from './evaluate.js';
import { checkThresholds, rowTable, summaries, summaryLine, toCsv } from './report.js';

async function main(argv: string[]): Promise<number> {
  if (argv.includes('-h') || argv.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  let args: EvalArgs;
  try {
    args = parseEvalArgs(argv);
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!existsSync(args.dir) || !statSync(args.dir).isDirectory()) {
    console.error(`No such folder: ${args.dir}`);
    return 2;
  }
  const config = loadConfig();
  const service = createCompileService({
    concurrency: args.concurrency,
    queueSize: 100_000,
    timeoutMs: args.timeoutMs,
    ratePerMinute: Number.MAX_SAFE_INTEGER,
    dataDir: config.dataDir,
    allowUnsafeNoSandbox: config.compile.unsafeNoSandbox,
    // The log is read for every missing glyph and overfull box: keep all of it.
    maxLogChars: 16 << 20,
    cacheBytes: 0,
    // The generator's pdfLaTeX preambles as precompiled formats, as the server has them.
    preambles: generatorPreambles,
    preambleReader: generatorPreambleReader,
  });
  const health = await service.health();
  if (!health.texlive || !health.sandbox) {
    console.error('TeX Live or the bubblewrap sandbox is missing: run npm test once (it installs them), or apt-get install texlive-xetex bubblewrap poppler-utils.');
    await service.close();
    return 2;
  }
  if (args.outDir) await mkdir(args.outDir, { recursive: true });
  const started = performance.now();
  let done = 0;
  let rows: Row[];
  try {
    rows = await evaluate({
      dir: args.dir,
      types: args.types,
      service,
      concurrency: args.concurrency,
      comparePandoc: args.comparePandoc,
      outDir: args.outDir,
      ...(args.outlinesDir ? { outlinesDir: args.outlinesDir } : {}),
      onRow: (r) => {
        done++;
        const b = r.builtin;
        const what = b.compiled ? `glyphs ${b.missingGlyphs} overfull ${b.overfull} preservation ${b.preservation.toFixed(3)}` : `${b.status}: ${b.error}`;
        console.error(`[${done}] ${r.note} (${r.type}): ${what}`);
      },
    });
  } catch (err) {
    // A bad types.json or an unreadable note: say so, without a stack.
    console.error((err as Error).message);
    return 2;
  } finally {
    await service.close();
  }
  console.log(`\n${rowTable(rows)}\n`);
  const s = summaries(rows);
  console.log(`eval ${args.dir} (${args.types.join(',')}), ${rows.length} documents in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  if (s.builtin) console.log(`builtin: ${summaryLine(s.builtin)}`);
  if (s.pandoc) console.log(`pandoc:  ${summaryLine(s.pandoc)}`);
  if (args.outDir) {
    await writeFile(join(args.outDir, 'rows.csv'), toCsv(rows));
    await writeFile(join(args.outDir, 'rows.json'), JSON.stringify({ dir: args.dir, types: args.types, summaries: s, rows }, null, 2));
  }
  const failures = checkThresholds(rows, args.thresholds);
  if (failures.length) {
    console.error(`\nBelow the thresholds (${failures.length}):\n${failures.map((f) => `  ${f}`).join('\n')}`);
    return 1;
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
