// Support for the converter's corpus and property tests: the real notes (tests/fixtures/notes, always;
// ../shared/corpus/notes beside the checkout when it is there), a small compile pool on the real
// compile service, and the word-preservation measure of `npm run eval` (src/eval).
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { noteWordCounts, type NoteFormat } from './note-text.js';
import type { DocumentType } from '../shared/document-types.js';
import { listNotes, type NoteFile } from './notes.js';
import { pdfWordCounts, preservation } from './words.js';
import { createCompileService, type CompileResult, type CompileService } from '../server/latex/compile/index.js';
import { generatorPreambleReader, generatorPreambles } from '../server/latex/generator-formats.js';

export { inParallel } from './pool.js';
export { pdfToText } from './pdf-text.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The repository root: two levels up from src/eval. */
const repoRoot = resolve(here, '../..');
/** Real notes committed with the repository (licences in its SOURCES.md). */
export const FIXTURES_DIR = resolve(repoRoot, 'tests/fixtures/notes');
/** More real notes, beside the checkout in this project's CI only: used when present, never required. */
export const CORPUS_DIR = resolve(repoRoot, '../shared/corpus/notes');

export const hasTex = existsSync('/usr/bin/pdflatex') && existsSync('/usr/bin/xelatex') && existsSync('/usr/bin/bwrap') && existsSync('/usr/bin/pdftotext');

/** The fixture notes, then the shared corpus's when it is there. */
export function corpusNotes(): NoteFile[] {
  return [FIXTURES_DIR, ...(existsSync(CORPUS_DIR) ? [CORPUS_DIR] : [])].flatMap(listNotes);
}

export interface CompilePool {
  service: CompileService;
  dataDir: string;
  close: () => Promise<void>;
}

/** A compile service with two workers, as in CI (2 cores); no rate limit for the test's burst. */
export async function startCompilePool(): Promise<CompilePool> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lg-gen-test-'));
  const service = createCompileService({ concurrency: 2, queueSize: 1000, timeoutMs: 60_000, ratePerMinute: 1_000_000, dataDir, preambles: generatorPreambles, preambleReader: generatorPreambleReader });
  return {
    service,
    dataDir,
    close: async () => {
      await service.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Share of the note's words (multiset, as `npm run eval` counts them for a document of `type`)
 * found in the PDF text, and the missing ones.
 */
export function wordPreservation(note: string, pdfText: string, format: NoteFormat = 'markdown', type?: DocumentType): { share: number; missing: string[] } {
  const kept = preservation(noteWordCounts(note, format, type), pdfWordCounts(pdfText));
  return { share: kept.share, missing: kept.missing.map((m) => m.word) };
}

export type { CompileResult };
