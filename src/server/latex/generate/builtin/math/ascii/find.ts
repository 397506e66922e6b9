// Where a formula starts and ends in running text, by rules that can be stated and tested:
//
// 1. Tokens that may stand in a formula: numbers, unit expressions after a number, one-letter
//    words, Greek letters, operators, brackets and math symbols; and, only when they touch the
//    formula, function names (sin x, log(n)), spelled-out Greek names (alpha = 0.05, but not "the
//    alpha particle"), two-letter variable products (F = ma, mc^2, dN/dt), words before a
//    bracket (Var(X)) and words in a script (v_max). Any other word, sentence punctuation, a
//    line break, code operators (==, +=, &&, ++), dates, versions and times end a formula.
// 2. A run of such tokens is cut where its brackets do not match, and loses operators and the
//    articles "a", "A", "I" at its ends.
// 3. The run is a formula only if it holds a sign of math: ^ or _ on an operand, a relation between operands (a = b,
//    x <= 3, A -> B), ± , + or * next to a letter, sqrt or a function call, a compound unit (m/s^2), or a math symbol
//    (∞, ∑, x²). Fractions alone (1/2, a/b, and/or, 24/7) are not: in prose they are ratios, dates and alternatives.
// A formula found this way is parsed whole (parse.ts), so it becomes one math span.
import { chemistrySpans, mergeChemistry } from './chemistry.js';
import { emit } from './emit.js';
import { BIG_OPERATORS, CODE_OPERATORS, FUNCTIONS, GREEK, GREEK_ALIASES, INFINITY, INTEGRAL_WORD, LABEL_WORDS, SPELLED_INTEGRAL, OPERATOR_NAMES, P_FUNCTION, RELATIONS, accentWord, greekPrefix, indexWord, indexedQuantity } from './lexicon.js';
import { parseFormula } from './parse.js';
import { markProse, mergeTexCommands } from './prose.js';
import { scriptRun, tokenize, usesDecimalComma, type Token } from './tokens.js';
import { compoundUnit, mergeUnits } from './units.js';
import { ASIDE_MARKS, BIG_O, bigOTex, blankFigures, DURATION, fractionSum, HYBRID, hybridTex, textAround, tolerance } from './run-signs.js';
import { sameSymbols, type TextOrMath } from './same-symbols.js';
import { labelledFormulas } from './labelled.js';
import { mergeMatrices } from './matrices.js';
import { mergeStars } from './starred.js';
import { ARTICLES, conjunctionBeforeWords, inFormula, mathNeighbour, variablePair } from './find-words.js';
import { wholeArgument } from './series.js';
export type { TextOrMath };

/** Formulas longer than this stay text (no formula in running text is this long). */
const MAX_FORMULA_TOKENS = 120;

