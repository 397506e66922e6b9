import { describe, expect, it } from 'vitest';
import { MacroRegistry, sanitizeMath } from './math.js';

const clean = (tex: string, display = false) => {
  const macros = new MacroRegistry();
  return { ...sanitizeMath(tex, display, 'pdflatex', macros), defs: macros.preambleLines() };
};

describe('sanitizeMath', () => {
  it('keeps ordinary math as written', () => {
    expect(clean('\\frac{a}{b} + x^2_i')).toMatchObject({ ok: true, tex: '\\frac{a}{b} + x^2_i', defs: [] });
  });

  it('removes file access, definitions, category codes and ^^ escapes', () => {
    for (const hostile of ['\\input{/etc/passwd}', '\\include{x}', '\\openin1', '\\read1 to\\x', '\\write18{ls}', '\\catcode`\\@=11', '\\csname relax\\endcsname', '\\def\\x{y}']) {
      const r = clean(`a ${hostile} b`);
      expect(r.tex).not.toMatch(/\\(input|include|openin|read|write|catcode|csname|endcsname|def)\b/);
    }
    expect(clean('^^5cinput').tex).not.toContain('^^');
  });

  it('gives the names only KaTeX defines their KaTeX meaning, and shows undefined ones as written', () => {
    const r = clean('x \\in \\R, \\infin, \\ket{\\psi}, \\tg x, \\norm{v} \\foo \\a \\span \\E^{-t}');
    expect(r.ok).toBe(true);
    // KaTeX's own expansions (\\infin is \\infty), not a meaning of ours.
    expect(r.defs).toEqual([
      '\\providecommand{\\R}{{\\mathbb{R}}}',
      '\\providecommand{\\infin}{{\\infty}}',
      '\\providecommand{\\ket}[1]{\\mathinner{|{#1}\\rangle}}',
      '\\providecommand{\\tg}{{\\operatorname{tg}}}',
    ]);
    // Nothing defines \\norm, \\foo or \\E (\\a and \\span are LaTeX's for something else): the reader sees the name.
    expect(r.tex).toBe(
      'x \\in \\R, \\infin, \\ket{\\psi}, \\tg x, {\\texttt{\\textbackslash norm}}{v} {\\texttt{\\textbackslash foo}} {\\texttt{\\textbackslash a}} {\\texttt{\\textbackslash span}} {\\texttt{\\textbackslash E}}^{-t}',
    );
  });

  it('keeps the space after a name shown as written before a letter (\\act X is not "\\actX")', () => {
    expect(clean('\\act X + \\E [X]').tex).toBe('{\\texttt{\\textbackslash act}}\\  X + {\\texttt{\\textbackslash E}} [X]');
  });

  it('passes names LaTeX and KaTeX both define through as themselves', () => {
    expect(clean('a \\lessgtr b \\ldots \\circledast \\nleqslant c')).toMatchObject({ ok: true, tex: 'a \\lessgtr b \\ldots \\circledast \\nleqslant c', defs: [] });
  });

  it('defines the KaTeX macros a KaTeX macro expands to, without its internals or kerns', () => {
    const r = clean('a \\coloneqq b');
    expect(r.tex).toBe('a \\coloneqq b');
    expect(r.defs.join('\n')).not.toMatch(/@|mkern|mu\b|\\char/);
    expect(r.defs).toContain('\\providecommand{\\ordinarycolon}{{:}}');
  });

  it('reads font commands as the note meant them: old switches, plain TeX and package names', () => {
    // \bf{v} is a bold v (not "bf" upright); a switch ends with its group, cell or \left…\right.
    expect(clean('T(\\bf{v}) = \\lambda \\bf v').tex).toBe('T(\\mathbf{v}) = \\lambda \\mathbf{ v}');
    expect(clean('{\\rm d}x + \\left( \\it y \\right) z', true).tex).toBe('{\\mathrm{ d}}x + \\left( \\mathit{ y }\\right) z');
    expect(clean('\\begin{pmatrix} \\bf a & b \\\\ \\cal c & d \\end{pmatrix}', true)).toMatchObject({
      ok: true,
      tex: '\\begin{pmatrix} \\mathbf{ a }& b \\\\ \\mathcal{ c }& d \\end{pmatrix}',
    });
    expect(clean('\\Bbb R^n \\ni \\mathds{1}, \\bold{x}, \\frak g, \\bm{v}')).toMatchObject({
      ok: true,
      tex: '\\mathbb R^n \\ni \\mathbb{1}, \\mathbf{x}, \\mathfrak g, \\boldsymbol{v}',
      defs: [],
    });
    // Inside \text the text fonts.
    expect(clean('\\text{a \\bf b} c').tex).toBe('\\text{a \\textbf{ b}} c');
  });

  it('reads function names written without their backslash as functions', () => {
    expect(clean('\\frac{d^2y}{dx^2}-sin(y)=0').tex).toBe('\\frac{d^2y}{dx^2}-\\sin(y)=0');
    expect(clean('2cos x + e^{log n} + t_{max}').tex).toBe('2\\cos x + e^{\\log n} + t_{\\max}');
    // Longer words, words in text and a tag's text stay as written.
    expect(clean('cosine + sinx + \\text{min} + \\operatorname*{arg\\,max}', true).tex).toBe('cosine + sinx + \\text{min} + \\operatorname*{arg\\,max}');
    expect(clean('x \\tag{max}', true).tex).toBe('x \\tag{max}');
  });

  it('sets text-only LaTeX commands KaTeX takes in math as text, and shows the others as written', () => {
    // LaTeX's \\H is an accent, \\L a letter Ł: never a blackboard H or L.
    expect(clean('\\H + \\L + \\TeX').tex).toBe('{\\texttt{\\textbackslash H}} + {\\texttt{\\textbackslash L}} + \\text{\\TeX}');
  });

  it('drops a kern with its length', () => {
    expect(clean('a\\mkern-3mu b \\kern 2pt c').tex).toBe('a  b   c');
  });

  it('maps Unicode math to commands', () => {
    expect(clean('α ≤ β → ∞').tex).toBe('\\alpha \\leq \\beta \\rightarrow \\infty');
    expect(clean('x² + x₀').tex).toBe('x^{2} + x_{0}');
  });

  it('escapes % and # so they cannot comment out or break the delimiter', () => {
    expect(clean('50% #1').tex).toBe('50{\\%} {\\#}1');
  });

  it('rejects math that cannot compile (then shown as text)', () => {
    expect(clean('x^2^3').ok).toBe(false);
    expect(clean('\\left( x').ok).toBe(false);
    expect(clean('{a').ok).toBe(false);
    expect(clean('\\begin{pmatrix} a').ok).toBe(false);
  });

  it('keeps display environments whole and wraps multi-line display math', () => {
    expect(clean('\\begin{align} a &= b \\\\ c &= d \\end{align}', true)).toMatchObject({ ok: true, env: true });
    expect(clean('a &= b \\\\ c &= d', true)).toMatchObject({ ok: true, env: true, tex: '\\begin{align*}\na &= b \\\\ c &= d\n\\end{align*}' });
    expect(clean('a \\\\ b', true).tex).toBe('\\begin{gather*}\na \\\\ b\n\\end{gather*}');
  });

  it('reads a doubled line break in display math as one (no empty rows)', () => {
    expect(clean('a &= b \\\\\\\\\nc &= d \\\\ \\\\ e', true).tex).toBe('\\begin{align*}\na &= b \\\\\nc &= d \\\\  e\n\\end{align*}');
  });

  it('turns nested display environments into inner ones', () => {
    const r = clean('x = \\begin{equation} y \\end{equation}', true);
    expect(r).toMatchObject({ ok: true, env: false });
    expect(r.tex).toContain('\\begin{gathered}');
  });

  it('escapes alignment tabs and drops line breaks in inline math, but keeps the rows of a matrix', () => {
    expect(clean('a & b \\\\ c').tex).toMatch(/^a \{\\&\} b \\quad\s+c$/);
    // A column vector in running text stays a column (it was a row vector [1 0]).
    expect(clean('\\begin{bmatrix} 1 \\\\ 0 \\end{bmatrix} = \\ket{0}')).toMatchObject({ ok: true, tex: '\\begin{bmatrix} 1 \\\\ 0 \\end{bmatrix} = \\ket{0}' });
    expect(clean('\\begin{pmatrix} 1 \\\\\\\\ 0 \\end{pmatrix}').tex).toBe('\\begin{pmatrix} 1 \\\\ 0 \\end{pmatrix}');
  });
});

