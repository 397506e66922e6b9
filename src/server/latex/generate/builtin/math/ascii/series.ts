// A series typed in ASCII: "x̄ = (x1 + x2 + … + xn) / n = Σxi / n". Its terms are one letter with an
// index (x1, xn, xi), and a Σ glued to a term sums it. And a word that is a function's argument, sqrt(variance).
import { FUNCTIONS } from './lexicon.js';
import type { Token } from './tokens.js';

/**
 * "xi", "xn" in a formula that indexes the same letter with figures (x1, x_2) or holds a sum (Σxi, Σ(xi − x̄)²):
 * the letter and its index, x_i, not ξ or x·n.
 */
export function seriesTerm(toks: readonly Token[], k: number): boolean {
  const w = toks[k]?.text ?? '';
  if (toks[k]?.kind !== 'word' || !/^[a-z][ijkmn]$/.test(w)) return false;
  const summed = toks.some((t) => t.text === 'Σ' || t.text === '∑' || t.text === 'sum');
  const script = (j: number): boolean => toks[j]?.space === false && (toks[j]?.kind === 'num' || (toks[j]?.text === '_' && toks[j + 1]?.space === false));
  return summed || toks.some((t, j) => t.kind === 'word' && t.text === w[0] && script(j + 1));
}

/** A Σ glued to what it sums (Σxi, Σ(xi − x̄)²): the sum sign, not the letter sigma. */
export function sigmaSum(toks: readonly Token[], k: number): boolean {
  const next = toks[k + 1];
  return toks[k]?.text === 'Σ' && next !== undefined && !next.space && (next.kind === 'word' || next.kind === 'open' || next.kind === 'greek');
}

/** sqrt(variance), log(income): a word in lower case that is a function's whole argument, its brackets glued to it. */
export function wholeArgument(toks: readonly Token[], k: number): boolean {
  const [fn, open, tok, close] = [toks[k - 2], toks[k - 1], toks[k], toks[k + 1]];
  const call = fn?.kind === 'word' && (fn.text === 'sqrt' || FUNCTIONS.has(fn.text)) && open?.text === '(' && !open.space;
  return call && tok !== undefined && !tok.space && /^[a-z]{3,}$/.test(tok.text) && close?.text === ')' && !close.space;
}
