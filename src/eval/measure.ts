// One document's figures: compile LaTeX in the sandbox, then read the log (missing glyphs,
// overfull boxes, pages) and the PDF's text (word preservation against the note).
import { writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import type { CompileService } from '../server/latex/compile/index.js';
import type { TexProgram } from '../shared/tex-program.js';
import type { DocumentType } from '../shared/document-types.js';
import type { NoteFormat } from './note-text.js';
import { pdfTexts } from './pdf-text.js';
import { failedChecks, readerChecks, type ReaderChecks } from './reader/index.js';
import { missingGlyphs, overfullBoxes, pageCount } from './tex-log.js';
import { pdfWordCounts, preservation, type WordCounts } from './words.js';

/** Boxes sticking out by at most this many points are not counted (a reader does not see them). */
export const OVERFULL_LIMIT_PT = 10;
/** A document is clean when it compiles, lacks no glyph, has no overfull box and keeps this share. */
export const CLEAN_PRESERVATION = 0.95;

export interface Measures {
  compiled: boolean;
  /** The compile service's status, or `pandoc-error` when the reference converter failed. */
  status: string;
  error: string;
  texProgram: TexProgram;
  /** Missing-character messages in the log, and the distinct characters (most frequent first). */
  missingGlyphs: number;
  missingChars: string[];
  /** Overfull boxes over OVERFULL_LIMIT_PT, and the largest excess. */
  overfull: number;
  maxOverfullPt: number;
  /** Multiset recall of the note's words in the PDF text (0 when nothing compiled). */
  preservation: number;
  missingWords: string[];
  pages: number | null;
  ms: number;
  /** The reader checks (reader/): null when nothing compiled or no note was given. */
  reader: ReaderChecks | null;
  /** Structural accuracy against the note's golden outline (outline/), when it has one. */
  outlineAccuracy?: number | null;
}

/** The note a document was made from, for the reader checks. */
export interface NoteSource {
  note: string;
  format: NoteFormat;
  type: DocumentType;
}

export function isClean(m: Measures): boolean {
  return m.compiled && m.missingGlyphs === 0 && m.overfull === 0 && m.preservation >= CLEAN_PRESERVATION;
}

/** Clean, and every reader check passes: what the summary line and CI's pass marks count. */
export function isReaderClean(m: Measures): boolean {
  return isClean(m) && m.reader !== null && failedChecks(m.reader).length === 0;
}

export function failedMeasures(status: string, error: string, texProgram: TexProgram, ms = 0): Measures {
  return { compiled: false, status, error, texProgram, missingGlyphs: 0, missingChars: [], overfull: 0, maxOverfullPt: 0, preservation: 0, missingWords: [], pages: null, ms, reader: null };
}

/** Compiles `latex` and measures it; with `outBase` writes outBase.tex, .log and .pdf. */
export async function measureLatex(
  service: CompileService,
  latex: string,
  texProgram: TexProgram,
  noteWords: WordCounts,
  outBase?: string,
  source?: NoteSource,
): Promise<Measures> {
  const started = performance.now();
  if (outBase) await writeFile(`${outBase}.tex`, latex);
  const result = await service.compile({ latex, program: texProgram });
  const ms = performance.now() - started;
  if (outBase) await writeFile(`${outBase}.log`, result.log);
  if (result.status !== 'success' || !result.pdf) {
    const first = result.errors[0];
    const error = first ? `${first.line !== null ? `line ${first.line}: ` : ''}${first.message}` : result.log.trim().split('\n').slice(-1)[0] ?? '';
    return failedMeasures(result.status, error, texProgram, ms);
  }
  if (outBase) await writeFile(`${outBase}.pdf`, result.pdf);
  const glyphs = missingGlyphs(result.log);
  const boxes = overfullBoxes(result.log, OVERFULL_LIMIT_PT);
  const texts = await pdfTexts(result.pdf);
  const kept = preservation(noteWords, pdfWordCounts(texts.text));
  const reader = source ? readerChecks({ ...source, tex: latex, log: result.log, pdfText: texts.text, pdfLayout: texts.layout }) : null;
  return {
    compiled: true,
    status: result.status,
    error: '',
    texProgram,
    missingGlyphs: glyphs.count,
    missingChars: [...glyphs.chars.entries()].sort((a, b) => b[1] - a[1]).map(([c]) => c),
    overfull: boxes.count,
    maxOverfullPt: boxes.maxPt,
    preservation: kept.share,
    missingWords: kept.missing.slice(0, 12).map((m) => (m.count > 1 ? `${m.word}×${m.count}` : m.word)),
    pages: pageCount(result.log),
    ms,
    reader,
  };
}
