// The tokenizer of running text for ASCII math: one pass over the characters, no regular
// expression that could backtrack. Tokens keep their offsets so that the formula finder can cut
// the text exactly where a formula starts and ends.
import { isGreekLetter, mathFormOf } from '../../text/unicode-map.js';

export type TokenKind =
  /** 12, 1.5, 1,000, 6.02e23 */
  | 'num'
  /** A run of ASCII letters. */
  | 'word'
  /** One Greek letter written as itself (λ). */
  | 'greek'
  /** A run of other letters (prose in any script). */
  | 'uword'
  /** An operator: + - * / ^ _ = < > and their multi-character and Unicode forms. */
  | 'op'
  | 'open'
  | 'close'
  /** `|`: absolute value, "given", or a ket's bar. */
  | 'bar'
  /** A math symbol that stands for itself (∞, ∂, ½, ⟨, superscript digits). */
  | 'sym'
  /** Sentence punctuation: , ; : . ? ! ' " and the like. */
  | 'punct'
  /** Anything else (\ $ # @ & `): never part of a formula. */
  | 'other'
  /** A unit expression after a number (made by units.ts from the tokens above). */
  | 'unit'
  /** A TeX math command with its brace groups, written in text (made by prose.ts). */
  | 'tex';

export interface Token {
  kind: TokenKind;
  text: string;
  start: number;
  end: number;
  /** White space (or the start of the text) right before the token. */
  space: boolean;
  /** A line break right before the token. */
  line: boolean;
  /** The LaTeX of a unit token. */
  tex?: string;
  /** A unit token of more than one plain symbol (m/s^2, kg m^2). */
  compound?: boolean;
}

const MULTI_OPS = ['<=>', '<->', '-->', '+/-', '===', '!==', '**', '<=', '>=', '>>', '<<', '=<', '!=', '=>', '->', '+-', '-+', '~=', ':=', '==', '+=', '-=', '*=', '/=', '%=', '&&', '||', '++', '--', '//', '::', '...'];
const OP_START = new Set(MULTI_OPS.map((op) => op[0] as string));
const SINGLE_OPS = new Set(['+', '-', '*', '/', '^', '_', '=', '<', '>', '~', '!']);
const OPENERS = new Set(['(', '[', '{']);
const CLOSERS = new Set([')', ']', '}']);
const PUNCT = new Set([',', ';', ':', '.', '?', "'", '"', '`']);
const UNICODE_OPS = new Set([
  '≤', '≥', '≠', '≈', '≡', '∼', '≃', '≅', '∝', '→', '←', '↔', '⇒', '⇔', '⟹', '⟺', '≪', '≫', '∈', '∉',
  '⊂', '⊆', '⊃', '⊇', '⇌', '≔', '⩽', '⩾', '±', '∓', '−', '×', '·', '⋅', '÷', '∪', '∩', '∧', '∨', '⊕',
  '⊗', '∘', '√', '∑', '∏', '∫', '∮', '∬',
]);

/** Combining accents typed after a letter (x̄, ŷ, ẋ, v⃗) and their TeX accents. */
const ACCENT_MARKS: Readonly<Record<string, string>> = { '\u0302': 'hat', '\u0303': 'tilde', '\u0304': 'bar', '\u0305': 'bar', '\u0307': 'dot', '\u0308': 'ddot', '\u20d7': 'vec' };

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isAsciiLetter = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\u00a0' || c === '\u2009' || c === '\u202f';
const isLetter = (c: string): boolean => /\p{L}/u.test(c);

/**
 * Whether a text writes decimal commas (72/3,6; 2,75 kWh; 12,24 m³): a comma between digits that is
 * no thousands separator, and no argument separator before a closing bracket (C(52,5)). A number
 * that ends a bracket after a relation is a quantity, not a pair: (R^2 = 0,9999), (t = 3,18).
 */
export function usesDecimalComma(text: string): boolean {
  return /\d,(?:\d{1,2}|\d{4,})(?![\d)])|[=<>±≈]\s?[-−]?\d+,(?:\d{1,2}|\d{4,})\)/.test(text);
}

