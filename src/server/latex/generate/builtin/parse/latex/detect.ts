// Whether a note is LaTeX: a whole document (`\documentclass` … `\begin{document}`), or a
// fragment with several of the commands only LaTeX prose writes — sectioning, list
// environments, `\item`, `\textbf{` … — weighed against Markdown's own signals (# headings,
// fences, `- ` bullets, [text](url) links, **strong**). Math alone never decides: Markdown notes
// with `$…$`, `\frac` or `\begin{aligned}` are Markdown. A note without a backslash is rejected
// at once; otherwise a few indexOf counts decide.

/** Text-mode commands: each kind counts once per occurrence, up to a cap. */
const SIGNALS: ReadonlyArray<readonly [string, number]> = [
  ['\\section{', 2], ['\\section*{', 2], ['\\subsection{', 2], ['\\subsection*{', 2], ['\\subsubsection', 2], ['\\chapter{', 2],
  ['\\begin{itemize}', 2], ['\\begin{enumerate}', 2], ['\\begin{description}', 2], ['\\item ', 1], ['\\item\n', 1], ['\\item[', 1],
  ['\\textbf{', 1], ['\\textit{', 1], ['\\emph{', 1], ['\\texttt{', 1], ['\\maketitle', 2], ['\\begin{abstract}', 2],
  ['\\begin{figure}', 2], ['\\begin{table}', 2], ['\\begin{tabular}', 2], ['\\begin{verbatim}', 2], ['\\begin{lstlisting}', 2],
  ['\\cite{', 1], ['\\footnote{', 1], ['\\href{', 1], ['\\begin{quote}', 1], ['\\begin{center}', 1], ['\\paragraph{', 1],
  ['\\noindent', 1], ['\\usepackage', 2],
];

const CAP = 8;

function count(src: string, needle: string): number {
  let n = 0;
  for (let at = src.indexOf(needle); at !== -1 && n < CAP; at = src.indexOf(needle, at + needle.length)) n++;
  return n;
}

/** Lines that only Markdown writes, counted up to a bound. */
function markdownLines(src: string): number {
  let n = 0;
  let pos = 0;
  while (pos < src.length && n < 1000) {
    const nl = src.indexOf('\n', pos);
    const end = nl === -1 ? src.length : nl;
    let i = pos;
    while (i < end && src[i] === ' ') i++;
    const c = src[i];
    const d = src[i + 1];
    if (c === '#' && (d === '#' || d === ' ')) n += 2;
    else if ((c === '`' && src.startsWith('```', i)) || (c === '~' && src.startsWith('~~~', i))) n += 2;
    else if ((c === '-' || c === '*' || c === '+') && d === ' ') n += 1;
    else if (c === '>' && d === ' ') n += 1;
    else if (c === '|' && src.lastIndexOf('|', end - 1) > i) n += 1;
    pos = end + 1;
  }
  return n;
}

/** Text allowed before `\\documentclass` and after `\\end{document}` of a pasted document. */
const MAX_AROUND = 400;

/** How many backslashes are looked at: enough to decide, bounded on a wall of them. */
const MAX_COMMANDS = 5000;

export function looksLikeLatex(src: string): boolean {
  const firstBackslash = src.indexOf('\\');
  if (firstBackslash === -1) return false;
  // A whole document, alone or with a line or two around it (a chat's "Here is your document:"
  // and a fence); a tutorial quoting one among its own prose is weighed like any note.
  const begin = src.indexOf('\\begin{document}', firstBackslash);
  const klass = begin === -1 ? -1 : src.lastIndexOf('\\documentclass', begin);
  if (klass !== -1 && klass <= MAX_AROUND) {
    const end = src.indexOf('\\end{document}', begin);
    if (end === -1 || src.length - end <= MAX_AROUND) return true;
  }
  // One walk over the backslashes, each compared with the signals (Markdown notes have few).
  const counts = new Array<number>(SIGNALS.length).fill(0);
  let seen = 0;
  for (let at = firstBackslash; at !== -1 && seen < MAX_COMMANDS; at = src.indexOf('\\', at + 1), seen++) {
    const c = src[at + 1];
    if (c === undefined || c < 'a' || c > 'z') continue;
    for (let k = 0; k < SIGNALS.length; k++) {
      const needle = (SIGNALS[k] as readonly [string, number])[0];
      if (needle[1] === c && (counts[k] ?? 0) < CAP && src.startsWith(needle, at)) counts[k] = (counts[k] ?? 0) + 1;
    }
  }
  let own = 0;
  let kinds = 0;
  for (let k = 0; k < SIGNALS.length; k++) {
    const n = counts[k] ?? 0;
    if (n === 0) continue;
    own += n * (SIGNALS[k] as readonly [string, number])[1];
    kinds++;
  }
  if (own < 4 || kinds < 2) return false;
  const markdown = markdownLines(src) + count(src, '](') + count(src, '**');
  return own > markdown * 2;
}
