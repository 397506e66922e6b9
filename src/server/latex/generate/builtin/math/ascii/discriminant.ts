// "delta = b^2 - 4ac", "x = (-b ± sqrt(delta)) / 2a": a formula of a quadratic's coefficients
// names its discriminant "delta", and the discriminant is Δ (lower-case δ stays the letter
// elsewhere: "for every epsilon there is a delta").
import type { Token } from './tokens.js';

const word = (t: Token, ...texts: string[]): boolean => t.kind === 'word' && texts.includes(t.text);

/** The tokens with a discriminant's "delta" set as Δ. */
export function discriminantDelta(toks: Token[]): Token[] {
  if (!toks.some((t) => word(t, 'delta'))) return toks;
  const quadratic = toks.some((t) => word(t, 'b')) && toks.some((t) => word(t, 'a', 'ac'));
  return quadratic ? toks.map((t) => (word(t, 'delta') ? { ...t, kind: 'tex' as const, text: '\\Delta' } : t)) : toks;
}
