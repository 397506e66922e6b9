import { describe, expect, it } from 'vitest';
import type { DocumentType } from '../../shared/document-types.js';
import type { NoteFormat } from '../note-text.js';
import { readerChecks, type CheckName } from './index.js';
import { pdfLineStarts } from './line-starts.js';
import { withoutNumbering } from './tex-scan.js';

interface Doc {
  note: string;
  format?: NoteFormat;
  type?: DocumentType;
  body?: string;
  preamble?: string;
  pdf?: string;
  layout?: string;
  log?: string;
}

function tex(d: Doc): string {
  return `\\documentclass{article}\n${d.preamble ?? '\\usepackage[english]{babel}'}\n\\begin{document}\n${d.body ?? ''}\n\\end{document}\n`;
}

function check(name: CheckName, d: Doc) {
  const pdf = d.pdf ?? d.layout ?? '';
  return readerChecks({ note: d.note, format: d.format ?? 'markdown', type: d.type ?? 'article', tex: tex(d), log: d.log ?? '', pdfText: pdf, pdfLayout: d.layout ?? pdf })[name];
}

describe('markup left in the PDF', () => {
  it('finds Markdown, shortcodes, template tags, wiki links and LaTeX names printed as words', () => {
    const r = check('markup', {
      note: 'Some **bold** :fire: text {{< callout >}} [[Page]] and $a \\ldots b$.',
      pdf: 'Some **bold** :fire: text {{< callout >}} [[Page]] and a ldots b.',
    });
    expect(r.pass).toBe(false);
    expect(r.defects.join('\n')).toMatch(/Markdown bold/);
    expect(r.defects.join('\n')).toMatch(/emoji shortcode/);
    expect(r.defects.join('\n')).toMatch(/template tag/);
    expect(r.defects.join('\n')).toMatch(/wiki link/);
    expect(r.defects.join('\n')).toMatch(/"ldots" printed as a word/);
  });

  it('counts HTML a reader takes for markup, not placeholders the person typed in angle brackets', () => {
    const r = check('markup', { note: 'Run git push origin <branch> and <b>look</b>.', pdf: 'Run git push origin <branch> and <b>look</b>. <IllustrationBlock> <span class="x">' });
    expect(r.defects).toEqual(['HTML tag ×4 ("<b>")']);
    expect(check('markup', { note: 'git checkout <hash> -- file.py; List<T>', pdf: 'git checkout <hash> -- file.py; List<T>' })).toEqual({ pass: true, defects: [] });
  });

  it('an interval or an index in double brackets is no wiki link: i ∈ [[1,n]], df[["a"]]', () => {
    expect(check('markup', { note: 'Let {Ai, i∈[[1,n]]} and df[["a"]]', pdf: 'Let {Ai, i∈[[1,n]]} and df[["a"]]' })).toEqual({ pass: true, defects: [] });
    expect(check('markup', { note: 'See [[Page]]', pdf: 'See [[Page]]' }).defects).toEqual(['wiki link ×1 ("[[")']);
  });

  it('lets the note\'s own code print its markup', () => {
    const r = check('markup', { note: 'Write bold as:\n\n```\n**bold** and {{ x }}\n```\n', pdf: 'Write bold as:\n**bold** and {{ x }}\n' });
    expect(r).toEqual({ pass: true, defects: [] });
  });

  it('finds front-matter settings printed and code quotes made typographic', () => {
    const r = check('markup', { note: '---\ntitle: T\nms.author: someone\n---\n\n```\nprint("".join(x))\n```\n', pdf: 'T\nMs.author: someone\nprint(””.join(x))' });
    expect(r.defects.join('\n')).toMatch(/front-matter key "ms.author" printed/);
    expect(r.defects.join('\n')).toMatch(/straight quotes in 1 code line/);
  });
});

