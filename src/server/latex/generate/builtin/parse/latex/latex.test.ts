// The LaTeX reader: which notes it takes (whole documents, fragments) and which it leaves to
// Markdown (notes with math or a few commands), each construct mapped to the tree, a pasted
// article through generate(), and hostile LaTeX read whole.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../index.js';
import { adversarialPayloads } from '../../test-support/adversarial.js';
import { FIXTURES_DIR, hasTex, pdfToText, startCompilePool, type CompilePool } from '../../../../../../eval/compile-corpus.js';
import type { Block, Inline, NoteMeta } from '../../tree.js';
import { inlineText } from '../../tree.js';
import { extractFrontMatter } from '../front-matter/index.js';
import { readNote } from '../index.js';
import { pickReader } from '../readers.js';
import { looksLikeLatex } from './detect.js';
import { latexReader, parseLatex } from './index.js';

const read = (src: string): Block[] => parseLatex(src, { expandPlaceholder: () => [] });
const one = (src: string): Block => {
  const blocks = read(src);
  expect(blocks, JSON.stringify(blocks)).toHaveLength(1);
  return blocks[0] as Block;
};
const inlines = (src: string): Inline[] => {
  const b = one(src);
  if (b.kind !== 'paragraph') throw new Error(`not a paragraph: ${b.kind}`);
  return b.inlines;
};
const body = (latex: string): string => latex.slice(latex.indexOf('\\begin{document}'));

const ARTICLE = String.raw`% Pasted from a chat
\documentclass[11pt]{article}
\usepackage{amsmath,graphicx}
\title{On the Growth of Plants}
\author{Ada Lovelace \and Charles Babbage}
\date{May 2024}
\begin{document}
\maketitle
\tableofcontents
\begin{abstract}
We study how plants grow under light.
\end{abstract}

\section{Introduction}\label{sec:intro}
Plants need \textbf{light} and \emph{water} (see Section~\ref{sec:intro} and \cite{darwin1859}).
It costs 50\% of the budget.\footnote{Estimated in 2023.}

\subsection*{Method}
\begin{itemize}
  \item Measure the height % in centimetres
  \item Count the leaves
  \begin{enumerate}
    \item Young leaves
    \item Old leaves
  \end{enumerate}
\end{itemize}

\begin{equation}
  h(t) = h_0 e^{rt} \label{eq:growth}
\end{equation}

\begin{table}[h]
\centering
\caption{Heights}
\begin{tabular}{|l|r|}
\hline
Plant & Height \\
\hline
Fern & 12 \\
\hline
\end{tabular}
\end{table}

\section{Results}
\begin{verbatim}
raw % text {no}
\end{verbatim}
\unknowncommand[opt]{kept words}.
\end{document}
`;

const MESSY = String.raw`\newcommand{\R}{\mathbb{R}}
\section{Setup} \label{s}
\begin{itemize}
\item first step with $x \in \R$ and \verb|a_b| and \href{https://example.org/#top}{a link}
\item[(b)] second \foo{kept} \textcolor{red}{red words}
\begin{mystery}[opt]{arg} inner text \end{mystery}
\begin{tikzpicture} \draw (0,0) -- (1,1); \end{tikzpicture}
\begin{tabular}{p{2cm}|X} a & b & c \\ \cline{1-2} d \end{tabular}
\begin{align} \frac{a}{b} &= \undefinedmacro{c} \end{align}
\subsection{Open} \begin{enumerate} \item never closed { brace
\begin{quote} \begin{quote} nested \end{quote}
after all \& done \\[2pt] 100\% ~ \ldots
`;

