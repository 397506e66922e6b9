// Character-level helpers of the fast inline parser: runs, code-span closings, the starts of
// constructs it declines (autolinks, HTML, character references), and mdast-util-to-string.
import type { PhrasingContent } from 'mdast';
import { asciiAlpha, asciiAtext } from 'micromark-util-character';
import { codes } from 'micromark-util-symbol';
import { DECLINE } from './decline.js';

// GFM autolink literals (micromark's tokenizer and mdast-util-gfm-autolink-literal's transform):
// declined whenever text could contain one, which is a little wider than either.
const AUTOLINK_RE = /www\.|https?:\/\/|[\w+\-.]@/i;

export function runLength(s: string, i: number, code: number): number {
  let j = i;
  while (s.charCodeAt(j) === code) j++;
  return j - i;
}

/**
 * Closing runs for code spans and inline math: the first run of exactly `size` backticks (or
 * dollars) after a position. Every maximal run of the text is listed once, by size, and each
 * size is searched from where the last search of that size stopped, so a text of many unclosed
 * openers costs one pass instead of one pass per opener.
 */
export class ClosingRuns {
  private readonly bySize = new Map<number, number[]>();
  private readonly cursor = new Map<number, number>();

  constructor(s: string, code: number) {
    const ch = String.fromCharCode(code);
    for (let k = s.indexOf(ch); k >= 0; ) {
      const n = runLength(s, k, code);
      const list = this.bySize.get(n);
      if (list) list.push(k);
      else this.bySize.set(n, [k]);
      k = s.indexOf(ch, k + n);
    }
  }

  /** Start of the first run of exactly `size` starting at or after `from`, or -1. */
  find(from: number, size: number): number {
    const list = this.bySize.get(size);
    if (!list) return -1;
    let at = this.cursor.get(size) ?? 0;
    while (at < list.length && (list[at] as number) < from) at++;
    this.cursor.set(size, at);
    return at < list.length ? (list[at] as number) : -1;
  }
}

/** Code span / math padding: one space or line ending off each side when both have one and there is other content. */
export function stripPadding(content: string): string {
  const first = content.charCodeAt(0);
  const last = content.charCodeAt(content.length - 1);
  const pad = (c: number): boolean => c === codes.space || c === codes.lf;
  if (pad(first) && pad(last) && /[^ \n]/.test(content)) return content.slice(1, -1);
  return content;
}

/**
 * Whether a `<` followed by `s[i]` may open inline HTML (a letter, `/`, `!`, `?`), a URI
 * autolink (a letter) or an email autolink (email characters, then `@`).
 */
export function mayStartAutolinkOrHtml(s: string, i: number): boolean {
  const next = s.charCodeAt(i);
  if (next === codes.exclamationMark || next === codes.slash || next === codes.questionMark) return true;
  if (asciiAlpha(next)) return true;
  // The scan stops at the next `<` (not atext), so the scans of a line never overlap.
  let j = i;
  while (j < s.length && asciiAtext(s.charCodeAt(j))) j++;
  return j > i && s.charCodeAt(j) === codes.atSign;
}

/** `&` that starts a character reference (or might): `&#…` or `&name;`. */
export function isCharacterReference(s: string, i: number): boolean {
  return s.charCodeAt(i + 1) === codes.numberSign || /^&[A-Za-z0-9]+;/.test(s.slice(i, i + 40));
}

/** mdast-util-to-string, as used for an image's alt. */
export function plainText(nodes: PhrasingContent[]): string {
  let out = '';
  for (const n of nodes) {
    if ('value' in n) out += n.value;
    else if ('children' in n) out += plainText(n.children);
    else if (n.type === 'image') out += n.alt ?? '';
  }
  return out;
}

/** Declines text that GFM would turn into autolinks. */
export function checkAutolinks(nodes: PhrasingContent[]): void {
  for (const node of nodes) {
    if (node.type === 'text') {
      if (AUTOLINK_RE.test(node.value)) throw DECLINE;
    } else if ('children' in node) {
      checkAutolinks(node.children);
    }
  }
}
