// Inline half of the fast markdown path (see fast-markdown.ts): code spans, remark-math's
// inline math, escapes, hard breaks, `*`/`_` emphasis and inline links/images, built into the
// phrasing nodes mdast-util-from-markdown makes for them. It mirrors micromark rather than the
// CommonMark reference (micromark's emphasis resolution uses the current run sizes for the rule
// of 3), and gives up with DECLINE on anything it does not reproduce exactly.
import type { Image, Link, PhrasingContent, Text } from 'mdast';
import type {} from 'remark-math'; // mdast's math node types

type InlineMath = Extract<PhrasingContent, { type: 'inlineMath' }>;

/** Thrown (one shared instance: no stack trace to build) when the fast path gives up. */
export class Decline extends Error {}
export const DECLINE = new Decline('outside the fast markdown subset');

/** One source line of an inline run: where it starts in the run and in the source. */
export interface Segment {
  /** Index in the inline text where this line starts. */
  at: number;
  /** Source offset of that character. */
  offset: number;
  /** 1-based source line. */
  line: number;
  /** Source offset of the line's first character. */
  lineStart: number;
}

interface TextItem { t: 'text'; v: string }
interface NodeItem { t: 'node'; n: PhrasingContent }
interface DelimItem { t: 'delim'; m: string; size: number; open: boolean; close: boolean }
interface LabelItem { t: 'label'; image: boolean; inactive: boolean; balanced: boolean }
type Item = TextItem | NodeItem | DelimItem | LabelItem;

const SPACE = 32;
const NEWLINE = 10;

// micromark's character classes: 1 whitespace (or start/end), 2 punctuation or symbol, 0 other.
// It classifies UTF-16 code units, so astral symbols (emoji) count as "other".
const WHITESPACE_RE = /\s/;
const PUNCTUATION_RE = /\p{P}|\p{S}/u;
function classify(code: number): number {
  if (Number.isNaN(code)) return 1;
  if (code < 128) {
    if (code === SPACE || (code >= 9 && code <= 13)) return 1;
    return (code >= 33 && code <= 47) || (code >= 58 && code <= 64) || (code >= 91 && code <= 96) || (code >= 123 && code <= 126) ? 2 : 0;
  }
  const ch = String.fromCharCode(code);
  if (WHITESPACE_RE.test(ch)) return 1;
  return PUNCTUATION_RE.test(ch) ? 2 : 0;
}

function isAsciiPunctuation(code: number): boolean {
  return (code >= 33 && code <= 47) || (code >= 58 && code <= 64) || (code >= 91 && code <= 96) || (code >= 123 && code <= 126);
}

/** Characters that end a plain run of text in the scanner (all ASCII). */
const SPECIAL = new Uint8Array(128);
for (const ch of '\\`$*_[]!<&~@ \n') SPECIAL[ch.charCodeAt(0)] = 1;

// GFM autolink literals (micromark's tokenizer and mdast-util-gfm-autolink-literal's transform):
// declined whenever text could contain one, which is a little wider than either.
const AUTOLINK_RE = /www\.|https?:\/\/|[\w+\-.]@/i;

function runLength(s: string, i: number, code: number): number {
  let j = i;
  while (s.charCodeAt(j) === code) j++;
  return j - i;
}

/** The run of `code` of exactly `size` characters after `from`, or -1. */
function findClosingRun(s: string, from: number, ch: string, size: number): number {
  let j = from;
  for (;;) {
    const k = s.indexOf(ch, j);
    if (k < 0) return -1;
    const n = runLength(s, k, ch.charCodeAt(0));
    if (n === size) return k;
    j = k + n;
  }
}

/** Code span / math padding: one space or line ending off each side when both have one and there is other content. */
function stripPadding(content: string): string {
  const first = content.charCodeAt(0);
  const last = content.charCodeAt(content.length - 1);
  if ((first === SPACE || first === NEWLINE) && (last === SPACE || last === NEWLINE) && /[^ \n]/.test(content)) {
    return content.slice(1, -1);
  }
  return content;
}

const EMAIL_ATEXT_RE = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]/;

/**
 * Whether a `<` followed by `s[i]` may open inline HTML (a letter, `/`, `!`, `?`), a URI
 * autolink (a letter) or an email autolink (email characters, then `@`).
 */
