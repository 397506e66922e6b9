// What every reader check gets and gives.
import type { DocumentType } from '../../shared/document-types.js';
import type { NoteFormat } from '../note-text.js';
import type { NoteLine } from './note-scan.js';

export interface ReaderInput {
  note: string;
  format: NoteFormat;
  type: DocumentType;
  lines: NoteLine[];
  tex: string;
  log: string;
  /** `pdftotext` (reading order) and `pdftotext -layout`, pages separated by form feeds. */
  pdfText: string;
  pdfLayout: string;
}

export interface CheckResult {
  pass: boolean;
  /** What went wrong, each a short phrase a person can act on (empty when it passes). */
  defects: string[];
  /** A figure where the check has one (a recall, a count). */
  value?: number;
  /** Things listed without failing (fallbacks shown as written, …). */
  listed?: string[];
}

export function result(defects: string[], extra: Partial<CheckResult> = {}): CheckResult {
  return { pass: defects.length === 0, defects, ...extra };
}

export const NOT_APPLICABLE: CheckResult = { pass: true, defects: [] };