describe('LaTeX detection', () => {
  it('takes whole documents and fragments with several structural commands', () => {
    expect(looksLikeLatex(ARTICLE)).toBe(true);
    expect(looksLikeLatex('\\documentclass{article}\n\\begin{document}\nHello.\n\\end{document}')).toBe(true);
    expect(looksLikeLatex('Here is your document:\n\n```latex\n\\documentclass{article}\n\\begin{document}\nHello.\n\\end{document}\n```\nAsk me for changes.')).toBe(true);
    expect(looksLikeLatex('\\section{Intro}\nSome \\textbf{bold} text.\n\\begin{itemize}\n\\item one\n\\item two\n\\end{itemize}')).toBe(true);
    expect(looksLikeLatex('\\subsection*{Notes}\n\\begin{enumerate}\n\\item first\n\\end{enumerate}')).toBe(true);
    expect(pickReader('\\section{A}\n\\textbf{b} and \\emph{c}\n\\section{D}').name).toBe('latex');
    expect(pickReader(MESSY).name).toBe('latex');
  });

  it('leaves Markdown with math, and notes with a few commands, to their readers', () => {
    const negatives = [
      '# Notes\n\nThe energy is $E = mc^2$ and $$\\begin{aligned} a &= b \\\\ c &= d \\end{aligned}$$\n\n- item with $\\frac{1}{2}$',
      '## Lecture 3\n\n**Theorem.** For all $x$, $\\textbf{v} \\cdot \\textbf{w} = 0$.\n\n```latex\n\\section{Example}\n\\begin{itemize}\n\\item a\n\\end{itemize}\n```\n',
      'Write \\section{Title} to start a section, and \\textbf{x} for bold.',
      'A plain note about costs: 50\\% of $x$.',
      '- use `\\item` inside `\\begin{itemize}`\n- and `\\textbf{}` for bold\n- see [docs](https://example.org)\n',
      'No backslash at all, just words.',
      `# Writing LaTeX\n\n${'Prose about documents and how to **structure** them. '.repeat(12)}\n\n\`\`\`latex\n\\documentclass{article}\n\\begin{document}\n\\section{Hi}\n\\end{document}\n\`\`\`\n\n${'More explanation follows, with [links](https://example.org). '.repeat(12)}`,
    ];
    for (const note of negatives) expect(looksLikeLatex(note), note).toBe(false);
  });

  it('no fixture note is read as LaTeX', () => {
    let seen = 0;
    for (const f of readdirSync(FIXTURES_DIR)) {
      if (f.endsWith('.json') || f === 'SOURCES.md') continue;
      const src = readFileSync(join(FIXTURES_DIR, f), 'utf8').replace(/\r\n?/g, '\n');
      expect(looksLikeLatex(extractFrontMatter(src).body), f).toBe(false);
      seen++;
    }
    expect(seen).toBeGreaterThan(50);
  });
});

