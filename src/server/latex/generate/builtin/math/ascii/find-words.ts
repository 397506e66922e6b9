// The words and neighbours that tie a token to a formula in running text (find.ts): variable
// products typed as two letters, the neighbours of a name, a concentration glued to its formula.
import { BIG_OPERATORS, CODE_OPERATORS, FUNCTIONS, GREEK, OPERATOR_NAMES, SHORT_WORDS } from './lexicon.js';
import type { Token } from './tokens.js';

/** The articles of a sentence: "a", "A", "I" are no variables at a formula's ends. */
export const ARTICLES = new Set(['a', 'A', 'I']);

/** "-log[H+]", "([A-]/[HA])": a concentration glued to a function, a bracket or an operator is read with its formula. */
export function inFormula(value: string, c: { start: number; end: number }): boolean {
  return /[\p{L}(/*^]\[$/u.test(value.slice(Math.max(0, c.start - 2), c.start)) || /^\][/*^)_\d]/.test(value.slice(c.end, c.end + 2));
}

/** Two-letter words typed as products of variables (ma, mc, kx, dt, dN); not English, not acronyms. */
export function variablePair(w: string): boolean {
  const first = w[0] as string;
  return w.length === 2 && first >= 'a' && first <= 'z' && !SHORT_WORDS.has(w) && !SHORT_WORDS.has(w.toLowerCase());
}

/** Whether a neighbour ties a name to a formula: an operator, a number, a bracket, a letter. */
export function mathNeighbour(tok: Token | undefined): boolean {
  if (!tok) return false;
  switch (tok.kind) {
    case 'num':
    case 'unit':
    case 'tex':
    case 'greek':
    case 'open':
    case 'close':
    case 'bar':
      return true;
    case 'op':
      return !CODE_OPERATORS.has(tok.text);
    case 'sym':
      return tok.text !== '...';
    case 'word':
      // "cos theta": a function's name ties its argument to the formula.
      return (tok.text.length === 1 && !ARTICLES.has(tok.text)) || GREEK.has(tok.text) || FUNCTIONS.has(tok.text);
    default:
      return false;
  }
}


/**
 * y, o, e, i, u spaced before a word of prose ("+ sqrt(x) y evaluarla", "sin(u)/u o se puede", "9,8 m/s^2 i mieści")
 * or an elided article ("e l'intonaco"): a sentence's "and" and "or", not a variable.
 */
export function conjunctionBeforeWords(tok: Token, next: Token | undefined, afterNext: Token | undefined): boolean {
  if (!/^[yoeiu]$/.test(tok.text) || !tok.space || next?.space !== true) return false;
  const elided = next.kind === 'word' && /^\p{Ll}{1,4}$/u.test(next.text) && afterNext !== undefined && !afterNext.space && /^['’]$/.test(afterNext.text);
  if (elided) return true;
  if ((next.kind !== 'word' && next.kind !== 'uword') || next.text.length < 2 || !/^\p{Ll}+$/u.test(next.text)) return false;
  return SHORT_WORDS.has(next.text) || (next.text.length >= 3 && !FUNCTIONS.has(next.text) && !GREEK.has(next.text) && !OPERATOR_NAMES.has(next.text) && BIG_OPERATORS[next.text] === undefined && next.text !== 'sqrt');
}