describe('undefined-macro fallbacks', () => {
  it('counts a guessed meaning and a KaTeX name set as something else as errors, and lists the rest', () => {
    const r = check('macros', {
      note: '$\\E[X] + \\infin + \\foo$',
      body: '\\providecommand{\\E}{{\\mathbb{E}}}\n\\providecommand{\\infin}{{\\operatorname{infin}}}\n\\providecommand{\\foo}{{\\operatorname{foo}}}\n',
    });
    expect(r.pass).toBe(false);
    expect(r.defects).toHaveLength(2);
    expect(r.defects[0]).toMatch(/\\E guessed as/);
    expect(r.defects[1]).toMatch(/\\infin set as/);
    expect(r.listed).toEqual(['\\foo shown as written']);
  });

  it('takes the macros of the note\'s front matter as the note\'s own', () => {
    const note = '---\ntitle: T\nkatex:\n  macros:\n    "\\\\E": "\\\\mathbb{E}"\n    Var: \\operatorname{Var}\nauthor: A\n---\n\n$\\E[X] + \\Var(X) + \\G$';
    const body = '\\providecommand{\\E}{\\mathbb{E}}\n\\providecommand{\\Var}{\\operatorname{Var}}\n\\providecommand{\\G}{\\mathbb{G}}\n';
    expect(check('macros', { note, body }).defects).toEqual(['\\G guessed as \\mathbb{G}']);
    expect(check('macros', { note: '---\nmacros: { "\\\\R": "\\\\mathbb{R}" }\n---\n\n$\\R$', body: '\\providecommand{\\R}{\\mathbb{R}}' }).pass).toBe(true);
  });

  it('accepts a definition that means what KaTeX means and counts undefined control sequences in the log', () => {
    expect(check('macros', { note: '$\\ket{0}$', body: '\\providecommand{\\ket}[1]{\\left\\lvert #1\\right\\rangle}' }).pass).toBe(true);
    expect(check('macros', { note: 'x', log: '! Undefined control sequence.\n' }).defects).toEqual(['1 undefined control sequence(s) in the log']);
  });
});

describe('text direction', () => {
  const note = 'שלום עולם זה מסמך בעברית עם הרבה מילים טובות';
  it('wants a right-to-left main language and words in reading order', () => {
    const r = check('direction', { note, pdf: 'טובות מילים הרבה עם בעברית מסמך זה עולם שלום' });
    expect(r.defects).toEqual(['right-to-left note with main language english', expect.stringMatching(/words read backwards/)]);
  });

  it('passes a Hebrew document set by \\selectlanguage', () => {
    expect(check('direction', { note, body: '\\selectlanguage{hebrew}\nשלום', pdf: note }).pass).toBe(true);
  });

  it('finds a web address printed backwards in any note', () => {
    expect(check('direction', { note: 'see https://example.org/x', pdf: 'see x/gro.elpmaxe//:sptth' }).defects).toEqual(['web address printed backwards (example.org)']);
  });
});

describe('line-start recall', () => {
  const note = 'Dates to know\n\n1789 storming of the Bastille\n1792 the republic proclaimed\n1799 coup of Brumaire\n';
  it('counts short lines the PDF runs into one paragraph', () => {
    const r = check('lineStarts', { note, layout: 'Dates to know\n1789 storming of the Bastille 1792 the republic proclaimed 1799 coup of\nBrumaire\n' });
    expect(r.pass).toBe(false);
    expect(r.value).toBeCloseTo(1 / 3);
  });

  it('passes when each line starts a line (bullets and numbers may lead)', () => {
    expect(check('lineStarts', { note, layout: '• 1789 storming of the Bastille\n• 1792 the republic proclaimed\n  1799 coup of Brumaire\n' }).value).toBe(1);
  });

  it('a heading line starts after the section number LaTeX prints before it', () => {
    const notes = 'Plan\n\nData\nSites\nMethods\n';
    expect(pdfLineStarts('4 Data\n4.1 Sites\nMethods\n')).toEqual(expect.arrayContaining(['data', 'sites', 'methods']));
    expect(check('lineStarts', { note: notes, layout: 'Plan\n1 Data\n2 Sites\n3 Methods\n' }).value).toBe(1);
  });

  it('leaves prose wrapped by hand and one sentence per line alone', () => {
    const prose = 'This paragraph was wrapped by hand at a fairly wide column, as\nmany people do,\nand it reads well joined.\n\nOne sentence here.\nAnother sentence there.\n';
    expect(check('lineStarts', { note: prose, layout: 'This paragraph was wrapped by hand at a fairly wide column, as many people do, and it reads well joined. One sentence here. Another sentence there.' }).pass).toBe(true);
  });
});

