// A letter with a star glued after it, "P* = 20", "x*", "at P > P*": the starred quantity of
// economics and optimisation (an equilibrium, an optimum), P^{*}, not a product waiting for its
// second factor.
import type { Token } from './tokens.js';

/** What may follow the star: nothing, a space, a relation, a bracket's end or punctuation. */
const AFTER = new Set(['=', '<', '>', '<=', '>=', '≈', '≠', '≤', '≥', ')', ']', ',', ';', '.', ':', '/']);

export function mergeStars(toks: Token[]): Token[] {
  if (!toks.some((t) => t.text === '*')) return toks;
  const out: Token[] = [];
  for (let k = 0; k < toks.length; k++) {
    const tok = toks[k] as Token;
    const star = toks[k + 1];
    const after = toks[k + 2];
    // (A capital alone in brackets beside others, "Maths (A*), Physics (A)", is a grade.)
    const alone = (j: number): boolean => /^[A-Z]$/.test(toks[j]?.text ?? '') && toks[j - 1]?.text === '(' && (toks[j + 1]?.text === ')' || (toks[j + 1]?.text === '*' && toks[j + 2]?.text === ')'));
    const grade = alone(k) && toks.some((t, j) => j !== k && t.text !== '*' && alone(j));
    const starred = tok.kind === 'word' && /^[A-Za-z]$/.test(tok.text) && star?.text === '*' && !star.space && (after === undefined || after.space || after.line || AFTER.has(after.text)) && !grade;
    if (!starred) {
      out.push(tok);
      continue;
    }
    out.push({ ...tok, kind: 'tex', text: `${tok.text}^{*}`, end: (star as Token).end });
    k++;
  }
  return out;
}
