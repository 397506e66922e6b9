// The ASCII-math parser: precedence climbing over the tokens of one formula. Levels, loosest first: relations
// (= < <= -> …), then + and -, then * / and spaced juxtaposition (2 d, 1/2 k), then unspaced juxtaposition (2b, mv,
// 2(x+1): one term, so a/2b is a over 2b), then unary signs, then ^ and _ (right-associative, on one primary: a/b^2 is
// a over b², -x^2 is -(x²)), then primaries (numbers, letters, names, groups). It never fails: a token it cannot place
// is kept as a literal, so every formula is read in one pass, and the depth is capped.
import { discriminantDelta } from './discriminant.js';
import { ACCENTS, BIG_OPERATORS, FUNCTIONS, GREEK, INFINITY, OPERATOR_NAMES, RELATIONS, ADDITIVE, MULTIPLICATIVE, BIG_SYMBOLS, CAPITAL_WORDS, DIMENSIONLESS, P_FUNCTION, INDEX_PAIRS, accentWord, greekIndices, greekPrefix, indexStandsAlone, indexWord, indexedQuantity, knownName } from './lexicon.js';
import { scriptRun, type Token } from './tokens.js';
import { derivativeOrder } from './derivative-order.js';
import { seriesTerm, sigmaSum, wholeArgument } from './series.js';
import { approachAhead, oneSide, subscriptApproaches } from './approach.js';
import { appendAfterComma, attachScript, differentialWord, isDifferential, isLetterAtom, isNumeric, juxt, keepsTimes, letteredWord, literal, nextStatement, numberTex, prefixedNode, changeOf, timesWord, type Node } from './nodes.js';

/** Tokens looked at by the parser since the process started (tests check it grows linearly). */
export const parserWork = { steps: 0 };

/** Groups and scripts nested deeper than this are kept as written (hostile input stays linear). */
const MAX_DEPTH = 24;

const CLOSER: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

class Parser {
  private i = 0;
  private depth = 0;
  /** Index of the last bar: an opening bar needs one after it (found in constant time). */
  private readonly lastBar: number;
  /** Whether x stands for a variable somewhere in the formula (x^2, 2x, f(x)): a spaced x is then no times sign. */
  private readonly xVariable: boolean;
  constructor(
    private readonly toks: Token[],
    private readonly inline = false,
  ) {
    let last = -1;
    toks.forEach((t, k) => {
      if (t.kind === 'bar') last = k;
    });
    this.lastBar = last;
    this.xVariable = toks.some((t, k) => t.kind === 'word' && t.text === 'x' && !(t.space && toks[k + 1]?.space === true));
  }

  private peek(k = 0): Token | undefined {
    return this.toks[this.i + k];
  }

  private atEnd(): boolean {
    return this.i >= this.toks.length;
  }

  /** The whole formula: relations, then whatever is left as literals. */
  formula(): Node {
    let node = this.relation();
    while (!this.atEnd()) {
      const tok = this.peek() as Token;
      if (tok.kind === 'punct' && tok.text === ',') {
        // x_1, x_2, ..., x_n
        this.i++;
        node = { t: 'bin', tex: ',', level: 'rel', l: node, r: this.relation() };
        continue;
      }
      const before = this.i;
      const next = this.relation();
      if (this.i === before) {
        const tok = this.toks[this.i++] as Token;
        node = juxt(node, literal(tok));
      } else node = juxt(node, next);
    }
    return node;
  }

