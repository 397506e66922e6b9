// pandoc-crossref labels and references: small notes → \label on the figure, table, section or
// equation, and "Figure~\ref{…}" where the note refers to it. The attribute text never reaches
// the document. The compiled check is citations-render.test.ts.
import { describe, expect, it } from 'vitest';
import type { DocumentType } from '../../../../../../shared/document-types.js';
import { generate } from '../../index.js';
import { sanitizeLabel, trailingAttributes } from './attributes.js';

const body = (content: string, documentType: DocumentType = 'article'): string => {
  const { latex } = generate({ content, documentType, options: { useMath: true, splitTables: false } });
  return latex.slice(latex.indexOf('\\begin{document}'));
};

const NOTE = `# Report

## Introduction {#sec:intro}

![A cat on a mat](cat.png){#fig:cat}

$$ E = mc^2 $$ {#eq:energy}

| a | b |
|---|---|
| 1 | 2 |

: Measured values {#tbl:values}

See @fig:cat, [@tbl:values], @sec:intro and @eq:energy; also [@fig:cat; @tbl:values].
`;

describe('pandoc-crossref labels', () => {
  const b = body(NOTE);

  it('go onto the section, figure, equation and table', () => {
    expect(b).toContain('\\section{Introduction}\\label{sec:intro}');
    expect(b).toContain('\\lgplaceholder{A cat on a mat (cat.png)}\\lgcaption{A cat on a mat}\\label{fig:cat}');
    expect(b).toContain('\\begin{equation}\nE = mc^2\n\\label{eq:energy}\n\\end{equation}');
    expect(b).toContain('\\begin{longtable}{ll}\n\\caption{Measured values}\\label{tbl:values}\\\\\n\\toprule');
  });

  it('references read "Figure 1", "Table 1", "Section 1", "Equation (1)"', () => {
    expect(b).toContain('See \\figurename~\\ref{fig:cat}, \\tablename~\\ref{tbl:values}, Section~\\ref{sec:intro} and Equation~(\\ref{eq:energy}); also \\figurename~\\ref{fig:cat}, \\tablename~\\ref{tbl:values}.');
  });

  it('never leave their attribute text or an @ in the document', () => {
    expect(b).not.toMatch(/\\\{\\#|@|Measured values \\\{/);
    expect(b).not.toContain('References');
  });

  it('a reference to a label the note does not give stays as written', () => {
    const u = body('# Notes\n\nSee @fig:nope and [@sec:none] here.');
    expect(u).toContain('See @fig:nope and {[}@sec:none{]} here.');
    expect(u).not.toContain('\\ref');
  });

  it('a caption written right under the table (no blank line), or above it, is the caption', () => {
    expect(body('# Notes\n\n| a | b |\n|---|---|\n| 1 | 2 |\n: Under {#tbl:u}\n\nSee @tbl:u.')).toMatch(/\\caption\{Under\}\\label\{tbl:u\}\\\\\n\\toprule\n.*\n\\midrule\n\\endhead\n1 & 2 \\\\\n\\bottomrule/);
    expect(body('# Notes\n\nTable: Above {#tbl:a}\n\n| a |\n|---|\n| 1 |\n\nSee @tbl:a.')).toContain('\\caption{Above}\\label{tbl:a}');
  });

  it('a labelled alignment is one numbered equation', () => {
    const m = body('# Notes\n\n$$\n\\begin{align}\na &= b \\\\\nc &= d\n\\end{align}\n$$ {#eq:sys}\n\nBy @eq:sys.');
    expect(m).toContain('\\begin{equation}\n\\begin{aligned}\na &= b \\\\\nc &= d\n\\end{aligned}\n\\label{eq:sys}\n\\end{equation}');
    expect(m).toContain('By Equation~(\\ref{eq:sys}).');
  });

  it('a heading `{-}` or `{.unnumbered}` is outside the numbering', () => {
    expect(body('# Notes\n\n## Preface {-}\n\nx\n\n## Body {.unnumbered #sec:b}\n\ny')).toContain('\\section*{Body}\\label{sec:b}');
  });

  it('where the document has no numbers for a kind, a reference gives the word and the title', () => {
    expect(body(NOTE, 'basic')).toContain('\\figurename~\\ref{fig:cat}, \\tablename~\\ref{tbl:values}, Section~``Introduction\'\' and Equation~(\\ref{eq:energy})');
    const slides = body(NOTE, 'presentation');
    expect(slides).toContain("\\figurename~``A cat on a mat'', \\tablename~``Measured values''");
    expect(slides).not.toMatch(/\\label\{(fig|tbl|sec):/);
    expect(body(NOTE, 'letter')).not.toMatch(/\\caption|\\label\{(fig|tbl|sec):/);
  });

  it('localizes the words of sections and equations', () => {
    const de = body('# Bericht\n\n## Einleitung {#sec:e}\n\nDie Messung ist in @sec:e beschrieben und wir haben die Werte mit der Methode für den Versuch gemessen, die auch gut ist.');
    expect(de).toContain('Abschnitt~\\ref{sec:e}');
  });

  it('an image in running text drops its attributes', () => {
    const i = body('# Notes\n\nInline ![icon](i.png){#fig:i width=20%} here.');
    expect(i).not.toMatch(/width|\\#/);
  });
});

describe('labels', () => {
  it('are sanitized for \\label, distinct ids kept apart', () => {
    expect(sanitizeLabel('fig:cat-1.a')).toBe('fig:cat-1.a');
    const a = sanitizeLabel('fig:café_1');
    expect(a).toMatch(/^fig:caf--1-[0-9a-z]+$/);
    expect(sanitizeLabel('fig:cafè_1')).not.toBe(a);
    expect(sanitizeLabel('fig:{x}\\y#%')).toMatch(/^fig:[A-Za-z0-9:.-]+$/);
    // The reference finds the label by the same sanitizing.
    const b = body('# Notes\n\n![Café](c.png){#fig:café}\n\nSee @fig:café.');
    expect(b).toMatch(/\\label\{(fig:caf--[0-9a-z]+)\}[\s\S]*\\figurename~\\ref\{\1\}/);
  });

  it('attribute blocks: ids, classes and key=value only', () => {
    expect(trailingAttributes('Intro {#sec:intro .class key=val}')).toEqual({ id: 'sec:intro', unnumbered: false, start: 6 });
    expect(trailingAttributes('Set {a, b}')).toBeNull();
    expect(trailingAttributes('f(x) = {x}')).toBeNull();
    expect(trailingAttributes('x {}')).toBeNull();
    // Hostile: a long run of braces is read once.
    expect(trailingAttributes(`${'{#a '.repeat(100_000)}x}`)).toBeNull();
  });
});
