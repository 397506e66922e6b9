// Typst math (`$ sum_(k=0)^n binom(n, k) x^k $`) → LaTeX math for the common subset: fractions
// (`a/b` takes the atoms on either side, parentheses around them dropped), sub- and
// superscripts with parenthesized arguments, Greek and symbol names (`alpha`, `oo`, `arrow.r`,
// `RR`), operator names (`sin`, `lim`), functions (`sqrt`, `root`, `frac`, `binom`, `abs`,
// `norm`, `vec`, `mat`, `cases`, accents, `bold`/`upright`/`cal`/`bb`), shorthands (`->`,
// `<=`, `!=`), strings as text, `\` line breaks and `&` alignment. A name it does not know is
// shown upright as written. AsciiMath (AsciiDoc's stem) shares this notation closely enough to
// use it too. One pass with one cursor; nesting deeper than MAX_DEPTH is read flat. Symbol names: symbols.ts.

import { typstSymbol } from './symbols.js';

const GREEK = new Set(['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa', 'lambda', 'mu', 'nu', 'xi', 'pi', 'rho', 'sigma', 'tau', 'upsilon', 'phi', 'chi', 'psi', 'omega', 'Gamma', 'Delta', 'Theta', 'Lambda', 'Xi', 'Pi', 'Sigma', 'Upsilon', 'Phi', 'Psi', 'Omega', 'varepsilon', 'vartheta', 'varphi', 'varrho', 'varsigma', 'varpi']);
/** Typst's predefined text operators: LaTeX's own, and the others by their name. */
const OPERATORS = new Set(['sin', 'cos', 'tan', 'cot', 'sec', 'csc', 'sinh', 'cosh', 'tanh', 'coth', 'arcsin', 'arccos', 'arctan', 'log', 'ln', 'lg', 'exp', 'lim', 'liminf', 'limsup', 'max', 'min', 'sup', 'inf', 'det', 'dim', 'ker', 'deg', 'gcd', 'arg', 'Pr', 'hom']);
const OTHER_OPERATORS = new Set(['csch', 'ctg', 'id', 'im', 'lcm', 'sech', 'sinc', 'tg', 'tr']);
const SHORTHANDS: Array<[string, string]> = [
  ['<==>', '\\Longleftrightarrow'], ['<->', '\\leftrightarrow'], ['<=>', '\\Leftrightarrow'], ['==>', '\\Longrightarrow'], ['-->', '\\longrightarrow'],
  ['...', '\\dots'], ['->', '\\to'], ['=>', '\\Rightarrow'], ['<=', '\\le'], ['>=', '\\ge'], ['!=', '\\neq'], ['<-', '\\leftarrow'], [':=', '\\coloneqq'],
  ['<<', '\\ll'], ['>>', '\\gg'], ['|->', '\\mapsto'], ['~~', '\\approx'], ['||', '\\|'], ['+-', '\\pm'], ['-+', '\\mp'], ['**', '\\ast'],
];
const ACCENTS: Record<string, string> = {
  hat: '\\hat', tilde: '\\tilde', overline: '\\overline', underline: '\\underline', macron: '\\bar', bar: '\\bar', dot: '\\dot', dot_: '\\dot', ddot: '\\ddot',
  arrow: '\\vec', vec_: '\\vec', breve: '\\breve', acute: '\\acute', grave: '\\grave', check: '\\check', circle: '\\mathring',
  upright: '\\mathrm', bold: '\\mathbf', italic: '\\mathit', cal: '\\mathcal', bb: '\\mathbb', frak: '\\mathfrak', sans: '\\mathsf', mono: '\\mathtt',
  overbrace: '\\overbrace', underbrace: '\\underbrace', cancel: '\\cancel', serif: '', display: '', inline: '', lr: '', limits: '', scripts: '', op: '\\operatorname',
};
const CALLS = new Set(['sqrt', 'root', 'frac', 'binom', 'abs', 'norm', 'floor', 'ceil', 'vec', 'mat', 'cases', ...Object.keys(ACCENTS).map((k) => k.replace(/_$/, ''))]);
const MAX_DEPTH = 40;

interface Item {
  tex: string;
  /** The content of a parenthesized group (what a fraction or script shows without the parentheses). */
  inner?: string;
}

