// Latin words inside right-to-left text keep their letters in order (reader 65: an Arabic letter's
// "(TU Delft)" printed "TU Deflt"; the main font shaped as Arabic swapped "lf"). Compiled with the
// real TeX Live and read back from the PDF.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from './index.js';
import { hasTex, pdfToText, startCompilePool, type CompilePool } from '../../../../eval/compile-corpus.js';

const NOTE = 'طلب كشف علامات\n\nأرجو التكرّم بتزويدي بكشف العلامات لغرض التقدّم لبرنامج الماجستير في جامعة دلفت للتكنولوجيا (TU Delft) في هولندا، وكذلك شهادة باللغة الإنجليزية (self golf wolf Alfred).\n';

describe('Latin words in an Arabic document', () => {
  let pool: CompilePool;
  let text = '';
  beforeAll(async () => {
    expect(hasTex, 'TeX Live, bubblewrap or poppler-utils is missing: run npm test, which installs them').toBe(true);
    pool = await startCompilePool();
    const r = await pool.service.compile({ latex: generate({ content: NOTE, documentType: 'article' }).latex });
    expect(r.status, r.errors[0]?.message).toBe('success');
    text = r.pdf ? await pdfToText(r.pdf) : '';
  }, 300_000);
  afterAll(async () => {
    await pool?.close();
  });

  it('keep their letters in order: "TU Delft", "self golf wolf Alfred"', () => {
    expect(text).toContain('TU Delft');
    expect(text).toContain('self golf wolf Alfred');
    expect(text).not.toMatch(/Deflt|sefl|gofl/);
  });
});
