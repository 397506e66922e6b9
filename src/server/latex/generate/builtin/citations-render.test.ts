// Citations and cross-references compiled: a note with pandoc citations, CSL front matter and
// pandoc-crossref labels goes through the builtin generator and the sandboxed compile service,
// and the PDF's text (pdftotext) shows the numbers, the References section and "Figure 1", never
// the note's markup. Every document type compiles it. The LaTeX itself: parse/citations/*.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES, type DocumentType } from '../../../../shared/document-types.js';
import { generate } from './index.js';
import { hasTex, pdfToText, startCompilePool, type CompilePool } from '../../../../eval/compile-corpus.js';

const NOTE = `---
title: Friction on inclined planes
references:
- id: doe2020
  title: A study of friction
  author:
    - family: Doe
      given: Jane
  issued:
    date-parts:
      - [2020]
  container-title: Journal of Things
---

# Introduction {#sec:intro}

Friction was measured before [@doe2020, p. 33], and more broadly [see @knuth1984; @roe2019].
As @doe2020 show, \\citet{roe2019} agrees.

![The ramp and the block](ramp.png){#fig:ramp}

$$ \\mu = \\tan\\theta $$ {#eq:mu}

| Surface | mu |
|---|---|
| wood | 0.4 |

: Measured coefficients {#tbl:mu}

# Results

@fig:ramp shows the set-up, [@tbl:mu] the values and @eq:mu the model of @sec:intro.
`;

describe('citations and cross-references compile', () => {
  let pool: CompilePool;
  const results = new Map<DocumentType, { status: string; text: string; error: string }>();

  beforeAll(async () => {
    expect(hasTex, 'TeX Live, bubblewrap or poppler-utils is missing: run npm test, which installs them').toBe(true);
    pool = await startCompilePool();
    await Promise.all(
      DOCUMENT_TYPES.map(async (documentType) => {
        const { latex } = generate({ content: NOTE, documentType, options: { splitTables: false, useMath: true } });
        const r = await pool.service.compile({ latex });
        results.set(documentType, { status: r.status, text: r.pdf ? await pdfToText(r.pdf) : '', error: r.errors[0]?.message ?? '' });
      }),
    );
  }, 600_000);

  afterAll(async () => {
    await pool?.close();
  });

  it('an article shows numbered citations, the References and resolved references', () => {
    const r = results.get('article');
    expect(r?.status, r?.error).toBe('success');
    const text = (r?.text ?? '').replace(/\s+/g, ' ');
    expect(text).toContain('before [1, p. 33], and more broadly see [2, 3].');
    expect(text).toContain('As Doe [1] show, [3] agrees.');
    expect(text).toContain('References [1] Doe, J. (2020). A study of friction. Journal of Things. [2] knuth1984 [3] roe2019');
    expect(text).toContain('Figure 1: The ramp and the block');
    expect(text).toContain('Table 1: Measured coefficients');
    expect(text).toContain('Figure 1 shows the set-up, Table 1 the values and Equation (1) the model of Section 1.');
    expect(text).not.toMatch(/\{#|\[@|@doe|@fig|\?\?/);
  });

  it('every document type compiles it, with its References', () => {
    const failed = DOCUMENT_TYPES.filter((t) => results.get(t)?.status !== 'success').map((t) => `${t}: ${results.get(t)?.error}`);
    expect(failed).toEqual([]);
    for (const type of DOCUMENT_TYPES) {
      const text = results.get(type)?.text ?? '';
      expect(text, type).toContain('References');
      expect(text, type).toContain('[1, p. 33]');
      expect(text, type).not.toMatch(/\{#|\[@|\?\?/);
    }
  });
});