function mayStartAutolinkOrHtml(s: string, i: number): boolean {
  const next = s.charCodeAt(i);
  if (next === 33 || next === 47 || next === 63 || (next >= 65 && next <= 90) || (next >= 97 && next <= 122)) return true;
  let j = i;
  while (j < s.length && EMAIL_ATEXT_RE.test(s[j] as string)) j++;
  return j > i && s.charCodeAt(j) === 64;
}

/** `&` that starts a character reference (or might): `&#…` or `&name;`. */
function isCharacterReference(s: string, i: number): boolean {
  return s.charCodeAt(i + 1) === 35 || /^&[A-Za-z0-9]+;/.test(s.slice(i, i + 40));
}

/** mdast-util-to-string, as used for an image's alt. */
function plainText(nodes: PhrasingContent[]): string {
  let out = '';
  for (const n of nodes) {
    if ('value' in n) out += n.value;
    else if ('children' in n) out += plainText(n.children);
    else if (n.type === 'image') out += n.alt ?? '';
  }
  return out;
}

/** Appends nodes, merging adjacent text as mdast-util-from-markdown does. */
function pushText(out: PhrasingContent[], value: string): void {
  if (value === '') return;
  const last = out[out.length - 1];
  if (last?.type === 'text') last.value += value;
  else out.push({ type: 'text', value } satisfies Text);
}

/**
 * micromark's resolveAllAttention: each closer, left to right, walks back to the nearest
 * matching opener; what lies between is resolved first; leftovers become text.
 */
function resolve(items: Item[]): PhrasingContent[] {
  // Markers with no opener at all need no walking back (runs like `a* a* a*` would be quadratic).
  let openers = '';
  for (const item of items) if (item.t === 'delim' && item.open && !openers.includes(item.m)) openers += item.m;
  let i = 0;
  while (i < items.length) {
    const closer = items[i];
    if (closer?.t !== 'delim' || !closer.close || !openers.includes(closer.m)) {
      i++;
      continue;
    }
    let matched = false;
    for (let o = i - 1; o >= 0; o--) {
      const opener = items[o];
      if (opener?.t !== 'delim' || !opener.open || opener.m !== closer.m) continue;
      if ((opener.close || closer.open) && closer.size % 3 !== 0 && (opener.size + closer.size) % 3 === 0) continue;
      const use = opener.size > 1 && closer.size > 1 ? 2 : 1;
      const children = resolve(items.slice(o + 1, i));
      const node: PhrasingContent = use > 1 ? { type: 'strong', children } : { type: 'emphasis', children };
      opener.size -= use;
      closer.size -= use;
      const replacement: Item[] = [];
      if (opener.size > 0) replacement.push(opener);
      replacement.push({ t: 'node', n: node });
      if (closer.size > 0) replacement.push(closer);
      items.splice(o, i - o + 1, ...replacement);
      i = o + (opener.size > 0 ? 2 : 1);
      matched = true;
      break;
    }
    if (!matched) i++;
  }
  const out: PhrasingContent[] = [];
  for (const item of items) {
    if (item.t === 'text') pushText(out, item.v);
    else if (item.t === 'delim') pushText(out, item.m.repeat(item.size));
    else if (item.t === 'label') pushText(out, item.image ? '![' : '[');
    else out.push(item.n);
  }
  return out;
}

class InlineParser {
  private readonly items: Item[] = [];
  private readonly labels: LabelItem[] = [];

  constructor(
    private readonly s: string,
    private readonly segments: readonly Segment[],
  ) {}

  private text(v: string): void {
    const last = this.items[this.items.length - 1];
    if (last?.t === 'text') last.v += v;
    else this.items.push({ t: 'text', v });
  }

  /** Source point of index `i` of the inline text. */
  private point(i: number): { line: number; column: number; offset: number } {
    let seg = this.segments[0];
    for (const candidate of this.segments) {
      if (candidate.at > i) break;
      seg = candidate;
    }
    if (!seg) throw DECLINE;
    const offset = seg.offset + (i - seg.at);
    return { line: seg.line, column: offset - seg.lineStart + 1, offset };
  }

