// A note's own macro definitions: read, checked, cleaned and written once for the document.
import { describe, expect, it } from 'vitest';
import { generate } from '../index.js';
import { collectDefinitions, cutDefinitions, scanDefinition } from './definitions.js';
import { MacroRegistry, sanitizeMath } from './math.js';

const body = (latex: string): string => latex.slice(latex.indexOf('\\begin{document}'));

describe('reading definitions', () => {
  it('reads \\newcommand, \\renewcommand, \\providecommand, \\def and \\DeclareMathOperator', () => {
    const src = [
      '\\newcommand{\\vect}[1]{\\mathbf{#1}}',
      '\\renewcommand\\vec[1]{\\boldsymbol{#1}}',
      '\\providecommand{\\R}{\\mathbb{R}}',
      '\\newcommand{\\inner}[2][x]{\\langle #1, #2 \\rangle}',
      '\\def\\half{\\frac{1}{2}}',
      '\\def\\pair#1#2{(#1, #2)}',
      '\\DeclareMathOperator{\\Tr}{Tr}',
      '\\DeclareMathOperator*{\\argmax}{arg\\,max}',
    ].join('\n');
    expect(collectDefinitions(src)).toEqual([
      { name: 'vect', params: 1, body: '\\mathbf{#1}' },
      { name: 'vec', params: 1, body: '\\boldsymbol{#1}' },
      { name: 'R', params: 0, body: '\\mathbb{R}' },
      { name: 'inner', params: 2, optional: 'x', body: '\\langle #1, #2 \\rangle' },
      { name: 'half', params: 0, body: '\\frac{1}{2}' },
      { name: 'pair', params: 2, body: '(#1, #2)' },
      { name: 'Tr', params: 0, body: '\\operatorname{Tr}' },
      { name: 'argmax', params: 0, body: '\\operatorname*{arg\\,max}' },
    ]);
  });

  it('reads the macros of the front matter, as KaTeX and MathJax settings give them', () => {
    const src = [
      '---',
      'title: Sets',
      'macros:',
      '  "\\\\R": "\\\\mathbb{R}"',
      '  \\N: \\mathbb{N}',
      "  Z: '\\mathbb{Z}'",
      '  bold: ["\\\\boldsymbol{#1}", 1]',
      'katex: { macros: { "\\\\C": "\\\\mathbb{C}" }, throwOnError: false }',
      '---',
      '',
      '$\\R \\N \\Z \\C \\bold{v}$ and \\newcommand{\\Z}{\\mathbf{Z}}',
    ].join('\n');
    expect(collectDefinitions(src)).toEqual([
      { name: 'R', params: 0, body: '\\mathbb{R}' },
      { name: 'N', params: 0, body: '\\mathbb{N}' },
      { name: 'Z', params: 0, body: '\\mathbb{Z}' },
      { name: 'bold', params: 1, body: '\\boldsymbol{#1}' },
      { name: 'C', params: 0, body: '\\mathbb{C}' },
      // The text's own definition comes later: it wins.
      { name: 'Z', params: 0, body: '\\mathbf{Z}' },
    ]);
    expect(collectDefinitions('---\ntitle: x\n---\n\nmacros: {"\\\\R": "x"}\n')).toEqual([]);
  });

  it('ignores definitions inside code and cuts them from text', () => {
    expect(collectDefinitions('```\n\\newcommand{\\x}{y}\n```\n')).toEqual([]);
    expect(cutDefinitions('before \\newcommand{\\x}{y} after')).toBe('before  after');
    // Delimited \\def parameters are cut but not taken.
    expect(scanDefinition('\\def\\x#1.{#1}', 0)).toEqual({ end: 13, definition: null });
  });
});

