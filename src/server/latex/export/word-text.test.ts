import { describe, expect, it } from 'vitest';
import { generate } from '../generate/builtin/index.js';
import { forPandoc, pandocArgs } from './docx.js';
import { plainListings, plainOfEscaped } from './word-text.js';

describe('the generator’s LaTeX read back for Word', () => {
  it('escaped runs as their characters: fallback glyphs, symbols, specials, script runs, emoji', () => {
    expect(plainOfEscaped('\\lgsym{⎡}')).toBe('⎡');
    expect(plainOfEscaped('\\ensuremath{\\int}')).toBe('∫');
    expect(plainOfEscaped('E\\textsuperscript{-}\\textsuperscript{1}')).toBe('E⁻¹');
    expect(plainOfEscaped('\\textbackslash{}n \\{a\\} {[}x{]} 5\\%')).toBe('\\n {a} [x] 5%');
    expect(plainOfEscaped('\\lgArab{مرحبا}')).toBe('مرحبا');
    expect(plainOfEscaped('\\lgemoji{📦}{package}')).toBe('📦');
  });

  it('a code listing of a note with a matrix and Arabic words keeps its characters and drops its escapes', () => {
    const code = 'A = ⎡1 2⎤\n    ⎣3 4⎦  # مصفوفة\nx⁻¹ ∫ f\nhttps://example.com/a/very/long/address/without/any/spaces/in/it';
    for (const latex of [generate({ content: `Notes\n\n\`\`\`\n${code}\n\`\`\`\n`, documentType: 'article' }).latex]) {
      const listing = /\\begin\{lstlisting\}\n([\s\S]*?)\n\\end\{lstlisting\}/.exec(plainListings(latex))?.[1];
      expect(listing).toBe(code);
    }
  });

  it('gives pandoc the plain meaning of every \\lg text command, and the direction of a right-to-left document', () => {
    const arabic = generate({ content: 'ملاحظات\n\nهذه ملاحظات قصيرة عن الدرس 📦 مع رمز ⎡.', documentType: 'article' }).latex;
    const read = forPandoc(arabic);
    expect(read.indexOf('\\renewcommand{\\lgemoji}[2]{#1}')).toBeLessThan(read.indexOf('\\begin{document}'));
    expect(pandocArgs(arabic)).toContain('--metadata=dir:rtl');
    expect(pandocArgs(generate({ content: 'Notes\n\nShort notes.', documentType: 'article' }).latex)).not.toContain('--metadata=dir:rtl');
  });

  it('a letter keeps its addresses, date and signature for pandoc, and straight quotes their marks', () => {
    const { latex } = generate({ content: 'from: Dana Roe, 14 Orchard Lane, Leeds\nto: R. Okafor, 88 Wellington St, Leeds\ndate 3 march 2025\n\ndear mr okafor,\n\nthe report said "no damage".\n\nthanks,\nDana Roe', documentType: 'letter' });
    const read = forPandoc(latex);
    const meanings = read.slice(0, read.indexOf('\\begin{document}'));
    expect(meanings).toContain('\\renewenvironment{letter}[1]{#1\\par}{}');
    expect(meanings).toContain('\\renewcommand{\\closing}[1]{#1\\par Dana Roe\\par}');
    expect(meanings).toContain('\\renewcommand{\\textquotedbl}{"}');
    expect(forPandoc(generate({ content: 'Notes\n\nShort.', documentType: 'article' }).latex)).not.toContain('\\renewenvironment{letter}');
  });

  it('reads a hostile document in one pass: many listings without an end are left as they are', () => {
    const latex = `\\begin{document}\n${'\\begin{lstlisting}[escapechar=`]\n`\\lgsym{x}`\n'.repeat(20_000)}`;
    // Quadratic, this would be 10^10 steps: the test's own time-out would end it.
    expect(plainListings(latex)).toBe(latex);
  });
});