  private relation(stopAtBar = false): Node {
    let l = this.additive(stopAtBar);
    for (let tok = this.peek(); tok && tok.kind === 'op' && RELATIONS[tok.text] !== undefined; tok = this.peek()) {
      this.i++;
      // "1/0.6 ~ 1.667": a tilde before a number is "about" (X ~ N(0, 1) stays "distributed as").
      const signed = this.peek()?.kind === 'op' && ['-', '+', '−'].includes(this.peek()?.text ?? '') ? this.toks[this.i + 1] : this.peek();
      const about = tok.text === '~' && signed?.kind === 'num';
      const r = this.startsOperand() ? this.additive(stopAtBar) : { t: 'empty' as const };
      const next = this.peek();
      const split = next && next.kind === 'op' && RELATIONS[next.text] !== undefined ? nextStatement(r) : null;
      const tex = about ? '\\approx' : (RELATIONS[tok.text] as string);
      // "v = 0.8c gamma = 1/0.6", "x = 2 y = 3": a quantity, then a name that a new equation starts with.
      l = split ? { t: 'bin', tex: ',', level: 'rel', l: { t: 'bin', tex, level: 'rel', l, r: split.value }, r: split.name } : { t: 'bin', tex, level: 'rel', l, r };
    }
    return l;
  }

  private additive(stopAtBar: boolean): Node {
    let l = this.multiplicative(stopAtBar);
    for (let tok = this.peek(); tok && tok.kind === 'op' && ADDITIVE[tok.text] !== undefined; tok = this.peek()) {
      this.i++;
      const r = this.startsOperand() ? this.multiplicative(stopAtBar) : { t: 'empty' as const };
      l = { t: 'bin', tex: ADDITIVE[tok.text] as string, level: 'add', l, r };
    }
    return l;
  }

  private multiplicative(stopAtBar: boolean, stopAtSpacedSlash = false): Node {
    let l = this.term(stopAtBar);
    // Whether the last times sign had spaces on both sides (3 * x, not 3*x).
    let spacedTimes = false;
    for (;;) {
      const tok = this.peek();
      if (!tok) break;
      const times = timesWord(tok, this.peek(1), l, this.xVariable);
      if (tok.kind === 'bar' && !stopAtBar) {
        // P(A|B): a bar after an operand is "given".
        this.i++;
        const r = this.startsOperand() ? this.term(stopAtBar) : { t: 'empty' as const };
        l = { t: 'bin', tex: '\\mid', level: 'rel', l, r };
        continue;
      }
      // sum A / sum B: a slash before another sum ends the first one's argument (the fraction is of the two sums).
      const after = this.peek(1);
      if (stopAtSpacedSlash && tok.kind === 'op' && tok.text === '/' && after?.kind === 'word' && BIG_OPERATORS[after.text] !== undefined) break;
      if ((tok.kind === 'op' && MULTIPLICATIVE[tok.text] !== undefined) || times) {
        const spacedOp = tok.space && this.peek(1)?.space === true;
        this.i++;
        // d/dx[sin x], ∂/∂t (u): the derivative's denominator is its differential alone, and what
        // follows is what it acts on.
        const derivative = tok.text === '/' && isDifferential(l) && differentialWord(this.peek());
        const r = this.startsOperand() ? (derivative ? this.unary(stopAtBar) : this.term(stopAtBar)) : { t: 'empty' as const };
        if (tok.text === '/' && r.t !== 'empty' && this.inline && tok.space && spacedOp && isNumeric(l) && isNumeric(r)) {
          l = { t: 'bin', tex: '/', level: 'mul', l, r };
        } else if (tok.text === '/' && r.t !== 'empty') {
          // [h→0] [f(a+h) − f(a)]/h: a slash glued to the last of spaced operands takes that one as
          // its numerator (a spaced slash, 2 d / t^2, takes the whole product).
          if (!tok.space && l.t === 'bin' && l.level === 'juxt' && !l.tight) l = juxt(l.l, { t: 'frac', n: l.r, d: r });
          // 3 * sin(3x)/(3x): a glued slash after a spaced times sign takes the factor after the
          // sign (the same value, and the step the writer shows); n*R*T/V stays one fraction.
          else if (!tok.space && spacedTimes && l.t === 'bin' && l.level === 'mul') l = { ...l, r: { t: 'frac', n: l.r, d: r } };
          else l = { t: 'frac', n: l, d: r };
        } else {
          // 2*pi*sqrt(L/g) is 2π√(L/g): a star before a letter or a function is implicit; before a number it is a dot.
          l = { t: 'bin', tex: times ? '\\times' : tok.text === '*' && r.t !== 'empty' && !keepsTimes(l, r) ? '' : (MULTIPLICATIVE[tok.text] as string), level: 'mul', l, r };
          spacedTimes = spacedOp;
        }
        continue;
      }
      if (this.startsOperand(true) && (tok.kind !== 'op' || tok.text === '√' || tok.text in BIG_SYMBOLS)) {
        l = juxt(l, this.term(stopAtBar));
        continue;
      }
      break;
    }
    return l;
  }

