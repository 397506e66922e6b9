// Math names compiled: every command name KaTeX defines in math, written in a note the way a note
// written for KaTeX writes it, goes through the builtin generator and the sandboxed compile
// service with no undefined control sequence; and the PDF shows what KaTeX shows (\infin is ∞,
// not "infin"; \ldots is …, not "ldots"), an undefined macro as the note wrote it (\E, never 𝔼).
// The LaTeX itself: math.test.ts.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../index.js';
import { hasTex, pdfToText, startCompilePool, type CompilePool } from '../../../../../eval/compile-corpus.js';
import { katexMeaning } from './katex-meaning.js';
import { DANGEROUS_COMMANDS } from './math-commands.js';

/** The command names KaTeX's source defines (macros, symbols, functions), with the arguments each takes in math. */
function katexNames(): Array<{ name: string; args: number }> {
  const source = readFileSync(createRequire(import.meta.url).resolve('katex/dist/katex.js'), 'utf8');
  const names = new Set([...source.matchAll(/"\\\\([A-Za-z]+)"/g)].map((m) => m[1] ?? ''));
  const out: Array<{ name: string; args: number }> = [];
  for (const name of names) {
    if (DANGEROUS_COMMANDS.has(name)) continue;
    const meaning = katexMeaning(name);
    const args = meaning.kind === 'macro' ? meaning.params : meaning.kind === 'primitive' ? meaning.args : undefined;
    if (args !== undefined) out.push({ name, args });
  }
  return out;
}

const NOTE = `# Names

The inputs range over $(-\\infin, \\infin)$, written with KaTeX's name.

A sum $a_1 + \\ldots + a_n$ and the set $\\R^n$, a state $\\ket{\\psi}$, a bra $\\bra{\\phi}$.

An undefined macro: $\\E^{-t^4}$ stays as the note wrote it.
`;

describe('math names compile', () => {
  let pool: CompilePool;
  const names = katexNames();
  let every: { status: string; log: string; error: string } = { status: '', log: '', error: '' };
  let note = { status: '', text: '', error: '' };

  beforeAll(async () => {
    expect(hasTex, 'TeX Live, bubblewrap or poppler-utils is missing: run npm test, which installs them').toBe(true);
    pool = await startCompilePool();
    const all = names.map(({ name, args }) => `$a \\${name}${'{x}'.repeat(args)} b$`).join('\n\n');
    const [a, b] = await Promise.all(
      [all, NOTE].map((content) => pool.service.compile({ latex: generate({ content, documentType: 'article', options: { useMath: true } }).latex })),
    );
    every = { status: a?.status ?? '', log: a?.log ?? '', error: a?.errors[0]?.message ?? '' };
    note = { status: b?.status ?? '', text: b?.pdf ? await pdfToText(b.pdf) : '', error: b?.errors[0]?.message ?? '' };
  }, 600_000);

  afterAll(async () => {
    await pool?.close();
  });

  it('every name KaTeX defines in math compiles, none undefined', () => {
    expect(names.length).toBeGreaterThan(500);
    expect(every.status, every.error).toBe('success');
    expect(every.log).not.toContain('Undefined control sequence');
  });

  it('the PDF shows KaTeX names with their meaning and undefined ones as written', () => {
    expect(note.status, note.error).toBe('success');
    const text = note.text.replace(/\s+/g, ' ');
    expect(text).toContain('∞');
    expect(text).not.toMatch(/infin|ldots/);
    expect(text).toContain('a1 + . . . + an');
    expect(text).toContain('⟩');
    expect(text).toContain('\\E');
  });
});