describe('LaTeX constructs → tree', () => {
  it('headings: sectioning (starred too), chapters on top', () => {
    const blocks = read('\\chapter{C}\n\\section*{S}\n\\subsection{SS}\n\\subsubsection{SSS}\n\\paragraph{P}');
    expect(blocks.map((b) => (b.kind === 'heading' ? [b.depth, inlineText(b.inlines)] : b.kind))).toEqual([[1, 'C'], [2, 'S'], [3, 'SS'], [4, 'SSS'], [5, 'P']]);
  });

  it('lists: itemize, enumerate, description, nested', () => {
    const list = one('\\begin{enumerate}\n\\item a\n\\item b\n\\begin{itemize}\\item c\\end{itemize}\n\\end{enumerate}');
    expect(list.kind === 'list' && list.ordered).toBe(true);
    if (list.kind !== 'list') return;
    expect(list.items.map((i) => i.blocks.map((b) => b.kind))).toEqual([['paragraph'], ['paragraph', 'list']]);
    const nested = list.items[1]?.blocks[1];
    expect(nested?.kind === 'list' && !nested.ordered && inlineText((nested.items[0]?.blocks[0] as { inlines: Inline[] }).inlines)).toBe('c');
    const desc = one('\\begin{description}\n\\item[Term] Meaning.\n\\end{description}');
    expect(desc.kind === 'definitions' && inlineText(desc.items[0]?.term ?? [])).toBe('Term');
  });

  it('text styles, links, footnotes, citations, references, labels', () => {
    const nodes = inlines('\\textbf{b} \\textit{i} \\emph{e} \\texttt{t\\_x} \\underline{u} \\textsc{s} \\href{https://a.org/x\\%20y}{site} \\url{https://b.org} x\\footnote{note} \\cite{k1,k2} \\ref{fig:a}\\label{here}');
    expect(nodes.map((n) => n.kind)).toEqual(['strong', 'text', 'emph', 'text', 'emph', 'text', 'code', 'text', 'emph', 'text', 'link', 'text', 'link', 'text', 'footnote', 'text']);
    expect(nodes.find((n) => n.kind === 'code')).toEqual({ kind: 'code', value: 't_x' });
    expect(nodes.find((n) => n.kind === 'link')).toMatchObject({ url: 'https://a.org/x%20y' });
    expect(inlineText(nodes)).toContain('[k1, k2] fig:a');
    expect(inlineText(nodes)).not.toContain('here');
  });

  it('math: $…$, \\(…\\), \\[…\\], $$…$$ and environments kept as written (labels out)', () => {
    expect(inlines('a $x^2$ b \\(y\\) c').filter((n) => n.kind === 'math')).toEqual([{ kind: 'math', tex: 'x^2' }, { kind: 'math', tex: 'y' }]);
    expect(read('\\[ a = b \\]\n\n$$c$$').map((b) => b.kind === 'math' && b.tex)).toEqual(['a = b', 'c']);
    expect(one('\\begin{align*}\na &= b \\label{x}\n\\end{align*}')).toEqual({ kind: 'math', tex: '\\begin{align*}\na &= b \n\\end{align*}' });
    for (const env of ['equation', 'gather*', 'multline']) expect(one(`\\begin{${env}}x\\end{${env}}`).kind).toBe('math');
  });

  it('code: verbatim, lstlisting with its language, minted', () => {
    expect(one('\\begin{verbatim}\nx % y \\z\n\\end{verbatim}')).toEqual({ kind: 'code', lang: '', text: 'x % y \\z' });
    expect(one('\\begin{lstlisting}[language=Python]\nprint(1)\n\\end{lstlisting}')).toEqual({ kind: 'code', lang: 'python', text: 'print(1)' });
    expect(one('\\begin{minted}{rust}\nfn main() {}\n\\end{minted}')).toEqual({ kind: 'code', lang: 'rust', text: 'fn main() {}' });
  });

  it('tables: tabular in a table float, rules dropped, \\multicolumn spans, caption kept', () => {
    const blocks = read('\\begin{table}[h]\\centering\\caption{Caps}\n\\begin{tabular}{|l|c|r|}\\hline\nA & B & C\\\\\\hline\n\\multicolumn{2}{c}{wide} & z \\\\\n\\hline\\end{tabular}\\end{table}');
    expect(blocks.map((b) => b.kind)).toEqual(['table', 'paragraph']);
    const t = blocks[0];
    if (t?.kind !== 'table') return;
    expect(t.align).toEqual(['left', 'center', 'right']);
    expect(t.header.map(inlineText)).toEqual(['A', 'B', 'C']);
    expect(t.rows.map((r) => r.map(inlineText))).toEqual([['wide', '', 'z']]);
    expect(inlineText((blocks[1] as { inlines: Inline[] }).inlines)).toBe('Caps');
  });

  it('figures: \\includegraphics and \\caption make a figure naming the file', () => {
    const f = one('\\begin{figure}[ht]\n\\centering\n\\includegraphics[width=\\linewidth]{img/plant.png}\n\\caption{A plant.}\\label{f}\n\\end{figure}');
    expect(f).toMatchObject({ kind: 'figure', image: 'img/plant.png', caption: [{ kind: 'text', value: 'A plant.' }] });
  });

  it('quotes, abstract, theorems, unknown commands and environments', () => {
    expect(one('\\begin{quote}Be brief.\\end{quote}').kind).toBe('quote');
    expect(inlineText(inlines('\\begin{abstract}We grow.\\end{abstract}'))).toBe('Abstract. We grow.');
    expect(one('\\begin{theorem}[Main]X.\\end{theorem}')).toMatchObject({ kind: 'admonition', label: 'Theorem', title: [{ kind: 'text', value: 'Main' }] });
    expect(read('\\foo[bar]{a}{kept} \\begin{center}inside\\end{center} \\bar end').map((b) => b.kind === 'paragraph' && inlineText(b.inlines))).toEqual(['kept', 'inside', 'end']);
  });

  it('comments, escapes, dashes and quotes back to text', () => {
    expect(inlineText(inlines("50\\% \\& \\_ \\# \\$ a~b -- c --- ``q'' % dropped\nnext"))).toBe('50% & _ # $ a\u00a0b – c — “q” next');
    expect(inlineText(inlines("caf\\'e na\\\"{i}ve \\LaTeX{}"))).toBe('café naïve LaTeX');
  });

  it('preamble: only \\title, \\author and \\date, through the reader context', () => {
    const found: Array<Partial<NoteMeta>> = [];
    const blocks = parseLatex(ARTICLE, { expandPlaceholder: () => [], foundMeta: (m) => found.push(m) });
    expect(Object.assign({}, ...found)).toMatchObject({ title: 'On the Growth of Plants', author: 'Ada Lovelace', authors: ['Ada Lovelace', 'Charles Babbage'], date: 'May 2024' });
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'heading', 'paragraph', 'heading', 'list', 'math', 'table', 'paragraph', 'heading', 'code', 'paragraph']);
  });
});