describe('definitions in the document', () => {
  const gen = (content: string) => body(generate({ content, documentType: 'article' }).latex);

  it('from the front matter take effect where the note has no definition: an undefined \\E is shown as written', () => {
    expect(gen('---\nkatex:\n  macros:\n    "\\\\E": "\\\\mathbb{E}"\n---\n\n$\\E[X]$\n')).toContain('\\providecommand{\\E}{\\mathbb{E}}');
    const b = gen('Now $\\E[X] = e^{-t^4}$.\n');
    expect(b).not.toContain('mathbb{E}');
    expect(b).toContain('${\\texttt{\\textbackslash E}}[X] = e^{-t^4}$');
  });

  it('take effect in all math, wherever they were written, and are not printed', () => {
    const b = gen('\\newcommand{\\vect}[1]{\\mathbf{#1}}\n\nLet $\\vect{v} \\in \\E$.\n\n$$\\newcommand{\\E}{\\mathbb{E}} \\E[X] = 1$$\n');
    expect(b).toContain('\\providecommand{\\vect}[1]{\\mathbf{#1}}');
    expect(b).toContain('\\providecommand{\\E}{\\mathbb{E}}');
    expect(b).toContain('$\\vect{v} \\in \\E$');
    expect(b).toContain('\\E[X] = 1');
    expect(b).not.toContain('newcommand');
  });

  it('leave no trace where they stood: the title is the first real line, no empty lines in paragraphs', () => {
    const b = gen('\\newcommand{\\R}{\\mathbb{R}}\n\\def\\eps{\\varepsilon}  \\def\\N{\\mathbb{N}}\n# Limits\n\nFirst line\n\\newcommand{\\abs}[1]{|#1|}\nsecond line $\\abs{\\eps}$.\n');
    expect(b).toContain('\\title{Limits}');
    expect(b).toContain('First line\nsecond line $\\abs{\\eps}$.');
    expect(b).not.toContain('\\\\');
    // Inside code, a definition is text shown as written.
    expect(gen('# Code\n\n```\n\\newcommand{\\x}{y}\n```\n')).toContain('\\newcommand{\\x}{y}');
  });

  it('redefine math commands, and rename names LaTeX uses for something else', () => {
    const b = gen('\\renewcommand{\\vec}[1]{\\mathbf{#1}}\n\\newcommand{\\d}{\\mathrm{d}}\n\\newcommand{\\span}{\\operatorname{span}}\n\n$\\vec{x}\\, \\d t \\in \\span$\n');
    expect(b).toContain('\\providecommand{\\vec}{}\\renewcommand{\\vec}[1]{\\mathbf{#1}}');
    expect(b).toContain('\\providecommand{\\lgud}{\\mathrm{d}}');
    expect(b).toContain('\\providecommand{\\lguspan}{\\operatorname{span}}');
    // A formula alone on its line is displayed (parse/notes/formulas.ts).
    expect(b).toContain('\\[\n\\vec{x}\\, \\lgud t \\in \\lguspan\n\\]');
  });

  it('drop recursive definitions, expansion bombs and hostile bodies', () => {
    const b = gen(
      [
        '\\def\\loop{\\loop x}',
        '\\newcommand{\\a}{\\b}',
        '\\newcommand{\\b}{\\a}',
        '\\def\\x{xxxxxxxxxx}',
        ...Array.from({ length: 20 }, (_, i) => `\\def\\y${'z'.repeat(i + 1)}{\\y${'z'.repeat(i)}\\y${'z'.repeat(i)}}`.replace('\\y{', '\\x{').replace(/\\y(?=\\|})/g, '\\x')),
        '\\newcommand{\\evil}{\\input{/etc/passwd}\\write18{ls}}',
        '',
        '$\\loop + \\a + \\evil + \\yzzzzzzzzzzzzzzzzzzzz$',
      ].join('\n'),
    );
    expect(b).not.toMatch(/providecommand\{\\loop\}|providecommand\{\\a\}|providecommand\{\\b\}/);
    expect(b).not.toContain('providecommand{\\yzzzzzzzzzzzzzzzzzzzz}');
    expect(b).not.toMatch(/\\input|\\write18|passwd/);
    // The hostile macro is shown as written; the definition lines left no empty lines behind.
    expect(b).toContain('{\\texttt{\\textbackslash evil}}');
    expect(b).not.toContain('\\\\');
  });

  it('are checked by KaTeX with the document: a formula using a bad macro shows as written', () => {
    const macros = new MacroRegistry();
    macros.addUserDefinitions(collectDefinitions('\\newcommand{\\bad}{\\frac{1}}'), 'pdflatex');
    expect(sanitizeMath('\\bad', false, 'pdflatex', macros).ok).toBe(false);
    expect(sanitizeMath('x^2', false, 'pdflatex', macros).ok).toBe(true);
  });
});
