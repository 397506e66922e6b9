// The reStructuredText, AsciiDoc and Typst readers on small notes of our own (titles,
// metadata, lists, code, tables, math, admonitions, comments), the real notes keeping their
// reader, and every hostile payload read by each reader directly (detection bypassed).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../index.js';
import { adversarialPayloads } from '../test-support/adversarial.js';
import type { Block } from '../tree.js';
import { asciidocReader } from './asciidoc/index.js';
import { delimitedReader } from './csv/index.js';
import { extractFrontMatter } from './front-matter/index.js';
import { htmlReader } from './html/index.js';
import { readNote } from './index.js';
import { mediawikiReader } from './mediawiki/index.js';
import { pickReader } from './readers.js';
import { rstReader } from './rst/index.js';
import { typstMathToTex } from './typst/math.js';
import { typstReader } from './typst/index.js';
import { latexReader } from './latex/index.js';

const body = (latex: string): string => latex.slice(latex.indexOf('\\begin{document}'));
const kinds = (blocks: Block[]): string[] => blocks.map((b) => b.kind);

const RST = `Field Notes
===========

:Author: Ada Lovelace
:Date: 2024-05-01

.. This comment is not text.

Results
-------

Some *emphasis*, **strong** and \`\`code\`\`, a role :math:\`E = mc^2\` and a \`link <https://example.org>\`_.

* first
* second

1. one
2. two

Example::

    print("hi")

.. code-block:: python

   x = 1

.. note:: Keep the samples cold.

.. math::

   \\int_0^1 x\\,dx

=====  =====
Name   Value
=====  =====
a      1
b      2
=====  =====

+------+------+
| H1   | H2   |
+======+======+
| c1   | c2   |
+------+------+

.. list-table:: Planets
   :header-rows: 1

   * - Planet
     - Moons
   * - Mars
     - 2

.. unknowndirective:: kept words
`;

const ADOC = `= Trip Report
Grace Hopper <grace@example.org>
v1.0, 2024-06-02
:toc:
:url-home: https://example.org

// a comment line

== Findings

A *strong* word, an _emphasised_ one, \`mono\` and {url-home}[the home page].

* bullet one
** nested
* bullet two

. step one
. step two

NOTE: Bring a jacket.

[source,python]
----
print("x")
----

[cols="1,1",options="header"]
|===
|Name |Value
|a |1
|===

stem:[sqrt(x)]
`;

const TYPST = `#import "@preview/charged-ieee:0.1.3": ieee
#set page(margin: 2cm)
#show: ieee.with(
  title: [Growth of Plants],
  authors: ((name: "Rosalind Franklin", email: "rf@example.org"),),
)

= Method <sec:method>
Plants grow *fast* and _green_ with \`raw\` text. // hidden comment
The rate is $a/b^2$ per day.

- one
- two
+ first
+ second

$ sum_(k=0)^n k = (n(n+1))/2 $

\`\`\`python
print(1)
\`\`\`

#table(
  columns: 2,
  [Name], [Value],
  [a], [1],
)

#theorem[Every plant needs light.]
#unknownfunc(width: 3pt)[kept words]
`;

describe('reStructuredText reader', () => {
  it('knows an rST note by one directive and a field list, or by ~~~ title underlines (not fences)', () => {
    expect(pickReader('Molarity\n========\n\n:Author: Hailing\n\nMoles per litre.\n\n.. math::\n\n    M = \\frac{n}{V}\n').name).toBe('rst');
    expect(pickReader('PCR\n===\n\n.. note::\n\n    Clean tips.\n\nObjective\n~~~~~~~~~\n\nAmplify.\n\nPrinciple\n~~~~~~~~~\n\nReplication.\n').name).toBe('rst');
    // A Markdown note with a tilde fence and a definition-like line stays Markdown.
    expect(pickReader('# Notes\n\n~~~\ncode\n~~~\n\n:smile: is an emoji code.\n').name).not.toBe('rst');
  });

  it('maps titles, docinfo, inline markup, lists, code, math, admonitions and tables', () => {
    expect(pickReader(RST).name).toBe('rst');
    const note = readNote(RST);
    expect(note.title).toBe('Field Notes');
    expect(note.meta.author).toBe('Ada Lovelace');
    expect(note.meta.date).toBe('2024-05-01');
    expect(kinds(note.body)).toEqual(['heading', 'paragraph', 'list', 'list', 'paragraph', 'code', 'code', 'admonition', 'math', 'table', 'table', 'paragraph', 'table', 'paragraph']);
    const latex = body(generate({ content: RST, documentType: 'article' }).latex);
    expect(latex).toContain('\\emph{emphasis}');
    expect(latex).toContain('\\textbf{strong}');
    expect(latex).toContain('E = mc^2');
    expect(latex).toContain('kept words');
    expect(latex).not.toMatch(/\.\. |::|:Author:|comment is not|=====|\+----/);
  });
});