  /** Unspaced juxtaposition: 2b, mv, 2(x+1), (a+b)(c+d). */
  private term(stopAtBar: boolean): Node {
    let l = this.unary(stopAtBar);
    for (let tok = this.peek(); tok; tok = this.peek()) {
      // A quantity: a number and its unit are one term (16.04 g/mol is one denominator).
      if (tok.kind === 'unit' && isNumeric(l)) {
        this.i++;
        l = { t: 'bin', tex: '', level: 'juxt', l, r: { t: 'atom', tex: tok.tex ?? tok.text, unit: true } };
        continue;
      }
      if (tok.space || tok.kind === 'op' || !this.startsOperand(true)) break;
      l = juxt(l, this.unary(stopAtBar), true);
    }
    return l;
  }

  /** Whether the token k places ahead is glued to a letter or digit after it (x1y, v2.1). */
  private gluedAfter(k: number): boolean {
    const next = this.peek(k);
    return next !== undefined && !next.space && (next.kind === 'word' || next.kind === 'num' || next.kind === 'uword');
  }

  /** M1V1, x1y1: after the index, another letter with its index. */
  private indexedNext(): boolean {
    const letter = this.peek(1);
    const digits = this.peek(2);
    return letter?.kind === 'word' && letter.text.length === 1 && digits !== undefined && !digits.space && digits.kind === 'num' && /^\d{1,2}$/.test(digits.text);
  }

  private unary(stopAtBar: boolean): Node {
    const signs: string[] = [];
    for (let tok = this.peek(); tok && tok.kind === 'op' && ADDITIVE[tok.text] !== undefined; tok = this.peek()) {
      signs.push(ADDITIVE[tok.text] as string);
      this.i++;
    }
    let e = this.atEnd() ? ({ t: 'empty' } as Node) : this.power(stopAtBar);
    for (let k = signs.length - 1; k >= 0; k--) e = { t: 'unary', tex: signs[k] as string, e };
    return e;
  }