  parse(): PhrasingContent[] {
    const s = this.s;
    const n = s.length;
    let i = 0;
    while (i < n) {
      const c = s.charCodeAt(i);
      switch (c) {
        case 92: {
          // Backslash: hard break before a line ending, escape before ASCII punctuation.
          const next = s.charCodeAt(i + 1);
          if (next === NEWLINE) {
            this.items.push({ t: 'node', n: { type: 'break' } });
            i = this.skipLinePrefix(i + 2);
          } else if (isAsciiPunctuation(next)) {
            this.text(s[i + 1] as string);
            i += 2;
          } else {
            this.text('\\');
            i++;
          }
          break;
        }
        case 96:
        case 36: {
          const ch = s[i] as string;
          const size = runLength(s, i, c);
          const close = findClosingRun(s, i + size, ch, size);
          if (close < 0) {
            this.text(s.slice(i, i + size));
            i += size;
            break;
          }
          const value = stripPadding(s.slice(i + size, close));
          const end = close + size;
          if (c === 96) this.items.push({ t: 'node', n: { type: 'inlineCode', value } });
          else {
            const node: InlineMath = { type: 'inlineMath', value, position: { start: this.point(i), end: this.point(end) } };
            this.items.push({ t: 'node', n: node });
          }
          i = end;
          break;
        }
        case 42:
        case 95: {
          const size = runLength(s, i, c);
          const before = i === 0 ? 1 : classify(s.charCodeAt(i - 1));
          const after = i + size >= n ? 1 : classify(s.charCodeAt(i + size));
          const open = after === 0 || (after === 2 && before !== 0);
          const close = before === 0 || (before === 2 && after !== 0);
          this.items.push({
            t: 'delim',
            m: s[i] as string,
            size,
            open: c === 42 ? open : open && (before !== 0 || !close),
            close: c === 42 ? close : close && (after !== 0 || !open),
          });
          i += size;
          break;
        }
        case 91:
        case 33: {
          const image = c === 33;
          if (image && s.charCodeAt(i + 1) !== 91) {
            this.text('!');
            i++;
            break;
          }
          const afterBracket = i + (image ? 2 : 1);
          // GFM footnote calls.
          if (s.charCodeAt(afterBracket) === 94) throw DECLINE;
          const label: LabelItem = { t: 'label', image, inactive: false, balanced: false };
          this.items.push(label);
          this.labels.push(label);
          i = afterBracket;
          break;
        }
        case 93:
          i = this.labelEnd(i);
          break;
        case 60:
          if (mayStartAutolinkOrHtml(s, i + 1)) throw DECLINE;
          this.text('<');
          i++;
          break;
        case 38:
          if (isCharacterReference(s, i)) throw DECLINE;
          this.text('&');
          i++;
          break;
        case 126:
          // GFM strikethrough.
          throw DECLINE;
        case 64:
          if (i > 0 && classify(s.charCodeAt(i - 1)) !== 1) throw DECLINE;
          this.text('@');
          i++;
          break;
        case SPACE: {
          const size = runLength(s, i, SPACE);
          const next = s.charCodeAt(i + size);
          if (next === NEWLINE) {
            // Trailing spaces: two or more make a hard break, fewer are dropped.
            if (size >= 2) this.items.push({ t: 'node', n: { type: 'break' } });
            else this.text('\n');
            i = this.skipLinePrefix(i + size + 1);
          } else if (i + size >= n) {
            i = n;
          } else {
            this.text(s.slice(i, i + size));
            i += size;
          }
          break;
        }
        case NEWLINE:
          this.text('\n');
          i = this.skipLinePrefix(i + 1);
          break;
        default: {
          // A run of plain text, spaces between words included (only trailing spaces matter).
          let j = i + 1;
          while (j < n) {
            const code = s.charCodeAt(j);
            if (code === SPACE) {
              let k = j + 1;
              while (s.charCodeAt(k) === SPACE) k++;
              if (k >= n || s.charCodeAt(k) === NEWLINE) break;
              j = k;
            } else if (code < 128 && SPECIAL[code] === 1) {
              break;
            } else {
              j++;
            }
          }
          this.text(s.slice(i, j));
          i = j;
        }
      }
    }
    const out = resolve(this.items);
    checkAutolinks(out);
    return out;
  }

