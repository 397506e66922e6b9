// What a run of tokens shows as a whole: a sum of fractions of numbers (math), a tolerance in
// brackets after a measure (text); and durations ("2h10m") cut out of a text as text.
import { emit } from './emit.js';
import { parseFormula } from './parse.js';
import type { TextOrMath } from './same-symbols.js';
import { tokenize, type Token } from './tokens.js';

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

/** A duration typed in hours and minutes ("2h10m", "1h30", "3h45min"): text, never h with an index. */
export const DURATION = /(?<![\w.])\d{1,3}h\d{1,2}(?:m(?:in)?)?(?![\w^_])/g;

/** A bracket of marks alone, "(!!)", "(?)", "(!?)": the writer's aside, text beside a formula, never part of it. */
export const ASIDE_MARKS = /\([!?]{1,4}\)/g;

/** An orbital's hybridisation ("sp3", "sp2", "sp3d2"): sp³, never s times p. */
export const HYBRID = /(?<![\p{L}\d])sp([23])(?:d(2)?)?(?![\p{L}\d^_])/gu;

export function hybridTex(m: string): TextOrMath {
  const [, p, d, n] = /^sp(\d)(d(\d)?)?$/.exec(m) ?? [];
  return { kind: 'math', tex: `\\mathrm{sp}^{${p ?? ''}}${d === undefined ? '' : `\\mathrm{d}${n === undefined ? '' : `^{${n}}`}`}`, source: m };
}

/** The text cut at every match of `pattern` (global), the matches kept as text (or as `keep` makes them) and the rest split by `split`; null when nothing matches. */
export function textAround(value: string, pattern: RegExp, split: (text: string) => TextOrMath[], keep = (m: string): TextOrMath => ({ kind: 'text', value: m })): TextOrMath[] | null {
  if (value.length > 20000) return null;
  const out: TextOrMath[] = [];
  let last = 0;
  for (const m of value.matchAll(pattern)) {
    out.push(...split(value.slice(last, m.index)), keep(m[0]));
    last = m.index + m[0].length;
  }
  return last > 0 ? [...out, ...split(value.slice(last))] : null;
}

/** Big-O and its kin, "O(log n)", "O(n log n)", "Θ(n^2)", "O(1)": one formula each, however plain its inside looks. */
export const BIG_O = /(?<![\p{L}\d])[OΘΩ]\([a-zA-Z\d ^*+·!/]{1,40}\)/gu;

/** The formula of a BIG_O match; text when its inside has a word no bound is written with. */
export function bigOTex(m: string): TextOrMath {
  const inner = m.slice(2, -1);
  const words = inner.match(/[a-zA-Z]+/g) ?? [];
  if (!words.every((w) => w.length <= 2 || ['log', 'ln', 'lg', 'sqrt', 'exp'].includes(w))) return { kind: 'text', value: m };
  return { kind: 'math', tex: `${m[0] === 'O' ? 'O' : m[0] === 'Θ' ? '\\Theta' : '\\Omega'}(${emit(parseFormula(tokenize(inner), { inline: true }))})`, source: m };
}

/** "3/4 = ?/12 = ?/20": a question mark glued to a fraction's bar stands for the figure to find, a figure of the formula. */
export function blankFigures(toks: Token[]): Token[] {
  if (!toks.some((t) => t.text === '?')) return toks;
  return toks.map((t, k) => {
    const [before, after] = [toks[k - 1], toks[k + 1]];
    const barred = (after?.text === '/' && !after.space && toks[k + 2]?.kind === 'num' && !(toks[k + 2] as Token).space) || (before?.text === '/' && !t.space && before.kind === 'op' && toks[k - 2]?.kind === 'num');
    return t.kind === 'punct' && t.text === '?' && barred ? { ...t, kind: 'num', tex: '?' } : t;
  });
}
