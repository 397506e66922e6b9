// A document that looks for auxiliary files a previous compile may have left, for the isolation
// tests of kept files: it prints what it found, so a leak shows up in the PDF text.

/**
 * Reads every kept name it can (\IfFileExists, \openin, \InputIfFileExists, a line-by-line dump of
 * main.aux before LaTeX replaces it) and prints what it found.
 */
export const READER = String.raw`\documentclass{article}
\usepackage[T1]{fontenc}
\usepackage{lmodern}
\newread\probe
\def\found{}
\def\dump#1{\openin\probe=#1 \ifeof\probe\xdef\found{\found[#1 unreadable]}\else
  \xdef\found{\found[#1 read:}{\endlinechar=-1 \loop\unless\ifeof\probe\readline\probe to\got\xdef\found{\found\got}\repeat}\xdef\found{\found]}\fi
  \closein\probe}
\IfFileExists{main.aux}{\def\auxstate{aux present}}{\def\auxstate{aux absent}}
\dump{main.aux}\dump{main.toc}\dump{main.out}\dump{main.nav}
\begin{document}
\auxstate. \IfFileExists{main.toc}{toc present}{toc absent}. \IfFileExists{main.lof}{lof present}{lof absent}.
\texttt{\detokenize\expandafter{\found}}
\InputIfFileExists{main.toc}{}{}
\end{document}
`;
