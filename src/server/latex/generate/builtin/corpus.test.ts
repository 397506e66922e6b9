// Acceptance on real notes (tests/fixtures/notes, plus ../shared/corpus/notes when it is beside the
// checkout), compiled with real TeX Live through the compile service: every note compiles as an
// article and as one other document type (the types taken in turn), except the known gaps listed
// below, and the PDFs keep the note's words (the measure of `npm run eval`).
import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES, type DocumentType } from '../../../../shared/document-types.js';
import { generate } from './index.js';
import {
  CORPUS_DIR,
  corpusNotes,
  hasTex,
  inParallel,
  pdfToText,
  startCompilePool,
  wordPreservation,
  type CompilePool,
} from '../../../../eval/compile-corpus.js';

const notes = corpusNotes();

/**
 * Documents today's generator does not compile yet (`npm run eval` shows why). The test fails when
 * one of them starts compiling, so a fix removes its line here.
 */
const KNOWN_COMPILE_FAILURES = new Set<string>([]);
/** Mean word preservation as an article: the shared corpus, and the fixture notes (just under today's 0.985 of the eval). */
const MIN_MEAN_PRESERVATION = { shared: 0.98, fixtures: 0.96 };
const OTHER_TYPES = DOCUMENT_TYPES.filter((t) => t !== 'article');

// No silent skip: without TeX Live or the fixture notes this fails, saying what is missing.
it('has TeX Live and the real notes', () => {
  expect(hasTex, 'TeX Live, bubblewrap or poppler-utils is missing: run npm test, which installs them').toBe(true);
  expect(notes.length, 'the fixture notes are missing: tests/fixtures/notes').toBeGreaterThanOrEqual(60);
});

describe('builtin generator on the corpus', () => {
  let pool: CompilePool;

  beforeAll(async () => {
    pool = await startCompilePool();
  });

  afterAll(async () => {
    await pool?.close();
  });

  async function compileNote(content: string, documentType: DocumentType) {
    const { latex } = generate({ content, documentType, options: { splitTables: false, useMath: true } });
    return pool.service.compile({ latex });
  }

  it('compiles every note as an article and keeps its words', async () => {
    const results = await inParallel(notes, 2, async (note) => {
      const result = await compileNote(note.content, 'article');
      const key = `${note.name} article`;
      if (result.status !== 'success' || !result.pdf) return { key, name: note.name, status: result.status, share: 0, missing: [] as string[], error: result.errors[0]?.message ?? '' };
      const { share, missing } = wordPreservation(note.content, await pdfToText(result.pdf), note.format);
      return { key, name: note.name, status: result.status, share, missing, error: '' };
    });
    const shared = existsSync(CORPUS_DIR) ? new Set(readdirSync(CORPUS_DIR)) : new Set<string>();
    const mean = (rs: typeof results) => (rs.length ? rs.reduce((sum, r) => sum + r.share, 0) / rs.length : 1);
    const means = { shared: mean(results.filter((r) => shared.has(r.name))), fixtures: mean(results.filter((r) => !shared.has(r.name))) };
    const report = results
      .filter((r) => r.share < 0.98)
      .map((r) => `  ${r.name}: ${r.status} ${(r.share * 100).toFixed(1)} % missing: ${r.missing.slice(0, 8).join(' ')}`)
      .join('\n');
    console.log(`article: ${results.filter((r) => r.status === 'success').length}/${results.length} compiled, mean word preservation: fixtures ${means.fixtures.toFixed(3)}, shared corpus ${shared.size ? means.shared.toFixed(3) : 'absent'}\n${report}`);
    expect(results.filter((r) => r.status !== 'success' && !KNOWN_COMPILE_FAILURES.has(r.key)).map((r) => `${r.key}: ${r.error}`)).toEqual([]);
    expect(results.filter((r) => r.status === 'success' && KNOWN_COMPILE_FAILURES.has(r.key)).map((r) => `${r.key} compiles now: remove it from KNOWN_COMPILE_FAILURES`)).toEqual([]);
    expect(means.fixtures).toBeGreaterThanOrEqual(MIN_MEAN_PRESERVATION.fixtures);
    if (shared.size) expect(means.shared).toBeGreaterThanOrEqual(MIN_MEAN_PRESERVATION.shared);
  }, 1_800_000);

  it('compiles every note as one of the other five document types, taken in turn', async () => {
    const jobs = notes.map((note, i) => ({ type: OTHER_TYPES[i % OTHER_TYPES.length] as DocumentType, note }));
    const results = await inParallel(jobs, 2, async ({ type, note }) => {
      const result = await compileNote(note.content, type);
      return { key: `${note.name} ${type}`, type, status: result.status, error: result.errors[0]?.message ?? '' };
    });
    const summary = OTHER_TYPES.map((t) => `${t} ${results.filter((r) => r.type === t && r.status === 'success').length}/${results.filter((r) => r.type === t).length}`).join(', ');
    console.log(`compiled: ${summary}`);
    expect(results.filter((r) => r.status !== 'success' && !KNOWN_COMPILE_FAILURES.has(r.key)).map((r) => `${r.key}: ${r.status} ${r.error}`)).toEqual([]);
    expect(results.filter((r) => r.status === 'success' && KNOWN_COMPILE_FAILURES.has(r.key)).map((r) => `${r.key} compiles now: remove it from KNOWN_COMPILE_FAILURES`)).toEqual([]);
  }, 1_800_000);
});
