// Inline half of the fast markdown path (see index.ts): code spans, remark-math's inline math,
// escapes, hard breaks, `*`/`_` emphasis (attention.ts) and inline links/images, built into the
// phrasing nodes mdast-util-from-markdown makes for them. It mirrors micromark rather than the
// CommonMark reference, uses micromark's own character classes, and gives up with DECLINE on
// anything it does not reproduce exactly. Every step is linear in the text.
import type { Image, Link, PhrasingContent } from 'mdast';
import type {} from 'remark-math'; // mdast's math node types
import { asciiPunctuation } from 'micromark-util-character';
import { classifyCharacter } from 'micromark-util-classify-character';
import { codes } from 'micromark-util-symbol';
import { delimiter, resolve, type Item, type LabelItem } from './attention.js';
import { DECLINE, type Segment } from './decline.js';
import { checkAutolinks, ClosingRuns, isCharacterReference, mayStartAutolinkOrHtml, plainText, runLength, stripPadding } from './inline-scan.js';

type InlineMath = Extract<PhrasingContent, { type: 'inlineMath' }>;

/** Characters that end a plain run of text in the scanner (all ASCII). */
const SPECIAL = new Uint8Array(128);
for (const ch of '\\`$*_[]!<&~@ \n') SPECIAL[ch.charCodeAt(0)] = 1;

class InlineParser {
  private readonly items: Item[] = [];
  private readonly labels: LabelItem[] = [];
  /** Labels below this index were already made inactive by a link. */
  private inactiveBelow = 0;
  /** Characters of image alt text built so far: nested images repeat their inner alt. */
  private altChars = 0;
  private ticks: ClosingRuns | null = null;
  private dollars: ClosingRuns | null = null;

  constructor(
    private readonly s: string,
    private readonly segments: readonly Segment[],
  ) {}

  private text(v: string): void {
    const last = this.items[this.items.length - 1];
    if (last?.t === 'text') last.v += v;
    else this.items.push({ t: 'text', v });
  }

