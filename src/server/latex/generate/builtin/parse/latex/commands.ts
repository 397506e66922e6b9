// What the LaTeX reader knows of commands and environments by name: symbols written as
// commands, commands that only set layout (dropped, with their arguments), text styles, the
// sectioning levels, and the environments read as lists, math, code, tables, floats, quotes
// and theorem-like boxes. Any other command keeps the text of its last brace argument.

/** Commands that stand for a character or a word. */
export const SYMBOLS: Readonly<Record<string, string>> = {
  LaTeX: 'LaTeX', LaTeXe: 'LaTeX2e', TeX: 'TeX', BibTeX: 'BibTeX', XeTeX: 'XeTeX', ldots: '…', dots: '…', textellipsis: '…',
  textbackslash: '\\', textasciitilde: '~', textasciicircum: '^', textbar: '|', textless: '<', textgreater: '>',
  textendash: '–', textemdash: '—', textquoteleft: '‘', textquoteright: '’', textquotedblleft: '“', textquotedblright: '”',
  S: '§', P: '¶', copyright: '©', textcopyright: '©', textregistered: '®', texttrademark: '™', textdegree: '°',
  ss: 'ß', ae: 'æ', AE: 'Æ', oe: 'œ', OE: 'Œ', o: 'ø', O: 'Ø', aa: 'å', AA: 'Å', l: 'ł', L: 'Ł', i: 'ı',
  quad: ' ', qquad: ' ', enspace: ' ', thinspace: ' ', space: ' ', slash: '/', textbullet: '•', dag: '†', ddag: '‡',
  pounds: '£', euro: '€', textdollar: '$', textunderscore: '_', textbraceleft: '{', textbraceright: '}', textperiodcentered: '·',
  newline: '\n', linebreak: '\n', today: '',
};

/** Accents (`\'e`, `\"{o}`, `\c{c}`) as combining marks. */
export const ACCENTS: Readonly<Record<string, string>> = {
  "'": '\u0301', '`': '\u0300', '^': '\u0302', '"': '\u0308', '~': '\u0303', '=': '\u0304', '.': '\u0307',
  c: '\u0327', v: '\u030C', u: '\u0306', H: '\u030B', k: '\u0328', r: '\u030A',
};

/** Commands that set layout or state, without arguments: dropped. */
export const DROPPED = new Set(
  `maketitle tableofcontents listoffigures listoftables newpage clearpage cleardoublepage pagebreak nopagebreak noindent
  indent centering raggedright raggedleft smallskip medskip bigskip vfill hfill null protect appendix frontmatter
  mainmatter backmatter normalsize small footnotesize scriptsize tiny large Large LARGE huge Huge bfseries itshape
  ttfamily rmfamily sffamily scshape upshape mdseries normalfont slshape em bf it tt rm sf sc sl hline toprule midrule
  bottomrule printbibliography onecolumn twocolumn sloppy fussy relax selectfont FloatBarrier justifying phantomsection
  endhead endfirsthead endfoot endlastfoot footnotemark tabularnewline item bibitem and maketitle printindex
  makeindex frenchspacing nonfrenchspacing allowbreak break leavevmode strut hfil vfil`.split(/\s+/),
);

/** Commands dropped with their arguments (`\label{x}`, `\vspace{1em}`, `\usepackage[…]{…}`). */
export const DROPPED_WITH_ARGS = new Set(
  `label vspace vspace* hspace hspace* setlength addtolength setcounter addtocounter usepackage documentclass
  bibliographystyle bibliography addbibresource pagestyle thispagestyle pagenumbering graphicspath hypersetup geometry
  newtheorem newtheorem* theoremstyle newcommand newcommand* renewcommand renewcommand* providecommand newenvironment
  renewenvironment DeclareMathOperator DeclareMathOperator* definecolor nocite index addcontentsline numberwithin
  setstretch linespread fontsize captionsetup lstset setminted input include includeonly newgeometry titleformat
  titlespacing setlist rule vskip tikzset usetikzlibrary pgfplotsset sisetup color cline cmidrule rowcolor
  arrayrulecolor setuptoc markboth markright thanks footnotetext* RequirePackage PassOptionsToPackage def let
  affil address email institute keywords subtitle hyphenation urlstyle setmainfont setsansfont setmonofont
  newfontfamily setkeys ExecuteBibliographyOptions renewbibmacro DeclareFieldFormat crefname Crefname`.split(/\s+/),
);

