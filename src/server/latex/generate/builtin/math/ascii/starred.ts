// A letter with a star glued after it, "P* = 20", "x*", "at P > P*": the starred quantity of
// economics and optimisation (an equilibrium, an optimum), P^{*}, not a product waiting for its
// second factor.
import type { Token } from './tokens.js';

/** What may follow the star: nothing, a space, a relation, a bracket's end or punctuation. */
const AFTER = new Set(['=', '<', '>', '<=', '>=', '≈', '≠', '≤', '≥', ')', ']', ',', ';', '.', ':', '/']);

/**
 * "A*AA", "A*A*B", "predicted A*AB": grades typed together, glued letters A to E with a star
 * and a letter repeated or doubled (A*B*C stays a product): text, never a formula. Returns the
 * index after the run, or `k` when there is none.
 */
function gradesEnd(toks: Token[], k: number): number {
  let j = k;
  const letters: string[] = [];
  for (; j < toks.length; j++) {
    const t = toks[j] as Token;
    if (j > k && t.space) break;
    if (t.kind === 'word' && /^[A-E]+$/.test(t.text)) letters.push(...t.text);
    else if (t.text !== '*') break;
  }
  const run = toks.slice(k, j);
  const stars = run.filter((t) => t.text === '*').length;
  const after = toks[j];
  if (stars === 0 || letters.length < 3 || new Set(letters).size === letters.length || (after && !after.space && after.kind !== 'punct' && after.kind !== 'close')) return k;
  return run[0]?.kind === 'word' ? j : k;
}

export function mergeStars(toks: Token[]): Token[] {
  if (!toks.some((t) => t.text === '*')) return toks;
  const out: Token[] = [];
  for (let k = 0; k < toks.length; k++) {
    const tok = toks[k] as Token;
    const grades = tok.space || k === 0 ? gradesEnd(toks, k) : k;
    if (grades > k) {
      out.push({ ...tok, kind: 'other', text: toks.slice(k, grades).map((t) => t.text).join(''), end: (toks[grades - 1] as Token).end });
      k = grades - 1;
      continue;
    }
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