/** A text without any of these holds no formula (most paragraphs): no tokenizing needed. */
const MAY_HOLD = /[\^_=<>+*/±×·√∞∑∏∫∂∇≤≥≠≈≡∼→⇒⇔∈⊂⊆²³¹⁰⁴⁵⁶⁷⁸⁹⁻₀₁₂₃₄₅₆₇₈₉]|[A-Za-z]\(|\d ?(?:[kdcmµμn]?m|ft)[23](?![A-Za-z0-9])|[a-z]{2}\d|\s-\s/;

const TRIGGER_SYMBOLS = new Set(['∞', '∂', '∇', '√', '∑', '∏', '∫']);

const glued = (tok: Token | undefined): boolean => tok !== undefined && !tok.space;
const greekish = (tok: Token | undefined): boolean => tok !== undefined && (tok.kind === 'greek' || (tok.kind === 'word' && GREEK.has(tok.text)));
const isOp = (tok: Token | undefined, ...ops: string[]): boolean => tok !== undefined && tok.kind === 'op' && ops.includes(tok.text);

/** An integral's differential (dx, dt) set apart from the integrand it closes. */
function withDifferentials(toks: Token[]): Token[] {
  if (!toks.some((t) => t.text === 'int' || t.text === '∫')) return toks;
  return toks.map((t) => (t.kind === 'word' && t.space && /^d[a-zA-Z]$/.test(t.text) ? { ...t, kind: 'tex', text: `\\,${t.text}` } : t));
}

class Finder {
  private readonly toks: Token[];
  /** Tokens that belong to something else than a formula (see markProse). */
  private readonly prose: Uint8Array;
  constructor(value: string) {
    // (-log[H+], log([A-]/[HA]): a concentration's species inside a formula is part of it.)
    const toks = blankFigures(mergeStars(mergeMatrices(tokenize(value, usesDecimalComma(value)), value)));
    this.toks = mergeTexCommands(mergeUnits(value.includes('[') ? mergeChemistry(toks, value, (c) => c.concentration === true) : toks), value);
    this.prose = markProse(this.toks);
  }

  private at(k: number): Token | undefined {
    return this.toks[k];
  }

  /** The neighbours of token k on its line. */
  private neighbours(k: number): [Token | undefined, Token | undefined] {
    const tok = this.toks[k] as Token;
    const prev = tok.line ? undefined : this.toks[k - 1];
    const next = this.toks[k + 1];
    return [prev, next && !next.line ? next : undefined];
  }

  private touchesFormula(k: number): boolean {
    const [prev, next] = this.neighbours(k);
    return mathNeighbour(prev) || mathNeighbour(next);
  }

  private wordJoins(k: number): boolean {
    const tok = this.toks[k] as Token;
    const w = tok.text;
    const next = this.at(k + 1);
    const prev = this.at(k - 1);
    // "+ sqrt(x) y evaluarla", "sin(u)/u o se puede", "e l'intonaco", "i mieści": y, o, e, i, u as a sentence's "and" and "or" before its words.
    if (conjunctionBeforeWords(tok, next, this.at(k + 2))) return false;
    // /home/pi/station: a path's segment, whatever word it is.
    if (glued(tok) && isOp(prev, '/') && isOp(next, '/') && glued(next)) return false;
    // $4.50M, €3k: the size of an amount.
    if (glued(tok) && prev?.kind === 'num' && this.money(k - 1)) return false;
    // it's, don't: a letter after an apostrophe ends a word.
    // "entre 30 e 60 m³", "2 y 3": "and" between spaced figures, in the languages that spell it with one letter.
    if (w.length === 1) return !(glued(tok) && prev?.kind === 'punct' && (prev.text === "'" || prev.text === '’')) && !(/^[eyiu]$/.test(w) && tok.space && prev?.kind === 'num' && next?.kind === 'num' && next.space);
    // v_max, E_kin, e^ix: a word in a script of a one-letter base.
    if (glued(tok) && isOp(prev, '_', '^') && glued(prev)) {
      const base = this.at(k - 2);
      if (base && !(base.kind === 'word' && FUNCTIONS.has(base.text) && /^[a-z]{3,}$/.test(w)) && (base.kind === 'close' || base.kind === 'greek' || (base.kind === 'word' && (base.text.length === 1 || /^[A-Z]{2,5}$/.test(base.text) || /^d[A-Za-z]$/.test(base.text) || GREEK.has(base.text) || FUNCTIONS.has(base.text) || BIG_OPERATORS[base.text] !== undefined)))) {
        return !(isOp(next, '_') && glued(next));
      }
    }
    const call = glued(next) && next?.kind === 'open' && next.text === '(';
    const scripted = glued(next) && isOp(next, '_', '^');
    if (w === 'sqrt') return call || (glued(next) && next?.kind === 'num');
    // sqrt( sum (x_i - …: a sum inside a formula, its argument after it.
    // sum_digits: a name in code, not a sum.
    const identifier = isOp(next, '_') && glued(next) && this.at(k + 2)?.kind === 'word' && ((this.at(k + 2) as Token).text.length >= 3) && glued(this.at(k + 2));
    if (BIG_OPERATORS[w] !== undefined) return (scripted && !identifier) || (w === 'int' && this.differentialAhead(k)) || (prev !== undefined && !prev.line && (prev.kind === 'open' || (prev.kind === 'op' && !CODE_OPERATORS.has(prev.text))) && next !== undefined && next.kind === 'open');
    if ((FUNCTIONS.has(w) || OPERATOR_NAMES.has(w)) && !identifier) {
      // ln[A], -log[H+]: a function of a concentration.
      if (glued(next) && next?.kind === 'open' && next.text === '[') return true;
      if (call || scripted || (glued(next) && next?.kind === 'num')) return true;
      return next !== undefined && !next.line && (next.kind === 'num' || next.kind === 'greek' || (next.kind === 'word' && (next.text.length === 1 || GREEK.has(next.text))));
    }
    if (GREEK.has(w) || Object.hasOwn(GREEK_ALIASES, w) || INFINITY.has(w) || greekPrefix(w) !== undefined || accentWord(w) !== undefined || P_FUNCTION.test(w)) return this.touchesFormula(k);
    // Cp - Cv = R, nRT: a quantity with its index, a product of variables.
    if (variablePair(w) || indexedQuantity(w) || indexWord(w) || /^[a-z][A-Z]{1,3}$/.test(w)) return this.touchesFormula(k);
    // MSE = …, sqrt(MSE), CF_t: a quantity named by its initials, as the left side, an argument or indexed.
    // sqrt(3RT/M), e^(-Ea/RT), d = PM/RT: a product of quantities glued to its factor or its fraction bar, inside a formula.
    if (/^[A-Z]{2,3}$/.test(w) && ((glued(tok) && isOp(prev, '/', '*')) || (isOp(next, '/') && glued(next) && this.at(k + 2)?.kind === 'word' && glued(this.at(k + 2)) && isOp(prev, '=')) || (glued(tok) && prev?.kind === 'num' && ['open', 'op'].includes(this.at(k - 2)?.kind ?? '')))) return true;
    if (/^[A-Z]{2,5}$/.test(w)) return (isOp(next, '=', '<', '>', '<=', '>=', '≈', '≤', '≥', '-', '+') && !next?.line) || (isOp(prev, '-', '+') && !tok.line) || (isOp(next, '_') && glued(next)) || (prev?.kind === 'open' && glued(tok) && next?.kind === 'close' && glued(next));
    // Tc/Th: quantities with an index in a ratio, though they spell elements too.
    if (/^[A-Z][a-z]$/.test(w) && ((isOp(next, '/') && glued(next)) || (isOp(prev, '/') && glued(prev)))) return this.touchesFormula(k);
    if (wholeArgument(this.toks, k)) return true;
    // Var(X), softmax(z): a name called like a function.
    return call && w.length >= 3 && /[a-z]/.test(w);
  }

  /** "so int x^2 e^x dx = …": a differential (dx, dt) ahead on the line closes a spelled integral. */
  private differentialAhead(k: number): boolean {
    for (let j = k + 1; j < Math.min(this.toks.length, k + 40); j++) {
      const t = this.toks[j] as Token;
      if (t.line || t.kind === 'punct') return false;
      if (t.kind === 'word' && /^d[a-zA-Z]$/.test(t.text) && t.space) return true;
    }
    return false;
  }

  /** Whether token k may stand in a formula. */
  private joins(k: number): boolean {
    if (this.prose[k] === 1) return false;
    const tok = this.toks[k] as Token;
    const prev = this.at(k - 1);
    const next = this.at(k + 1);
    switch (tok.kind) {
      case 'num':
        return this.numberJoins(k);
      case 'word':
        if (this.labelAt(k)) return false;
        // "150 panels x 400 W": a spaced x between a noun and a figure is a times sign in the sentence.
        if (tok.text === 'x' && tok.space && prev?.kind === 'word' && prev.text.length >= 3 && next?.kind === 'num' && next.space) return false;
        return this.wordJoins(k);
      case 'unit':
      case 'tex':
      case 'greek':
      case 'open':
      case 'close':
      case 'bar':
      case 'sym':
        return true;
      case 'op':
        // "trials 1-3": a range of whole numbers after a word, not a difference.
        if (this.rangeAt(k)) return false;
        // A slash closing a word, before a space, abbreviates it ("compare w/ 9.81", "and/ or"): no fraction.
        if (tok.text === '/' && glued(tok) && prev?.kind === 'word' && next !== undefined && !glued(next)) return false;
        return !CODE_OPERATORS.has(tok.text);
      case 'punct':
        if (tok.text === ',') return true;
        // A prime (f'(x), y' = 2x, f''(x)), not an apostrophe (x's).
        return tok.text === "'" && glued(tok) && prev !== undefined && (prev.kind === 'word' || prev.kind === 'close' || (prev.kind === 'punct' && prev.text === "'")) && !(glued(next) && next?.kind === 'word');
      default:
        return false;
    }
  }

  /** "Ex 4.2 1.96 * …", "Ex 4.1 SE = 10": a figure, then a space and another figure or a name in capitals, is where one formula ends and the next starts. */
  private breaksBefore(k: number): boolean {
    const tok = this.toks[k] as Token;
    const prev = this.at(k - 1);
    return tok.space && prev?.kind === 'num' && (tok.kind === 'num' || (tok.kind === 'word' && /^[A-Z]{2,5}$/.test(tok.text)));
  }

  /** "$4.50M", "€12k": an amount of money (its number, and the letter of its size glued to it), no formula. */
  private money(k: number): boolean {
    const tok = this.at(k);
    const prev = this.at(k - 1);
    return tok !== undefined && glued(tok) && prev !== undefined && /^[$€£¥]$/.test(prev.text);
  }

  /** Whether the hyphen at k joins a range of whole numbers after a word ("trials 1-3", "pages 10-12"). */
  private rangeAt(k: number): boolean {
    const [tok, prev, next, word] = [this.at(k), this.at(k - 1), this.at(k + 1), this.at(k - 2)];
    if (!isOp(tok, '-') || !glued(tok) || prev?.kind !== 'num' || next?.kind !== 'num' || !glued(next)) return false;
    return /^\d+$/.test(prev.text) && /^\d+$/.test(next.text) && Number(next.text) > Number(prev.text) && word?.kind === 'word' && word.text.length >= 3;
  }

  /** Dates (2024/05/01), versions and addresses (1.2.3), times and ratios (10:30, 3:1), ordinals (2nd). */
  private numberJoins(k: number): boolean {
    const next = this.at(k + 1);
    const prev = this.at(k - 1);
    const tok = this.toks[k] as Token;
    if (glued(next) && next && (next.text === ':' || next.text === '.') && glued(this.at(k + 2)) && this.at(k + 2)?.kind === 'num') return false;
    if (glued(tok) && prev && (prev.text === ':' || prev.text === '.') && this.at(k - 2)?.kind === 'num') return false;
    // "sample B7", "well C3": a name of a thing by a letter and its number, not an indexed quantity.
    if (glued(tok) && this.labelAt(k - 1)) return false;
    // v2, V3: a version, unless an operator stands beside it (V2 > V1, ln(V2/V1)).
    // (v0y, v0x: an index with its axis; "2 v0": a coefficient's quantity.)
    const quantity = (next?.kind === 'word' && glued(next) && next.text.length === 1) || this.at(k - 2)?.kind === 'num';
    if (glued(tok) && prev?.kind === 'word' && (prev.text === 'v' || prev.text === 'V') && !this.betweenOperators(k) && !quantity) return false;
    if (glued(next) && next?.kind === 'word' && next.text.length > 1 && !this.wordJoins(k + 1)) return false;
    if (this.dateAt(k) || this.rangeAt(k + 1) || this.rangeAt(k - 1) || this.money(k)) return false;
    return true;
  }

  /** "sample B7", "Probe C3", "well A12": a capital letter with a number glued to it, after a word that names such things. */
  private labelAt(k: number): boolean {
    const [before, tok, num] = [this.at(k - 1), this.at(k), this.at(k + 1)];
    return tok?.kind === 'word' && /^[A-Z]$/.test(tok.text) && tok.space && num?.kind === 'num' && glued(num) && /^\d{1,3}$/.test(num.text) && before?.kind === 'word' && LABEL_WORDS.test(before.text);
  }

  /** Whether an operator or a bracket stands before the name of number k or after the number. */
  private betweenOperators(k: number): boolean {
    const before = this.at(k - 2);
    const after = this.at(k + 1);
    const tie = (t: Token | undefined) => t !== undefined && !t.line && (t.kind === 'op' || t.kind === 'open' || t.kind === 'close') && !CODE_OPERATORS.has(t.text);
    return tie(before) || (tie(after) && !(after?.kind === 'close' && !glued(after)));
  }

  private dateAt(k: number): boolean {
    // n/n/n or n-n-n with no spaces, k being any of the three numbers.
    for (let s = k - 4; s <= k; s += 2) {
      if (s < 0) continue;
      const a = this.at(s);
      const b = this.at(s + 1);
      const c = this.at(s + 2);
      const d = this.at(s + 3);
      const e = this.at(s + 4);
      if (a?.kind === 'num' && c?.kind === 'num' && e?.kind === 'num' && b && d && b.text === d.text && (b.text === '/' || b.text === '-') && [b, c, d, e].every((t) => !t.space)) return true;
    }
    return false;
  }

  /** Maximal runs of joining tokens on one line. */
  private runs(): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    let start = -1;
    const close = (end: number): void => {
      if (start >= 0) out.push(...this.commaPieces(start, end));
      start = -1;
    };
    this.toks.forEach((tok, k) => {
      if (tok.line || this.breaksBefore(k)) close(k);
      if (!this.joins(k)) {
        close(k);
        return;
      }
      if (start < 0) start = k;
    });
    close(this.toks.length);
    return out;
  }

  /** Commas outside brackets end a formula, unless the run is a sequence with an ellipsis (x_1, ..., x_n). */
  private commaPieces(a: number, b: number): Array<[number, number]> {
    let ellipsis = false;
    for (let k = a; k < b && !ellipsis; k++) ellipsis = this.toks[k]?.text === '...' || this.toks[k]?.text === '…';
    if (ellipsis) return [[a, b]];
    const out: Array<[number, number]> = [];
    let depth = 0;
    let s = a;
    for (let k = a; k < b; k++) {
      const tok = this.toks[k] as Token;
      if (tok.kind === 'open') depth++;
      else if (tok.kind === 'close') depth = Math.max(0, depth - 1);
      else if (depth === 0 && tok.kind === 'punct' && tok.text === ',') {
        if (k > s) out.push([s, k]);
        s = k + 1;
      }
    }
    if (b > s) out.push([s, b]);
    return out;
  }

  /** A run cut where its brackets do not match. */
  private balanced([a, b]: [number, number]): Array<[number, number]> {
    const bad = new Set<number>();
    const stack: number[] = [];
    const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
    for (let k = a; k < b; k++) {
      const tok = this.toks[k] as Token;
      if (tok.kind === 'open') stack.push(k);
      else if (tok.kind === 'close') {
        const top = stack[stack.length - 1];
        if (top !== undefined && this.toks[top]?.text === pairs[tok.text]) stack.pop();
        else bad.add(k);
      }
    }
    for (const k of stack) bad.add(k);
    if (bad.size === 0) return [[a, b]];
    const out: Array<[number, number]> = [];
    let s = a;
    for (let k = a; k <= b; k++) {
      if (k === b || bad.has(k)) {
        if (k > s) out.push([s, k]);
        s = k + 1;
      }
    }
    return out;
  }

  /** Operators, commas and articles off the ends of a run. */
  private trim([a, b]: [number, number]): [number, number] {
    for (let changed = true; changed && a < b; ) {
      changed = false;
      const first = this.toks[a] as Token;
      const second = this.toks[a + 1];
      const lead =
        (first.kind === 'op' && !(isOp(first, '-', '+', '±', '+-', '√', '∑', '∫', '∏', '~') && glued(second)) && !(isOp(first, '±', '+-') && second?.kind === 'num')) ||
        first.kind === 'punct' ||
        (first.kind === 'sym' && (first.text === '%' || first.text === '°')) ||
        // ("A v = λ v": a matrix times a vector, not an article before a letter.)
        (first.kind === 'word' && ARTICLES.has(first.text) && second !== undefined && second.space && second.kind !== 'op' && !(second.kind === 'word' && second.text.length === 1 && this.toks[a + 2]?.kind === 'op' && RELATIONS[this.toks[a + 2]!.text] !== undefined));
      if (lead) {
        a++;
        changed = true;
        continue;
      }
      if (a >= b) break;
      const last = this.toks[b - 1] as Token;
      const before = this.toks[b - 2];
      const trail =
        // ("f(a)!!": a run of exclamation marks is the sentence's, not a factorial.)
        // ("lim x->a-": a one-sided limit's sign, glued to where x goes, is the formula's.)
        (last.kind === 'op' && !(last.text === '!' && glued(last) && before?.text !== '!' && this.toks[b]?.text !== '!') && !((last.text === '-' || last.text === '+') && glued(last) && ['->', '→'].includes(this.toks[b - 3]?.text ?? ''))) ||
        (last.kind === 'punct' && last.text !== "'") ||
        (last.kind === 'word' && ARTICLES.has(last.text) && last.space && b - 1 > a && before?.kind !== 'op') ||
        // ("y = sqrt(var)" cut before its bracket: a function without its argument is no formula's.)
        (last.kind === 'word' && (last.text === 'sqrt' || FUNCTIONS.has(last.text)) && this.toks[b]?.kind === 'open' && glued(this.toks[b]));
      if (trail) {
        b--;
        changed = true;
      }
    }
    return [a, b];
  }

  private operandEnd(tok: Token | undefined): boolean {
    if (!tok) return false;
    return ['num', 'unit', 'tex', 'word', 'greek', 'close', 'bar', 'sym'].includes(tok.kind) || (tok.kind === 'op' && tok.text === '!') || (tok.kind === 'punct' && tok.text === "'");
  }

  private operandStart(k: number, b: number): boolean {
    const tok = this.toks[k];
    if (!tok || k >= b) return false;
    if (['num', 'unit', 'tex', 'word', 'greek', 'open', 'bar'].includes(tok.kind)) return true;
    if (tok.kind === 'sym') return tok.text !== '%' && tok.text !== '°';
    if (isOp(tok, '√', '∑', '∫', '∏')) return true;
    return isOp(tok, '-', '+', '±', '+-') && this.operandStart(k + 1, b);
  }

  private letter(tok: Token | undefined): boolean {
    return tok !== undefined && (tok.kind === 'greek' || tok.kind === 'tex' || (tok.kind === 'word' && (tok.text.length === 1 || GREEK.has(tok.text) || variablePair(tok.text))));
  }

  /** Whether the run holds a sign of math (rule 3). */
  private letterCall(k: number, b: number): boolean {
    const [name, open, arg, close] = [this.toks[k], this.toks[k + 1], this.toks[k + 2], this.toks[k + 3]];
    if (k + 3 >= b || !name || name.kind !== 'word' || name.text.length !== 1 || ARTICLES.has(name.text)) return false;
    // "o(a) parceiro(a)": the Portuguese and Spanish article with its feminine ending, not little-o of a.
    if ((name.text === 'o' || name.text === 'O') && arg?.text === 'a') return false;
    const letterArg = arg !== undefined && (arg.kind === 'greek' || (arg.kind === 'word' && (arg.text.length === 1 || GREEK.has(arg.text))));
    return open?.text === '(' && glued(open) && letterArg && close !== undefined && (close.text === ')' || close.text === '_' || close.text === ',');
  }

  private figuresArrow(tok: Token, a: number, b: number): boolean {
    // (Durations too: "2h 40m → 1h 55m".)
    return ['->', '→', '=>', '⇒', '-->', '⟶'].includes(tok.text) && this.toks.slice(a, b).every((t) => t.kind === 'num' || t.kind === 'unit' || t.text === '%' || t === tok || t.text === ',' || (t.kind === 'word' && !t.space && /^(?:h|min|s|d|ms|wk)$/.test(t.text)));
  }

  private triggered(a: number, b: number): boolean {
    for (let k = a; k < b; k++) {
      const tok = this.toks[k] as Token;
      const prev = k > a ? this.toks[k - 1] : undefined;
      const hasNext = k + 1 < b;
      switch (tok.kind) {
        case 'op':
          if (tok.text === '^' && this.operandEnd(prev) && this.operandStart(k + 1, b)) return true;
          // x**2, not the bold markers of "**22.2** A".
          if (tok.text === '**' && glued(tok) && glued(this.toks[k + 1]) && this.operandEnd(prev) && this.operandStart(k + 1, b)) return true;
          if (tok.text === '_' && prev && hasNext && ((prev.kind === 'close' && prev.text !== '}') || this.letter(prev) || (prev.kind === 'word' && (FUNCTIONS.has(prev.text) || OPERATOR_NAMES.has(prev.text) || BIG_OPERATORS[prev.text] !== undefined)))) return true;
          // ~ alone is not a sign of math (~5 min, ~/home): it joins formulas found otherwise.
          // (An arrow between figures only, "15.5% → 35.5%", "2019 -> 2024", is a change told in the sentence.)
          if (RELATIONS[tok.text] !== undefined && tok.text !== '~' && this.operandEnd(prev) && this.operandStart(k + 1, b) && !this.figuresArrow(tok, a, b)) return true;
          // (A tolerance in brackets after a measure, "300 g (±0.5 g)", is text: ± is a sign of text too.)
          if (['+-', '+/-', '±', '∓', '√', '∑', '∫', '∏'].includes(tok.text) && hasNext && !tolerance(this.toks, k)) return true;
          if (['+', '*', '×', '·', '⋅'].includes(tok.text) && this.operandEnd(prev) && this.operandStart(k + 1, b) && (this.letter(prev) || this.letter(this.toks[k + 1]))) return true;
          // 1 - beta: a spaced minus beside a Greek letter.
          if (tok.text === '-' && tok.space && this.toks[k + 1]?.space && this.operandEnd(prev) && this.operandStart(k + 1, b) && (greekish(prev) || greekish(this.toks[k + 1]))) return true;
          // 1 + 1/2 + 1/4 + …: a sum of fractions.
          if (tok.text === '+' && fractionSum(this.toks, a, b)) return true;
          break;
        case 'word':
          // pi/2, 2pi: a spelled Greek letter in an operation.
          // theta0, alpha1: one with its index's figure.
          if (GREEK.has(tok.text) && ((isOp(prev, '/', '*', '^') && glued(prev)) || (isOp(this.toks[k + 1], '/', '*', '^') && glued(this.toks[k + 1])) || (prev?.kind === 'num' && glued(tok)) || (/^[a-z]/.test(tok.text) && this.toks[k + 1]?.kind === 'num' && glued(this.toks[k + 1]) && /^\d{1,2}$/.test(this.toks[k + 1]!.text)))) return true;
          if ((tok.text === 'sqrt' || FUNCTIONS.has(tok.text) || OPERATOR_NAMES.has(tok.text)) && hasNext && this.toks[k + 1]?.kind === 'open' && glued(this.toks[k + 1])) return true;
          // L(theta), f(x), P(A): a one-letter name called on a letter.
          if (this.letterCall(k, b)) return true;
          break;
        case 'unit':
          if (compoundUnit(tok)) return true;
          break;
        case 'tex':
          // \\alpha, \\frac{a}{b} in running text: TeX math without its dollars.
          return true;
        case 'sym':
          if (TRIGGER_SYMBOLS.has(tok.text)) return true;
          if (scriptRun(tok.text) !== undefined && glued(tok) && this.operandEnd(prev)) return true;
          break;
        default:
          break;
      }
    }
    return false;
  }

  split(value: string): TextOrMath[] {
    const out: TextOrMath[] = [];
    // (The same length as the value: its offsets hold.)
    const shown = timesInText(value);
    let last = 0;
    for (const run of this.runs()) {
      for (const piece of this.balanced(run)) {
        const [a, b] = this.trim(piece);
        if (b <= a || b - a > MAX_FORMULA_TOKENS || !this.triggered(a, b)) continue;
        const first = this.toks[a] as Token;
        const end = (this.toks[b - 1] as Token).end;
        // A run that touches code (i++, x == y) is code, not a formula.
        if (isOp(this.toks[a - 1], ...CODE_OPERATORS) || isOp(this.toks[b], ...CODE_OPERATORS)) continue;
        if (first.start > last) out.push({ kind: 'text', value: shown.slice(last, first.start) });
        const source = value.slice(first.start, end);
        out.push({ kind: 'math', tex: emit(parseFormula(withDifferentials(this.toks.slice(a, b)), { inline: true })), source });
        last = end;
      }
    }
    if (last < value.length) out.push({ kind: 'text', value: shown.slice(last) });
    return sameSymbols(out);
  }
}

