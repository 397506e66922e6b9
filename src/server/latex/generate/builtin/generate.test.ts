import { describe, expect, it } from 'vitest';
import type { DocumentType } from '../../../../shared/document-types.js';
import type { GenerateInput } from '../../../../shared/generate-options.js';
import { generate } from './index.js';

const gen = (content: string, documentType: DocumentType = 'article', options: GenerateInput['options'] = { useMath: true, splitTables: false }) =>
  generate({ content, documentType, options });
const body = (latex: string) => latex.slice(latex.indexOf('\\begin{document}'));

describe('generate: document skeletons', () => {
  it('numbered headings never skip a level (### before the first ## printed 0.1); unnumbered ones keep their depth', () => {
    const b = body(gen('# Field notes\n\n### Intro\n\nText.\n\n## Part one\n\n### Detail\n\n## Part two\n\n#### Under a section\n\nx\n\n##### Run-in\n\ny').latex);
    expect([...b.matchAll(/\\(sub)*section\{[^}]*\}|\\paragraph\{[^}]*\}/g)].map((m) => m[0])).toEqual([
      '\\section{Intro}', '\\section{Part one}', '\\subsection{Detail}', '\\section{Part two}', '\\subsection{Under a section}', '\\paragraph{Run-in}',
    ]);
  });

  it('article: fixed preamble, title from the first heading, sections below it', () => {
    const r = gen('# My Paper\n\nIntro.\n\n## Method\n\nWe measure.');
    expect(r).toMatchObject({ title: 'My Paper', engine: 'builtin', texProgram: 'pdflatex' });
    expect(r.latex.startsWith('\\documentclass[11pt,a4paper]{article}\n')).toBe(true);
    expect(body(r.latex)).toContain('\\title{My Paper}');
    expect(body(r.latex)).toContain('\\maketitle');
    expect(body(r.latex)).toContain('\\section{Method}');
    expect(body(r.latex)).not.toContain('\\section{My Paper}');
  });

  it('basic: no title block and no numbered sections, headings keep their levels unnumbered', () => {
    const b = body(gen('Text first.\n\n# Notes\n\nText.\n\n## Part\n\nMore.', 'basic').latex);
    expect(b).not.toMatch(/\\maketitle|\\section\{|\\title|\\tableofcontents/);
    expect(b).toContain('\\section*{Notes}');
    expect(b).toContain('\\subsection*{Part}');
  });

  it('report: title page and chapters', () => {
    const b = body(gen('# Annual Report\n\n## Findings\n\nGood.\n\n### Detail\n\nx\n\n## Outlook\n\nBetter.', 'report').latex);
    expect(b).toContain('\\maketitle');
    expect(b).toContain('\\chapter{Findings}');
    expect(b).toContain('\\section{Detail}');
  });

  it('report without headings: the title page, then the text (no chapter repeating the title)', () => {
    const { latex } = generate({ content: '# My Lab Report\n\nWe slid blocks down a ramp.', documentType: 'report' });
    const b = body(latex);
    expect(b).toContain('\\maketitle');
    expect(b).not.toContain('\\chapter');
    expect(b).toContain('We slid blocks down a ramp.');
  });

  it('book: front matter, table of contents, main matter with chapters', () => {
    const b = body(gen('# Book\n\nThis preface explains why the book was written, who it is for, what it covers in its chapters and how to read it, with thanks to everyone who helped along the way.\n\n## One\n\nx\n\n## Two\n\ny', 'book').latex);
    expect(b.indexOf('\\frontmatter')).toBeLessThan(b.indexOf('\\tableofcontents'));
    expect(b.indexOf('\\tableofcontents')).toBeLessThan(b.indexOf('\\mainmatter'));
    // The opening the note did not name stands before the contents under no heading (no invented "Preface").
    expect(b).not.toContain('\\prefacename');
    expect(b.indexOf('This preface explains')).toBeLessThan(b.indexOf('\\tableofcontents'));
    expect(b).toContain('\\chapter{One}');
    expect(b).toContain('\\chapter{Two}');
  });

  it('presentation: title frame, a frame per heading, long content split across frames', () => {
    const items = Array.from({ length: 40 }, (_, i) => `- Point number ${i + 1} with a few words`).join('\n');
    const b = body(gen(`# Talk\n\n## Results\n\n${items}\n\n## End\n\nThanks.`, 'presentation').latex);
    expect(b).toContain('\\titlepage');
    const frames = b.match(/\\begin\{frame\}/g) ?? [];
    expect(frames.length).toBeGreaterThanOrEqual(5);
    expect(b).toContain('{Results (cont.)}');
    expect(b).toContain('{End}');
  });

  it('letter: sender, date, recipient, opening, closing and signature from the note', () => {
    const note = 'Jane Doe\n1 Main Street\n\n12 March 2024\n\nMs. Smith\nACME Ltd\n\nDear Ms. Smith,\n\nI write about my order.\n\nSincerely,\nJane Doe';
    const b = body(gen(note, 'letter').latex);
    expect(gen(note, 'letter').latex).toContain('\\documentclass[11pt,a4paper]{letter}');
    expect(b).toContain('\\address{Jane Doe\\\\\n1 Main Street}');
    expect(b).toContain('\\date{12 March 2024}');
    expect(b).toContain('\\begin{letter}{Ms. Smith\\\\\nACME Ltd}');
    expect(b).toContain('\\opening{Dear Ms. Smith,}');
    expect(b).toContain('\\closing{Sincerely,}');
    expect(b).toContain('\\signature{Jane Doe}');
    expect(b).toContain('I write about my order.');
  });

  it('letter: placeholders in the note language when parts are missing', () => {
    expect(body(gen('Just a short note about the meeting.', 'letter').latex)).toMatch(/\\opening\{Dear Sir or Madam,\}[\s\S]*\\closing\{Sincerely,\}/);
    const de = body(gen('Die Rechnung ist nicht korrekt und wir bitten um eine neue Rechnung für den Auftrag mit der Nummer.', 'letter').latex);
    expect(de).toContain('\\opening{Sehr geehrte Damen und Herren,}');
    expect(de).toContain('\\closing{Mit freundlichen Grüßen}');
  });
});

