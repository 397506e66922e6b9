// Struck-out text (~~like this~~) with a line through it, without a package (ulem and soul are not
// in the TeX Live set the product installs). TeX cannot draw a rule through text that breaks across
// lines, so the escaper sets each word in \lgso (a box with a rule through it), each space between
// words as \lgsosp (a space that draws the rule and vanishes at a line break, as a space does),
// and cuts the words of scripts written without spaces (Chinese, Japanese, Thai, Khmer, …) where
// Intl.Segmenter finds word ends, joined by \lgsobr (a line may break there). Words keep their
// order in either direction: each box holds one word, shaped as a whole, and the paragraph's
// direction orders the boxes. The macros are in write/preambles.ts.

/** Scripts whose lines break inside runs of letters: Thai, Lao, Tibetan, Myanmar, Khmer (written
 * without spaces), Hangul Jamo, CJK, Hangul syllables, compatibility and full-width forms. */
export const UNSPACED_SCRIPTS =
  /[\u0E00-\u0FFF\u1000-\u109F\u1100-\u11FF\u1780-\u17FF\u19E0-\u19FF\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]/;

let struck = false;

/** Runs `fn` with the text it escapes struck out (or not). */
export function withStruck<T>(on: boolean, fn: () => T): T {
  const previous = struck;
  struck = on;
  try {
    return fn();
  } finally {
    struck = previous;
  }
}

/** Whether the text being escaped is struck out. */
export function isStruck(): boolean {
  return struck;
}

function struckBox(latex: string): string {
  return latex ? `\\lgso{${latex}}` : '';
}

/** What `latex` makes (a formula, inline code), as one struck box where the text is struck out. */
export function boxIfStruck(latex: () => string): string {
  if (!struck) return latex();
  return struckBox(withStruck(false, latex));
}

let words: Intl.Segmenter | undefined;

/** The word pieces of a run of text with no spaces (one piece where it has no unspaced script). */
function wordPieces(token: string): string[] {
  if (!UNSPACED_SCRIPTS.test(token)) return [token];
  words ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  const pieces: string[] = [];
  for (const { segment, isWordLike } of words.segment(token)) {
    // Punctuation stays with the word before it (no line starts with a comma or a full stop).
    if (!isWordLike && pieces.length) pieces[pieces.length - 1] += segment;
    else pieces.push(segment);
  }
  return pieces;
}

/** Text struck out word by word, each word escaped by `escape`. */
export function struckText(value: string, escape: (word: string) => string): string {
  let out = '';
  // Spaces that break lines (not the no-break space, which stays inside its word's box).
  for (const token of value.split(/([ \t\n\r]+)/)) {
    if (!token) continue;
    if (/^[ \t\n\r]/.test(token)) out += '\\lgsosp{}';
    else out += wordPieces(token).map((piece) => struckBox(escape(piece))).join('\\lgsobr{}');
  }
  return out;
}