/** Reads a number at `i`: digits, thousands groups (1,000), a decimal part, an exponent (6.02e23). */
function numberEnd(s: string, i: number, decimalComma = false): number {
  let j = i;
  while (j < s.length && isDigit(s[j] as string)) j++;
  if (decimalComma && s[j] === '.' && isDigit(s[j + 1] ?? '') && isDigit(s[j + 2] ?? '') && isDigit(s[j + 3] ?? '') && !isDigit(s[j + 4] ?? '')) {
    // 1.126,83: a full stop groups thousands where the comma is the decimal sign.
    j += 4;
    while (s[j] === '.' && isDigit(s[j + 1] ?? '') && isDigit(s[j + 2] ?? '') && isDigit(s[j + 3] ?? '') && !isDigit(s[j + 4] ?? '')) j += 4;
  }
  // Two groups of three after commas (2,598,960) group thousands, whatever the note's decimal sign.
  const grouped = /^,\d{3},\d{3}(?!\d)/.test(s.slice(j, j + 9));
  if (decimalComma && !grouped && s[j] === ',' && isDigit(s[j + 1] ?? '')) {
    j += 1;
    while (j < s.length && isDigit(s[j] as string)) j++;
    return j;
  }
  // Thousands groups: exactly three digits after each comma, and no digit after them.
  const lead = j - i;
  while (lead <= 3 && s[j] === ',' && isDigit(s[j + 1] ?? '') && isDigit(s[j + 2] ?? '') && isDigit(s[j + 3] ?? '') && !isDigit(s[j + 4] ?? '')) j += 4;
  if (s[j] === '.' && isDigit(s[j + 1] ?? '')) {
    j += 1;
    while (j < s.length && isDigit(s[j] as string)) j++;
  }
  if ((s[j] === 'e' || s[j] === 'E') && !isAsciiLetter(s[j + 1] ?? '')) {
    const k = s[j + 1] === '-' || s[j + 1] === '+' ? j + 2 : j + 1;
    if (isDigit(s[k] ?? '')) {
      let e = k;
      while (e < s.length && isDigit(s[e] as string)) e++;
      if (!isAsciiLetter(s[e] ?? '')) j = e;
    }
  }
  return j;
}

const SUPERSCRIPT_CHARS = '⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱ';
const SUBSCRIPT_CHARS = '₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₒₓₕₖₗₘₙₚₛₜᵢⱼ';

/** A run of superscript (or subscript) characters: ⁻¹ is one exponent; ₁/₂ one subscript. */
function scriptRunEnd(s: string, i: number): number {
  const set = SUPERSCRIPT_CHARS.includes(s[i] as string) ? SUPERSCRIPT_CHARS : SUBSCRIPT_CHARS.includes(s[i] as string) ? SUBSCRIPT_CHARS : '';
  if (set === '') return i;
  let j = i + 1;
  for (;;) {
    if (j < s.length && set.includes(s[j] as string)) j++;
    else if (s[j] === '/' && set.includes(s[j + 1] ?? '')) j += 2;
    else return j;
  }
}

/** The plain characters of a superscript or subscript run (⁻¹ → -1), or undefined. */
export function scriptRun(text: string): { sup: boolean; plain: string } | undefined {
  const first = text[0] ?? '';
  const sup = SUPERSCRIPT_CHARS.includes(first);
  if (!sup && !SUBSCRIPT_CHARS.includes(first)) return undefined;
  let plain = '';
  for (const ch of text) {
    if (ch === '/') plain += '/';
    else {
      const k = (sup ? SUPERSCRIPT_CHARS : SUBSCRIPT_CHARS).indexOf(ch);
      plain += (sup ? '0123456789+-=()ni' : '0123456789+-=()aeoxhklmnpstij')[k] ?? '';
    }
  }
  return { sup, plain };
}

const GREEK_SCRIPT = /^\p{Script=Greek}$/u;

