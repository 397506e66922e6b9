// Acceptance on the real notes of ../shared/corpus/notes, compiled with real TeX Live through
// the compile service: every note compiles as every document type, and as an article the PDF
// keeps at least 98 % of the note's words on average.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES, type DocumentType } from '../../../../shared/document-types.js';
import { generate } from './index.js';
import {
  corpusNotes,
  hasTex,
  inParallel,
  pdfToText,
  startCompilePool,
  wordPreservation,
  type CompilePool,
} from './test-support/corpus.js';

const notes = corpusNotes();

// No silent skip: without TeX Live or the corpus this fails, saying what is missing.
it('has TeX Live and the corpus notes', () => {
  expect(hasTex, 'TeX Live, bubblewrap or poppler-utils is missing: run npm test, which installs them').toBe(true);
  expect(notes.length, 'the corpus is missing: ../shared/corpus/notes beside the checkout').toBeGreaterThan(0);
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

  it('compiles every note as an article and keeps at least 98 % of its words', async () => {
    const results = await inParallel(notes, 2, async (note) => {
      const result = await compileNote(note.content, 'article');
      if (result.status !== 'success' || !result.pdf) return { name: note.name, status: result.status, share: 0, missing: [] as string[], error: result.errors[0]?.message ?? '' };
      const { share, missing } = wordPreservation(note.content, await pdfToText(result.pdf));
      return { name: note.name, status: result.status, share, missing, error: '' };
    });
    const failed = results.filter((r) => r.status !== 'success');
    const mean = results.reduce((sum, r) => sum + r.share, 0) / results.length;
    const report = results
      .filter((r) => r.share < 0.98)
      .map((r) => `  ${r.name}: ${r.status} ${(r.share * 100).toFixed(1)} % missing: ${r.missing.slice(0, 8).join(' ')}`)
      .join('\n');
    console.log(`article: ${results.length - failed.length}/${results.length} compiled, mean word preservation ${(mean * 100).toFixed(2)} %\n${report}`);
    expect(failed.map((r) => `${r.name}: ${r.error}`)).toEqual([]);
    expect(mean).toBeGreaterThanOrEqual(0.98);
  }, 900_000);

  it('compiles every note as each of the other five document types', async () => {
    const jobs = DOCUMENT_TYPES.filter((t) => t !== 'article').flatMap((type) => notes.map((note) => ({ type, note })));
    const results = await inParallel(jobs, 2, async ({ type, note }) => {
      const result = await compileNote(note.content, type);
      return { type, name: note.name, status: result.status, error: result.errors[0]?.message ?? '' };
    });
    const summary = DOCUMENT_TYPES.filter((t) => t !== 'article')
      .map((t) => `${t} ${results.filter((r) => r.type === t && r.status === 'success').length}/${notes.length}`)
      .join(', ');
    console.log(`compiled: ${summary}`);
    expect(results.filter((r) => r.status !== 'success').map((r) => `${r.type} ${r.name}: ${r.status} ${r.error}`)).toEqual([]);
  }, 1_800_000);
});