/** "150 panels x 400 W": the x a noun and a figure have between them is ×. */
function timesInText(text: string): string {
  return text.replace(/(?<=[A-Za-z]{3}) x (?=\d)/g, ' × ');
}

function splitFormulas(value: string): TextOrMath[] {
  if (!MAY_HOLD.test(value)) return value === '' ? [] : [{ kind: 'text', value }];
  return new Finder(value).split(value);
}


/** A bounded integral spelled out in a sentence (SPELLED_INTEGRAL): the integral itself, the words around it kept. */
function spelledIntegral(value: string, again: (v: string) => TextOrMath[]): TextOrMath[] | null {
  const m = SPELLED_INTEGRAL.exec(value);
  if (!m || !/[\^*/+()]|\b[a-z]\b/.test(m[3] ?? '')) return null;
  const bound = (b: string) => (/^(?:inf|infinity|oo)$/i.test(b) ? 'oo' : b);
  const toks = tokenize(`int_(${bound(m[1] ?? '')})^(${bound(m[2] ?? '')}) ${m[3]} d${m[4]}`);
  const tex = emit(parseFormula(withDifferentials(toks), { inline: true }));
  return [...again(value.slice(0, m.index)), { kind: 'math', tex, source: m[0] }, ...again(value.slice(m.index + m[0].length))];
}