describe('generate: snippet tags', () => {
  it('<MATHEQ> becomes a display equation', () => {
    expect(body(gen('<MATHEQ>\nE = mc^2\n</MATHEQ>').latex)).toContain('\\[\nE = mc^2\n\\]');
  });

  it('<TABLE> becomes a table with bold headers', () => {
    const b = body(gen('<TABLE>\nheaders: Name, Age\nrow: Ada, 36\n</TABLE>').latex);
    // A table of a row is never split across pages: a tabular.
    expect(b).toContain('\\begin{tabular}');
    expect(b).toContain('\\textbf{Name} & \\textbf{Age} \\\\');
    expect(b).toContain('Ada & 36 \\\\');
  });

  it('<FIGURE> becomes a captioned placeholder box, never an image file', () => {
    const r = gen('<FIGURE>\ndescription: A cat\ncaption: Our cat\n</FIGURE>');
    expect(body(r.latex)).toContain('\\lgplaceholder{A cat}\\lgcaption{Our cat}');
    expect(r.latex).not.toContain('\\includegraphics');
  });

  it('<SECTION> becomes a section with its content', () => {
    const b = body(gen('<SECTION>\ntitle: Background\ncontent: Some history.\n</SECTION>').latex);
    expect(b).toContain('\\section{Background}');
    expect(b).toContain('Some history.');
  });

  it('<LIST> becomes an itemize of its semicolon-separated items', () => {
    expect(body(gen('<LIST>\napples; pears; plums\n</LIST>').latex)).toContain('\\begin{itemize}\n\\item apples\n\\item pears\n\\item plums\n\\end{itemize}');
  });

  it('<SLIDE> becomes a frame in a presentation', () => {
    expect(body(gen('<SLIDE>\ntitle: Results\ncontent: It works.\n</SLIDE>', 'presentation').latex)).toMatch(/\\begin\{frame\}\[allowframebreaks\]\{Results\}\\relax\nIt works\./);
  });

  it('a malformed tag stays as literal text', () => {
    const b = body(gen('<TABLE>\nheaders: a, b').latex);
    expect(b).toContain('\\textless{}TABLE\\textgreater{}');
    expect(b).toContain('headers: a, b');
  });
});