  /** A continuation line's leading spaces are not text (code spans keep them). */
  private skipLinePrefix(i: number): number {
    let j = i;
    while (this.s.charCodeAt(j) === SPACE) j++;
    return j;
  }

  /** micromark's label end: a link or image if an open label and a resource `(…)` follow. */
  private labelEnd(i: number): number {
    while (this.labels.length > 0 && this.labels[this.labels.length - 1]?.balanced) this.labels.pop();
    const label = this.labels[this.labels.length - 1];
    if (!label) {
      this.text(']');
      return i + 1;
    }
    const resource = label.inactive ? null : this.resource(i + 1);
    if (!resource) {
      label.balanced = true;
      this.text(']');
      return i + 1;
    }
    this.labels.pop();
    const at = this.items.lastIndexOf(label);
    const inner = this.items.splice(at);
    inner.shift();
    const children = resolve(inner);
    if (label.image) {
      checkAutolinks(children);
      const node: Image = { type: 'image', title: resource.title, url: resource.url, alt: plainText(children) };
      this.items.push({ t: 'node', n: node });
    } else {
      // No links inside links: earlier link labels can no longer open one.
      for (const open of this.labels) if (!open.image) open.inactive = true;
      const node: Link = { type: 'link', title: resource.title, url: resource.url, children };
      this.items.push({ t: 'node', n: node });
    }
    return resource.end;
  }

  /**
   * An inline resource `(dest)` or `(dest "title")` at `i`, or null when there is none there.
   * Destinations and titles with escapes, references, `<…>`, line endings or other quoting
   * are declined rather than parsed.
   */
  private resource(i: number): { url: string; title: string | null; end: number } | null {
    const s = this.s;
    if (s.charCodeAt(i) !== 40) return null;
    let j = this.skipSpaces(i + 1);
    if (s.charCodeAt(j) === 41) return { url: '', title: null, end: j + 1 };
    if (s.charCodeAt(j) === 60) throw DECLINE;
    const destStart = j;
    let depth = 0;
    for (;;) {
      const c = s.charCodeAt(j);
      if (Number.isNaN(c) || c === SPACE) break;
      if (c === NEWLINE || c === 92 || c < 32 || c === 127) throw DECLINE;
      if (c === 38 && isCharacterReference(s, j)) throw DECLINE;
      if (c === 40) {
        depth++;
        if (depth > 8) throw DECLINE;
      } else if (c === 41) {
        if (depth === 0) break;
        depth--;
      }
      j++;
    }
    if (depth !== 0) throw DECLINE;
    const url = s.slice(destStart, j);
    let title: string | null = null;
    if (s.charCodeAt(j) === SPACE) {
      j = this.skipSpaces(j);
      const q = s.charCodeAt(j);
      if (q === 34) {
        const close = s.indexOf('"', j + 1);
        if (close < 0) throw DECLINE;
        title = s.slice(j + 1, close);
        if (/[\n\\&]/.test(title)) throw DECLINE;
        j = this.skipSpaces(close + 1);
      } else if (q === 39 || q === 40) {
        throw DECLINE;
      }
    }
    if (s.charCodeAt(j) === NEWLINE) throw DECLINE;
    if (s.charCodeAt(j) !== 41) return null;
    return { url, title, end: j + 1 };
  }

  private skipSpaces(i: number): number {
    let j = i;
    while (this.s.charCodeAt(j) === SPACE) j++;
    if (this.s.charCodeAt(j) === NEWLINE) throw DECLINE;
    return j;
  }
}

function checkAutolinks(nodes: PhrasingContent[]): void {
  for (const node of nodes) {
    if (node.type === 'text') {
      if (AUTOLINK_RE.test(node.value)) throw DECLINE;
    } else if ('children' in node) {
      checkAutolinks(node.children);
    }
  }
}

/**
 * Phrasing nodes for `text` (a paragraph's lines joined with "\n", continuation lines with
 * their leading spaces, which only code spans and math keep). Throws DECLINE.
 */
export function parseInline(text: string, segments: readonly Segment[]): PhrasingContent[] {
  return new InlineParser(text, segments).parse();
}
