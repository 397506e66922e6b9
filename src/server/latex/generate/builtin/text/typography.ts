// What a keyboard cannot type, in running text: straight quotes as the language's curly ones,
// an apostrophe inside a word as ’, typed arrows (-> => <-) as arrows, != <= >= between words as
// ≠ ≤ ≥ (>> << as ≫ ≪), a spaced hyphen as a dash (–), and a tilde before a number ("~40 C", "(~21%)") or in a range ("9일 ~ 13일") as ∼ (the typed sign, centred: \sim).
// Only text: code, formulas and addresses never come here. One pass, no pattern that backtracks.
import type { Language } from './language.js';

/** Opening and closing double quotes by language (German „…“; the others the English “…”). */
function doubleQuotes(language: Language | undefined): [string, string] {
  return language === 'de' ? ['\u201e', '\u201c'] : ['\u201c', '\u201d'];
}

const ARROWS: ReadonlyArray<[string, string]> = [
  ['<=>', '\u21d4'],
  ['-->', '\u27f6'],
  ['->', '\u2192'],
  ['=>', '\u21d2'],
  ['<-', '\u2190'],
];

const isSpace = (ch: string): boolean => ch === '' || /\s/.test(ch);
const isWordChar = (ch: string): boolean => ch !== '' && /[\p{L}\p{N}]/u.test(ch);

/** Words typed with an apostrophe for their first letters: 'em, 'n', 'tis, 'cause. */
const ELISION = /^(?:em|n|tis|twas|cause|cos|til|till|bout|round|nuff|kay)(?![\p{L}])/iu;

/** Where the text's last single quote that can close a quotation stands ("…same as here,' and"), or -1. */
function lastClosingSingleQuote(text: string): number {
  for (let i = text.lastIndexOf("'"); i > 0; i = text.lastIndexOf("'", i - 1)) {
    const [before, after] = [text.charAt(i - 1), text.charAt(i + 1)];
    if (/[\p{L}\p{N}.,;:!?\u2026]/u.test(before) && (isSpace(after) || /[.,;:!?)\]\u2014\u2013"\u201d]/u.test(after))) return i;
  }
  return -1;
}

/** `relations`: != <= >= as signs (off when the person asked for no math: the signs are math). */
export function typography(input: string, language: Language | undefined, relations = true): string {
  // "48.000 €", "20 %": an amount's sign stays on the line of its figure.
  const text = /\d [€£¥₺₽%]/u.test(input) ? input.replace(/(\d) ([€£¥₺₽%])(?!\p{L})/gu, '$1\u00a0$2') : input;
  if (!/["'~<>!+]/.test(text) && !text.includes(' - ') && !text.endsWith(' -') && !text.includes(' -\n')) return text;
  const [open, close] = doubleQuotes(language);
  const lastClosing = lastClosingSingleQuote(text);
  let out = '';
  // Whether a quote of this text is open: the next one closes it (Chinese and Japanese put no
  // space before either quote).
  let pending = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    const before = text.charAt(i - 1);
    const after = text.charAt(i + 1);
    if (ch === '\u201e' || (ch === '\u201c' && language !== 'de')) {
      // A curly opening quote typed (or pasted) before a straight closing one: „FlinkNetz Home 250".
      out += ch;
      pending = true;
    } else if (ch === '"' && !pending && /\d/.test(before)) {
      // An inch mark after a figure (8"x8", a 12" pizza) stays straight.
      out += ch;
    } else if (ch === '"') {
      // Closing: one opened before in this text, or before a space or a stop (its opening
      // quote was in an earlier piece of the paragraph). Opening otherwise.
      const closing: boolean = pending || ((isSpace(after) || /[.,;:!?)\]}]/.test(after)) && !isSpace(before));
      out += closing ? close : open;
      pending = !closing;
    } else if (ch === "'" && (isSpace(before) || /[([{\u2014\u2013"\u201c]/u.test(before)) && (i < lastClosing ? /\p{L}/u.test(after) : /\p{Lu}/u.test(after)) && !ELISION.test(text.slice(i + 1, i + 7))) {
      // 'Well, they'll have trains,' he said: a single quote opening a quotation that one closes later
      // here, or before a capital (its closing quote on a later line). ('em and '90s stay elisions.)
      out += language === 'de' ? '\u201a' : '\u2018';
    } else if (ch === "'" && /\p{L}/u.test(before) && (isWordChar(after) || isSpace(after) || /[.,;:!?)]/.test(after))) {
      // An apostrophe (don't, l'eau, the students') as ’; a quote mark or a prime elsewhere stays.
      out += '\u2019';
    } else if (ch === '~' && /[\d\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana})）]/u.test(text.slice(0, i).trimEnd().slice(-1)) && /^ ?\d/.test(text.slice(i + 1, i + 3))) {
      // "12월 9일 ~ 12월 13일", "18:30~20:00", "3 ~ 5": a range as typed (Korean and Japanese write
      // ranges with the tilde; a reader saw "~" turned into a dash as changed text), centred: ∼.
      out += '\u223c';
    } else if (ch === '~' && (isSpace(before) || /[([]/.test(before)) && /^ ?[$€£¥]?\d/u.test(text.slice(i + 1, i + 4))) {
      out += '\u223c';
    } else if (ch === '~' && before !== '' && isSpace(before) && isSpace(text.charAt(i + 1)) && text.charAt(i + 1) !== '') {
      // "sin x ~ x", "2021.09 ~ 현재": a tilde between words, spaced, is the sign ∼, not an accent raised over nothing.
      out += '\u223c';
    } else if (ch === '+' && /^\+(?:-|\/-) ?\d/.test(text.slice(i, i + 5)) && (isSpace(before) || /\d/.test(before))) {
      // "1.52 s +- 0.05 s", "20 +/- 2": plus or minus.
      out += '\u00b1';
      i += text.charAt(i + 1) === '/' ? 2 : 1;
    } else if (relations && (ch === '!' || ch === '<' || ch === '>') && text.charAt(i + 1) === '=' && text.charAt(i + 2) !== '>' && isSpace(before) && before !== '' && isSpace(text.charAt(i + 2))) {
      // "solitude != loneliness", "age >= 18": a relation typed between words.
      out += ch === '!' ? '\u2260' : ch === '<' ? '\u2264' : '\u2265';
      i += 1;
    } else if (relations && (ch === '<' || ch === '>') && after === ch && isSpace(before) && before !== '' && isSpace(text.charAt(i + 2)) && text.charAt(i + 2) !== '') {
      // "2° >> 1°", "Cl- >> F-": much greater (or less) than, typed between words.
      out += ch === '>' ? '\u226b' : '\u226a';
      i += 1;
    } else if ((ch === '-' || ch === '=' || ch === '<') && (isSpace(before) || isWordChar(before) || before === ')')) {
      const arrow = ARROWS.find(([typed]) => text.startsWith(typed, i) && (isSpace(text.charAt(i + typed.length)) || isWordChar(text.charAt(i + typed.length)) || text.charAt(i + typed.length) === '('));
      if (arrow) {
        out += arrow[1];
        i += arrow[0].length - 1;
      } else if (ch === '-' && before === ' ' && (after === ' ' || after === '' || after === '\n') && i >= 2) {
        // "saw it - a small boat": a hyphen typed with a space on each side is a dash (at a line's end too: "tests it further -").
        out += '\u2013';
      } else out += ch;
    } else out += ch;
  }
  return out;
}