describe('a pasted LaTeX article through generate()', () => {
  it('is a document of its title, sections, lists and math, with no LaTeX source left as text', () => {
    const note = readNote(ARTICLE);
    expect(note.title).toBe('On the Growth of Plants');
    const latex = body(generate({ content: ARTICLE, documentType: 'article' }).latex);
    expect(latex).toContain('\\section{Introduction}');
    expect(latex).toContain('\\subsection{Method}');
    expect(latex).toMatch(/\\item Measure the height\n/);
    expect(latex).toContain('\\begin{enumerate}');
    expect(latex).toContain('h(t) = h_0 e^{rt}');
    expect(latex).toContain('\\footnote{Estimated in 2023.}');
    expect(latex).toContain('raw % text {no}');
    expect(latex).toContain('kept words');
    expect(latex).not.toMatch(/textbackslash|documentclass|usepackage|eq:growth|in centimetres|\{\[\}h/);
  });
});

describe('a pasted LaTeX article compiled with TeX Live', () => {
  let pool: CompilePool;
  beforeAll(async () => {
    pool = await startCompilePool();
  });
  afterAll(async () => {
    await pool?.close();
  });

  it('the PDF shows its sections and list items, and no LaTeX source', async () => {
    expect(hasTex, 'TeX Live, bubblewrap or poppler-utils is missing: run npm test, which installs them').toBe(true);
    const { latex } = generate({ content: ARTICLE, documentType: 'article' });
    const result = await pool.service.compile({ latex });
    expect(result.status, result.errors[0]?.message).toBe('success');
    const text = (await pdfToText(result.pdf as Buffer)).replace(/\s+/g, ' ');
    for (const shown of ['On the Growth of Plants', 'Introduction', 'Method', 'Results', 'Measure the height', 'Count the leaves', 'Young leaves', 'Old leaves', 'kept words', 'Fern']) expect(text).toContain(shown);
    for (const source of ['\\begin', '\\item', '\\section', 'documentclass', 'usepackage']) expect(text).not.toContain(source);
  }, 120_000);

  it('a fragment the reader cannot fully follow still compiles as every type, showing its text', async () => {
    const failures: string[] = [];
    for (const documentType of ['article', 'presentation', 'letter', 'book'] as const) {
      const { latex } = generate({ content: MESSY, documentType });
      const result = await pool.service.compile({ latex });
      if (result.status !== 'success') failures.push(`${documentType}: ${result.errors[0]?.message ?? result.status}`);
      else if (documentType === 'article') {
        const text = (await pdfToText(result.pdf as Buffer)).replace(/\s+/g, ' ');
        for (const shown of ['Setup', 'first step', 'inner text', 'kept', 'after all']) expect(text).toContain(shown);
        expect(text).not.toMatch(/\\(begin|item|section|tikz|foo)/);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

describe('hostile LaTeX', () => {
  const units = ['\\', '{', '}', '\\begin{itemize}\\item ', '\\begin{verbatim}', '\\begin{tabular}{', 'a&', '\\\\', '\\url{', '\\verb!', '\\item[', '\\section[', '\\(', '\\[', '%', '\\author{x}', '\\cite{', "\\'", '$', '\\end{itemize}'];
  it('long runs, unclosed environments and 10,000 nested braces are read whole', () => {
    const reads = [...units.map((u) => u.repeat(Math.ceil(100_000 / u.length))), `${'{'.repeat(10_000)}x${'}'.repeat(10_000)}`, `${'\\begin{quote}'.repeat(10_000)}x`];
    for (const content of reads) {
      expect(Array.isArray(latexReader.blocks(content, { expandPlaceholder: () => [] })), content.slice(0, 20)).toBe(true);
      expect(Array.isArray(latexReader.inlines(content.slice(0, 10_000))), content.slice(0, 20)).toBe(true);
    }
    const deep = inlineText(latexReader.inlines(`${'{\\textbf{'.repeat(5_000)}deep${'}}'.repeat(5_000)}`));
    expect(deep).toBe('deep');
  });

  it('as whole documents through generate()', () => {
    for (const u of units) {
      const content = `\\documentclass{article}\n\\begin{document}\n${u.repeat(Math.ceil(30_000 / u.length))}`;
      const { latex } = generate({ content, documentType: 'article' });
      expect(latex.endsWith('\\end{document}\n'), u).toBe(true);
      expect(latex.match(/\\end\{document\}/g), u).toHaveLength(1);
    }
  });

  it('every shared hostile payload, read as LaTeX', () => {
    for (const payload of adversarialPayloads(20_000)) {
      expect(Array.isArray(latexReader.blocks(payload.content, { expandPlaceholder: () => [] })), payload.name).toBe(true);
    }
  });
});