  /** Source point of index `i` of the inline text (binary search over the lines). */
  private point(i: number): { line: number; column: number; offset: number } {
    let lo = 0;
    let hi = this.segments.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.segments[mid] as Segment).at > i) hi = mid - 1;
      else lo = mid;
    }
    const seg = this.segments[lo];
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
        case codes.backslash: {
          // Backslash: hard break before a line ending, escape before ASCII punctuation.
          const next = s.charCodeAt(i + 1);
          if (next === codes.lf) {
            this.items.push({ t: 'node', n: { type: 'break' } });
            i = this.skipLinePrefix(i + 2);
          } else if (asciiPunctuation(next)) {
            this.text(s[i + 1] as string);
            i += 2;
          } else {
            this.text('\\');
            i++;
          }
          break;
        }
        case codes.graveAccent:
        case codes.dollarSign: {
          const size = runLength(s, i, c);
          const close = this.closingRuns(c).find(i + size, size);
          if (close < 0) {
            this.text(s.slice(i, i + size));
            i += size;
            break;
          }
          const value = stripPadding(s.slice(i + size, close));
          const end = close + size;
          if (c === codes.graveAccent) this.items.push({ t: 'node', n: { type: 'inlineCode', value } });
          else {
            const node: InlineMath = { type: 'inlineMath', value, position: { start: this.point(i), end: this.point(end) } };
            this.items.push({ t: 'node', n: node });
          }
          i = end;
          break;
        }
        case codes.asterisk:
        case codes.underscore: {
          const size = runLength(s, i, c);
          this.items.push(delimiter(s, i, size));
          i += size;
          break;
        }
        case codes.leftSquareBracket:
        case codes.exclamationMark: {
          const image = c === codes.exclamationMark;
          if (image && s.charCodeAt(i + 1) !== codes.leftSquareBracket) {
            this.text('!');
            i++;
            break;
          }
          const afterBracket = i + (image ? 2 : 1);
          // GFM footnote calls.
          if (s.charCodeAt(afterBracket) === codes.caret) throw DECLINE;
          const label: LabelItem = { t: 'label', image, inactive: false, balanced: false };
          this.items.push(label);
          this.labels.push(label);
          i = afterBracket;
          break;
        }
        case codes.rightSquareBracket:
          i = this.labelEnd(i);
          break;
        case codes.lessThan:
          if (mayStartAutolinkOrHtml(s, i + 1)) throw DECLINE;
          this.text('<');
          i++;
          break;
        case codes.ampersand:
          if (isCharacterReference(s, i)) throw DECLINE;
          this.text('&');
          i++;
          break;
        case codes.tilde:
          // GFM strikethrough.
          throw DECLINE;
        case codes.atSign:
          if (i > 0 && classifyCharacter(s.charCodeAt(i - 1)) !== 1) throw DECLINE;
          this.text('@');
          i++;
          break;
        case codes.space: {
          const size = runLength(s, i, codes.space);
          const next = s.charCodeAt(i + size);
          if (next === codes.lf) {
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
        case codes.lf:
          this.text('\n');
          i = this.skipLinePrefix(i + 1);
          break;
        default: {
          // A run of plain text, spaces between words included (only trailing spaces matter).
          let j = i + 1;
          while (j < n) {
            const code = s.charCodeAt(j);
            if (code === codes.space) {
              let k = j + 1;
              while (s.charCodeAt(k) === codes.space) k++;
              if (k >= n || s.charCodeAt(k) === codes.lf) break;
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
    const out = resolve(this.items).nodes;
    checkAutolinks(out);
    return out;
  }

  /** A continuation line's leading spaces are not text (code spans keep them). */
  private skipLinePrefix(i: number): number {
    let j = i;
    while (this.s.charCodeAt(j) === codes.space) j++;
    return j;
  }

  private closingRuns(code: number): ClosingRuns {
    if (code === codes.graveAccent) return (this.ticks ??= new ClosingRuns(this.s, code));
    return (this.dollars ??= new ClosingRuns(this.s, code));
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
    const resolved = resolve(inner);
    const children = resolved.nodes;
    const depth = resolved.depth + 1;
    if (label.image) {
      checkAutolinks(children);
      const alt = plainText(children);
      this.altChars += alt.length;
      if (this.altChars > 4 * this.s.length + 1000) throw DECLINE;
      const node: Image = { type: 'image', title: resource.title, url: resource.url, alt };
      this.items.push({ t: 'node', n: node, depth });
    } else {
      // No links inside links: earlier link labels can no longer open one.
      // (Each label is visited once: those below inactiveBelow were done by an earlier link.)
      this.inactiveBelow = Math.min(this.inactiveBelow, this.labels.length);
      for (let k = this.inactiveBelow; k < this.labels.length; k++) {
        const open = this.labels[k] as LabelItem;
        if (!open.image) open.inactive = true;
      }
      this.inactiveBelow = this.labels.length;
      const node: Link = { type: 'link', title: resource.title, url: resource.url, children };
      this.items.push({ t: 'node', n: node, depth });
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
    if (s.charCodeAt(i) !== codes.leftParenthesis) return null;
    let j = this.skipSpaces(i + 1);
    if (s.charCodeAt(j) === codes.rightParenthesis) return { url: '', title: null, end: j + 1 };
    if (s.charCodeAt(j) === codes.lessThan) throw DECLINE;
    const destStart = j;
    let depth = 0;
    for (;;) {
      const c = s.charCodeAt(j);
      if (Number.isNaN(c) || c === codes.space) break;
      if (c === codes.lf || c === codes.backslash || c < codes.space || c === codes.del) throw DECLINE;
      if (c === codes.ampersand && isCharacterReference(s, j)) throw DECLINE;
      if (c === codes.leftParenthesis) {
        depth++;
        if (depth > 8) throw DECLINE;
      } else if (c === codes.rightParenthesis) {
        if (depth === 0) break;
        depth--;
      }
      j++;
    }
    if (depth !== 0) throw DECLINE;
    const url = s.slice(destStart, j);
    let title: string | null = null;
    if (s.charCodeAt(j) === codes.space) {
      j = this.skipSpaces(j);
      const q = s.charCodeAt(j);
      if (q === codes.quotationMark) {
        const close = s.indexOf('"', j + 1);
        if (close < 0) throw DECLINE;
        title = s.slice(j + 1, close);
        if (/[\n\\&]/.test(title)) throw DECLINE;
        j = this.skipSpaces(close + 1);
      } else if (q === codes.apostrophe || q === codes.leftParenthesis) {
        throw DECLINE;
      }
    }
    if (s.charCodeAt(j) === codes.lf) throw DECLINE;
    if (s.charCodeAt(j) !== codes.rightParenthesis) return null;
    return { url, title, end: j + 1 };
  }

  private skipSpaces(i: number): number {
    let j = i;
    while (this.s.charCodeAt(j) === codes.space) j++;
    if (this.s.charCodeAt(j) === codes.lf) throw DECLINE;
    return j;
  }
}

/**
 * Phrasing nodes for `text` (a paragraph's lines joined with "\n", continuation lines with
 * their leading spaces, which only code spans and math keep). Throws DECLINE.
 */
export function parseInline(text: string, segments: readonly Segment[]): PhrasingContent[] {
  return new InlineParser(text, segments).parse();
}