function escapeText(s: string): string {
  return s.replace(/[\\{}$%#&_^~]/g, (c) => (c === '\\' ? '\\textbackslash{}' : c === '^' ? '\\^{}' : c === '~' ? '\\~{}' : `\\${c}`));
}

function isLetter(ch: string | undefined): boolean {
  return ch !== undefined && /\p{L}/u.test(ch);
}

class MathReader {
  private i = 0;

  constructor(private readonly s: string) {}

  /** Items up to one of `stops` (not consumed) or the end. */
  sequence(stops: string, depth: number): string {
    const items: Item[] = [];
    for (;;) {
      this.skipSpaces();
      const ch = this.s[this.i];
      if (ch === undefined || stops.includes(ch)) break;
      if (ch === '/' && this.s[this.i + 1] !== '/') {
        this.i++;
        const num = items.pop();
        this.skipSpaces();
        const den = this.s[this.i] === undefined || stops.includes(this.s[this.i] ?? '') ? undefined : this.scripted(stops, depth);
        items.push({ tex: `\\frac{${num ? (num.inner ?? num.tex) : ''}}{${den ? (den.inner ?? den.tex) : ''}}` });
        continue;
      }
      items.push(this.scripted(stops, depth));
    }
    return items.map((it) => it.tex).join(' ');
  }

  private skipSpaces(): void {
    while (this.i < this.s.length && /\s/.test(this.s[this.i] ?? '')) this.i++;
  }

  /** A primary with its sub- and superscripts. */
  private scripted(stops: string, depth: number): Item {
    let base = this.primary(stops, depth);
    for (;;) {
      const ch = this.s[this.i];
      if (ch !== '_' && ch !== '^') break;
      this.i++;
      this.skipSpaces();
      const next = this.s[this.i];
      if (next === undefined || stops.includes(next)) {
        base = { tex: `${base.tex}${ch}{}` };
        break;
      }
      const arg = this.primary(stops, depth);
      base = { tex: `${base.tex}${ch}{${arg.inner ?? arg.tex}}` };
    }
    return base;
  }

  private group(open: string, close: string, depth: number): { inner: string; closed: boolean } {
    this.i++;
    const inner = depth >= MAX_DEPTH ? this.flat(close) : this.sequence(close, depth + 1);
    const closed = this.s[this.i] === close;
    if (closed) this.i++;
    void open;
    return { inner, closed };
  }

  /** Past the nesting limit: the text up to `close` as text. */
  private flat(close: string): string {
    const end = this.s.indexOf(close, this.i);
    const stop = end === -1 ? this.s.length : end;
    const text = this.s.slice(this.i, stop);
    this.i = stop;
    return `\\text{${escapeText(text)}}`;
  }

  /** Arguments of a function call, the cursor on its `(`: rows split by `;`, cells by `,`. Named arguments are dropped. */
  private args(depth: number): string[][] {
    this.i++;
    const rows: string[][] = [[]];
    for (;;) {
      this.skipSpaces();
      const named = /^([a-z][\w-]*):(?!=)/.exec(this.s.slice(this.i, this.i + 40));
      if (named) {
        this.i += named[0].length;
        this.sequence(',;)', depth + 1);
      } else {
        const value = depth >= MAX_DEPTH ? this.flat(')') : this.sequence(',;)', depth + 1);
        rows[rows.length - 1]?.push(value);
      }
      const ch = this.s[this.i];
      if (ch === ',') this.i++;
      else if (ch === ';') {
        this.i++;
        rows.push([]);
      } else {
        if (ch === ')') this.i++;
        break;
      }
    }
    return rows.map((r) => r.filter((c, k) => c !== '' || k < r.length - 1)).filter((r) => r.length);
  }

  private call(name: string, depth: number): Item | null {
    const rows = this.args(depth);
    const a = rows[0] ?? [];
    const all = rows.flat();
    const x = a[0] ?? '';
    switch (name) {
      case 'sqrt':
        return { tex: `\\sqrt{${x}}` };
      case 'root':
        return { tex: `\\sqrt[${x}]{${a[1] ?? ''}}` };
      case 'frac':
        return { tex: `\\frac{${x}}{${a[1] ?? ''}}` };
      case 'binom':
        return { tex: `\\binom{${x}}{${a.slice(1).join(',')}}` };
      case 'abs':
        return { tex: `\\left|${x}\\right|` };
      case 'norm':
        return { tex: `\\left\\|${x}\\right\\|` };
      case 'floor':
        return { tex: `\\lfloor ${x}\\rfloor` };
      case 'ceil':
        return { tex: `\\lceil ${x}\\rceil` };
      case 'vec':
        return { tex: `\\begin{pmatrix}${all.join('\\\\')}\\end{pmatrix}` };
      case 'mat':
        return { tex: `\\begin{pmatrix}${rows.map((r) => r.join('&')).join('\\\\')}\\end{pmatrix}` };
      case 'cases':
        return { tex: `\\begin{cases}${all.join('\\\\')}\\end{cases}` };
      case 'overbrace':
      case 'underbrace':
        return { tex: `\\${name}{${x}}${a[1] ? `${name === 'overbrace' ? '^' : '_'}{${a[1]}}` : ''}` };
      default: {
        const accent = ACCENTS[name] ?? ACCENTS[`${name}_`] ?? '';
        return { tex: accent ? `${accent}{${x}}` : x, inner: accent ? undefined : x };
      }
    }
  }

  private primary(stops: string, depth: number): Item {
    const s = this.s;
    const ch = s[this.i] ?? '';
    for (const [from, to] of SHORTHANDS) {
      if (ch === from[0] && s.startsWith(from, this.i)) {
        this.i += from.length;
        return { tex: to };
      }
    }
    if (ch === '(' || ch === '[' || ch === '{') {
      const close = ch === '(' ? ')' : ch === '[' ? ']' : '}';
      const { inner, closed } = this.group(ch, close, depth);
      const open = ch === '{' ? '\\{' : ch;
      const shut = closed ? (ch === '{' ? '\\}' : close) : '';
      return { tex: `${open}${inner}${shut}`, inner: closed && ch === '(' ? inner : undefined };
    }
    if (ch === '"') {
      const end = s.indexOf('"', this.i + 1);
      const stop = end === -1 ? s.length : end;
      const text = s.slice(this.i + 1, stop);
      // Spaces the note put around the words stay (`x "si" x>0` is "x si x > 0", not "xsix > 0").
      const before = this.i > 0 && /\s/.test(s[this.i - 1] ?? '') ? '\\ ' : '';
      this.i = stop + 1;
      const after = this.i < s.length && /\s/.test(s[this.i] ?? '') ? '\\ ' : '';
      return { tex: `${before}\\text{${escapeText(text)}}${after}` };
    }
    if (ch === '\\') {
      const next = s[this.i + 1];
      if (next === undefined || /\s/.test(next)) {
        this.i++;
        return { tex: '\\\\' };
      }
      this.i += 2;
      return { tex: /[{}$%#&_^~\\]/.test(next) ? escapeText(next) : next };
    }
    if (/[0-9]/.test(ch)) {
      let j = this.i;
      while (j < s.length && /[0-9]/.test(s[j] ?? '')) j++;
      if (s[j] === '.' && /[0-9]/.test(s[j + 1] ?? '')) {
        j++;
        while (j < s.length && /[0-9]/.test(s[j] ?? '')) j++;
      }
      const num = s.slice(this.i, j);
      this.i = j;
      return { tex: num };
    }
    if (ch === '#') {
      // Code in math (#x, #sym.alpha): the name that follows is read as math.
      while (s[this.i] === '#') this.i++;
      return this.i < s.length && !stops.includes(s[this.i] ?? '') && s[this.i] !== '/' ? this.primary(stops, depth) : { tex: '' };
    }
    if (isLetter(ch)) {
      let j = this.i;
      while (j < s.length && (isLetter(s[j]) || (s[j] === '.' && isLetter(s[j + 1]) && j > this.i))) j++;
      let name = s.slice(this.i, j);
      this.i = j;
      if (name.startsWith('sym.')) name = name.slice(4);
      // A known function takes its arguments; any other name is followed by its group as written.
      if (s[this.i] === '(' && CALLS.has(name)) {
        const called = this.call(name, depth);
        if (called) return called;
      }
      const word = this.word(name);
      // A name right before its parentheses is one unit, as in Typst: f(w)/(z-w) is a fraction of f(w).
      if (s[this.i] === '(') {
        const { inner, closed } = this.group('(', ')', depth);
        return { tex: `${word}${/^\\[A-Za-z]+$/.test(word) ? ' ' : ''}(${inner}${closed ? ')' : ''}` };
      }
      return { tex: word };
    }
    this.i++;
    switch (ch) {
      case '&':
        return { tex: '&' };
      case '%':
        return { tex: '\\%' };
      case '$':
        return { tex: '\\$' };
      case '~':
        return { tex: '\\sim' };
      case '}':
        return { tex: '\\}' };
      case ')':
      case ']':
        return { tex: ch };
      case '*':
        return { tex: '\\ast' };
      case '−':
        return { tex: '-' };
      default:
        return { tex: ch };
    }
  }

  private word(name: string): string {
    if (name.length === 1) return name;
    const base = name.split('.')[0] ?? name;
    const symbol = typstSymbol(name);
    if (symbol !== undefined) return symbol;
    if (GREEK.has(name)) return `\\${name}`;
    if (GREEK.has(base)) return `\\${base}`;
    if (OPERATORS.has(name)) return `\\${name}`;
    if (OTHER_OPERATORS.has(name)) return `\\operatorname{${name}}`;
    // A name Typst does not have (or a variant it does not know): shown as written, never a guess.
    return `\\mathrm{${escapeText(name)}}`;
  }
}

export function typstMathToTex(src: string): string {
  // At the top level nothing stops the sequence: an unmatched closer is kept as a character.
  return new MathReader(src.trim()).sequence('', 0).trim();
}
