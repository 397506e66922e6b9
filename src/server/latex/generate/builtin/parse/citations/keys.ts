// Citation keys as pandoc reads them: after `@`, a letter, digit or `_`, then letters, digits and
// internal punctuation (`:.#$%&-+?<>~/`), trailing punctuation not included; or anything but `}`
// in `@{…}`. Plus the judgement whether a bare `@word` in prose is clearly a citation.

/** A key is short; a longer run is not one. */
export const MAX_KEY = 100;

const INNER_PUNCTUATION = new Set([...':.#$%&-+?<>~/']);

function keyStart(c: string | undefined): boolean {
  return c !== undefined && (c === '_' || /[\p{L}\p{N}]/u.test(c));
}

function keyChar(c: string | undefined): boolean {
  return keyStart(c) || (c !== undefined && INNER_PUNCTUATION.has(c));
}

/** The key after the `@` at `at`, and where it ends; null when none starts there. */
export function readKey(text: string, at: number): { key: string; end: number } | null {
  if (text[at] !== '@') return null;
  if (text[at + 1] === '{') {
    const close = text.slice(at + 2, at + 2 + MAX_KEY).indexOf('}') + at + 2;
    if (close < at + 2) return null;
    const key = text.slice(at + 2, close).trim();
    return key && !key.includes('\n') ? { key, end: close + 1 } : null;
  }
  if (!keyStart(text[at + 1])) return null;
  let end = at + 2;
  const limit = Math.min(text.length, at + 1 + MAX_KEY);
  while (end < limit && keyChar(text[end])) end++;
  if (end === limit && keyChar(text[end])) return null;
  // Internal punctuation only: a key does not end with the sentence's full stop.
  while (end > at + 2 && !keyStart(text[end - 1])) end--;
  return { key: text.slice(at + 1, end), end };
}

/** Characters after which a bare `@key` may stand (not a word, an address or a path). */
export function opensBareKey(c: string | undefined): boolean {
  return c === undefined || /[\s([{"'“‘«„¿¡~]/u.test(c);
}

// Author-year keys as reference managers make them: `doe2020`, `Doe:2020a`, `smith_2019`,
// `vaswani2017attention` (letters, a year from 1500 to 2099, then letters).
const AUTHOR_YEAR = /^\p{L}[\p{L}'-]*[_:]?(?:1[5-9]|20)\d\d\p{L}*$/u;

/** Whether a bare `@key` reads as a citation even when no list names it. */
export function looksLikeCitationKey(key: string): boolean {
  return key.length <= 60 && AUTHOR_YEAR.test(key);
}
