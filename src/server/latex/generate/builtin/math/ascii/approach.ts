// What a limit approaches, typed after "lim" without a subscript: "x -> 0", "n->inf", "h → -2",
// and from one side, "x->a-", "x->0+" (the sign glued to where x goes, nothing glued after it).
import { ADDITIVE, INFINITY } from './lexicon.js';
import type { Token } from './tokens.js';

/** Whether the tokens from `peek(0)` on are a variable, an arrow and where it goes. */
export function approachAhead(peek: (k: number) => Token | undefined): boolean {
  const [v, arrow, third] = [peek(0), peek(1), peek(2)];
  if (!v || !arrow || !(v.kind === 'greek' || (v.kind === 'word' && v.text.length === 1))) return false;
  if (arrow.kind !== 'op' || (arrow.text !== '->' && arrow.text !== '→')) return false;
  const target = peek(third?.kind === 'op' && ADDITIVE[third.text] !== undefined ? 3 : 2);
  return target !== undefined && (target.kind === 'num' || target.kind === 'greek' || (target.kind === 'word' && (target.text.length === 1 || INFINITY.has(target.text))) || target.text === '∞');
}

/** The side ("-" or "+") a limit is taken from, when `side` is its sign; null otherwise. */
export function oneSide(side: Token | undefined, after: Token | undefined): string | null {
  if (side?.kind !== 'op' || (side.text !== '-' && side.text !== '+') || side.space) return null;
  return !after || after.space || after.kind === 'punct' || after.kind === 'close' ? side.text : null;
}

/** "lim (x->0) sin(3x)/x": the approach typed in brackets after "lim" is its subscript, as in "lim_(x->0)". */
export function subscriptApproaches(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (const [k, tok] of tokens.entries()) {
    const open = tokens[k + 1];
    out.push(tok);
    if (tok.kind !== 'word' || tok.text !== 'lim' || open?.kind !== 'open' || open.text !== '(' || !approachAhead((j) => tokens[k + 2 + j])) continue;
    out.push({ kind: 'op', text: '_', start: tok.end, end: tok.end, space: false, line: false });
  }
  return out;
}