describe('heading map', () => {
  it('finds siblings set at different depths, lost headings and body lines made headings', () => {
    const note = '# Title\n\n## One\n\ntext\n\n## Two\n\nmore\n\n## Three\n\nThis sentence is just a body line.\n';
    const r = check('headings', { note, body: '\\title{Title}\\maketitle\n\\section{One}\ntext\n\\subsection{Two}\nmore\n\\subsection{This sentence is just a body line.}' });
    expect(r.defects).toEqual([
      '1 heading(s) of the note not headings in the document ("Three")',
      '1 level-2 heading(s) set at another depth than their siblings',
      '1 body line(s) made heading(s) ("This sentence is just a body line.")',
    ]);
  });

  it('a question is a heading people write, not a body line made one', () => {
    const note = 'Why solar?\nIt is cheap now and it pays back.\n\nWhat next?\nWe ask the council.\n';
    expect(check('headings', { note, format: 'text', body: '\\section{Why solar?}\nIt is cheap now and it pays back.\n\\section{What next?}\nWe ask the council.\n' }).pass).toBe(true);
  });

  it('passes a document whose levels follow the note', () => {
    const note = '# A\n\n## B\n\n### C\n';
    expect(check('headings', { note, body: '\\section{A}\n\\subsection{B}\n\\subsubsection{C}\n' }).pass).toBe(true);
  });

  it('a byline written as a heading is the author, not a lost heading', () => {
    const note = '# Core\n\n###### Created by [marp-team](https://x.org)\n\n## Use\n';
    expect(check('headings', { note, body: '\\title{Core}\\author{marp-team}\\maketitle\n\\section{Use}\n' }).pass).toBe(true);
    expect(check('headings', { note, body: '\\title{Core}\\maketitle\n\\section{Use}\n' }).pass).toBe(false);
  });
});

describe('title, author and date', () => {
  it('finds a placeholder title, and a title and author repeated in the body', () => {
    expect(check('titleBlock', { note: 'hello', body: '\\title{Untitled Document}\\author{}\\date{}\\maketitle\nhello' }).defects).toEqual(['placeholder title "Untitled Document"']);
    const note = 'Lab report: measuring g\nAuthor: Sam Lee\n\nWe measured g.';
    const r = check('titleBlock', { note, body: '\\title{Lab report: measuring g}\\author{}\\date{}\n\\maketitle\n\nLab report: measuring g\nAuthor: Sam Lee\n\nWe measured g.' });
    expect(r.defects).toEqual(['title repeated as the first line of the body', 'author "Sam Lee" not on the title page']);
  });

  it('wants the note\'s own date, no date added to an undated note, and dates in the note\'s language', () => {
    const dated = 'Notes\n12 March 2024\n\nThe text of the note is here and it is written in English for the reader.';
    expect(check('titleBlock', { note: dated, body: '\\title{Notes}\\date{\\today}\\maketitle' }).defects).toEqual(["today's date instead of the note's own (\"12 March 2024\")"]);
    expect(check('titleBlock', { note: 'Just text that is not dated.', body: '\\title{Text}\\date{\\today}\\maketitle' }).defects).toEqual(["today's date added to a note that has none"]);
    const french = 'Cours\n12 mars 2024\n\nLe texte de la note est ici et il est écrit en français pour les lecteurs de la classe.';
    expect(check('titleBlock', { note: french, body: '\\title{Cours}\\date{12 March 2024}\\maketitle' }).defects).toEqual(['date in en on a fr note']);
    expect(check('titleBlock', { note: french, preamble: '\\usepackage[french]{babel}', body: '\\title{Cours}\\date{12 mars 2024}\\maketitle' }).pass).toBe(true);
  });

  it('finds markup in the title', () => {
    expect(check('titleBlock', { note: '# **Bold** title', body: '\\title{**Bold** title}\\date{}\\maketitle' }).defects).toEqual(['markup in the title ("**")']);
  });
});