describe('sanitizeMath: property-test counterexamples (seed 1207073)', () => {
  it('braces escaped symbols, so a language that redefines them in math (Spanish \\%) keeps a command argument whole', () => {
    // From "$$\\sqrt\\foo\\sqrt%\\write18{ls}…$$" in a Spanish note: \\sqrt\\% was "Missing { inserted".
    const r = clean('\\sqrt\\foo\\sqrt%\\write18{ls}\\item\\newcommand{\\y}{1}_1', true);
    expect(r.ok).toBe(true);
    expect(r.tex).toContain('\\sqrt{\\%}');
    expect(r.tex).not.toMatch(/\\sqrt\\%/);
    expect(clean('\\sqrt\\% + \\sqrt\\# + \\sqrt\\& + \\sqrt\\_ + \\sqrt\\$', true).tex).toBe('\\sqrt{\\%} + \\sqrt{\\#} + \\sqrt{\\&} + \\sqrt{\\_} + \\sqrt{\\$}');
  });

  it('never leaves a blank line (a paragraph break) inside math', () => {
    // The display math TeX got from "…\\left(\\\\[3pt]\\csname relax\\endcsname$$  oCLWbk  \n$$…": "Missing $ inserted".
    const r = clean('3pt]\\csname relax\\endcsname \n          \n            oCLWbk', true);
    expect(r.ok).toBe(true);
    expect(r.tex).not.toMatch(/\n\s*\n/);
  });
});
