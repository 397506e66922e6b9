// The reader checks: what a person looking at the pages would reject, measured from the note, the
// .tex, the log and the PDF's text. Each is a column of the eval; a document is reader-clean only
// when every one passes (and it compiled, lacks no glyph, has no overfull box, keeps its words).
import type { DocumentType } from '../../shared/document-types.js';
import type { NoteFormat } from '../note-text.js';
import { checkDirection } from './direction.js';
import { checkEmptyUnits } from './empty-units.js';
import { checkHeadings } from './headings.js';
import { checkInlineMath } from './inline-math.js';
import { checkLetter } from './letter.js';
import { checkLineStarts } from './line-starts.js';
import { checkMacros } from './macros.js';
import { checkMarkup } from './markup.js';
import { noteLines } from './note-scan.js';
import { checkTables } from './tables.js';
import { checkTitleBlock } from './title-block.js';
import type { CheckResult, ReaderInput } from './types.js';

export const READER_CHECKS = {
  markup: checkMarkup,
  macros: checkMacros,
  direction: checkDirection,
  lineStarts: checkLineStarts,
  headings: checkHeadings,
  titleBlock: checkTitleBlock,
  emptyUnits: checkEmptyUnits,
  tables: checkTables,
  letter: checkLetter,
  inlineMath: checkInlineMath,
} satisfies Record<string, (input: ReaderInput) => CheckResult>;

export type CheckName = keyof typeof READER_CHECKS;
export const CHECK_NAMES = Object.keys(READER_CHECKS) as CheckName[];
export type ReaderChecks = Record<CheckName, CheckResult>;

export interface ReaderSource {
  note: string;
  format: NoteFormat;
  type: DocumentType;
  tex: string;
  log: string;
  pdfText: string;
  pdfLayout: string;
}

export function readerChecks(src: ReaderSource): ReaderChecks {
  const input: ReaderInput = { ...src, lines: noteLines(src.note, src.format) };
  const out = {} as ReaderChecks;
  for (const name of CHECK_NAMES) {
    try {
      out[name] = READER_CHECKS[name](input);
    } catch (err) {
      out[name] = { pass: false, defects: [`check failed: ${(err as Error).message}`] };
    }
  }
  return out;
}

export function failedChecks(checks: ReaderChecks): CheckName[] {
  return CHECK_NAMES.filter((n) => !checks[n].pass);
}

export type { CheckResult } from './types.js';