describe('empty units', () => {
  it('finds empty sections and slides, and a slide count far from the note\'s separators', () => {
    expect(check('emptyUnits', { note: 'x', body: '\\section{Empty}\n\\section{Full}\nSome words here.' }).defects).toEqual(['1 empty section(s) ("Empty")']);
    const deck = '# A\n\none\n\n---\n\n# B\n\ntwo\n\n---\n\n# C\n\nthree\n';
    const r = check('emptyUnits', {
      note: deck,
      type: 'presentation',
      body: '\\begin{frame}{A}\\relax\none\n\\end{frame}\n\\begin{frame}{}\\relax\n\\end{frame}\n\\begin{frame}{B}\\relax\ntwo\n\\end{frame}\n\\begin{frame}{X}\\relax\n\\end{frame}\n\\begin{frame}{Y}\\relax\n\\end{frame}\n\\begin{frame}{C}\\relax\nthree\n\\end{frame}\n',
    });
    expect(r.defects).toEqual(['3 empty slide(s) ("(untitled)", "X", "Y")', "6 slides for the note's 3"]);
  });

  it('does not count a section whose content is its subsections', () => {
    expect(check('emptyUnits', { note: 'x', body: '\\section{Parent}\n\\subsection{Child}\nWords in the child.' }).pass).toBe(true);
    // A paragraph in a script without spaces is many words, not one.
    expect(check('emptyUnits', { note: 'x', body: '\\chapter*{まえがき}\nこの本は一年間の記録です。' }).pass).toBe(true);
  });
});

describe('tables', () => {
  it('finds rows with shifted cells and cell line breaks lost', () => {
    const r = check('tables', {
      note: '| a | b |\n|---|---|\n| 1<br>2 | 3 |\n',
      body: '\\begin{tabular}{ll}\na & b \\\\\n1 2 & 3 & 4 \\\\\n\\multicolumn{2}{c}{span} \\\\\n\\end{tabular}',
    });
    expect(r.defects).toEqual(['1 table row(s) with shifted or missing cells in 1 table(s)', '1 of 1 line breaks inside table cells lost']);
  });

  it('passes a table whose rows fill its columns and keeps a cell break', () => {
    expect(check('tables', { note: '| a | b |\n|---|---|\n| 1<br>2 | 3 |\n', body: '\\begin{tabular}{ll}\na & b \\\\\n\\makecell{1\\\\2} & 3 \\\\\n\\end{tabular}' }).pass).toBe(true);
  });
});

describe('letters', () => {
  const note = 'Dear Ms. Smith,\n\nThank you for the letter.\n\nYours sincerely,\nJane Doe\n';
  it('wants the closing whole, directly above the signature', () => {
    expect(check('letter', { note, type: 'letter', pdf: 'Dear Ms. Smith,\nThank you for the letter.\nYours\nsincerely,\nJane Doe' }).defects).toEqual(['closing "Yours sincerely," split across lines']);
    expect(check('letter', { note, type: 'letter', pdf: 'Yours sincerely,\n\nSomething else\nJane Doe' }).defects).toEqual(['closing "Yours sincerely," not directly above the signature']);
    expect(check('letter', { note, type: 'letter', pdf: 'Thank you.\nYours sincerely,\n\nJane Doe\n' }).pass).toBe(true);
  });
});

describe('inline math', () => {
  it('finds $$x$$ inside a sentence set as a display', () => {
    const note = 'The mean $$m$$ of the data is $$\\bar x$$.\n';
    expect(check('inlineMath', { note, body: 'The mean \\[ m \\] of the data is $\\bar x$.' }).defects).toEqual(['1 inline formula(s) set as displays ("m")']);
    expect(check('inlineMath', { note, body: 'The mean $m$ of the data is $\\bar x$.' }).pass).toBe(true);
  });
});

describe('numbering a heading comparison ignores', () => {
  it('strips Arabic, Roman and Chinese numerals before the text', () => {
    expect(withoutNumbering('2 1 sites')).toBe('sites');
    expect(withoutNumbering('iv les causes')).toBe('les causes');
    expect(withoutNumbering('二 实验原理')).toBe('实验原理');
  });
});
