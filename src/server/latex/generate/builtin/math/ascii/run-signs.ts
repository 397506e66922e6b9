// Signs of math (or of none) that a run of tokens shows as a whole: a sum of fractions of numbers,
// a tolerance in brackets after a measure. Pure functions over the tokens the finder holds.
import type { Token } from './tokens.js';

const isOp = (tok: Token | undefined, op: string): boolean => tok !== undefined && tok.kind === 'op' && tok.text === op;

/** Two sums or more and a fraction of numbers among them ("1 + 1/2 + 1/4"), within tokens a..b. */
export function fractionSum(toks: readonly Token[], a: number, b: number): boolean {
  let plus = 0;
  let fraction = false;
  for (let k = a; k < b; k++) {
    const tok = toks[k] as Token;
    if (isOp(tok, '+')) plus++;
    if (isOp(tok, '/') && !tok.space && toks[k - 1]?.kind === 'num' && toks[k + 1]?.kind === 'num') fraction = true;
  }
  return plus >= 2 && fraction;
}

/** "(±0.5 g)", "(+/- 2 %)": the sign at k opens a bracket, a figure and at most a unit follow it, the bracket closes. */
export function tolerance(toks: readonly Token[], k: number): boolean {
  const [before, num, after, next] = [toks[k - 1], toks[k + 1], toks[k + 2], toks[k + 3]];
  if (before?.kind !== 'open' || num?.kind !== 'num') return false;
  return after?.kind === 'close' || ((after?.kind === 'unit' || (after?.kind === 'word' && after.text.length <= 3) || after?.text === '%') && next?.kind === 'close');
}