  /** A primary with its scripts and postfix operators. */
  private power(stopAtBar: boolean): Node {
    let base = this.primary(stopAtBar);
    for (;;) {
      const tok = this.peek();
      if (!tok) break;
      // v0, x1, theta0: digits typed right after a letter are its index; t1/2 (a half-life) takes the half; [A]0 a concentration's.
      const half = tok.text === '1' && !tok.space && ['/', '2'].every((c, k) => this.peek(k + 1)?.text === c && this.peek(k + 1)?.space === false) && base.t === 'atom' && /^[tT]$/.test(base.tex) && !(this.peek(3)?.space === false && this.peek(3)?.kind !== 'op');
      const concentration = base.t === 'group' && base.open === '[' && /^\d$/.test(tok.text) && !this.gluedAfter(1);
      // (v0x, v0y: a component's index, its axis after the figure.)
      const axis = !tok.space && /^\d$/.test(tok.text) && isLetterAtom(base) && this.peek(1)?.kind === 'word' && /^[xyz]$/.test(this.peek(1)?.text ?? '') && this.peek(1)?.space === false && !this.gluedAfter(2);
      if (axis) {
        base = { t: 'script', base, sub: { t: 'atom', tex: `${tok.text}${this.peek(1)?.text ?? ''}` } };
        this.i += 2;
        continue;
      }
      if (half || (!tok.space && tok.kind === 'num' && /^\d{1,2}$/.test(tok.text) && (!this.gluedAfter(1) || this.indexedNext()) && (isLetterAtom(base) || concentration))) {
        this.i += half ? 3 : 1;
        base = { t: 'script', base, sub: { t: 'atom', tex: half ? '1/2' : tok.text, num: true } };
        continue;
      }
      // x_bar, y_hat, v_vec: an accent typed as an index.
      const accent = tok.kind === 'op' && tok.text === '_' && !tok.space ? this.peek(1) : undefined;
      if (accent && !accent.space && accent.kind === 'word' && ACCENTS[accent.text] !== undefined && isLetterAtom(base)) {
        this.i += 2;
        base = { t: 'atom', tex: `\\${ACCENTS[accent.text] as string}{${(base as Extract<Node, { t: 'atom' }>).tex}}`, accent: true };
        continue;
      }
      if (tok.kind === 'op' && (tok.text === '^' || tok.text === '**' || tok.text === '_')) {
        this.i++;
        const arg = this.scriptArg(tok.text !== '_');
        base = attachScript(base, tok.text === '_' ? 'sub' : 'sup', arg);
        continue;
      }
      if (!tok.space && ((tok.kind === 'op' && tok.text === '!') || (tok.kind === 'punct' && tok.text === "'"))) {
        this.i++;
        base = { t: 'post', e: base, tex: tok.text === '!' ? '!' : "'" };
        continue;
      }
      const run = tok.kind === 'sym' && !tok.space ? scriptRun(tok.text) : undefined;
      if (run) {
        // x², s⁻¹, T₁/₂: Unicode scripts are scripts.
        this.i++;
        base = attachScript(base, run.sup ? 'sup' : 'sub', { t: 'atom', tex: run.plain });
        continue;
      }
      if (tok.kind === 'sym' && (tok.text === '%' || tok.text === '°') && !tok.space) {
        this.i++;
        base = { t: 'post', e: base, tex: tok.text === '%' ? '\\%' : '^{\\circ}' };
        continue;
      }
      break;
    }
    return base;
  }

  /**
   * What follows ^ or _: a sign and one primary (x^-1, e^(i pi)); a superscript takes its own
   * superscript (x^y^z is x^(y^z)), a subscript none (x_1^2 is x with 1 below and 2 above).
   */
  private scriptArg(sup: boolean): Node {
    const tok = this.peek();
    if (!tok || (tok.kind === 'op' && RELATIONS[tok.text] !== undefined)) return { t: 'empty' };
    if (this.depth >= MAX_DEPTH) {
      this.i++;
      return literal(tok);
    }
    // f^(n)(a), y^(4)(x), f^(n+1)(c): a derivative's order in brackets before the argument keeps its brackets.
    const order = sup && tok.kind === 'open' && tok.text === '(' ? derivativeOrder((k) => this.peek(k)) : null;
    if (order !== null) {
      this.i += order.tokens;
      return { t: 'atom', tex: `(${order.tex})` };
    }
    this.depth++;
    let node: Node;
    const sign = tok.kind === 'op' && ADDITIVE[tok.text] !== undefined ? (ADDITIVE[tok.text] as string) : undefined;
    if (sign !== undefined) this.i++;
    const word = this.peek();
    // e^-kt, 10^-pH: after a sign the whole run of letters is the exponent.
    if (sup && sign !== undefined && word && word.kind === 'word' && word.text.length > 1 && word.text.length <= 4 && !knownName(word.text) && /^[A-Za-z]+$/.test(word.text)) {
      this.i++;
      this.depth--;
      return { t: 'unary', tex: sign, e: { t: 'atom', tex: word.text } };
    }
    if (sup && word && word.kind === 'word' && word.text.length > 1 && !knownName(word.text)) {
      // w^Tx is w^T x: a superscript takes one letter of a run of letters.
      this.toks[this.i] = { ...word, text: word.text.slice(1), start: word.start + 1, space: false };
      this.depth--;
      const letter: Node = { t: 'atom', tex: word.text[0] as string };
      return sign !== undefined ? { t: 'unary', tex: sign, e: letter } : letter;
    }
    node = this.atEnd() ? { t: 'empty' } : !sup && word?.kind === 'word' && INDEX_PAIRS.test(word.text) ? (this.i++, { t: 'atom', tex: `\\mathrm{${word.text}}` }) : this.primary(false);
    for (let next = this.peek(); sup && next && next.kind === 'op' && (next.text === '^' || next.text === '**'); next = this.peek()) {
      this.i++;
      node = attachScript(node, 'sup', this.scriptArg(true));
    }
    if (sign !== undefined) node = { t: 'unary', tex: sign, e: node };
    this.depth--;
    return node;
  }

