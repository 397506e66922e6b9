// Command line of `npm run eval`.
import { availableParallelism } from 'node:os';
import { parseTypeChoices, type TypeChoice } from './evaluate.js';
import type { Thresholds } from './report.js';

export const USAGE = `Usage: npm run eval -- DIR [options]
  DIR                     a folder of notes (.md .qmd .txt .org .rst .adoc .typ); types.json there names natural types
  --types LIST            natural and/or document types, comma-separated (default: natural)
  --out DIR               write each document's .tex, .pdf and .log, and rows.csv / rows.json
  --compare pandoc        also convert each note with pandoc and compile it with XeLaTeX
  --concurrency N         compiles at once (default: CPU count)
  --timeout MS            wall-clock limit of one compile (default 60000)
  --min-compiled F        fail unless this share of documents compiles (0–1)
  --max-missing-glyphs N  fail when a document has more missing-character messages
  --max-overfull N        fail when a document has more overfull boxes over 10 pt
  --min-preservation F    fail when the mean word preservation is lower (0–1)
  --min-clean F           fail unless this share of documents is clean (0–1)
  --min-reader-clean F    fail unless this share of documents is reader-clean: clean and every reader check passing (0–1)
  --min-outline-accuracy F  fail when the mean accuracy against the golden outlines is lower (0–1)
  --outlines DIR          golden outlines (NOTE.outline) when they are not beside the notes
  --min-no-missing-glyphs F   fail unless this share of documents lacks no glyph (0–1)
  --min-no-overfull F     fail unless this share of documents has no overfull box over 10 pt (0–1)`;

export interface EvalArgs {
  dir: string;
  types: TypeChoice[];
  outDir?: string;
  comparePandoc: boolean;
  concurrency: number;
  timeoutMs: number;
  thresholds: Thresholds;
  outlinesDir?: string;
}

function number(flag: string, value: string | undefined, min: number, max: number): number {
  const n = Number(value);
  if (value === undefined || value === '' || !Number.isFinite(n) || n < min || n > max) throw new Error(`${flag} needs a number from ${min} to ${max}.`);
  return n;
}

/** Parsed arguments, or throws an Error whose message says what is wrong. */
export function parseEvalArgs(argv: string[]): EvalArgs {
  let dir: string | undefined;
  const args: EvalArgs = { dir: '', types: ['natural'], comparePandoc: false, concurrency: availableParallelism(), timeoutMs: 60_000, thresholds: {} };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const eq = arg.indexOf('=');
    const flag = arg.startsWith('--') && eq !== -1 ? arg.slice(0, eq) : arg;
    const value = () => (arg.startsWith('--') && eq !== -1 ? arg.slice(eq + 1) : argv[++i]);
    switch (flag) {
      case '--types':
        args.types = parseTypeChoices(value() ?? '');
        if (args.types.length === 0) throw new Error('--types needs at least one type.');
        break;
      case '--out':
        args.outDir = value();
        if (!args.outDir) throw new Error('--out needs a folder.');
        break;
      case '--compare': {
        const v = value();
        if (v !== 'pandoc') throw new Error(`--compare knows only pandoc, not '${v ?? ''}'.`);
        args.comparePandoc = true;
        break;
      }
      case '--concurrency':
        args.concurrency = Math.floor(number(flag, value(), 1, 64));
        break;
      case '--timeout':
        args.timeoutMs = number(flag, value(), 1000, 600_000);
        break;
      case '--min-compiled':
        args.thresholds.minCompiled = number(flag, value(), 0, 1);
        break;
      case '--max-missing-glyphs':
        args.thresholds.maxMissingGlyphs = number(flag, value(), 0, Number.MAX_SAFE_INTEGER);
        break;
      case '--max-overfull':
        args.thresholds.maxOverfull = number(flag, value(), 0, Number.MAX_SAFE_INTEGER);
        break;
      case '--min-preservation':
        args.thresholds.minPreservation = number(flag, value(), 0, 1);
        break;
      case '--min-clean':
        args.thresholds.minClean = number(flag, value(), 0, 1);
        break;
      case '--min-reader-clean':
        args.thresholds.minReaderClean = number(flag, value(), 0, 1);
        break;
      case '--min-outline-accuracy':
        args.thresholds.minOutlineAccuracy = number(flag, value(), 0, 1);
        break;
      case '--outlines':
        args.outlinesDir = value();
        if (!args.outlinesDir) throw new Error('--outlines needs a folder.');
        break;
      case '--min-no-missing-glyphs':
        args.thresholds.minNoMissingGlyphs = number(flag, value(), 0, 1);
        break;
      case '--min-no-overfull':
        args.thresholds.minNoOverfull = number(flag, value(), 0, 1);
        break;
      default:
        if (arg.startsWith('-')) throw new Error(`Unknown option '${arg}'.`);
        if (dir !== undefined) throw new Error(`Unexpected argument '${arg}': give one folder.`);
        dir = arg;
    }
  }
  if (dir === undefined) throw new Error('Missing DIR, the folder of notes.');
  args.dir = dir;
  return args;
}
