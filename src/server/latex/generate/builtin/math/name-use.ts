// How a command name in a note's math is written into the document, decided by what LaTeX and
// KaTeX define (no name is ever given a meaning neither of them has):
// - itself: LaTeX (with the preamble's packages) and KaTeX both define it (\lessgtr, \nleqslant);
// - define: only KaTeX does (\infin, \R, \ket): the document defines it with KaTeX's meaning;
// - text: a text command LaTeX has and KaTeX takes in math (\TeX, \copyright): set in \text{…};
// - written: nothing defines it (\E, \Var): shown as the note wrote it, backslash and all.
import type { KatexMeaning } from './katex-meaning.js';
import { LATEX_DEFINED } from './latex-names.js';
import { SAFE_MATH_COMMANDS, TEXT_ONLY_NAMES } from './math-commands.js';

export type NameUse = 'itself' | 'define' | 'text' | 'written';

export function nameUse(name: string, katex: (name: string) => KatexMeaning): NameUse {
  if (SAFE_MATH_COMMANDS.has(name)) return 'itself';
  const meaning = katex(name);
  if (meaning.kind === 'none') return 'written';
  if (TEXT_ONLY_NAMES.has(name)) return (meaning.kind === 'macro' ? meaning.params : meaning.args) === 0 ? 'text' : 'written';
  if (LATEX_DEFINED.has(name)) return 'itself';
  return meaning.kind === 'macro' || meaning.prints !== undefined ? 'define' : 'written';
}

/** A name shown as the note wrote it: the backslash and the name, in type (braced: `x_\E` stays a subscript). */
export function writtenName(name: string): string {
  return `{\\texttt{\\textbackslash ${name}}}`;
}