  /** Whether the next token can start an operand (a primary or a sign before one). */
  private startsOperand(stopAtBar = false): boolean {
    const tok = this.peek();
    if (!tok) return false;
    switch (tok.kind) {
      case 'num':
      case 'word':
      case 'greek':
      case 'open':
      case 'unit':
      case 'tex':
        return true;
      case 'bar':
        return !stopAtBar;
      case 'sym':
        return tok.text !== '%' && tok.text !== '°';
      case 'op':
        return ADDITIVE[tok.text] !== undefined || tok.text === '√' || tok.text in BIG_SYMBOLS;
      default:
        return false;
    }
  }

  private primary(stopAtBar: boolean): Node {
    parserWork.steps++;
    const tok = this.peek();
    // A closing bracket belongs to the group that is being read.
    if (!tok || tok.kind === 'close') return { t: 'empty' };
    this.i++;
    switch (tok.kind) {
      case 'num':
        return { t: 'atom', tex: tok.tex ?? numberTex(tok.text), num: true };
      case 'unit':
        return { t: 'atom', tex: tok.tex ?? tok.text, unit: true };
      case 'tex':
        return { t: 'atom', tex: tok.text };
      case 'word':
        return this.word(tok);
      case 'greek':
        return sigmaSum(this.toks, this.i - 1) ? this.func('\\sum', true, true) : { t: 'atom', tex: tok.text };
      case 'open':
        return this.group(tok);
      case 'bar':
        return this.abs(stopAtBar);
      case 'sym':
        if (tok.text === '...' || tok.text === '…') return { t: 'atom', tex: this.betweenOperators() ? '\\cdots' : '\\ldots' };
        return { t: 'atom', tex: tok.text === 'µ' ? '\\mu' : tok.text === '%' ? '\\%' : tok.text === '°' ? '^{\\circ}' : tok.text };
      case 'op':
        if (tok.text === '√') return { t: 'sqrt', e: this.operand() };
        if (tok.text in BIG_SYMBOLS) return this.func(BIG_SYMBOLS[tok.text] as string, true, true);
        // "(~24 cm3)": a tilde before a figure is "about", set as the sign typed (∼), as in text.
        if (tok.text === '~' && this.peek()?.kind === 'num') return { t: 'atom', tex: '\\sim' };
        return literal(tok);
      default:
        return literal(tok);
    }
  }

  /** x_1 + ... + x_n: an ellipsis between operators sits on the axis. */
  private betweenOperators(): boolean {
    const prev = this.toks[this.i - 2];
    const next = this.toks[this.i];
    return prev?.kind === 'op' && next?.kind === 'op';
  }

  private operand(): Node {
    return this.startsOperand() ? this.power(false) : { t: 'empty' };
  }

