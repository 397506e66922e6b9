// Every character has a font: keycaps, ʿ in italic and rare combining marks
// compile without a "Missing character" and read back from the PDF.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingGlyphs } from '../../../../eval/tex-log.js';
import { generate } from './index.js';
import { hasTex, pdfToText, startCompilePool, type CompilePool } from '../../../../eval/compile-corpus.js';

const NOTE = '# Glyphs\n\nKeycaps: 1\uFE0F\u20E3 #\uFE0F\u20E3 and 🔟.\n\nItalic *ʿAbd al-Raḥmān* and **Muʿtazila**; plain ʿayn.\n\nMarks: a\u0310 e\u0333 ма\u0301ма.\n';

describe('glyphs through the fallback chain', () => {
  let pool: CompilePool;
  beforeAll(async () => {
    pool = await startCompilePool();
  });
  afterAll(async () => {
    await pool?.close();
  });

  it('keycaps, modifier letters in italic and rare combining marks all have a glyph', async () => {
    expect(hasTex, 'TeX Live, bubblewrap or poppler-utils is missing: run npm test, which installs them').toBe(true);
    const { latex } = generate({ content: NOTE, documentType: 'article' });
    const r = await pool.service.compile({ latex });
    expect(r.status, r.errors[0]?.message).toBe('success');
    const missing = missingGlyphs(r.log);
    expect([...missing.chars.keys()]).toEqual([]);
    const text = r.pdf ? await pdfToText(r.pdf) : '';
    for (const word of ['ʿAbd', 'Muʿtazila', 'a\u0310', 'e\u0333']) expect(text.normalize('NFC')).toContain(word.normalize('NFC'));
  }, 120_000);
});