/** Sectioning commands and their depth (the outline makes the shallowest used depth 1). */
export const SECTION_DEPTHS: Readonly<Record<string, number>> = {
  part: 1, chapter: 1, section: 2, subsection: 3, subsubsection: 4, paragraph: 5, subparagraph: 6,
};

export const STRONG = new Set(['textbf', 'strong', 'bm', 'boldsymbol', 'textbfit']);
export const EMPH = new Set(['emph', 'textit', 'textsl', 'underline', 'uline', 'uuline', 'textup', 'mathit', 'dashuline']);
export const CODE = new Set(['texttt', 'code', 'path', 'lstinline', 'mintinline', 'nolinkurl', 'Verb']);
export const STRIKE = new Set(['sout', 'st', 'xout', 'cancel']);
export const CITES = new Set([
  'cite', 'citep', 'citet', 'citealp', 'citealt', 'citeauthor', 'citeyear', 'parencite', 'textcite', 'autocite', 'footcite',
  'Cite', 'Textcite', 'Parencite', 'Autocite', 'supercite', 'fullcite', 'cites', 'parencites', 'autocites', 'smartcite',
]);
export const REFS = new Set(['ref', 'autoref', 'cref', 'Cref', 'pageref', 'nameref', 'vref', 'Vref', 'hyperref', 'labelcref']);

export const LIST_ENVIRONMENTS = new Set(['itemize', 'enumerate', 'description', 'compactitem', 'compactenum', 'compactdesc', 'asparaitem', 'asparaenum', 'inparaenum', 'inparaitem', 'list', 'checklist', 'todolist']);
export const MATH_ENVIRONMENTS = new Set([
  'equation', 'equation*', 'align', 'align*', 'gather', 'gather*', 'multline', 'multline*', 'flalign', 'flalign*',
  'alignat', 'alignat*', 'eqnarray', 'eqnarray*', 'displaymath', 'math', 'dmath', 'dmath*', 'subequations',
]);
export const TABLE_ENVIRONMENTS = new Set(['tabular', 'tabular*', 'tabularx', 'tabulary', 'longtable', 'longtable*', 'supertabular', 'xtabular', 'tabu', 'array', 'tblr', 'longtblr']);
export const FLOAT_ENVIRONMENTS = new Set(['figure', 'figure*', 'table', 'table*', 'wrapfigure', 'wraptable', 'subfigure', 'subtable', 'SCfigure', 'sidewaysfigure', 'sidewaystable', 'floatingfigure', 'minipage']);
export const QUOTE_ENVIRONMENTS = new Set(['quote', 'quotation', 'verse', 'displayquote', 'epigraph']);
export const CODE_ENVIRONMENTS = new Set(['verbatim', 'verbatim*', 'Verbatim', 'lstlisting', 'minted', 'alltt']);
export const HIDDEN_ENVIRONMENTS = new Set(['comment', 'tikzpicture', 'pgfpicture', 'picture', 'forest', 'circuitikz', 'axis', 'filecontents', 'filecontents*']);
export const THEOREMS = new Set([
  'theorem', 'lemma', 'proof', 'definition', 'corollary', 'proposition', 'example', 'remark', 'note', 'exercise',
  'solution', 'claim', 'conjecture', 'axiom', 'problem', 'question', 'answer', 'notation', 'observation', 'fact',
  'assumption', 'hypothesis', 'property', 'thm', 'lem', 'defn', 'cor', 'prop', 'rem', 'ex',
]);

/** Environments whose first brace arguments are settings, not text (`\begin{minipage}{0.5\textwidth}`). */
export const ENV_ARGS: Readonly<Record<string, number>> = {
  minipage: 1, wrapfigure: 2, wraptable: 2, subfigure: 1, subtable: 1, multicols: 1, 'multicols*': 1, adjustbox: 1, list: 2, 'tabular*': 1, tabularx: 1, tabulary: 1,
};