/** The end of the run of Greek-script letters (accented ones too) starting at `i`. */
function greekWordEnd(s: string, i: number): number {
  let j = i;
  while (j < s.length && GREEK_SCRIPT.test(s[j] as string) && isLetter(s[j] as string)) j++;
  return j;
}

/** Tokens of `s`. Linear in its length. */
export function tokenize(s: string, decimalComma = false): Token[] {
  const out: Token[] = [];
  let i = 0;
  let space = true;
  let line = false;
  const push = (kind: TokenKind, end: number): void => {
    out.push({ kind, text: s.slice(i, end), start: i, end, space, line });
    space = false;
    line = false;
    i = end;
  };
  while (i < s.length) {
    const c = s[i] as string;
    if (isSpace(c)) {
      space = true;
      if (c === '\n') line = true;
      i++;
      continue;
    }
    if (isDigit(c)) {
      push('num', numberEnd(s, i, decimalComma));
      continue;
    }
    // x̄, ŷ, θ̂: one letter and a combining accent are the letter with its accent.
    const accent = ACCENT_MARKS[s[i + 1] ?? ''];
    if (accent && (isAsciiLetter(c) || isGreekLetter(c)) && !isLetter(s[i + 2] ?? '') && !isLetter(s[i - 1] ?? '')) {
      out.push({ kind: 'tex', text: `\\${accent}{${c}}`, start: i, end: i + 2, space, line });
      space = false;
      line = false;
      i += 2;
      continue;
    }
    if (isAsciiLetter(c)) {
      let j = i + 1;
      while (j < s.length && isAsciiLetter(s[j] as string)) j++;
      // A letter run glued to other letters (accented words, other scripts) is prose.
      if (j < s.length && !isAsciiLetter(s[j] as string) && isLetter(s[j] as string) && !isGreekLetter(s[j] as string)) {
        while (j < s.length && isLetter(s[j] as string)) j++;
        push('uword', j);
        continue;
      }
      push('word', j);
      continue;
    }
    const multi = OP_START.has(c) ? MULTI_OPS.find((op) => s.startsWith(op, i)) : undefined;
    if (multi) {
      // `--` in prose is a dash; `...` stands for itself.
      push(multi === '...' ? 'sym' : multi === '--' ? 'punct' : 'op', i + multi.length);
      continue;
    }
    if (SINGLE_OPS.has(c) || UNICODE_OPS.has(c)) {
      push('op', i + 1);
      continue;
    }
    if (OPENERS.has(c)) {
      push('open', i + 1);
      continue;
    }
    if (CLOSERS.has(c)) {
      push('close', i + 1);
      continue;
    }
    if (c === '|') {
      push('bar', i + 1);
      continue;
    }
    if (PUNCT.has(c)) {
      push('punct', i + 1);
      continue;
    }
    const cp = s.codePointAt(i) ?? 0;
    const ch = String.fromCodePoint(cp);
    const script = scriptRunEnd(s, i);
    if (script > i) {
      push('sym', script);
      continue;
    }
    // Two Greek letters or more together, or one with an accent, are a word of Greek prose
    // ("και", "επιτάχυνση"), never a product of variables set in italics.
    const greekEnd = GREEK_SCRIPT.test(ch) ? greekWordEnd(s, i) : i;
    if (greekEnd > i + ch.length || (greekEnd > i && !isGreekLetter(ch))) {
      push('uword', greekEnd);
      continue;
    }
    if (isGreekLetter(ch)) {
      push('greek', i + ch.length);
      continue;
    }
    if (ch === '°' || ch === '%' || ch === 'µ') {
      push('sym', i + ch.length);
      continue;
    }
    if (isLetter(ch)) {
      let j = i + ch.length;
      while (j < s.length && isLetter(s[j] as string) && !isGreekLetter(s[j] as string)) j++;
      push('uword', j);
      continue;
    }
    push(mathFormOf(ch) !== undefined && cp > 0x7f ? 'sym' : 'other', i + ch.length);
  }
  return out;
}