describe('generate: text, math and scripts', () => {
  it('typesets ASCII math with useMath and never adds math without it', () => {
    expect(body(gen('Area is x^2 and a >= b.').latex)).toContain('Area is $x^{2}$ and $a \\geq b$.');
    const off = body(gen('Area is x^2 and a >= b.', 'article', { useMath: false, splitTables: false }).latex);
    expect(off).toContain('Area is x\\textasciicircum{}2 and a \\textgreater{}= b.');
    expect(off).not.toContain('$');
  });

  it('keeps user math, defines the names only KaTeX has after \\begin{document}, and shows undefined ones as written', () => {
    const r = gen('For $x \\in \\R$ we have $\\norm{x} \\geq 0$.');
    expect(body(r.latex)).toContain('\\begin{document}\n\\providecommand{\\R}{{\\mathbb{R}}}\n');
    expect(body(r.latex)).toContain('$x \\in \\R$');
    // KaTeX has no \\norm: it is not guessed.
    expect(body(r.latex)).toContain('${\\texttt{\\textbackslash norm}}{x} \\geq 0$');
  });

  it('leaves money amounts as text', () => {
    expect(body(gen('It costs $5 and then $10 more.').latex)).toContain('It costs \\$5 and then \\$10 more.');
  });

  it('escapes special characters in prose', () => {
    // (A tilde against a word is the character; one spaced between words is the sign ∼, typography.ts.)
    expect(body(gen('50% of R&D costs #1 ~{x}_y').latex)).toContain('50\\% of R\\&D costs \\#1 \\textasciitilde{}\\{x\\}\\_y');
  });

  it('puts code blocks in listings with non-ASCII text escaped', () => {
    const b = body(gen('```python\nprint("héllo")  # ok\n```').latex);
    expect(b).toContain('\\begin{lstlisting}[escapechar=`]\nprint("h`é`llo")  # ok\n\\end{lstlisting}');
  });

  it('puts link addresses in footnotes', () => {
    expect(body(gen('See [the docs](https://example.com/a_b).').latex)).toContain('\\href{https://example.com/a\\_b}{the docs}\\footnote{');
  });

  it('splits wide tables with splitTables', () => {
    const row = (p: string) => Array.from({ length: 10 }, (_, i) => `${p}${i}`).join(' | ');
    const md = `| ${row('h')} |\n|${'---|'.repeat(10)}\n| ${row('c')} |`;
    const split = body(gen(md, 'article', { useMath: true, splitTables: true }).latex);
    expect((split.match(/\\begin\{tabular\}/g) ?? []).length).toBe(2);
    expect((body(gen(md).latex).match(/\\begin\{tabular\}/g) ?? []).length).toBe(1);
  });

  it('chooses XeLaTeX for Cyrillic and CJK, pdflatex with babel for Latin languages', () => {
    const ru = gen('Нормальные формы баз данных и их свойства в теории реляционных баз данных. Это важно знать.');
    expect(ru.texProgram).toBe('xelatex');
    expect(ru.latex.startsWith('% !TEX program = xelatex\n')).toBe(true);
    // The language is babel's main one, in the preamble, as a person would set it.
    expect(ru.latex).toContain('\\babelprovide[import,main]{russian}\n');
    const ja = gen('確率の基本。ある試行のすべての起こりうる結果の集合はその試行の標本空間として知られています。');
    // A Japanese font by family name (IPAex), Noto CJK's Japanese family for what it lacks,
    // and Japanese captions and date.
    expect(ja.latex).toContain('\\setCJKmainfont{IPAexMincho}');
    expect(ja.latex).toContain('\\setCJKfallbackfamilyfont{\\CJKrmdefault}{Noto Serif CJK JP}');
    expect(ja.latex).toContain('\\babelprovide[import,main]{japanese}\n');
    const de = gen('Die Vorlesung behandelt die Analysis und wir werden sehen, dass es nicht schwer ist.');
    expect(de.texProgram).toBe('pdflatex');
    expect(de.latex).toContain('\\usepackage[shorthands=off,ngerman]{babel}\n');
  });

  it('detects plain-text structure', () => {
    const b = body(gen('Shopping Notes\n\nINGREDIENTS\n• flour\n• water\n\n1. Mix\n2. Bake').latex);
    expect(b).toContain('\\title{Shopping Notes}');
    expect(b).toContain('\\section{INGREDIENTS}');
    expect(b).toContain('\\item flour');
    expect(b).toContain('\\begin{enumerate}');
  });
});