  private word(tok: Token): Node {
    const w = tok.text;
    if (w === 'sqrt') return { t: 'sqrt', e: this.operand() };
    // ("int = [-x cos x] …": an operator with nothing to act on before "=" is a name, the integral's.)
    if (BIG_OPERATORS[w] !== undefined) return this.atEnd() || (this.peek()?.kind === 'op' && RELATIONS[this.peek()?.text ?? ''] !== undefined) ? { t: 'atom', tex: `\\mathrm{${w}}` } : this.func(BIG_OPERATORS[w] as string, true, true);
    if (INFINITY.has(w)) return { t: 'atom', tex: '\\infty' };
    // "delta U", "delta n_gas": the change in a quantity (Δ); "delta" alone is the letter δ.
    if (w === 'delta' && changeOf(this.peek())) return { t: 'atom', tex: '\\Delta' };
    if (seriesTerm(this.toks, this.i - 1)) return { t: 'script', base: { t: 'atom', tex: w[0] as string }, sub: { t: 'atom', tex: w[1] as string } };
    const lettered = GREEK.has(w) ? ({ t: 'atom', tex: `\\${w}` } as const) : letteredWord(w);
    if (lettered) return lettered;
    const greek = greekPrefix(w);
    // "deltaS", "deltaG": the change in a quantity named in capitals (ΔS), as "delta U" is.
    if (greek) return prefixedNode(w, greek);
    const next = this.peek();
    const callNext = next !== undefined && !next.space && next.kind === 'open' && next.text === '(';
    if (FUNCTIONS.has(w) || OPERATOR_NAMES.has(w) || (w.length >= 3 && callNext)) {
      return this.func(FUNCTIONS.has(w) ? `\\${w}` : `\\operatorname{${w}}`, w === 'lim' || w === 'max' || w === 'min' || w === 'sup' || w === 'argmax' || w === 'argmin');
    }
    if (w.length === 1) return { t: 'atom', tex: w };
    const accented = accentWord(w);
    if (accented) return { t: 'atom', tex: accented, accent: true };
    // pH, pOH, pKa: chemistry's p-functions are names, set upright.
    const p = P_FUNCTION.exec(w);
    if (p) return { t: 'atom', tex: p[1]?.startsWith('K') && p[1].length === 2 ? `\\mathrm{p}K_{${p[1][1]}}` : `\\mathrm{${w}}` };
    // Re, Nu, Ma: dimensionless numbers are names, set upright. Cp, Tc, Th: a quantity and its index (even where it spells an element); Vmax, Req too.
    if (DIMENSIONLESS.has(w)) return { t: 'atom', tex: `\\mathrm{${w}}` };
    if (indexWord(w)) return { t: 'script', base: { t: 'atom', tex: w[0] as string }, sub: { t: 'atom', tex: `\\mathrm{${w.slice(1)}}` } };
    if (!indexStandsAlone(this.toks, w) && (indexedQuantity(w) || (/^[A-Z][a-z]$/.test(w) && !CAPITAL_WORDS.test(w)))) return { t: 'script', base: { t: 'atom', tex: w[0] as string }, sub: { t: 'atom', tex: w[1] as string } };
    // MSE, RMSE, GDP: three capitals or more are a name's initials, set upright; SS_res too, two with an index.
    if (/^[A-Z]{3,5}$/.test(w) || (/^[A-Z]{2}$/.test(w) && this.peek()?.text === '_' && this.peek()?.space === false)) return { t: 'atom', tex: `\\mathrm{${w}}` };
    if (wholeArgument(this.toks, this.i - 1)) return { t: 'atom', tex: `\\mathrm{${w}}` };
    // A run of letters is a product of one-letter variables (mc^2 is m c²): the scripts bind to the last.
    return { t: 'atom', tex: w[w.length - 1] as string, prefix: w.slice(0, -1).split('').join(' '), word: w };
  }

  /** sin x, sin(x), sin^2 x, log_2(n), lim_(x->0), sum_(i=1)^n (`big`: always an argument): the name, its scripts, its argument. */
  private func(tex: string, limits: boolean, big = false): Node {
    const node: Extract<Node, { t: 'func' }> = { t: 'func', tex, limits };
    this.scripts(node);
    if (big) return this.operatorArgument(node);
    // lim x->0 sin(x)/x, lim n->inf a_n: the approach typed after the name is its subscript.
    if (limits && node.sub === undefined && node.sup === undefined) {
      const approach = this.spacedApproach();
      if (approach) node.sub = approach;
    }
    // lim_(x->0) sin(x)/x, max_i x_i: an operator with limits takes what follows, up to + or =.
    // A limit typed without its approach ("3 * lim sin(3x)/(3x)") takes its argument the same way.
    if (limits && (node.sub !== undefined || tex === '\\lim')) return this.operatorArgument(node);
    node.limits = false;
    const next = this.peek();
    if (next && next.kind === 'open') {
      this.i++;
      node.arg = this.group(next);
    } else if (next && (next.kind === 'num' || next.kind === 'word' || next.kind === 'greek' || (next.kind === 'bar' && !next.space))) {
      node.arg = this.power(false);
    }
    return node;
  }