describe('AsciiDoc reader', () => {
  it('maps the header, attributes, sections, lists, admonitions, code, tables and stem', () => {
    expect(pickReader(ADOC).name).toBe('asciidoc');
    const note = readNote(ADOC);
    expect(note.title).toBe('Trip Report');
    expect(note.meta.author).toBe('Grace Hopper');
    expect(note.meta.date).toBe('2024-06-02');
    // As in Asciidoctor, a list of another marker after a blank line nests in the last item.
    expect(kinds(note.body)).toEqual(['heading', 'paragraph', 'list', 'admonition', 'code', 'table', 'paragraph']);
    const list = note.body[2];
    expect(list?.kind === 'list' && list.items[1]?.blocks.map((b) => b.kind)).toEqual(['paragraph', 'list']);
    const latex = body(generate({ content: ADOC, documentType: 'article' }).latex);
    expect(latex).toContain('\\href{https://example.org}{the home page}');
    expect(latex).toContain('\\sqrt{x}');
    expect(latex).not.toMatch(/\|===|\[source|----|:toc:|a comment line|\{url-home\}/);
  });
});

describe('AsciiDoc math', () => {
  it('reads a note whose attribute entries look like rST fields as AsciiDoc, with its latexmath and stem as math', () => {
    const note = [
      '// Settings',
      'ifdef::env-github[]',
      ':tip-caption: :bulb:',
      'endif::[]',
      ':stem: latexmath',
      ':toc:',
      '',
      '== Estado del arte',
      '',
      'Por ejemplo:',
      '',
      '[latexmath]',
      '++++++++++++++++++++++++++++++++++++++++++++',
      'Y = \\beta_0 + \\beta_1 X_1',
      '++++++++++++++++++++++++++++++++++++++++++++',
      '',
      '* latexmath:[\\sigma_{XY}]: la covarianza.',
      '* stem:[\\frac{1}{2}] y asciimath:[sqrt(x)/2].',
    ].join('\n');
    expect(pickReader(note).name).toBe('asciidoc');
    const latex = body(generate({ content: note, documentType: 'article' }).latex);
    expect(latex).toContain('\\[\nY = \\beta_0 + \\beta_1 X_1\n\\]');
    expect(latex).toContain('$\\sigma_{XY}$: la covarianza.');
    expect(latex).toContain('$\\frac{1}{2}$');
    expect(latex).toContain('$\\frac{\\sqrt{x}}{2}$');
    expect(latex).not.toMatch(/latexmath|stem:|\+\+\+\+|frac\\\{|ifdef/);
  });
});

describe('Typst reader', () => {
  it('hides rules, takes template metadata, and maps headings, lists, math, code, tables and calls', () => {
    expect(pickReader(TYPST).name).toBe('typst');
    const note = readNote(TYPST);
    expect(note.title).toBe('Growth of Plants');
    expect(note.meta.author).toBe('Rosalind Franklin');
    expect(kinds(note.body)).toEqual(['heading', 'paragraph', 'list', 'list', 'math', 'code', 'table', 'admonition', 'paragraph']);
    const latex = body(generate({ content: TYPST, documentType: 'article' }).latex);
    expect(latex).toContain('\\frac{a}{b^{2}}');
    expect(latex).toContain('kept words');
    expect(latex).not.toMatch(/#set|#show|#import|#table|hidden comment|sec:method/);
  });

  it('keeps brackets inside math out of content blocks, and #linebreak() breaks the line', () => {
    const note = [
      '#set page(margin: 1cm)',
      '#proof[',
      'Expand:',
      '$',
      '  f(z) = sum_limits(n=0)^oo [integral_limits(gamma) f(w)/(w-a)^(n+1) dif w] (z-a)^n',
      '$',
      'Then $f$ is holomorphic and $]a, b[ subset RR$.',
      ']',
      '',
      'Suppose $x in QQ$',
      '#linebreak()',
      'so $x = p/q$.',
    ].join('\n');
    const latex = body(generate({ content: note, documentType: 'article' }).latex);
    expect(latex).toContain('\\sum_{n = 0}^{\\infty} [\\int_{\\gamma} \\frac{f(w)}{(w - a)^{n + 1}} \\mathrm{d} w] (z - a)^{n}');
    expect(latex).toContain('Then $f$ is holomorphic and $] a , b [\\subset \\mathbb{R}$.');
    expect(latex).toContain('Suppose $x \\in \\mathbb{Q}$\n\\\\\nso $x = \\frac{p}{q}$.');
    expect(latex).not.toMatch(/\\\$|\{\[\}|\{\]\}/);
  });

  it('converts the common subset of Typst math', () => {
    expect(typstMathToTex('sum_(n=1)^oo 1/n^2 = pi^2 / 6')).toBe('\\sum_{n = 1}^{\\infty} \\frac{1}{n^{2}} = \\frac{\\pi^{2}}{6}');
    expect(typstMathToTex('integral_(-oo)^oo e^(-x^2) dif x = sqrt(pi)')).toBe('\\int_{- \\infty}^{\\infty} e^{- x^{2}} \\mathrm{d} x = \\sqrt{\\pi}');
    expect(typstMathToTex('(D^2 - d^2) / 4')).toBe('\\frac{D^{2} - d^{2}}{4}');
    expect(typstMathToTex('a -> b != c')).toBe('a \\to b \\neq c');
    expect(typstMathToTex('mat(1, 2; 3, 4)')).toBe('\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}');
    expect(typstMathToTex('foo(x)')).toBe('\\mathrm{foo}(x)');
  });

  it('reads Typst math with its meaning: symbol names in any modifier order, calls as units, strings with their spaces', () => {
    // Modifiers in any order, as Typst reads them; `arrow` alone points right.
    expect(typstMathToTex('x in QQ arrow.double.l.r.long y')).toBe('x \\in \\mathbb{Q} \\Longleftrightarrow y');
    expect(typstMathToTex('a arrow.l.r.double.long b arrow.long.double c arrow.double d')).toBe('a \\Longleftrightarrow b \\Longrightarrow c \\Rightarrow d');
    expect(typstMathToTex('2 divides p, x colon.eq y, exists.not z')).toBe('2 \\mid p , x \\coloneqq y , \\nexists z');
    // Typst's `inf` is the infimum operator (∞ is `oo` or `infinity`).
    expect(typstMathToTex('inf A < oo')).toBe('\\inf A < \\infty');
    // f(w)/(z-w) is the fraction of f(w), not f times w/(z-w).
    expect(typstMathToTex('integral f(w)/(z-w) dif w')).toBe('\\int \\frac{f(w)}{z - w} \\mathrm{d} w');
    expect(typstMathToTex('x "si" x>0')).toBe('x \\ \\text{si}\\  x > 0');
    expect(typstMathToTex('tr(A) + tg x')).toBe('\\operatorname{tr}(A) + \\operatorname{tg} x');
    // An unknown variant is shown as written, not read as its base.
    expect(typstMathToTex('arrow.foo')).toBe('\\mathrm{arrow.foo}');
  });
});

describe('which reader reads the real notes', () => {
  const EXPECTED: Record<string, string> = { '.rst': 'rst', '.adoc': 'asciidoc', '.typ': 'typst', '.org': 'org' };
  const dirs = [join(process.cwd(), 'tests/fixtures/notes'), join(process.cwd(), '../shared/corpus/notes')];
  it('Markdown and plain notes keep their reader; rST, AsciiDoc and Typst notes get theirs', () => {
    let seen = 0;
    for (const dir of dirs) {
      let files: string[] = [];
      try {
        files = readdirSync(dir);
      } catch {
        continue;
      }
      for (const f of files) {
        if (f.endsWith('.json') || f === 'SOURCES.md') continue;
        const src = readFileSync(join(dir, f), 'utf8').replace(/\r\n?/g, '\n').replace(/\t/g, '    ');
        const reader = pickReader(extractFrontMatter(src).body).name;
        const ext = f.slice(f.lastIndexOf('.'));
        const expected = EXPECTED[ext] ?? (f === '37-slides-rst-talk.txt' ? 'rst' : null);
        if (expected) expect(reader, f).toBe(expected);
        else expect(['markdown', 'plain'], f).toContain(reader);
        seen++;
      }
    }
    expect(seen).toBeGreaterThanOrEqual(60);
  });
});

describe('hostile notes through each format reader', () => {
  for (const reader of [rstReader, asciidocReader, typstReader, latexReader, htmlReader, mediawikiReader, delimitedReader]) {
    it(`${reader.name}: every payload is read whole`, () => {
      for (const payload of adversarialPayloads(20_000)) {
        const blocks = reader.blocks(payload.content, { expandPlaceholder: () => [] });
        expect(Array.isArray(blocks), payload.name).toBe(true);
        expect(Array.isArray(reader.inlines(payload.content.slice(0, 10_000))), payload.name).toBe(true);
      }
    });
  }
  it('format-specific runs come back as whole documents', () => {
    for (const unit of ['.. a::\n ', '|===\n|', '#f(', '#f[', '$ (', '= a\n', ':a: b\n', 'ifdef::a[ifdef::b[', '+--+\n', '=== ===\n', '`', '* a *', '#show: a.with(', '_a', '\\$', '\\begin{itemize}\\item ', '\\section{', '\\textbf{', '\\verb|', '\\end{enumerate}']) {
      const content = unit.repeat(Math.ceil(30_000 / unit.length));
      const { latex } = generate({ content, documentType: 'article' });
      expect(latex.endsWith('\\end{document}\n'), unit).toBe(true);
    }
  });
});