// Exact counterexamples found by property.test.ts (seed 1207073 and earlier runs).
describe('generate: property-test counterexamples', () => {
  const displayMaths = (b: string) => [...b.matchAll(/\\\[\n([\s\S]*?)\n\\\]/g)].map((m) => m[1] ?? '');

  it('code containing \\end{lstlisting} cannot end the listing early and turn the rest into live TeX', () => {
    const content = "```\n\\(\\csname relax\\endcsnamex\\) a\n\\end{lstlisting}\n```\n- x^2";
    const b = body(gen(content, 'article', { useMath: false, splitTables: false }).latex);
    // The only real \end{lstlisting} is the one closing the environment; the user's is printed.
    expect(b.match(/\\end\{lstlisting\}/g)).toHaveLength(1);
    const outside = b.replace(/\\begin\{lstlisting\}[\s\S]*?\n\\end\{lstlisting\}/g, '');
    expect(outside).not.toMatch(/\\csname/);
    // Inline code is escaped text, never verbatim.
    const inline = body(gen('`\\csname x\\end{lstlisting}` ok', 'article', { useMath: false, splitTables: false }).latex);
    expect(inline).not.toMatch(/\\csname|\\end\{lstlisting\}|\\lstinline|\\verb/);
  });

  it('Spanish note: escaped symbols in math are braced (\\sqrt\\% was "Missing { inserted")', () => {
    // Spanish by the editor's setting: the note's few words are no evidence of a language.
    const latex = gen("<SECTION>\ntitle: ef(x) = x^2 + 1Ωx^2$\\norm{x}}\\catcode`\\@=11\\catcode`\\@=11\\mathbb{R}\\verb$„XbwviVTXMXkVGu...\ncontent: ½  [  \n$$\n\\mathbb{R}\\begin{align}#\\catcode`\\@=11{\\input{/etc/passwd}\\end{align}\\hlinex\n$$\n  APDzPcWKNV  DWkRuTj  '  lambda^2  \\verb|x|  ﻿  GNOEofTl\n<MATHEQ>x^2</MATHEQ>\n</SECTION> [$$\\sqrt\\foo\\sqrt%\\write18{ls}\\item\\newcommand{\\y}{1}_1$$  $$\\item中\\begin{pmatrix}\\c$$  \\[^^5cy\\right)+\\]  HbkoZI  ¿  ǎ  eeSvO](http://example.com/LqzFssR?a=1&b=_%20#x) and <https://x.org/~LqzFssR>", 'article', { useMath: false, splitTables: true, settings: { language: 'es' } }).latex;
    const b = body(latex);
    expect(latex).toContain('\\babelprovide[import,main]{spanish}\n');
    expect(b).toContain('\\sqrt{\\%}');
    expect(b).not.toMatch(/\\sqrt\\%/);
  });

  it('display math never holds a blank line ("Missing $ inserted")', () => {
    const b = body(gen("        - $$&\\color{red}\\H\\lgrule\\c\\left(\\\\[3pt]\\csname relax\\endcsname$$  oCLWbk  \n$$\n≤x \n$$\n  \"  `  KMqaJ  ✅  $$^^5c\\text{é}\\section{x}\\newcommand{\\y}{1}\\R\\def\\x{\\x}\\x\\norm{x}\\operatorname*{arg}≤$$  \\[1\\foo\\]\n- JLrNypFSOr\n- [x] vWE VBfuQF\n3) $^^5c$ FRumAg sbidfCiQDR & nBqgR }{ ő\n- [x] uOnqovJz  $$\\end{pmatrix}\\end{pmatrix}\\section{x}\\csname relax\\endcsname\\item\\mathbb{R}\\lgrule\\write18{ls}≤\\\\[3pt]$$  WXQWdUdw  |  aEFUiyPVkJ     a_i <FIGURE>\ndescription: $&$ ø lambda^2\ncaption: x^^2x_{n+1}EriykpyeNAm\n</FIGURE> • bullet one\n• bullet two \\\\[2pt]  >=  a_b_c  f(x) = x^2 + 1  NiYUJAzYtA ```python\nLOpvRNNGu lOeKGo ∑ a_i ° \\\\[2pt] sqrt(2)\n\\end{lstlisting}\n```", 'article', { useMath: true, splitTables: false }).latex);
    const maths = displayMaths(b);
    expect(maths.length).toBeGreaterThan(0);
    for (const m of maths) expect(m).not.toMatch(/\n\s*\n/);
  });
});