  /** "x -> 0", "n->inf", "h → 0+" after lim (approach.ts); undefined otherwise. */
  private spacedApproach(): Node | undefined {
    const v = this.peek();
    if (!v || !approachAhead((k) => this.peek(k))) return undefined;
    this.i += 2;
    const to = this.unary(false);
    const side = oneSide(this.peek(), this.peek(1));
    if (side) this.i++;
    return { t: 'bin', tex: '\\to', level: 'rel', l: { t: 'atom', tex: v.text }, r: side ? attachScript(to, 'sup', { t: 'atom', tex: side }) : to };
  }

  /** The sub- and superscripts typed after a function or operator's name. */
  private scripts(node: Extract<Node, { t: 'func' }>): void {
    // log2(n), log10 x: a whole number glued to log is its base.
    const base = this.peek();
    if (node.tex === '\\log' && base?.kind === 'num' && !base.space && /^\d+$/.test(base.text)) node.sub = { t: 'atom', tex: (this.toks[this.i++] as Token).text };
    for (let tok = this.peek(); tok && tok.kind === 'op' && (tok.text === '^' || tok.text === '_' || tok.text === '**'); tok = this.peek()) {
      this.i++;
      const arg = this.scriptArg(tok.text !== '_');
      if (tok.text === '_') node.sub = arg;
      else node.sup = arg;
    }
  }

  private operatorArgument(node: Extract<Node, { t: 'func' }>): Node {
    if (!this.startsOperand() || this.depth >= MAX_DEPTH) return node;
    this.depth++;
    node.arg = this.multiplicative(false, node.limits === true);
    this.depth--;
    return node;
  }

  private group(open: Token): Node {
    const close = CLOSER[open.text] ?? ')';
    if (this.depth >= MAX_DEPTH) return literal(open);
    this.depth++;
    let body: Node = { t: 'empty' };
    while (!this.atEnd()) {
      const tok = this.peek() as Token;
      if (tok.kind === 'close') {
        this.i++;
        if (tok.text === close) break;
        body = juxt(body, literal(tok));
        continue;
      }
      if (tok.kind === 'punct' && tok.text === ',') {
        this.i++;
        body = { t: 'bin', tex: ',', level: 'rel', l: body, r: { t: 'empty' } };
        continue;
      }
      const before = this.i;
      const part = this.relation();
      if (this.i === before) {
        this.i++;
        body = juxt(body, literal(tok));
      } else body = appendAfterComma(body, part);
    }
    this.depth--;
    return { t: 'group', open: open.text, close, body };
  }

  /** |x| when a closing bar follows; otherwise a bar of its own (a ket's, or "given"). */
  private abs(stopAtBar: boolean): Node {
    if (stopAtBar || this.depth >= MAX_DEPTH || this.i > this.lastBar) return { t: 'atom', tex: '\\vert' };
    this.depth++;
    const start = this.i;
    const body = this.relation(true);
    this.depth--;
    const tok = this.peek();
    if (tok && tok.kind === 'bar' && this.i > start) {
      this.i++;
      return { t: 'group', open: '|', close: '|', body };
    }
    this.i = start;
    return { t: 'atom', tex: '\\vert' };
  }
}

/** Parses the tokens of one formula (as cut by find.ts). */
/** `inline`: a formula in a sentence, where a spaced slash between figures stays one (0.0099 / 0.0594; a stacked fraction would be tiny). */
export function parseFormula(tokens: Token[], options: { inline?: boolean } = {}): Node {
  return new Parser(subscriptApproaches(discriminantDelta(greekIndices(tokens))), options.inline === true).formula();
}