/** chemistry: the note holds chemical formulas plain in its running text (chemistry.ts chemistryNote). */
export interface SplitOptions { chemistry?: boolean }

/**
 * Splits running text into text and ASCII formulas, each formula one math span; chemical formulas
 * and reactions first (chemistry.ts: "SO4^2-", "Fe3+ + 3OH- -> Fe(OH)3", "HNO3"), as \ce spans, so
 * that no charge is read as an exponent.
 */
export function splitAsciiMath(value: string, options: SplitOptions = {}): TextOrMath[] {
  const again = (v: string): TextOrMath[] => splitAsciiMath(v, options);
  const durations = /\dh\d/.test(value) ? textAround(value, DURATION, again) : null;
  if (durations) return durations;
  const hybrids = (value.includes('sp') ? textAround(value, HYBRID, again, hybridTex) : null) ?? (/[OΘΩ]\(/u.test(value) ? textAround(value, BIG_O, again, bigOTex) : null) ?? (/\([!?]/.test(value) ? textAround(value, ASIDE_MARKS, again) : null);
  if (hybrids) return hybrids;
  const labelled = labelledFormulas(value, again);
  if (labelled) return labelled;
  if (value.length <= 2000 && INTEGRAL_WORD.test(value)) {
    const spelled = spelledIntegral(value, again);
    if (spelled) return spelled;
  }
  // In a chemistry note, KNO3 is a formula as plainly as CaCO3 beside it.
  const chem = /[A-Z]/.test(value) && /[\d+-]|[A-Z][a-z]?[A-Z]|[A-Z][a-z]? [<>≪≫] [A-Z]/.test(value) ? chemistrySpans(value, { prose: options.chemistry !== true }).filter((c) => !c.concentration || !inFormula(value, c)) : [];
  if (chem.length === 0) return MAY_HOLD.test(value) ? new Finder(value).split(value) : [{ kind: 'text', value }];
  const out: TextOrMath[] = [];
  let last = 0;
  for (const c of chem) {
    out.push(...splitFormulas(value.slice(last, c.start)));
    out.push({ kind: 'math', tex: c.tex, source: value.slice(c.start, c.end) });
    last = c.end;
  }
  out.push(...splitFormulas(value.slice(last)));
  return out;
}
