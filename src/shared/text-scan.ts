// Linear scans for the few text patterns whose regular expressions would backtrack: an unclosed
// `[` before a `]` that never comes, runs of characters a pattern tries from every position.
// Each function says which expression it stands for; each costs one pass over its input
// (indexOf and plain loops), whatever the input. Isomorphic: no Node APIs.

/**
 * The first index of `needle` at or after `from`. Built for scans whose `from` never decreases:
 * each search goes on from the last answer, so a whole scan costs one pass over the text however
 * many times it asks (an earlier `from` is still answered right, with a search of its own).
 */
export function forwardFinder(text: string, needle: string): (from: number) => number {
  let found = -2;
  let searchedFrom = 0;
  return (from) => {
    if (from < searchedFrom) return text.indexOf(needle, from);
    if (found === -1 || found >= from) return found;
    searchedFrom = from;
    found = text.indexOf(needle, from);
    return found;
  };
}

/** forwardFinder for the first of several characters. */
export function forwardFinderAny(text: string, chars: string): (from: number) => number {
  const find = (from: number) => {
    for (let i = from; i < text.length; i++) if (chars.includes(text[i]!)) return i;
    return -1;
  };
  let found = -2;
  let searchedFrom = 0;
  return (from) => {
    if (from < searchedFrom) return find(from);
    if (found === -1 || found >= from) return found;
    searchedFrom = from;
    found = find(from);
    return found;
  };
}

export interface Match {
  start: number;
  end: number;
  replacement: string;
}

/**
 * Rebuilds `text` with the matches `next` finds replaced, left to right like a global replace:
 * `next(from)` gives the leftmost match starting at or after `from` (never an empty one), or null.
 */
export function replaceMatches(text: string, next: (from: number) => Match | null): string {
  let out = '';
  let copied = 0;
  for (let m = next(0); m; m = next(m.end)) {
    out += text.slice(copied, m.start) + m.replacement;
    copied = m.end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/**
 * Each `literal` followed by what `tail` accepts (it returns the match's end and its captures, or
 * null to let the search go on after this occurrence) replaced by `replace(captures)`.
 */
export function replaceLiteral(
  text: string,
  literal: string,
  tail: (after: number) => { end: number; captures: Array<string | undefined> } | null,
  replace: (...captures: Array<string | undefined>) => string,
): string {
  return replaceMatches(text, (from) => {
    for (let i = text.indexOf(literal, from); i >= 0; i = text.indexOf(literal, i + 1)) {
      const t = tail(i + literal.length);
      if (t) return { start: i, end: t.end, replacement: replace(...t.captures) };
    }
    return null;
  });
}

/**
 * An optional `[…]` at `at` (what a greedy (\[[^\]]*\])? takes): the index after its `]` and its
 * content, or `at` and undefined when there is no `[` there or no `]` after it.
 */
export function optionalBracket(text: string, at: number, closeBracket: (from: number) => number): { end: number; content: string | undefined } {
  if (text[at] !== '[') return { end: at, content: undefined };
  const close = closeBracket(at + 1);
  return close < 0 ? { end: at, content: undefined } : { end: close + 1, content: text.slice(at + 1, close) };
}

/** Markdown links `[text](url)` replaced by their text (what /\[([^\]]*)\]\([^)]*\)/g with '$1' does). */
export function unlink(text: string): string {
  const closeBracket = forwardFinder(text, ']');
  const closeParen = forwardFinder(text, ')');
  let out = '';
  let copied = 0;
  for (let i = text.indexOf('['); i >= 0; i = text.indexOf('[', i + 1)) {
    const close = closeBracket(i + 1);
    if (close < 0) break;
    if (text[close + 1] !== '(') continue;
    const paren = closeParen(close + 2);
    if (paren < 0) continue;
    out += text.slice(copied, i) + text.slice(i + 1, close);
    copied = paren + 1;
    i = paren;
  }
  return out + text.slice(copied);
}

/**
 * Drops a closing sequence of #s and the spaces around it (ATX headings' `# Title #`): what
 * /\s*#+\s*$/ with '' does on text whose only whitespace is single spaces.
 */
export function dropClosingHashes(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === ' ') end--;
  let start = end;
  while (start > 0 && text[start - 1] === '#') start--;
  if (start === end) return text;
  while (start > 0 && text[start - 1] === ' ') start--;
  return text.slice(0, start);
}

/** Each command (`\name`, `\name*`, `\name[optional]`) replaced by a space: what /\\[a-zA-Z@]+\*?(\[[^\]]*\])?/g with ' ' does. */
export function blankCommands(text: string): string {
  const closeBracket = forwardFinder(text, ']');
  let out = '';
  let copied = 0;
  for (let i = text.indexOf('\\'); i >= 0; i = text.indexOf('\\', i + 1)) {
    let end = i + 1;
    while (end < text.length && isCommandLetter(text.charCodeAt(end))) end++;
    if (end === i + 1) continue;
    if (text[end] === '*') end++;
    if (text[end] === '[') {
      const close = closeBracket(end + 1);
      if (close >= 0) end = close + 1;
    }
    out += `${text.slice(copied, i)} `;
    copied = end;
    i = end - 1;
  }
  return out + text.slice(copied);
}

function isCommandLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 64;
}

export function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
}

/**
 * The index of the `{` opening the argument of the first `\name` (optionally starred, optionally
 * with one `[…]` argument before it), or -1: what /\\name\*?\s*(?:\[[^\]]*\])?\s*\{/ finds,
 * without its backtracking over an unclosed `[`.
 */
export function commandArgumentOpen(src: string, names: readonly string[], starred: boolean): number {
  const closeBracket = forwardFinder(src, ']');
  let afterClose = { close: -1, next: -1 };
  for (let i = src.indexOf('\\'); i >= 0; i = src.indexOf('\\', i + 1)) {
    const name = names.find((n) => src.startsWith(n, i + 1));
    if (name === undefined) continue;
    let p = i + 1 + name.length;
    if (starred && src[p] === '*') p++;
    p = skipSpace(src, p);
    if (src[p] === '[') {
      const close = closeBracket(p + 1);
      if (close >= 0) {
        // Many commands may share one far `]`: skip the spaces after it once.
        if (afterClose.close !== close) afterClose = { close, next: skipSpace(src, close + 1) };
        if (src[afterClose.next] === '{') return afterClose.next;
      }
    }
    if (src[p] === '{') return p;
  }
  return -1;
}

