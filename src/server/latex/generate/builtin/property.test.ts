// Property-based tests: random notes mixing every special character, snippet tags (well-formed
// and broken), markdown, hostile math and Unicode never yield LaTeX that fails to compile.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from './index.js';
import { recognisePreamble } from './write/lean-preamble.js';
import { randomCase } from './test-support/arbitraries.js';
import { hasTex, inParallel, startCompilePool, type CompilePool } from '../../../../eval/compile-corpus.js';

// 100 compiled on every run (about 90 s on the 2-core CI machine, inside the 25-minute budget of
// the whole run); LATEXGEN_PROPERTY_CASES=N compiles more, with the seed below or another.
const COMPILED_CASES = Number(process.env['LATEXGEN_PROPERTY_CASES'] ?? 100);
// A fixed seed keeps CI reproducible; set LATEXGEN_PROPERTY_SEED=random (or a number) to explore.
const SEED_ENV = process.env['LATEXGEN_PROPERTY_SEED'];
const SEED = SEED_ENV === 'random' ? Date.now() % 2_147_483_647 : Number(SEED_ENV ?? 20_261_121);

describe('generate on random notes', () => {
  it('always returns a whole document after a preamble the generator makes (no TeX needed)', () => {
    fc.assert(
      fc.property(randomCase, (c) => {
        const r = generate({ content: c.content, documentType: c.documentType, options: { useMath: c.useMath, splitTables: c.splitTables } });
        const begin = r.latex.indexOf('\\begin{document}\n');
        // Rebuilt from the pieces it shows, the preamble is the same text: nothing of the note is in it.
        const recognised = recognisePreamble(r.latex.slice(0, begin));
        expect(recognised?.type).toBe(c.documentType);
        expect(recognised?.program).toBe(r.texProgram);
        expect(r.latex.endsWith('\\end{document}\n')).toBe(true);
        // Exactly one document body, and no file access primitive anywhere after the preamble
        // (code listings are verbatim: what they contain is printed, never run).
        const body = r.latex.slice(begin).replace(/\\begin\{lstlisting\}[\s\S]*?\n\\end\{lstlisting\}/g, '');
        expect(body.match(/\\end\{document\}/g)).toHaveLength(1);
        expect(body).not.toMatch(/\\(input|include|openin|openout|read|write|catcode|csname|def|immediate)(?![a-zA-Z])/);
        expect(body).not.toContain('^^');
      }),
      { numRuns: 1000, seed: SEED },
    );
  });

  // No silent skip: without TeX Live this fails, saying what is missing (npm test installs it).
  it('has TeX Live, bubblewrap and pdftotext', () => {
    expect(hasTex, 'TeX Live, bubblewrap or poppler-utils is missing: run npm test, which installs them').toBe(true);
  });

  describe('compiled with TeX Live', () => {
    let pool: CompilePool;
    beforeAll(async () => {
      pool = await startCompilePool();
    });
    afterAll(async () => {
      await pool?.close();
    });

    it(`compiles ${COMPILED_CASES} random notes of every type`, async () => {
      const seed = SEED;
      const cases = fc.sample(randomCase, { numRuns: COMPILED_CASES, seed });
      const results = await inParallel(cases, 2, async (c) => {
        const { latex } = generate({ content: c.content, documentType: c.documentType, options: { useMath: c.useMath, splitTables: c.splitTables } });
        const result = await pool.service.compile({ latex });
        return { c, status: result.status, error: result.errors[0] };
      });
      const failures = results.filter((r) => r.status !== 'success');
      // Enough to reproduce: the seed, the type and options, the note and TeX's first error.
      const report = failures.map((f) => `${f.c.documentType} useMath=${f.c.useMath} splitTables=${f.c.splitTables} ${f.status}: ${f.error?.message ?? ''}\n${JSON.stringify(f.c.content)}`);
      expect(report, `seed ${seed} (rerun with LATEXGEN_PROPERTY_SEED=${seed})`).toEqual([]);
    }, 1_200_000);
  });
});
